"""Sentences written for issue 11, as players type them, one set per class of error: compound actions
(own/compound.json), questions vs actions and knowledge checks (own/questions.json), negation scope
(own/negation.json), questions put to someone there without quotes and reading a person
(own/speech.json), what a fighting verb is aimed at (own/aimed.json), each written before its fix;
who is meant (own/targets.json), written after its fix. A later round added: the form of a sentence
(own/forms.json: yes/no questions on how things stand, 'ask X if ...', spells named without 'cast', a rest
said by its length, handling one's own gear), acts said one after another (own/sequence.json), acts done
unnoticed (own/covert.json) and clause grammar (own/grammar.json: speech after a colon, 'tell if', a
name opening a describing clause, 'like X said'). The comments give what the code before each round
scored on the same labels; the floors hold what the general mechanisms reached."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engine.play.score_intent import score

OWN = Path(__file__).resolve().parent / "own"


@pytest.mark.parametrize(("name", "floor"), [
    ("compound", 0.95),  # before: kind 0.773 (44 sentences)
    ("questions", 0.97),  # before: kind 0.909 (44)
    ("negation", 0.95),  # before: kind 0.762, destination 0.800 (42)
    ("speech", 0.95),  # before: kind 0.625, target 0.964 (40); retrained with set 19, the second opinion reads
    # "can I tell if osric is lying?" as a question and no longer talks "I slide a coin to Hesper, ..." round
    ("aimed", 0.92),  # before: kind 0.700 (40)
    ("targets", 0.97),  # written after its fix; the code before: target 0.789
    ("forms", 0.94),  # before: kind 0.588 (34); the questions and 'ask X if' probes were written after their fix
    ("sequence", 0.95),  # before: kind 0.667 (first 9); the four first-part target probes written after the fix
    ("covert", 0.85),  # before: kind 0.111 (9)
    ("grammar", 0.94),  # before: kind 0.700 (first 10); the rest written after their fix (one control still misses)
])
def test_own_class_sets_hold_their_floor(name, floor):
    report = score(json.loads((OWN / f"{name}.json").read_text()))
    assert report["kind_accuracy"] >= floor, [m["text"] for m in report["misses"]]
    assert report["target_accuracy"] == 1.0, report["misses"]
    assert report["destination_accuracy"] == 1.0 or not report["destination_cases"], report["misses"]
