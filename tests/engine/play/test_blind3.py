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
    report = score(blind3_split()[0])
    assert report["kind_accuracy"] >= 0.86 and report["target_accuracy"] >= 0.88


def test_held_back_third_floor():
    report = score(blind3_split()[1])
    assert report["kind_accuracy"] >= 0.76 and report["target_accuracy"] >= 0.96
