"""What a DM reads after an action: agents and the offline narrator together, on a small real world
with scripted d20 faces. Each test pins a problem found by playing the sample campaign."""

from __future__ import annotations

import re

import pytest

from engine.models.actions import ActionType
from engine.models.turn_log import turn_log
from engine.models.world import Attack, Attitude, Campaign, HitPoints, Monster, SpellSlots
from engine.narration import NarrationRequest, OfflineNarrator
from engine.play.agents.base import AgentResult
from engine.play.agents.combat import CombatAgent
from engine.play.agents.exploration import ExplorationAgent
from engine.play.agents.rules_agent import RulesAgent
from engine.play.agents.social import SocialAgent
from tests.engine.play.intent_cases import ScriptedRoller, table_world
from tests.engine.play.intent_cases import agent_context as ctx

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def told(result: AgentResult, world: Campaign, action: str, actor: str = "Ari", turn: int = 1) -> str:
    """The narration the table would read for this result (offline narrator, fixed seed)."""
    return OfflineNarrator().render(NarrationRequest(
        session_seed=7, turn=turn, action=action, actor=actor, action_type=ActionType.COMBAT,
        location=world.game_state.party_location, beats=result.beats, dice_rolls=result.dice_rolls,
        state_changes=result.state_changes, npc_responses=result.npc_responses))


def at_mill(*encounter: str) -> Campaign:
    world = table_world()
    world.game_state.party_location = "Old Mill"
    if encounter:
        world.location("Old Mill").encounter = list(encounter)
    for pc in world.characters:
        pc.hp = HitPoints(current=40, max=40)  # nobody drops, so turn order stays plain
    return world


# ---- combat

async def test_a_won_fight_tells_no_next_turn_and_counts_in_the_singular():
    world = at_mill()
    # Initiative Ari 18, Bryn 2, Goblin 5; Ari's attack (natural 15 + 5 vs AC 13) kills the 4 HP goblin.
    result = await CombatAgent().handle(ctx(world, "I swing my longsword at the goblin", ActionType.COMBAT,
                                            ScriptedRoller([18, 2, 5, 15])))
    text = told(result, world, "I swing my longsword at the goblin")
    assert world.game_state.combat is None
    assert not re.search(r"\bturns?\b|up next|next up|all eyes", text, re.I), text
    end = next(c for c in result.state_changes if c.kind == "combat_end")
    assert "after 1 round;" in end.description and "1 monster defeated" in end.description


async def test_monster_target_pick_is_logged_but_not_narrated_and_the_next_turn_is_told_once():
    world = at_mill("Ogre")
    # Ari 15, Bryn 3, Ogre 12: Ari misses (2); the ogre picks a target (1d2) and swings (19).
    result = await CombatAgent().handle(ctx(world, "I attack the ogre", ActionType.COMBAT,
                                            ScriptedRoller([15, 3, 12, 2, 19])))
    picks = [r for r in result.dice_rolls if "picks a target" in (r.purpose or "")]
    assert len(picks) == 1 and "1 Ari, 2 Bryn" in picks[0].purpose
    text = told(result, world, "I attack the ogre")
    assert "picks a target" not in text and "1d2" not in text and "tumble" not in text
    assert text.count("Bryn") >= 1 and "Next:" not in text and "Meanwhile" not in text
    # Whose turn it is: once, in the dice/log line beside the prose (and the tracker), never in the prose.
    assert not re.findall(r"\bturns?\b|up next|next up|all eyes", text, re.I), text
    log = [line.text for line in turn_log(result.dice_rolls, result.state_changes)]
    assert sum("'s turn" in line for line in log) == 1, log


async def test_a_named_spell_on_the_sheet_is_used_and_one_missing_is_refused():
    world = at_mill("Ogre")
    bryn = world.character("Bryn")
    bryn.attacks.append(Attack(name="Sacred Flame", to_hit=5, damage="1d8", damage_type="radiant"))
    # Initiative Ari 3, Bryn 15, Ogre 12: Bryn is up first. Issue 12: Sacred Flame forces a DEX save
    # (SRD: "The target must succeed on a Dexterity saving throw or take 1d8 Radiant damage"), no attack roll.
    result = await CombatAgent().handle(ctx(world, "I cast sacred flame at the ogre", ActionType.COMBAT,
                                            ScriptedRoller([3, 15, 12, 2]), actor="Bryn"))
    assert any(r.roller == "Ogre" and r.purpose == "DEX saving throw against Sacred Flame" for r in result.dice_rolls)
    assert not any(r.purpose == "Sacred Flame attack" for r in result.dice_rolls)
    # Ari has no spells: the action rolls nothing, changes nothing, and says why.
    before = world.model_dump()
    result = await CombatAgent().handle(ctx(world, "I cast magic missile at the ogre", ActionType.COMBAT,
                                            ScriptedRoller([15])))
    assert result.dice_rolls == [] and world.model_dump() == before
    assert "Magic Missile is not on Ari's sheet" in result.warnings[0] and "Longsword" in result.warnings[0]
    assert "Magic Missile" in told(result, world, "I cast magic missile at the ogre")


async def test_the_second_goblin_is_the_one_hit():
    world = at_mill("Goblin", "Goblin")
    result = await CombatAgent().handle(ctx(world, "I attack the second goblin", ActionType.COMBAT,
                                            ScriptedRoller([18, 2, 5, 4, 15])))
    attack = next(r for r in result.dice_rolls if r.roller == "Ari" and "attack" in (r.purpose or ""))
    assert attack.success
    assert [c.target for c in result.state_changes if c.kind == "hp"][0] == "Goblin 2"


async def test_a_slain_foe_is_not_conjured_again_by_half_its_name():
    world = at_mill()
    world.location("Old Mill").encounter = []
    world.monsters.append(Monster(name="Goblin Boss", hp=21, ac=17, attacks=world.monsters[0].attacks))
    before = world.model_dump()
    result = await CombatAgent().handle(ctx(world, "I attack the boss", ActionType.COMBAT, ScriptedRoller()))
    assert world.model_dump() == before and "No Goblin Boss is at Old Mill" in result.warnings[0]
    # Named in full, it is still not summoned: the DM places monsters, the player's words do not.
    result = await CombatAgent().handle(ctx(world, "I attack the Goblin Boss", ActionType.COMBAT,
                                            ScriptedRoller([18, 2, 5, 3])))
    assert world.model_dump() == before and result.dice_rolls == []
    assert "No Goblin Boss is at Old Mill" in result.warnings[0] and "only the DM brings a Goblin Boss in" in result.warnings[0]
    assert told(result, world, "I attack the Goblin Boss") == "There is no Goblin Boss here."


# ---- healing and potions

async def test_a_cleric_heals_with_a_spell_slot_and_a_wizard_cannot():
    world = table_world()
    world.character("Bryn").spell_slots = {"1": SpellSlots(max=2)}
    world.character("Ari").hp.current = 3
    result = await RulesAgent().handle(ctx(world, "I heal Ari", ActionType.SKILL_CHECK, ScriptedRoller(),
                                           actor="Bryn"))
    heal = result.dice_rolls[0]
    assert heal.notation == "1d8+3" and heal.purpose == "Cure Wounds on Ari"
    assert world.character("Ari").hp.current == min(12, 3 + heal.total) and world.character("Bryn").spell_slots["1"].used == 1
    text = told(result, world, "I heal Ari", actor="Bryn")
    assert "Cure Wounds" in text and "Ari" in text and str(heal.total) not in text  # the HP are the log's
    world.character("Ari").class_name = "wizard"
    world.character("Bryn").hp.current = 1
    before = world.model_dump()
    result = await RulesAgent().handle(ctx(world, "I heal Bryn", ActionType.SKILL_CHECK, ScriptedRoller()))
    assert world.model_dump() == before and "cannot cast Cure Wounds" in result.warnings[0]


async def test_healing_in_a_fight_is_the_casters_turn():
    world = at_mill("Ogre")
    await CombatAgent().handle(ctx(world, "I attack the ogre", ActionType.COMBAT, ScriptedRoller([15, 3, 12, 2, 1])))
    assert world.game_state.combat.current.name == "Bryn"
    world.character("Bryn").spell_slots = {"1": SpellSlots(max=1)}
    world.character("Ari").hp.current = 10
    result = await CombatAgent().handle(ctx(world, "I heal Ari", ActionType.COMBAT, ScriptedRoller([1]),
                                            actor="Bryn"))
    assert not any("attack" in (r.purpose or "") and r.roller == "Bryn" for r in result.dice_rolls)
    assert world.character("Ari").hp.current > 10
    assert any(c.kind == "turn" for c in result.state_changes), "the turn passed on to the ogre and back"


async def test_a_potion_at_full_health_stays_in_the_pack():
    world = table_world()
    result = await RulesAgent().handle(ctx(world, "I drink a healing potion", ActionType.INVENTORY,
                                           ScriptedRoller()))
    assert result.state_changes == [] and "already at full HP" in result.warnings[0]
    assert next(i for i in world.characters[0].inventory if i.name == "Potion of Healing").quantity == 2


async def test_dropping_one_of_several_does_not_say_it_is_gone():
    world = table_world()
    result = await RulesAgent().handle(ctx(world, "I drop a torch", ActionType.INVENTORY, ScriptedRoller()))
    text = told(result, world, "I drop a torch")
    assert "(2 left)" in text and "no longer has" not in text
    result = await RulesAgent().handle(ctx(world, "I give the rope to Bryn", ActionType.INVENTORY,
                                           ScriptedRoller()))
    text = told(result, world, "I give the rope to Bryn")
    assert "rope" in text and "Bryn" in text and text.count(".") == 1, "one handover sentence"


# ---- talking

async def test_a_plain_question_gets_an_answer_in_voice_without_dice():
    world = table_world()
    result = await SocialAgent().handle(ctx(world, "Mara, what's on the menu tonight?", ActionType.ROLEPLAY,
                                            ScriptedRoller()))
    assert result.dice_rolls == [] and result.npc_responses[0].text == "\"What'll it be?\""


async def test_a_question_touching_a_secret_is_persuasion_and_a_helpful_npc_just_tells():
    world = table_world()
    result = await SocialAgent().handle(ctx(world, "Bryn asks Mara what the goblins want", ActionType.ROLEPLAY,
                                            ScriptedRoller([3]), actor="Bryn"))
    assert [r.purpose for r in result.dice_rolls] == ["Persuasion vs Mara Vell"]
    assert world.npc("Mara Vell").attitude == Attitude.INDIFFERENT, "asking politely sours nobody"
    world.npc("Mara Vell").attitude = Attitude.HELPFUL
    result = await SocialAgent().handle(ctx(world, "Bryn asks Mara what the goblins want", ActionType.ROLEPLAY,
                                            ScriptedRoller(), actor="Bryn"))
    assert result.dice_rolls == [] and result.npc_responses[0].revealed_secret
    assert "miller pays the goblins" in told(result, world, "ask", actor="Bryn")


async def test_reading_an_npc_is_insight_and_can_see_through_a_lie():
    world = table_world()
    world.npc("Mara Vell").secrets[0].skill = "insight"
    result = await SocialAgent().handle(ctx(world, "I study her face. Is she lying?", ActionType.ROLEPLAY,
                                            ScriptedRoller([18]), actor="Bryn"))
    assert result.dice_rolls[0].purpose == "Insight vs Mara Vell" and result.dice_rolls[0].dc == 14
    assert world.npc("Mara Vell").secrets[0].revealed


# ---- exploring

async def test_praying_is_a_religion_check_not_a_search():
    world = table_world()
    result = await ExplorationAgent().handle(ctx(world, "I pray for guidance", ActionType.EXPLORATION,
                                                 ScriptedRoller([19]), actor="Bryn"))
    assert result.dice_rolls[0].purpose == "Religion check"
    assert not any(d.found for d in world.location("The Crooked Lantern").discoveries)


async def test_a_find_reads_as_a_sentence_and_an_empty_search_says_so():
    world = table_world()
    result = await ExplorationAgent().handle(ctx(world, "I search the floor for a trapdoor", ActionType.EXPLORATION,
                                                 ScriptedRoller([12]), actor="Bryn"))
    assert "Bryn finds the cellar door. A trapdoor hides under the rug." in told(result, world, "search", "Bryn")
    world.location("The Crooked Lantern").discoveries.clear()
    result = await ExplorationAgent().handle(ctx(world, "I search the room", ActionType.EXPLORATION,
                                                 ScriptedRoller([19])))
    assert re.search(r"\bnothing (new|more|else)\b", told(result, world, "I search the room"), re.I)
