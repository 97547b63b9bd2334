"""The fifth blind set (written by someone who saw only the labelling guide and the campaign, never the
code; labelled a second time independently: 100% agreement on kind and destination; where only one
labeller named an unnamed seller as the target, the target is left empty; 11 sentences also found in an
earlier set are left out). Scored at session start (kind 0.880, target 0.909, destination 0.931), then
split by a fixed seed: half tuned on, half held back and never looked at. Floors sit at the figures
reached, so they guard against regressions; the held-back half is the honest figure."""

from __future__ import annotations

from tests.engine.play.blind3_split import blind5_split
from tests.engine.play.score_intent import score


def test_the_split_is_fixed_and_holds_back_half():
    tuned, held = blind5_split()
    assert (len(tuned), len(held)) == (155, 154)
    assert not {c["text"] for c in tuned} & {c["text"] for c in held}


def test_tuned_half_floor():
    # Session start: kind 0.897, target 0.861, destination 0.923.
    report = score(blind5_split()[0])
    assert report["kind_accuracy"] >= 0.95 and report["target_accuracy"] >= 0.95
    assert report["destination_accuracy"] >= 0.92


def test_held_back_half_floor():
    # Session start: kind 0.864, target 0.967, destination 0.938; never looked at while tuning.
    report = score(blind5_split()[1])
    assert report["kind_accuracy"] >= 0.902 and report["target_accuracy"] >= 0.99
    assert report["destination_accuracy"] >= 0.99
