"""The third blind set: two thirds tuned on, one third held back (split by a fixed seed before tuning).
Floors sit at the figures reached; the held-back third is the honest one."""

from __future__ import annotations

from tests.engine.play.blind3_split import blind3_split
from tests.engine.play.score_intent import score


def test_the_split_is_fixed_and_holds_back_a_third():
    tuned, held = blind3_split()
    assert (len(tuned), len(held)) == (174, 86)
    assert not {c["text"] for c in tuned} & {c["text"] for c in held}


def test_tuned_two_thirds_floor():
    # Before tuning: kind 0.862, target 0.887, destination 0.842; 0.948 / 0.972 / 1.0 before the general
    # mechanisms of the second round.
    report = score(blind3_split()[0])
    assert report["kind_accuracy"] >= 0.97 and report["target_accuracy"] >= 0.98
    assert report["destination_accuracy"] >= 0.99


def test_held_back_third_floor():
    # Before tuning: kind 0.767, target 0.966, destination 0.750; never looked at while tuning.
    # 0.872 before the round of gear, attempts, acts done unnoticed, sequences and colons; 0.895 after.
    report = score(blind3_split()[1])
    assert report["kind_accuracy"] >= 0.918 and report["target_accuracy"] >= 0.96
    assert report["destination_accuracy"] >= 0.91


def test_own_probe_set_floor():
    """Sentences written during issue 11 (before the general lexicon and structure rules they checked):
    tuned on, so only a regression guard."""
    import json
    from pathlib import Path

    cases = json.loads((Path(__file__).resolve().parent / "intent_probe.json").read_text())
    assert score(cases)["kind_accuracy"] >= 0.95
