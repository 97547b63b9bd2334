"""An NPC who fought under their own name and fell is dead afterwards: nobody places them or hears them
answer; the DM's /hp does the same; a caster dropped to 0 HP by the DM loses concentration (SRD 5.2)."""

from __future__ import annotations

import pytest

from engine.errors import CharacterNotFoundError
from engine.models.world import HitPoints
from engine.play.orchestrator import ActionInput, Orchestrator
from engine.rules import dm_ops
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio

CAVES = {"location": "Wrecker Caves", "in_combat": True, "enemies": ["Silas Crowe", "Wrecker Thug", "Giant Crab"]}


async def test_crowe_slain_in_the_fight_is_dead_after_it() -> None:
    world = case_world(CAVES)
    crowe = world.game_state.combat.combatant("Silas Crowe")
    crowe.hp = HitPoints(current=1, max=crowe.hp.max)
    res = await Orchestrator().resolve(ActionInput(action="I shoot Silas Crowe", actor="Wren", world=world,
                                                   roller=ScriptedRoller([18]), turn=1, out_of_turn=True))
    assert res.world.npc("Silas Crowe").alive is False
    assert any(c.kind == "npc_status" and c.after == "dead" for c in res.state_changes)
    assert "Silas Crowe" not in [n.name for n in res.world.npcs_at("Wrecker Caves")]


def test_the_dms_hp_change_that_fells_an_npc_kills_them() -> None:
    world = case_world(CAVES)
    changes = dm_ops.apply_change(world, "hp", "Silas Crowe", -200)
    assert world.npc("Silas Crowe").alive is False and changes[-1].kind == "npc_status"


def test_the_dms_hp_change_that_drops_a_caster_ends_concentration() -> None:
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    idris = world.character("Idris")
    idris.concentration = "Sleep"
    changes = dm_ops.apply_change(world, "hp", "Idris", -(idris.hp.current + 1))
    assert idris.concentration is None and any(c.kind == "concentration" for c in changes)


def test_a_living_person_fights_as_a_humanoid_and_a_ghost_as_the_undead() -> None:
    from engine.play.entities import stat_block_for

    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    # Hesper "has fed every sailor since": that makes her no Drowned Sailor.
    assert world.monster(stat_block_for(world, "Hesper Quill")).kind == "humanoid"
    assert stat_block_for(world, "Brother Ambrose") == "Drowned Sailor"
    assert stat_block_for(world, "Silas Crowe") == "Silas Crowe"


def test_the_dms_hp_change_that_fells_the_last_foe_ends_the_fight() -> None:
    world = case_world({"location": "Kettlecove Docks", "in_combat": True, "enemies": ["Wrecker Thug"]})
    thug = next(c.name for c in world.game_state.combat.order if c.kind == "monster")
    changes = dm_ops.apply_change(world, "hp", thug, -50)
    assert world.game_state.combat is None and any(c.kind == "combat_end" for c in changes)


def test_the_dm_names_a_creature_by_a_word_of_its_name_and_is_asked_when_it_fits_several() -> None:
    world = case_world({"location": "Wrecker Caves", "in_combat": True,
                        "enemies": ["Silas Crowe", "Wrecker Thug", "Wrecker Thug"]})
    assert dm_ops.find_target(world, "crowe").name == "Silas Crowe"
    thugs = [c for c in world.game_state.combat.order if c.kind == "monster" and c.monster == "Wrecker Thug"]
    for i, thug in enumerate(thugs, 1):
        thug.name = f"Wrecker Thug {i}"
    assert dm_ops.find_target(world, "thug 2").name == "Wrecker Thug 2"
    with pytest.raises(CharacterNotFoundError, match="could be several.*Wrecker Thug 1, Wrecker Thug 2"):
        dm_ops.find_target(world, "thug")
