"""A blow struck in a fight is for a foe: when a friend is named beside the foe ("since Bram's right next to
him"), "him" in "stab him" is the foe; a spell or the Help action may still be put on a friend."""

from __future__ import annotations

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at

THUGS = ["Wrecker Thug", "Wrecker Thug"]


def test_a_blow_beside_a_friend_named_goes_to_the_foe():
    intent = parse_at("I know Bram wants this one but Bram's hurt, so the sneak attack on the thug is mine since Bram's "
                      "right next to him. stab him", "Gannet Point", "Wren", THUGS)
    assert (intent.kind, intent.target) == (IntentKind.COMBAT, "Wrecker Thug")


def test_a_spell_on_a_friend_in_a_fight_is_still_theirs():
    # a control: the guide puts buffs in a fight on the one creature they are cast on
    intent = parse_at("I cast shield of faith on Bram", "Gannet Point", "Tova", THUGS)
    assert (intent.kind, intent.target) == (IntentKind.COMBAT, "Bram")
