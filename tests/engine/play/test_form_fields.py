"""Turns typed as a form, on the sample campaign: "Label: value" fields are labels and their values, not a
sequence tried on a puzzle; a list after a colon that follows an act is still the sequence tried."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at


@pytest.mark.parametrize(("text", "where", "enemies", "kind"), [
    ("Action: attack. Target: thug #2. Weapon: shortsword.", "Gannet Point", ["Wrecker Thug", "Wrecker Thug"],
     IntentKind.COMBAT),
    ("Buy: hooded lantern. Vendor: harbormaster. Payment: put it on the party tab.", "Kettlecove Docks", None,
     IntentKind.INVENTORY),
    ("Target: Osric. Approach: intimidate. Line: 'The tally board says O.V. - a tenth. Explain.'",
     "Kettlecove Docks", None, IntentKind.ROLEPLAY),
])
def test_a_forms_fields_are_no_sequence(text, where, enemies, kind):
    intent = parse_at(text, where, "Wren", enemies)
    assert intent.kind == kind
    assert "sequence" not in intent.matched


def test_a_list_after_the_acts_colon_is_still_tried():
    # a control: the colon follows the act, so what comes after it is the sequence tried on the dials
    intent = parse_at("I turn the dials on the ward: moon, shell, wave, moon", "Drowned Chapel", "Tova")
    assert intent.kind == IntentKind.PUZZLE
    assert "sequence" in intent.matched
