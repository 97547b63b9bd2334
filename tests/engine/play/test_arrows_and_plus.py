"""Chat marks that join acts: an arrow leads to the next step or to what the step is aimed at ("sleep ->
the thugs"), a plus joins two acts ("buy the rope + ask about the storm")."""

from __future__ import annotations

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at


def test_a_plus_joins_two_acts():
    intent = parse_at("buy a hooded lantern off Vell + ask him who paid for the red lamp", "Kettlecove Docks", "Wren")
    assert (intent.kind, [p.kind for p in intent.parts]) == (IntentKind.MIXED, [IntentKind.INVENTORY,
                                                                                IntentKind.ROLEPLAY])


def test_an_arrow_to_whom_the_spell_is_aimed_is_one_act():
    intent = parse_at("fire bolt -> the crab", "Wrecker Caves", "Idris", ["Giant Crab"])
    assert (intent.kind, intent.target) == (IntentKind.COMBAT, "Giant Crab")
