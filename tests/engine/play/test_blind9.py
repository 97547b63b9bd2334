"""The ninth blind set (written by two writers who saw only the labelling guide and the campaign, never the
code, in eight voices: Discord-style chat, in-character speech with the act inside the flavour, terse
tactical turns, questions to the DM against questions to the people there, travel in every phrasing, trade
and gear, traps for a keyword matcher, and video-game habits; labelled a second time independently: 330 of
334 kinds agreed; the 14 cases read differently in kind or target, and 6 sentences also found in an earlier
set, are left out). Scored on the code of the session start (kind 0.756, target 0.921, destination 0.758),
then split by a fixed seed: half tuned on, half held back and never looked at. Floors sit at the figures
reached, so they guard against regressions; the held-back half is the honest figure."""

from __future__ import annotations

from tests.engine.play.blind3_split import blind9_split
from tests.engine.play.score_intent import score


def test_the_split_is_fixed_and_holds_back_half():
    tuned, held = blind9_split()
    assert (len(tuned), len(held)) == (159, 156)
    assert not {c["text"] for c in tuned} & {c["text"] for c in held}


def test_tuned_half_floor():
    # Session start: kind 0.730, target 0.907, destination 0.882.
    report = score(blind9_split()[0])
    assert report["kind_accuracy"] >= 0.767 and report["target_accuracy"] >= 0.90
    assert report["destination_accuracy"] >= 0.88


def test_held_back_half_floor():
    # Session start: kind 0.782, target 0.938, destination 0.625; never looked at while tuning.
    report = score(blind9_split()[1])
    assert report["kind_accuracy"] >= 0.788 and report["target_accuracy"] >= 0.93
    assert report["destination_accuracy"] >= 0.62
