"""SRD rules reached through play (issue 12): stabilize by Medicine, critical hits on a paralyzed
character, Sneak Attack, a concentration save when a caster is hit, check advantage cancelling."""

from __future__ import annotations

import pytest

from engine.models.actions import ActionType
from engine.models.world import ActiveCondition, Combatant, CombatState, Condition, HitPoints
from engine.play.agents.base import AgentResult
from engine.play.agents.combat import CombatAgent
from engine.play.agents.rules_agent import RulesAgent
from engine.play.agents.turn_flow import run_others
from tests.engine.play.intent_cases import ScriptedRoller, table_world
from tests.engine.play.intent_cases import agent_context as ctx

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.mark.parametrize(("natural", "stable"), [(9, True), (8, False)])  # Ari WIS 12: +1
async def test_medicine_on_a_dying_friend_is_a_dc_10_stabilize(natural, stable):
    world = table_world()
    bryn = world.character("Bryn")
    bryn.hp.current = 0
    bryn.conditions = [ActiveCondition(name=Condition.UNCONSCIOUS)]
    result = await RulesAgent().handle(ctx(world, "I stabilize Bryn with a medicine check", ActionType.SKILL_CHECK,
                                           ScriptedRoller([natural])))
    assert result.dice_rolls[0].dc == 10 and bryn.stable is stable


async def test_advantage_and_disadvantage_named_together_cancel_on_a_check():
    world = table_world()
    roller = ScriptedRoller([12])
    await RulesAgent().handle(ctx(world, "athletics check with advantage, but I have disadvantage from the mud",
                                  ActionType.SKILL_CHECK, roller))
    assert roller.calls[0].advantage is None


def ogre_fight(world, *conditions: Condition) -> None:
    world.game_state.combat = CombatState(order=[
        Combatant(id="o", name="Ogre", kind="monster", monster="Ogre", initiative=20, ac=11,
                  hp=HitPoints(current=59, max=59)),
        Combatant(id="a", name="Ari", kind="character", initiative=10),
    ])
    world.characters.pop()  # Ari alone, so the ogre's target is certain
    ari = world.character("Ari")
    ari.hp = HitPoints(current=90, max=90)
    ari.conditions = [ActiveCondition(name=c) for c in conditions]


async def test_a_monster_melee_hit_on_a_paralyzed_character_is_critical():
    world = table_world()
    ogre_fight(world, Condition.PARALYZED)
    result = AgentResult(agent="t")
    run_others(ctx(world, "", ActionType.COMBAT, ScriptedRoller([12])), result)
    attack = next(r for r in result.dice_rolls if r.purpose == "Greatclub attack")
    assert attack.advantage == "advantage" and not attack.critical  # a natural 12 (18 vs AC 16), yet...
    assert any("(critical)" in (r.purpose or "") for r in result.dice_rolls)


async def test_a_concentrating_caster_hit_makes_a_constitution_save():
    world = table_world()
    ogre_fight(world)
    world.character("Ari").concentration = "Bless"
    result = AgentResult(agent="t")
    run_others(ctx(world, "", ActionType.COMBAT, ScriptedRoller([15, 2])), result)
    save = next(r for r in result.dice_rolls if (r.purpose or "").startswith("concentration"))
    assert save.dc >= 10 and not save.success and world.character("Ari").concentration is None


async def test_a_rogue_with_an_ally_beside_the_target_adds_sneak_attack():
    world = table_world()
    ari = world.character("Ari")
    ari.class_name, ari.level = "rogue", 3
    ari.attacks[0].name = "Rapier"
    world.game_state.party_location = "Old Mill"
    world.location("Old Mill").encounter = ["Ogre"]
    # Initiative Ari 18, Bryn 2, Ogre 5; Ari's rapier hits (15 + 5 vs AC 11).
    result = await CombatAgent().handle(ctx(world, "I stab the ogre with my rapier", ActionType.COMBAT,
                                            ScriptedRoller([18, 2, 5, 15])))
    sneak = [r for r in result.dice_rolls if (r.purpose or "").startswith("Sneak Attack")]
    assert len(sneak) == 1 and sneak[0].notation == "2d6"
