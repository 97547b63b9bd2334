"""The eighth blind set (written by someone who saw only the labelling guide and the campaign, never the
code, in eight voices: the DM typing for players in the third person, new players without game words,
veterans' jargon, phone shorthand and autocorrected names, conditionals and plans, long turns with one act
in the flavour, negation and change of mind, non-native English and very short replies; labelled a second
time independently: 327 of 332 kinds agreed; the 9 cases read differently in kind, target or destination,
and 4 sentences also found in an earlier set, are left out). Scored on the code of the session start
(kind 0.737, target 0.925, destination 0.640), then split by a fixed seed: half tuned on, half held back
and never looked at. Floors sit at the figures reached, so they guard against regressions; the held-back
half is the honest figure."""

from __future__ import annotations

from tests.engine.play.blind3_split import blind8_split
from tests.engine.play.score_intent import score


def test_the_split_is_fixed_and_holds_back_half():
    tuned, held = blind8_split()
    assert (len(tuned), len(held)) == (163, 156)
    assert not {c["text"] for c in tuned} & {c["text"] for c in held}


def test_tuned_half_floor():
    # Session start: kind 0.742, target 0.906, destination 0.769.
    report = score(blind8_split()[0])
    assert report["kind_accuracy"] >= 0.846 and report["target_accuracy"] >= 0.95
    assert report["destination_accuracy"] >= 0.84


def test_held_back_half_floor():
    # Session start: kind 0.731, target 0.943, destination 0.500; never looked at while tuning.
    report = score(blind8_split()[1])
    assert report["kind_accuracy"] >= 0.756 and report["target_accuracy"] >= 0.94
    assert report["destination_accuracy"] >= 0.50
