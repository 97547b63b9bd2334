"""Bless cast in a fight as a player types it: the spell named first is cast from the sheet on the party
members named, and their later attack rolls carry the 1d4."""

from __future__ import annotations

import pytest

from engine.play.orchestrator import ActionInput, Orchestrator
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio

CAVES = {"location": "Wrecker Caves", "in_combat": True, "enemies": ["Silas Crowe", "Wrecker Thug", "Giant Crab"]}


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def _act(world, text: str, actor: str):
    return await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, roller=ScriptedRoller(),
                                                    turn=1, out_of_turn=True))


@pytest.mark.parametrize("text", ["bless bram and wren", "Tova: bless Bram and Wren!", "I cast bless on bram and wren"])
async def test_bless_lands_on_the_named_party_members(text: str) -> None:
    res = await _act(case_world(CAVES), text, "Tova")
    world = res.world
    assert [c.name for c in world.characters if c.boons] == ["Bram", "Wren"], res.warnings
    assert world.character("Tova").concentration == "Bless"
    assert not any("left to the DM" in c.description for c in res.state_changes)


async def test_a_blessed_fighters_attack_shows_the_die() -> None:
    res = await _act(case_world(CAVES), "bless bram", "Tova")
    res = await _act(res.world, "I attack the crab", "Bram")
    swing = next(r for r in res.dice_rolls if r.roller == "Bram" and "attack" in (r.purpose or ""))
    assert "+ Bless 1d4" in (swing.detail or "")


async def test_bless_without_a_free_slot_is_refused_and_changes_nothing() -> None:
    world = case_world(CAVES)
    for slots in world.character("Tova").spell_slots.values():
        slots.used = slots.max
    res = await _act(world, "bless bram and wren", "Tova")
    assert not any(c.boons for c in res.world.characters) and res.warnings


@pytest.mark.parametrize("text, blessed", [
    ("Tova casts bless on bram and wren", ["Bram", "Wren"]),
    ("bless bram and me", ["Bram", "Tova"]),
])
async def test_bless_is_on_whom_the_words_after_it_name(text: str, blessed: list[str]) -> None:
    res = await _act(case_world(CAVES), text, "Tova")
    assert sorted(c.name for c in res.world.characters if c.boons) == sorted(blessed)


async def test_bless_on_no_one_named_asks_whom_and_spends_nothing() -> None:
    res = await _act(case_world(CAVES), "I cast bless", "Tova")
    assert any("0 were named" in w for w in res.warnings)
    assert res.world.character("Tova").spell_slots["1"].used == 0


async def test_a_bonus_action_spell_leaves_the_turn_running_for_the_action() -> None:
    # SRD 5.2.1: Healing Word's casting time is a Bonus Action; one action and one bonus action a turn.
    world = case_world(CAVES)
    combat = world.game_state.combat
    combat.turn_index = next(i for i, c in enumerate(combat.order) if c.name == "Tova")
    world.character("Bram").hp.current = 3
    act = Orchestrator()
    res = await act.resolve(ActionInput(action="healing word on bram", actor="Tova", world=world,
                                        roller=ScriptedRoller(), turn=1))
    tova = res.world.game_state.combat.combatant("Tova")
    assert res.world.game_state.combat.current.name == "Tova" and tova.used.bonus_action and not tova.used.action
    assert res.narrative.count("still has an action") == 1
    res = await act.resolve(ActionInput(action="sacred flame on the crab", actor="Tova", world=res.world,
                                        roller=ScriptedRoller(), turn=2))
    assert res.world.game_state.combat.current.name != "Tova"  # the action ends the turn
