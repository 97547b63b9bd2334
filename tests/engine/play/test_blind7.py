"""The seventh blind set (written by someone who saw only the labelling guide and the campaign, never the
code, in the voices of a play-by-post table: in-character paragraphs with quoted speech, *asterisk actions*,
(OOC) asides, chat shorthand, non-native English, D&D jargon, hedged requests, third person and orders to
companions; labelled a second time independently: 329 of 330 kinds agreed; that one, one destination read
differently and 9 sentences also found in an earlier set are left out). Scored at session start (kind 0.781,
target 0.960, destination 0.758), then split by a fixed seed: half tuned on, half held back and never looked
at. Floors sit at the figures reached, so they guard against regressions; the held-back half is the honest
figure."""

from __future__ import annotations

from tests.engine.play.blind3_split import blind7_split
from tests.engine.play.score_intent import score


def test_the_split_is_fixed_and_holds_back_half():
    tuned, held = blind7_split()
    assert (len(tuned), len(held)) == (158, 161)
    assert not {c["text"] for c in tuned} & {c["text"] for c in held}


def test_tuned_half_floor():
    # Session start: kind 0.772, target 0.937, destination 0.762.
    report = score(blind7_split()[0])
    assert report["kind_accuracy"] >= 0.886 and report["target_accuracy"] >= 0.99
    assert report["destination_accuracy"] >= 0.95


def test_held_back_half_floor():
    # Session start: kind 0.789, target 0.984, destination 0.750; never looked at while tuning.
    report = score(blind7_split()[1])
    assert report["kind_accuracy"] >= 0.826 and report["target_accuracy"] >= 0.98
    assert report["destination_accuracy"] >= 0.83
