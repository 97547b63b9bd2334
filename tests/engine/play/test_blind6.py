"""The sixth blind set (written by someone who saw only the labelling guide and the campaign, never the
code, as several kinds of player: terse veterans, phone typists, new players, in-character voices, rules
lawyers; labelled a second time independently: 100% agreement on kind; 11 sentences also found in an
earlier set and one destination the labellers read differently are left out; a target only one labeller
named is left empty). Scored at session start (kind 0.821, target 0.968, destination 0.731), then split by a
fixed seed: half tuned on, half held back and never looked at. Floors sit at the figures reached, so they
guard against regressions; the held-back half is the honest figure."""

from __future__ import annotations

from tests.engine.play.blind3_split import blind6_split
from tests.engine.play.score_intent import score


def test_the_split_is_fixed_and_holds_back_half():
    tuned, held = blind6_split()
    assert (len(tuned), len(held)) == (155, 153)
    assert not {c["text"] for c in tuned} & {c["text"] for c in held}


def test_tuned_half_floor():
    # Session start: kind 0.839, target 0.984, destination 0.733.
    report = score(blind6_split()[0])
    assert report["kind_accuracy"] >= 0.948 and report["target_accuracy"] >= 0.99
    assert report["destination_accuracy"] >= 0.86


def test_held_back_half_floor():
    # Session start: kind 0.804, target 0.951, destination 0.727; never looked at while tuning.
    report = score(blind6_split()[1])
    assert report["kind_accuracy"] >= 0.88 and report["target_accuracy"] >= 0.95
    assert report["destination_accuracy"] >= 0.90
