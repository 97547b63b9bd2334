"""Drawing a weapon is handling one's gear (the guide: drawing and attacking in one message is two parts,
["inventory", "combat"]), named by its base word ("my sword" is Bram's longsword) or with no "my" after
a verb of drawing ("draw sword, hit thug")."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at

THUGS = ["Wrecker Thug", "Wrecker Thug"]


@pytest.mark.parametrize("text", ["draw sword, then cut down the nearest thug", "I draw my sword and charge the thug",
                                  "I pull out a handaxe, then throw it at the nearest thug"])
def test_drawing_a_weapon_and_striking_are_two_parts(text):
    intent = parse_at(text, "Gannet Point", "Bram", THUGS)
    assert (intent.kind, [p.kind for p in intent.parts]) == (IntentKind.MIXED, [IntentKind.INVENTORY,
                                                                                IntentKind.COMBAT])


def test_putting_the_sword_away_is_gear():
    assert parse_at("I put my sword away", "Tarred Gull Inn", "Bram").kind == IntentKind.INVENTORY


@pytest.mark.parametrize("text", [
    "I go for his sword arm so he drops the cutlass",  # his sword arm: Crowe's, aimed at
    "i punch the thug, my hammer's upstairs lol",  # the hammer is told of, not handled
])
def test_a_weapon_word_that_is_no_handling_leaves_the_blow(text):
    intent = parse_at(text, "Wrecker Caves", "Tova" if "hammer" in text else "Bram", ["Silas Crowe", "Wrecker Thug"])
    assert intent.kind == IntentKind.COMBAT
