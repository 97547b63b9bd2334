"""Spawning SRD monsters through the SessionManager and fighting them under the combat rules."""

from __future__ import annotations

import pytest

from engine.errors import InvalidInputError, NotFoundError

pytestmark = pytest.mark.anyio


def world(manager, sid: str):
    return manager._open[sid].state.world


async def test_spawn_into_the_scene_then_the_fight_numbers_them(manager, campaign) -> None:
    s = await manager.start_session(campaign, name="goblins", seed=3)
    done = await manager.spawn(s.session_id, "goblin warior", 3)
    assert not done.in_fight and done.names == ["Goblin Warrior"] * 3
    assert "wait at Tarred Gull Inn" in done.message
    w = world(manager, s.session_id)
    block = w.monster("Goblin Warrior")
    assert block is not None and (block.srd, block.ac, block.hp, block.hit_dice) == ("Goblin Warrior", 15, 10, "3d6")
    assert w.location("Tarred Gull Inn").encounter == ["Goblin Warrior"] * 3
    await manager.player_action(s.session_id, "I attack the goblin warrior with my longsword", "Bram")
    combat = world(manager, s.session_id).game_state.combat
    assert combat is not None
    goblins = sorted(c.name for c in combat.order if c.kind == "monster")
    assert goblins == ["Goblin Warrior 1", "Goblin Warrior 2", "Goblin Warrior 3"]


async def test_spawn_into_a_running_fight_rolls_hp_and_initiative(manager, campaign) -> None:
    s = await manager.start_session(campaign, name="reinforcements", seed=5)
    await manager.apply_change(s.session_id, "move", None, "Gannet Point")
    await manager.player_action(s.session_id, "I attack the Wrecker Thug", "Bram")
    if world(manager, s.session_id).game_state.combat is None:
        pytest.skip("the fight ended at once")
    done = await manager.spawn(s.session_id, "Skeleton", 2, hp="roll")
    assert done.in_fight and done.names == ["Skeleton 1", "Skeleton 2"]
    purposes = [r.purpose for r in done.dice_rolls]
    assert purposes.count("initiative") == 2 and "Skeleton 1's hit points" in purposes
    combat = world(manager, s.session_id).game_state.combat
    skeleton = combat.combatant("Skeleton 1")
    hp_roll = next(r for r in done.dice_rolls if r.purpose == "Skeleton 1's hit points")
    assert skeleton.hp.max == max(1, hp_roll.total) and skeleton.ac == 14
    assert "bludgeoning" in skeleton.defenses.vulnerabilities and "poison" in skeleton.defenses.immunities
    assert "poisoned" in skeleton.defenses.condition_immunities
    # Condition immunities are honoured by the DM's own changes: refused, nothing changes.
    with pytest.raises(InvalidInputError, match="immune to the poisoned condition"):
        await manager.apply_change(s.session_id, "condition_add", "Skeleton 1", "poisoned")
    undone = await manager.undo_last(s.session_id)
    assert "/spawn" in undone.undone_action
    assert world(manager, s.session_id).game_state.combat.combatant("Skeleton 1") is None


async def test_a_fight_against_spawned_srd_monsters_runs_to_the_end(manager, campaign) -> None:
    """The party fights two SRD goblins until the fight ends; monsters attack with their SRD attacks."""
    s = await manager.start_session(campaign, name="brawl", seed=11)
    await manager.spawn(s.session_id, "Goblin Warrior", 2)
    await manager.player_action(s.session_id, "I attack the goblin warrior", "Bram")
    monster_attacks = 0
    for _ in range(60):
        w = world(manager, s.session_id)
        combat = w.game_state.combat
        if combat is None:
            break
        actor = combat.current.name
        reply = await manager.player_action(s.session_id, "I attack the goblin warrior", actor)
        monster_attacks += sum(1 for r in reply.dice_rolls if r.roller.startswith("Goblin Warrior")
                               and r.purpose and "attack" in r.purpose.lower())
    w = world(manager, s.session_id)
    assert w.game_state.combat is None, "the fight should end"
    assert monster_attacks > 0
    assert all(pc.xp > 300 for pc in w.characters if not pc.dead), "defeated SRD goblins give their XP"


async def test_spawn_refuses_over_the_cap_and_unknown_names(manager, campaign) -> None:
    s = await manager.start_session(campaign, name="horde", seed=1)
    with pytest.raises(InvalidInputError, match="1 to 20"):
        await manager.spawn(s.session_id, "Goblin Warrior", 21)
    with pytest.raises(NotFoundError, match="Closest: "):
        await manager.spawn(s.session_id, "Gobbledygook Zzyzx", 1)
    with pytest.raises(InvalidInputError, match="Rolled HP are for creatures joining a fight"):
        await manager.spawn(s.session_id, "Goblin Warrior", 2, hp="roll")
    assert world(manager, s.session_id).monster("Goblin Warrior") is None, "a refused spawn changes nothing"


async def test_a_multiattack_monster_attacks_as_often_as_its_stat_block_says(manager, campaign) -> None:
    s = await manager.start_session(campaign, name="captain", seed=4)
    await manager.spawn(s.session_id, "Bandit Captain")
    await manager.player_action(s.session_id, "I attack the bandit captain", "Bram")
    turns = []
    for _ in range(8):
        combat = world(manager, s.session_id).game_state.combat
        if combat is None:
            break
        reply = await manager.player_action(s.session_id, "I take the Dodge action", combat.current.name)
        attacks = [r for r in reply.dice_rolls if r.roller == "Bandit Captain" and r.purpose == "Scimitar attack"]
        hp_left = [c.after for c in reply.state_changes if c.kind == "hp"]
        if attacks:
            turns.append((len(attacks), hp_left))
    assert turns, "the captain never took a turn"
    # "The bandit makes two attacks": two Scimitar attacks a turn, unless the first one dropped its target.
    assert all(n == 2 or 0 in hp for n, hp in turns)


async def test_a_dragon_breathes_on_the_party_then_waits_for_the_recharge(manager, campaign) -> None:
    s = await manager.start_session(campaign, name="wyrmling", seed=9)
    await manager.spawn(s.session_id, "Red Dragon Wyrmling")
    await manager.player_action(s.session_id, "I attack the red dragon wyrmling", "Bram")
    breaths, recharges = [], []
    for _ in range(12):
        combat = world(manager, s.session_id).game_state.combat
        if combat is None or all(pc.hp.current <= 0 for pc in world(manager, s.session_id).characters):
            break
        reply = await manager.player_action(s.session_id, "I take the Dodge action", combat.current.name,
                                            out_of_turn=False)
        saves = [r for r in reply.dice_rolls if r.purpose and "Fire Breath" in r.purpose and r.roller != "Red Dragon Wyrmling"]
        if saves:
            breaths.append({r.roller for r in saves})
        recharges += [r for r in reply.dice_rolls if r.purpose == "Fire Breath recharge (5-6)"]
    assert breaths, "the wyrmling never breathed"
    # A 15-foot cone: "each creature" in it saves (every standing character, as the engine assumes).
    assert len(breaths[0]) >= 2 and breaths[0] <= {"Bram", "Wren", "Tova", "Idris"}
    assert recharges or len(breaths) == 1, "a second breath needs a recharge roll of 5 or 6 first"
