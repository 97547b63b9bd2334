"""Casting the sample characters' SRD spells from their sheets, in a fight and out of one."""

from __future__ import annotations

import pytest

from engine.models.world import Campaign, HitPoints, SpellSlots
from engine.play.orchestrator import ActionInput, Orchestrator, Resolution
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio
FOES = ["Wrecker Thug", "Giant Crab"]


def _fight(actor: str) -> Campaign:
    return case_world({"location": "Gannet Point", "in_combat": True, "enemies": FOES, "actor": actor})


async def _act(world: Campaign, text: str, actor: str, naturals: list[int] | None = None) -> Resolution:
    return await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, turn=1,
                                                    roller=ScriptedRoller(naturals or [10] * 40)))


def _mine(res: Resolution, who: str) -> list:
    return [r for r in res.dice_rolls if r.roller == who]


def _hp(world: Campaign, name: str) -> int:
    return world.game_state.combat.combatant(name).hp.current


async def test_sacred_flame_is_a_dex_save_with_no_attack_roll() -> None:
    world = _fight("Tova")
    res = await _act(world, "I cast Sacred Flame at the Wrecker Thug", "Tova", naturals=[2] * 40)
    save = next(r for r in res.dice_rolls if r.purpose and "against Sacred Flame" in r.purpose)
    assert save.roller == "Wrecker Thug" and "dex" in save.purpose.lower() and save.dc == 13  # 8 + 2 + WIS 3
    assert not any(r.purpose and "Sacred Flame attack" in r.purpose for r in res.dice_rolls)
    damage = next(r for r in _mine(res, "Tova") if r.purpose == "Sacred Flame radiant damage")
    assert damage.notation == "1d8"
    assert _hp(res.world, "Wrecker Thug") == max(0, 11 - damage.total)
    assert res.world.character("Tova").spell_slots["1"].used == 0, "a cantrip spends no slot"


async def test_magic_missile_hits_without_an_attack_roll() -> None:
    world = _fight("Idris")
    res = await _act(world, "magic missle at the wrecker thug", "Idris")
    assert not [r for r in _mine(res, "Idris") if r.notation.startswith("1d20")]
    darts = next(r for r in _mine(res, "Idris") if r.purpose == "Magic Missile (3 darts)")
    assert darts.notation == "3d4+3"
    assert _hp(res.world, "Wrecker Thug") == max(0, 11 - darts.total)
    assert res.world.character("Idris").spell_slots["1"].used == 1


async def test_magic_missile_upcast_adds_a_dart() -> None:
    world = _fight("Idris")
    world.character("Idris").spell_slots["2"] = SpellSlots(max=1)
    res = await _act(world, "I cast Magic Missile at the giant crab with a 2nd-level slot", "Idris")
    darts = next(r for r in _mine(res, "Idris") if r.purpose and r.purpose.startswith("Magic Missile"))
    assert darts.notation == "4d4+4"
    idris = res.world.character("Idris")
    assert (idris.spell_slots["2"].used, idris.spell_slots["1"].used) == (1, 0)


async def test_guiding_bolt_is_a_spell_attack_from_the_srd_text() -> None:
    world = _fight("Tova")
    res = await _act(world, "I cast Guiding Bolt at the Wrecker Thug", "Tova", naturals=[15] + [10] * 40)
    attack = next(r for r in _mine(res, "Tova") if r.purpose == "Guiding Bolt attack")
    assert attack.notation == "1d20+5"  # proficiency 2 + WIS 3
    damage = next(r for r in _mine(res, "Tova") if r.purpose == "Guiding Bolt radiant damage")
    assert damage.notation == "4d6"


async def test_upcast_cure_wounds_adds_2d8_per_level() -> None:
    world = case_world({"location": "Tarred Gull Inn"})
    tova, bram = world.character("Tova"), world.character("Bram")
    tova.spell_slots["2"] = SpellSlots(max=2)
    bram.hp = HitPoints(current=3, max=20)
    res = await _act(world, "I cast Cure Wounds on Bram using a level 2 slot", "Tova")
    heal = next(r for r in _mine(res, "Tova") if r.purpose == "Cure Wounds on Bram")
    assert heal.notation == "4d8+3"
    assert res.world.character("Bram").hp.current == min(20, 3 + heal.total)
    assert res.world.character("Tova").spell_slots["2"].used == 1


async def test_a_concentration_spell_holds_until_another_replaces_it() -> None:
    world = _fight("Tova")
    res = await _act(world, "I cast Bless on Bram and Wren", "Tova")
    tova = res.world.character("Tova")
    assert tova.concentration == "Bless" and tova.spell_slots["1"].used == 1
    assert [c.name for c in res.world.characters if c.boons] == ["Bram", "Wren"]  # Bless: +1d4, not the DM's
    world = res.world
    world.game_state.combat.turn_index = next(i for i, c in enumerate(world.game_state.combat.order)
                                              if c.name == "Tova")
    world.game_state.combat.order[world.game_state.combat.turn_index].acted_round = 0
    again = await _act(world, "I cast guidance on Bram", "Tova")
    assert again.world.character("Tova").concentration == "Guidance"
    assert any(c.kind == "concentration" and c.before == "Bless" for c in again.state_changes)
    assert not any(c.boons for c in again.world.characters)  # Bless ended with the concentration
    assert any("DM's to adjudicate" in w for w in again.warnings)  # Guidance's effect is still the DM's call


async def test_a_spell_not_on_the_sheet_is_refused_with_what_they_have() -> None:
    world = _fight("Idris")
    res = await _act(world, "I cast Fireball at the thugs", "Idris")
    assert any("Fireball is not on Idris's sheet" in w and "Magic Missile" in w and "Fire Bolt" in w
               for w in res.warnings)
    assert res.world.character("Idris").spell_slots["1"].used == 0
    assert _hp(res.world, "Wrecker Thug") == 11


async def test_no_slot_left_is_refused_with_the_slots_they_have() -> None:
    world = _fight("Idris")
    world.character("Idris").spell_slots["1"].used = 3
    res = await _act(world, "I cast Magic Missile at the thug", "Idris")
    assert any("no level 1+ spell slot left" in w and "level 1: 0/3" in w for w in res.warnings)
    assert _hp(res.world, "Wrecker Thug") == 11 and not res.state_changes


async def test_out_of_a_fight_a_sheet_spell_is_cast_not_rolled_as_a_check() -> None:
    world = case_world({"location": "Tarred Gull Inn"})
    res = await _act(world, "I cast Mage Armor on myself", "Idris")
    assert not res.dice_rolls, "no ability check is rolled for a spell"
    assert res.world.character("Idris").spell_slots["1"].used == 1
    assert res.world.character("Idris").ac == 15  # Mage Armor's effect is the engine's (test_mage_armor.py)
    cantrip = await _act(res.world, "I cast Mage Hand to open the latch", "Idris")
    assert any(w.startswith("Mage Hand is cast; its effect") for w in cantrip.warnings)
    assert cantrip.world.character("Idris").spell_slots["1"].used == 1


async def test_a_detection_spell_out_of_a_fight_is_cast_from_the_sheet_or_refused() -> None:
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": [], "actor": "Idris"})
    cast = await _act(world, "I cast detect magic", "Idris")
    assert cast.world.character("Idris").spell_slots["1"].used == 1  # Detect Magic is on Idris's sheet
    refused = await _act(world, "Tova casts detect magic", "Tova")
    assert refused.dice_rolls == [] and refused.state_changes == []  # no check rolled, no clue found
    assert any("Detect Magic is not on Tova's sheet" in w for w in refused.warnings), refused.warnings
