"""The fourth blind set (written this session by someone who never saw the code, labelled a second time
independently: 99.2% agreement on kind, 99.5% on target, 100% on destination; the four sentences read
differently are left out). Scored whole on the code as it stood before any change it could prompt, then
split by a fixed seed: two thirds tuned on, one third held back and never looked at. Floors sit at the
figures reached, so they guard against regressions; the held-back third is the honest figure."""

from __future__ import annotations

from tests.engine.play.blind3_split import blind4_split
from tests.engine.play.score_intent import score


def test_the_split_is_fixed_and_holds_back_a_third():
    tuned, held = blind4_split()
    assert (len(tuned), len(held)) == (245, 122)
    assert not {c["text"] for c in tuned} & {c["text"] for c in held}


def test_tuned_two_thirds_floor():
    # Session start: kind 0.812, target 0.971, destination 0.889; after the merged branches 0.824.
    report = score(blind4_split()[0])
    assert report["kind_accuracy"] >= 0.95 and report["target_accuracy"] >= 0.98
    assert report["destination_accuracy"] >= 0.92


def test_held_back_third_floor():
    # Session start: kind 0.852, target 0.978, destination 0.800; never looked at while tuning.
    # 0.910 / 1.0 / 0.800 before and after the round of gear, attempts, unnoticed acts, sequences, colons.
    report = score(blind4_split()[1])
    assert report["kind_accuracy"] >= 0.942 and report["target_accuracy"] >= 0.97
    assert report["destination_accuracy"] >= 0.86
