"""The Hide action (SRD 5.2.1): a DC 15 Stealth check; on a success the Invisible condition, so attacks
against the hider have Disadvantage and the hider's attack has Advantage; attacking or casting a spell
ends it."""

from __future__ import annotations

import pytest

from engine.models.world import Condition
from engine.play.orchestrator import ActionInput, Orchestrator
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio

CAVES = {"location": "Wrecker Caves", "in_combat": True, "enemies": ["Silas Crowe", "Wrecker Thug", "Giant Crab"]}


async def _act(world, text: str, actor: str, faces: list[int]):
    return await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, roller=ScriptedRoller(faces),
                                                    turn=1, out_of_turn=True))


@pytest.mark.parametrize("face, hidden", [(9, False), (10, True)])  # Wren's Stealth is +5: 14 fails, 15 succeeds
async def test_hiding_is_a_dc_15_stealth_check_that_makes_the_hider_invisible(face: int, hidden: bool) -> None:
    res = await _act(case_world(CAVES), "I hide behind the crates", "Wren", [face])
    check = res.dice_rolls[0]
    assert check.purpose == "Stealth check to hide" and check.dc == 15
    wren = res.world.character("Wren")
    assert (Condition.INVISIBLE in [c.name for c in wren.conditions]) is hidden


async def test_attacking_from_hiding_has_advantage_and_ends_it() -> None:
    res = await _act(case_world(CAVES), "I hide behind the crates", "Wren", [15])
    res = await _act(res.world, "I shoot the crab", "Wren", [10, 10])
    shot = next(r for r in res.dice_rolls if r.roller == "Wren" and "attack" in (r.purpose or ""))
    assert shot.advantage == "advantage"
    assert Condition.INVISIBLE not in [c.name for c in res.world.character("Wren").conditions]


async def test_hiding_a_thing_is_no_hide_action() -> None:
    res = await _act(case_world(CAVES), "I hide the map in my boot", "Wren", [15])
    assert not any(r.purpose == "Stealth check to hide" for r in res.dice_rolls)
