"""A player's words never summon a creature the DM did not place: naming one that is not here says so,
starts no fight, rolls nothing and spends no turn."""

from __future__ import annotations

import pytest

from tests.engine.play.test_understanding import FIGHT, _act, _world

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _nothing_happened(res, world) -> None:
    assert res.dice_rolls == [] and res.state_changes == []
    assert res.world.model_dump() == world.model_dump()


async def test_a_monster_named_where_none_was_placed_is_not_summoned():
    world = _world("Kettlecove Docks")
    res = await _act(world, "I attack the giant crab")
    _nothing_happened(res, world)
    assert res.world.game_state.combat is None
    assert any(w.startswith("No Giant Crab is at Kettlecove Docks.") and "only the DM brings a Giant Crab in" in w
               for w in res.warnings), res.warnings
    assert "no Giant Crab here" in res.narrative


async def test_the_dm_hears_where_it_was_last_seen_only_for_a_place_the_party_has_been():
    world = _world("Kettlecove Docks")
    world.location("Wrecker Caves").visited = True
    res = await _act(world, "I swing at the crab")
    assert any("(last seen at Wrecker Caves)" in w for w in res.warnings), res.warnings
    _nothing_happened(res, world)


async def test_a_monster_not_in_this_encounter_does_not_start_the_fight_here():
    world = _world("Gannet Point")  # two Wrecker Thugs are placed here, no crab
    res = await _act(world, "I shoot the giant crab")
    _nothing_happened(res, world)
    assert res.world.game_state.combat is None


async def test_in_a_fight_a_foe_who_is_not_in_it_is_not_hit_in_their_place():
    world = _world("Gannet Point", ["Wrecker Thug", "Wrecker Thug"], actor="Idris")
    res = await _act(world, "Fire Bolt at the Wrecker Captain", actor="Idris")
    _nothing_happened(res, world)
    assert any("No Wrecker Captain is in this fight" in w and "Wrecker Thug" in w for w in res.warnings)
    assert res.world.game_state.combat.current.name == "Idris"  # the turn is not spent


async def test_an_npc_who_is_elsewhere_is_not_here_to_attack():
    world = _world("Kettlecove Docks")
    res = await _act(world, "I attack Silas Crowe!")
    _nothing_happened(res, world)
    assert any(w.startswith("Silas Crowe is not at Kettlecove Docks (last seen at Wrecker Caves)")
               for w in res.warnings), res.warnings


async def test_a_placed_monster_still_starts_the_fight():
    world = _world("Wrecker Caves")
    res = await _act(world, "I attack the giant crab")
    assert res.world.game_state.combat is not None and res.dice_rolls
    assert {c.monster for c in res.world.game_state.combat.order if c.kind == "monster"} >= {"Giant Crab"}


async def test_in_a_fight_the_named_foe_is_still_hit():
    res = await _act(_world("Wrecker Caves", FIGHT), "I swing at the Wrecker Captain")
    assert "Wrecker Captain" in {c.target for c in res.state_changes if c.kind == "hp"}


async def test_a_kind_of_creature_nowhere_in_the_world_is_no_attack_on_whoever_is_here():
    world = _world("Gannet Point", ["Wrecker Thug", "Wrecker Thug"])
    res = await _act(world, "I attack the goblin")
    _nothing_happened(res, world)
    # The parse catches it (issue 11): the DM asks back and offers the foes who are here.
    assert res.narrative == "There is no goblin here. Did you mean the Wrecker Thug?"
    assert res.follow_up_options == ["Wrecker Thug"]
    calm = _world("Gannet Point")
    res = await _act(calm, "I attack the goblin")
    _nothing_happened(res, calm)
    assert res.world.game_state.combat is None


async def test_a_foe_already_down_is_named_as_down_with_who_still_stands():
    world = _world("Wrecker Caves", ["Wrecker Thug", "Giant Crab"], actor="Bram")
    thug = next(c for c in world.game_state.combat.order if c.name.startswith("Wrecker Thug"))
    thug.defeated = True
    res = await _act(world, "I attack the nearest wrecker thug")
    _nothing_happened(res, world)
    assert "Wrecker Thug is already down. Still standing: Giant Crab." in res.narrative
    assert res.world.game_state.combat.current.name == "Bram"  # the turn is not spent


async def test_an_npc_who_only_mentions_another_does_not_fight_with_their_stat_block():
    # Nessa "watches Gannet Point for Crowe": the word Crowe must not hand her Silas Crowe's Bandit Captain.
    world = _world("Gannet Point")
    res = await _act(world, "I attack Nessa")
    nessa = next(c for c in res.world.game_state.combat.order if c.name == "Nessa Rook")
    assert nessa.monster != "Silas Crowe" and nessa.hp.max < res.world.monster("Silas Crowe").hp, nessa
