"""Foes of one kind told apart by their number or an ordinal: "sailor 2", "the third sailor" hit that one,
not the first of them."""

from __future__ import annotations

import pytest

from engine.play.orchestrator import ActionInput, Orchestrator
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("text, hit", [
    ("wren stabs Drowned Sailor 2", "Drowned Sailor 2"),
    ("wren stabs sailor 2", "Drowned Sailor 2"),
    ("wren attacks the third sailor", "Drowned Sailor 3"),
    ("I shoot the first one", "Drowned Sailor 1"),
])
async def test_the_number_picks_the_foe(text: str, hit: str) -> None:
    world = case_world({"location": "Drowned Chapel", "in_combat": True,
                        "enemies": ["Drowned Sailor", "Drowned Sailor", "Drowned Sailor"]})
    for i, foe in enumerate((c for c in world.game_state.combat.order if c.kind == "monster"), 1):
        foe.name = f"Drowned Sailor {i}"
    res = await Orchestrator().resolve(ActionInput(action=text, actor="Wren", world=world, roller=ScriptedRoller([18]),
                                                   turn=1, out_of_turn=True))
    assert [c.target for c in res.state_changes if c.kind == "hp"][:1] == [hit]
