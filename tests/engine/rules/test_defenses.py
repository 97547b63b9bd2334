"""Resistances, immunities, vulnerabilities and saves from SRD stat blocks, honoured by the rules."""

from __future__ import annotations

import pytest

from engine import rules
from engine.content.bestiary import to_monster
from engine.content.catalogue import find_creature
from engine.errors import InvalidInputError
from engine.models.world import Campaign, CombatState, GameState


def _instance(name: str):
    block = to_monster(find_creature(name))
    return block, block.combatant(block.name, 10)


def test_vulnerability_doubles_immunity_zeroes_resistance_halves() -> None:
    _, skeleton = _instance("Skeleton")
    assert rules.adjust_damage(skeleton, 5, "bludgeoning")[0] == 10
    assert rules.adjust_damage(skeleton, 5, "poison") == (0, "Skeleton is immune to poison damage (5 -> 0)")
    assert rules.adjust_damage(skeleton, 5, "slashing") == (5, None)
    _, wight = _instance("Wight")
    assert "necrotic" in wight.defenses.resistances
    assert rules.adjust_damage(wight, 7, "Necrotic")[0] == 3


def test_condition_immunity_refuses_the_condition() -> None:
    _, skeleton = _instance("Skeleton")
    with pytest.raises(InvalidInputError, match="immune to the poisoned condition"):
        rules.add_condition(skeleton, "poisoned")
    assert skeleton.conditions == []
    assert rules.add_condition(skeleton, "prone")


def test_a_monster_saves_with_its_stat_block_bonus() -> None:
    block, aboleth = _instance("Aboleth")
    world = Campaign(name="t", monsters=[block], game_state=GameState(party_location="x",
                                                                      combat=CombatState(order=[aboleth])))
    assert rules.save_modifier(world, aboleth, "dex") == 3  # proficient: +3, though DEX 9 gives -1
    assert rules.save_modifier(world, aboleth, "str") == 5  # not listed: the ability modifier


def test_srd_attacks_keep_bonus_damage_and_range() -> None:
    block = to_monster(find_creature("Goblin Warrior"))
    scimitar, bow = block.attacks
    assert (scimitar.to_hit, scimitar.damage, scimitar.damage_type, rules.is_ranged(scimitar)) == \
        (4, "1d6+2", "slashing", False)
    assert (bow.name, rules.is_ranged(bow)) == ("Shortbow", True)
    dragon = to_monster(find_creature("Adult Red Dragon"))
    breath = next(a for a in dragon.save_actions if a.name.startswith("Fire Breath"))
    assert (breath.save_ability, breath.save_dc, breath.damage_type, breath.half_on_success) == ("dex", 21, "fire", True)


def test_multiattack_counts_come_from_the_stat_block_text() -> None:
    from engine.content.bestiary import multiattack

    counts = {name: multiattack(find_creature(name)) for name in
              ("Goblin Warrior", "Bandit Captain", "Adult Red Dragon", "Cloaker", "Behir")}
    # Cloaker: "one Attach attack and two Tail attacks"; Behir: "one Bite attack and uses Constrict".
    assert counts == {"Goblin Warrior": 1, "Bandit Captain": 2, "Adult Red Dragon": 3, "Cloaker": 3, "Behir": 1}
