"""The gameplay agents on a small real world, with scripted d20 faces so outcomes are decided."""

from __future__ import annotations

import pytest

from engine.models.actions import ActionType
from engine.models.world import Attitude, Campaign, Combatant, CombatState, HitPoints
from engine.play.agents.combat import CombatAgent
from engine.play.agents.exploration import ExplorationAgent
from engine.play.agents.rules_agent import RulesAgent
from engine.play.agents.social import SocialAgent
from engine.play.cues import dc_from_words, infer_skill
from engine.play.orchestrator import default_agents
from tests.engine.play.intent_cases import ScriptedRoller, table_world
from tests.engine.play.intent_cases import agent_context as ctx

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def at_mill() -> Campaign:
    world = table_world()
    world.game_state.party_location = "Old Mill"
    return world


# ---- combat

async def test_attack_starts_combat_kills_the_goblin_and_ends_it_with_xp():
    world = at_mill()
    # Initiative Ari 18, Bryn 2, Goblin 5; then Ari's attack (natural 15 + 5 vs AC 13) hits.
    roller = ScriptedRoller([18, 2, 5, 15])
    result = await CombatAgent().handle(ctx(world, "I swing my longsword at the goblin", ActionType.COMBAT, roller))
    initiative = [r for r in result.dice_rolls if r.purpose == "initiative"]
    assert sorted(r.roller for r in initiative) == ["Ari", "Bryn", "Goblin"]
    assert world.game_state.combat is None, "the only goblin fell, so the fight is over"
    assert [c.kind for c in result.state_changes].count("xp") == 2
    assert world.character("Ari").xp == 25
    assert world.location("Old Mill").encounter == []
    assert [f.text for f in result.facts] == ["Goblin was slain by Ari at Old Mill."]
    assert result.facts[0].category == "event"


async def test_monsters_act_until_a_character_is_up():
    world = at_mill()
    world.location("Old Mill").encounter = ["Ogre"]
    for pc in world.characters:
        pc.hp = HitPoints(current=40, max=40)  # nobody drops, so the turn order is plain
    # Initiative Ari 15, Bryn 3, Ogre 12. Ari attacks (natural 2: miss). The ogre attacks (natural 19).
    roller = ScriptedRoller([15, 3, 12, 2, 19])
    result = await CombatAgent().handle(ctx(world, "I attack the ogre", ActionType.COMBAT, roller))
    combat = world.game_state.combat
    assert combat is not None and combat.current.kind == "character"
    assert combat.current.name == "Bryn"
    ogre_attacks = [r for r in result.dice_rolls if r.roller == "Ogre" and r.purpose == "Greatclub attack"]
    assert len(ogre_attacks) == 1 and ogre_attacks[0].success
    hurt = [c for c in world.characters if c.hp.current < c.hp.max]
    assert len(hurt) == 1


async def test_dodge_gives_monsters_disadvantage_until_the_dodgers_next_turn():
    world = at_mill()
    world.characters.pop()  # Ari alone, so the ogre's target is certain
    world.characters[0].hp = HitPoints(current=40, max=40)
    world.location("Old Mill").encounter = ["Ogre"]
    roller = ScriptedRoller([15, 12, 10])
    result = await CombatAgent().handle(ctx(world, "I take the Dodge action", ActionType.COMBAT, roller))
    ari = next(c for c in world.game_state.combat.order if c.name == "Ari")
    # Ari's turn again: the dodge ended when it came round.
    assert world.game_state.combat.current.name == "Ari" and not ari.dodging
    ogre_attack = next(r for r in result.dice_rolls if r.roller == "Ogre" and "attack" in (r.purpose or ""))
    assert ogre_attack.advantage == "disadvantage"
    assert any("Dodge" in b for b in result.beats)


async def test_dying_character_makes_a_death_save_on_their_turn():
    world = at_mill()
    world.characters[1].hp.current = 0
    world.characters[1].conditions = []
    world.game_state.combat = CombatState(order=[
        Combatant(id="a", name="Ari", kind="character", initiative=20),
        Combatant(id="b", name="Bryn", kind="character", initiative=15),
        Combatant(id="o", name="Ogre", kind="monster", monster="Ogre", initiative=10, ac=11,
                  hp=HitPoints(current=59, max=59)),
    ])
    roller = ScriptedRoller([3, 14, 2])  # Ari misses; Bryn's death save 14; the ogre misses
    result = await CombatAgent().handle(ctx(world, "I attack the ogre", ActionType.COMBAT, roller))
    saves = [r for r in result.dice_rolls if r.purpose == "death saving throw"]
    assert [s.roller for s in saves] == ["Bryn"]
    assert world.character("Bryn").death_saves.successes == 1
    assert world.game_state.combat.current.name == "Ari"


async def test_nothing_to_fight_changes_nothing():
    world = table_world()
    before = world.model_dump()
    result = await CombatAgent().handle(ctx(world, "I attack the shadows", ActionType.COMBAT, ScriptedRoller()))
    assert result.warnings and "nothing hostile" in result.warnings[0]
    assert world.model_dump() == before


# ---- social

async def test_persuasion_success_warms_the_npc_and_she_answers_in_her_voice():
    world = table_world()
    roller = ScriptedRoller([15])  # 15 + 2 persuasion vs DC 12 (indifferent)
    result = await SocialAgent().handle(ctx(world, "I try to persuade Mara to give us a room", ActionType.ROLEPLAY,
                                            roller))
    assert world.npc("Mara Vell").attitude == Attitude.FRIENDLY
    reply = result.npc_responses[0]
    assert (reply.attitude_before, reply.attitude_after) == ("indifferent", "friendly")
    assert reply.text == "\"For you, the good stuff.\""
    assert result.dice_rolls[0].dc == 12
    assert any(c.kind == "attitude" for c in result.state_changes)


async def test_failing_by_five_or_more_sours_the_npc():
    world = table_world()
    result = await SocialAgent().handle(ctx(world, "I try to deceive the innkeeper", ActionType.ROLEPLAY,
                                            ScriptedRoller([2])))
    assert world.npc("Mara Vell").attitude == Attitude.UNFRIENDLY
    assert result.npc_responses[0].text == "\"Pay first.\""


async def test_intimidation_works_but_is_resented_and_wins_no_goodwill():
    world = table_world()
    result = await SocialAgent().handle(ctx(world, "I threaten Mara", ActionType.ROLEPLAY, ScriptedRoller([18])))
    assert result.dice_rolls[0].success
    assert world.npc("Mara Vell").attitude == Attitude.INDIFFERENT, "fear gets compliance, not friendship"
    assert any("resents" in b for b in result.beats)


async def test_secret_revealed_only_on_a_successful_check():
    world = table_world()
    failed = await SocialAgent().handle(ctx(world, "I ask Mara about the goblins", ActionType.ROLEPLAY,
                                            ScriptedRoller([5])))
    assert failed.npc_responses[0].revealed_secret is None and not world.npc("Mara Vell").secrets[0].revealed
    assert failed.dice_rolls[0].dc == 14
    won = await SocialAgent().handle(ctx(world, "I ask Mara about the goblins", ActionType.ROLEPLAY,
                                         ScriptedRoller([17])))
    secret = world.npc("Mara Vell").secrets[0]
    assert secret.revealed and won.npc_responses[0].revealed_secret == secret.text
    assert [f.category for f in won.facts][0] == "npc"


async def test_nobody_present_warns_and_changes_nothing():
    world = at_mill()
    result = await SocialAgent().handle(ctx(world, "I ask Mara about the mill", ActionType.ROLEPLAY,
                                            ScriptedRoller()))
    assert result.npc_responses == [] and result.dice_rolls == []
    assert "not at Old Mill" in result.warnings[0]
    world.npcs.clear()
    result = await SocialAgent().handle(ctx(world, "Hello?", ActionType.ROLEPLAY, ScriptedRoller()))
    assert "Nobody is at Old Mill" in result.warnings[0]
    assert any("nobody" in b for b in result.beats)


# ---- exploration

async def test_search_finds_the_best_matching_discovery_and_records_it():
    world = table_world()
    result = await ExplorationAgent().handle(ctx(world, "I search the floor for a trapdoor", ActionType.EXPLORATION,
                                                 ScriptedRoller([12]), actor="Bryn"))
    door = world.location("The Crooked Lantern").discoveries[0]
    assert door.found and not world.location("The Crooked Lantern").discoveries[1].found
    assert result.facts[0].category == "location" and "trapdoor" in result.facts[0].text


async def test_a_near_miss_half_sees_a_clue_and_a_bad_miss_loses_more_time():
    world = table_world()
    before = world.game_state.minutes
    # The cellar door is Investigation DC 12 and Ari has +0: 9 misses by 3, 1 misses by 11.
    result = await ExplorationAgent().handle(ctx(world, "I search the room", ActionType.EXPLORATION,
                                                 ScriptedRoller([9])))
    assert not any(d.found for d in world.location("The Crooked Lantern").discoveries)
    [setback] = [c for c in result.state_changes if c.kind == "setback"]
    assert setback.after["type"] == "clue" and setback.after["clue"] == "the cellar door"
    assert world.game_state.minutes == before + 10 and result.facts == []  # half-seen is not yet known
    result = await ExplorationAgent().handle(ctx(world, "I search the room", ActionType.EXPLORATION,
                                                 ScriptedRoller([1])))
    [setback] = [c for c in result.state_changes if c.kind == "setback"]
    assert setback.after["type"] == "time" and world.game_state.minutes == before + 30
    assert "nothing of note" not in " ".join(result.beats)


async def test_travel_moves_the_party_and_passes_time():
    world = table_world()
    result = await ExplorationAgent().handle(ctx(world, "We head to the old mill", ActionType.EXPLORATION,
                                                 ScriptedRoller()))
    assert world.game_state.party_location == "Old Mill"
    assert world.location("Old Mill").visited
    assert world.game_state.minutes == 8 * 60 + 30
    assert any("hostile" in b for b in result.beats)


async def test_travel_to_an_unconnected_place_lists_the_exits():
    world = table_world()
    result = await ExplorationAgent().handle(ctx(world, "We walk to the far tower", ActionType.EXPLORATION,
                                                 ScriptedRoller()))
    assert world.game_state.party_location == "The Crooked Lantern"
    assert "Old Mill" in result.warnings[0] and "The Good Old Mask Shop" in result.warnings[0]


async def test_puzzle_uses_arcana_against_the_glyph_discovery():
    world = at_mill()
    result = await ExplorationAgent().handle(ctx(world, "I try to decipher the glyphs", ActionType.PUZZLE,
                                                 ScriptedRoller([14]), actor="Bryn"))
    assert world.location("Old Mill").discoveries[0].found
    assert result.dice_rolls[0].purpose == "Arcana check on the puzzle" and result.dice_rolls[0].dc == 13


# ---- rules: skills, rests, inventory

def test_skill_and_dc_inference():
    assert infer_skill("I try to climb the wall") == "athletics"
    assert infer_skill("I sneak past the guards") == "stealth"
    assert infer_skill("I try to pick the lock") == "sleight_of_hand"
    assert infer_skill("I use animal handling on the mule") == "animal_handling"
    assert dc_from_words("an easy jump") == 10
    assert dc_from_words("a hard climb") == 20
    assert dc_from_words("a DC 17 check") == 17
    assert dc_from_words("I jump") == 12


async def test_skill_check_rolls_the_inferred_skill_against_the_worded_dc():
    world = table_world()
    result = await RulesAgent().handle(ctx(world, "I try a hard climb up the wall", ActionType.SKILL_CHECK,
                                           ScriptedRoller([16])))
    roll = result.dice_rolls[0]
    assert roll.purpose == "Athletics check" and roll.dc == 20 and roll.total == 21 and roll.success


async def test_short_rest_spends_hit_dice_only_while_hurt():
    world = table_world()
    world.characters[0].hp.current = 3
    await RulesAgent().handle(ctx(world, "Let's take a short rest", ActionType.REST, ScriptedRoller()))
    ari, bryn = world.characters
    spent = 4 - ari.hit_dice.remaining
    assert 1 <= spent <= 2, "at most half of Ari's four hit dice"
    assert ari.hp.current > 3
    assert bryn.hit_dice.remaining == 1, "Bryn is unhurt and keeps the die"
    assert world.game_state.minutes == 9 * 60


async def test_long_rest_restores_the_party_and_takes_eight_hours():
    world = table_world()
    world.characters[0].hp.current = 1
    await RulesAgent().handle(ctx(world, "We take a long rest", ActionType.REST, ScriptedRoller()))
    assert world.characters[0].hp.current == 12
    assert world.game_state.minutes == 16 * 60


async def test_no_resting_during_a_fight():
    world = at_mill()
    world.game_state.combat = CombatState(order=[Combatant(id="a", name="Ari", kind="character", initiative=1)])
    before = world.model_dump()
    result = await RulesAgent().handle(ctx(world, "We take a short rest", ActionType.REST, ScriptedRoller()))
    assert result.warnings and world.model_dump() == before


async def test_healing_potion_heals_2d4_plus_2_and_is_used_up():
    world = table_world()
    ari = world.characters[0]
    ari.hp.current = 2
    result = await RulesAgent().handle(ctx(world, "I drink a healing potion", ActionType.INVENTORY, ScriptedRoller()))
    heal = result.dice_rolls[0]
    assert heal.notation == "2d4+2" and 4 <= heal.total <= 10
    assert ari.hp.current == 2 + heal.total
    assert next(i for i in ari.inventory if i.name == "Potion of Healing").quantity == 1


async def test_give_drop_and_pick_up_move_items():
    world = table_world()
    agent = RulesAgent()
    await agent.handle(ctx(world, "I give the rope to Bryn", ActionType.INVENTORY, ScriptedRoller()))
    ari, bryn = world.characters
    assert not any(i.name == "Rope" for i in ari.inventory)
    assert any(i.name == "Rope" and i.quantity == 1 for i in bryn.inventory)
    await agent.handle(ctx(world, "I drop a torch", ActionType.INVENTORY, ScriptedRoller()))
    assert next(i for i in ari.inventory if i.name == "Torch").quantity == 2
    await agent.handle(ctx(world, "I pick up the silver dagger", ActionType.INVENTORY, ScriptedRoller()))
    assert any(i.name == "silver dagger" for i in ari.inventory)
    result = await agent.handle(ctx(world, "I drop the lute", ActionType.INVENTORY, ScriptedRoller()))
    assert result.warnings and result.state_changes == []


def test_default_agents_cover_every_route():
    from engine.play.deciding import AGENT_FOR
    assert set(AGENT_FOR.values()) <= set(default_agents())


async def test_equipping_checks_the_item_is_carried_and_adds_nothing():
    world = table_world()
    agent = RulesAgent()
    result = await agent.handle(ctx(world, "I wield my longbow", ActionType.INVENTORY, ScriptedRoller()))
    assert result.warnings == [] and "Longbow" in result.beats[0]
    result = await agent.handle(ctx(world, "I take off my plate armor", ActionType.INVENTORY, ScriptedRoller()))
    assert result.warnings and result.state_changes == []
    assert len(world.characters[0].inventory) == 3


async def test_a_failed_sneak_is_heard_and_a_failed_climb_costs_time_and_skin():
    from engine.play.agents.rules_agent import RulesAgent

    world = table_world()
    before = world.game_state.minutes
    result = await RulesAgent().handle(ctx(world, "I sneak past the guard", ActionType.SKILL_CHECK,
                                           ScriptedRoller([2])))
    [setback] = [c for c in result.state_changes if c.kind == "setback"]
    assert setback.after["type"] == "noise" and world.game_state.minutes == before
    assert any("was heard at The Crooked Lantern" in f.text for f in result.facts)
    result = await RulesAgent().handle(ctx(world, "I climb the wall", ActionType.SKILL_CHECK, ScriptedRoller([2])))
    [setback] = [c for c in result.state_changes if c.kind == "setback"]
    assert setback.after["type"] == "cost" and world.game_state.minutes > before
    assert "failed Athletics check" in setback.description and "_" not in setback.description
