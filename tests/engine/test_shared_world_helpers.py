"""One answer everywhere: who is here, what time it is, which combatant a name means, what agents see."""

from __future__ import annotations

import asyncio

import pytest

from engine.errors import CharacterNotFoundError, InvalidInputError
from engine.models.actions import ActionType
from engine.models.world import Campaign, Combatant, CombatState, HitPoints
from engine.play.agents.base import ActionBasics, AgentContext
from engine.play.agents.exploration import ExplorationAgent
from engine.play.intent import classify
from engine.play.orchestrator import ActionInput
from engine.rules import dm_ops
from engine.session import reports
from engine.session.views import game_state_view
from tests.engine.play.intent_cases import ScriptedRoller, agent_context, table_world


def lantern_world() -> Campaign:
    """Mara's location written in another case than the party's, plus a dead NPC at the inn."""
    world = table_world()
    world.npc("Mara Vell").location = "the crooked LANTERN"
    world.npcs.append(world.npc("Mara Vell").model_copy(update={"name": "Old Tom", "alive": False}))
    return world


# ---- NPCs at a place

def test_npcs_at_ignores_case_and_leaves_out_the_dead():
    world = lantern_world()
    assert [n.name for n in world.npcs_at("The Crooked Lantern")] == ["Mara Vell"]
    assert world.npcs_at("Old Mill") == []


def test_state_view_and_opening_agree_with_the_agents_on_who_is_here():
    world = lantern_world()
    assert game_state_view(world).npcs_present == ["Mara Vell"]
    assert "Here: Mara Vell." in reports.opening(world)
    assert "npc present" in classify("I say hello", world).matched


# ---- the clock

def test_dm_time_and_travel_read_the_same_way():
    world = table_world()
    world.game_state.minutes = 23 * 60 + 45
    [change] = dm_ops.apply_change(world, "time", None, 30)
    assert (change.before, change.after) == ("day 1, 23:45", "day 2, 00:15")
    assert change.description.endswith("30 minutes pass (day 1, 23:45 -> day 2, 00:15).")
    assert game_state_view(world).time == "00:15" and world.game_state.day == 2


def test_travel_time_uses_the_same_wording():
    world = table_world()
    result = asyncio.run(ExplorationAgent().handle(
        agent_context(world, "We head to the old mill", ActionType.EXPLORATION, ScriptedRoller())))
    [time] = [c for c in result.state_changes if c.kind == "time"]
    assert (time.before, time.after) == ("day 1, 08:00", "day 1, 08:30")


def test_dm_rest_passes_time_with_the_rest_named():
    world = table_world()
    _, changes = dm_ops.party_rest(world, ScriptedRoller([5, 5, 5, 5]), "long")
    [time] = [c for c in changes if c.kind == "time"]
    assert time.description.startswith("Long rest: 480 minutes pass")


def test_time_only_moves_forward():
    with pytest.raises(InvalidInputError, match="positive number of minutes"):
        dm_ops.apply_change(table_world(), "time", None, 0)


# ---- combatants by name

def fight(world: Campaign) -> CombatState:
    combat = CombatState(order=[
        Combatant(id="c-ari", name="Ari", kind="character", initiative=15),
        Combatant(id="m-1", name="Goblin 1", kind="monster", initiative=12, monster="Goblin",
                  hp=HitPoints(current=4, max=4), ac=13)])
    world.game_state.combat = combat
    return combat


def test_combatant_lookup_ignores_case_and_can_keep_to_one_kind():
    combat = fight(table_world())
    assert combat.combatant("goblin 1").id == "m-1"
    assert combat.combatant("ARI").id == "c-ari"
    assert combat.combatant("Ari", kind="monster") is None
    assert combat.combatant("Nobody") is None


def test_dm_change_finds_a_monster_in_the_fight_and_lists_the_choices_otherwise():
    world = table_world()
    fight(world)
    assert dm_ops.find_target(world, "GOBLIN 1").id == "m-1"
    assert dm_ops.find_target(world, "ari").name == "Ari"  # the sheet, not the initiative entry
    with pytest.raises(CharacterNotFoundError, match="Ari, Bryn, Goblin 1"):
        dm_ops.find_target(world, "Ogre")


# ---- what an agent receives

def test_agent_context_carries_every_shared_field_of_the_action():
    world, copy = table_world(), table_world()
    inp = ActionInput(action="  I  Search the ROOM ", actor="Bryn", extra_context="by torchlight", world=world,
                      roller=ScriptedRoller(), turn=4, recent_history=["Turn 3: Ari looks around"],
                      relevant_facts=[], context_text="scene", style="grim", seed=9)
    ctx = AgentContext.for_agent(inp, ActionType.EXPLORATION, copy)
    for name in ActionBasics.model_fields:
        if name != "world":
            assert getattr(ctx, name) == getattr(inp, name), name
    assert ctx.world is copy and ctx.world is not world
    assert (ctx.normalized, ctx.action_type) == ("i search the room", ActionType.EXPLORATION)
