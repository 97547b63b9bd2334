"""A pocket picked: the check is rolled, a success is told and handed to the DM to say what was taken
(the campaign says nothing of pockets; the engine invents no loot), a failure is a setback."""

from __future__ import annotations

import pytest

from engine.play.orchestrator import ActionInput, Orchestrator
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio


async def _lift(face: int):
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    res = await Orchestrator().resolve(ActionInput(action="I pickpocket hesper while she's busy", actor="Wren",
                                                   world=world, roller=ScriptedRoller([face]), turn=1))
    return world, res


async def test_a_picked_pocket_asks_the_dm_what_was_in_it_and_invents_nothing() -> None:
    world, res = await _lift(18)
    assert res.dice_rolls[0].purpose == "Sleight Of Hand check" and res.dice_rolls[0].success
    assert any("picked Hesper Quill's pocket unseen" in w for w in res.warnings)
    wren = res.world.character("Wren")
    assert wren.coins == world.character("Wren").coins and wren.inventory == world.character("Wren").inventory


async def test_a_fumbled_lift_is_a_setback_and_no_question_to_the_dm() -> None:
    _, res = await _lift(2)
    assert not res.dice_rolls[0].success and not any("pocket unseen" in w for w in res.warnings)
    assert any(c.kind == "setback" for c in res.state_changes)
