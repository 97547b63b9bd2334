"""Sentences written for issue 11, as players type them, one set per class of error: compound actions
(own/compound.json), questions vs actions and knowledge checks (own/questions.json), negation scope
(own/negation.json), questions put to someone there without quotes and reading a person
(own/speech.json), what a fighting verb is aimed at (own/aimed.json), each written before its fix;
who is meant (own/targets.json), written after its fix. The comments give what the code before this
round scored on the same labels; the floors hold what the general mechanisms reached."""

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
    ("speech", 0.97),  # before: kind 0.625, target 0.964 (40)
    ("aimed", 0.92),  # before: kind 0.700 (40)
    ("targets", 0.97),  # written after its fix; the code before: target 0.789
])
def test_own_class_sets_hold_their_floor(name, floor):
    report = score(json.loads((OWN / f"{name}.json").read_text()))
    assert report["kind_accuracy"] >= floor, [m["text"] for m in report["misses"]]
    assert report["target_accuracy"] == 1.0, report["misses"]
    assert report["destination_accuracy"] == 1.0 or not report["destination_cases"], report["misses"]
