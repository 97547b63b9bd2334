"""Bless and Bane (SRD 5.2.1), quoted from the spell text as dndwright's spell data gives it.

Bless: "You bless up to three creatures within range. Whenever a target makes an attack roll or a saving
throw before the spell ends, the target adds 1d4 to the attack roll or save. Using a Higher-Level Spell
Slot. You can target one additional creature for each spell slot level above 1."
Bane: "Up to three creatures of your choice ... must each make a Charisma saving throw. Whenever a target
that fails this save makes an attack roll or a saving throw before the spell ends, the target must
subtract 1d4 from the attack roll or save."
"""

from __future__ import annotations

import pytest

from engine import rules
from engine.content.spell_mechanics import mechanics
from engine.errors import InvalidInputError
from engine.models.world import Attack, SpellSlots
from engine.rules.concentration import after_damage
from tests.engine.rules.srd_support import Faces, monster, pc


def cleric(**extra: object):
    return pc("Tova", "cleric", abilities={"wis": 16}, spell_slots={"1": SpellSlots(max=2), "2": SpellSlots(max=1)},
              level=3, **extra)


def bless(caster, *targets, slot: int | None = None, roller=None):
    return rules.cast_spell(roller or Faces(), caster, mechanics("Bless"), [(t, 0) for t in targets], slot=slot,
                            everyone=list(targets))


SWORD = Attack(name="Longsword", to_hit=5, damage="1d8+3")


def test_a_blessed_attack_roll_adds_1d4() -> None:
    tova, bram = cleric(), pc("Bram")
    bless(tova, bram)
    out = rules.attack(Faces(9), "Bram", SWORD, 15, boons=bram.boons)
    added = out.attack_roll.total - 14  # d20 9 + 5
    assert 1 <= added <= 4 and "Bless 1d4" in (out.attack_roll.detail or "")
    assert out.hit == (out.attack_roll.total >= 15)


def test_a_blessed_saving_throw_adds_1d4_and_can_turn_a_failure_into_a_success() -> None:
    tova, wren = cleric(), pc("Wren", "rogue")
    bless(tova, wren)
    check = rules.saving_throw(Faces(12), wren, "wis", 13)  # 12 + 0: fails without Bless, passes with +1..4
    assert check.success and check.roll.total >= 13 and "Bless" in (check.roll.detail or "")


def test_bless_takes_three_creatures_and_one_more_per_slot_level_above_1() -> None:
    party = [pc(n) for n in ("A", "B", "C", "D")]
    with pytest.raises(InvalidInputError, match="1 to 3 creatures"):
        bless(cleric(), *party)
    tova = cleric()
    bless(tova, *party, slot=2)
    assert all(p.boons for p in party)


def test_refusing_too_many_targets_spends_no_slot() -> None:
    tova = cleric()
    with pytest.raises(InvalidInputError):
        bless(tova, *[pc(n) for n in ("A", "B", "C", "D")])
    assert tova.spell_slots["1"].used == 0 and tova.concentration is None


def test_bless_ends_with_the_casters_concentration() -> None:
    tova, bram = cleric(), pc("Bram")
    bless(tova, bram)
    assert tova.concentration == "Bless" and bram.boons
    # A failed concentration save ("DC 10 or half the damage") ends the spell, and the boon with it.
    _, changes = after_damage(Faces(2), tova, 8, 0, [bram, tova])
    assert tova.concentration is None and bram.boons == []
    assert any(c.kind == "boon_remove" and c.target == "Bram" for c in changes)


def test_casting_another_concentration_spell_ends_bless() -> None:
    tova, bram = cleric(), pc("Bram")
    bless(tova, bram)
    rules.begin_concentration(tova, "Shield of Faith", [bram])
    assert bram.boons == []


def test_bane_subtracts_1d4_only_from_those_who_fail_the_charisma_save() -> None:
    tova = cleric()
    weak, strong = monster("Thug"), monster("Captain")
    out = rules.cast_spell(Faces(3, 19), tova, mechanics("Bane"), [(weak, 0), (strong, 0)], everyone=[weak, strong])
    saves = [r for r in out.rolls if "saving throw" in (r.purpose or "")]
    assert [s.purpose.split()[0] for s in saves] == ["CHA", "CHA"]
    assert weak.boons and not strong.boons
    hit = rules.attack(Faces(10), "Thug", SWORD, 12, boons=weak.boons)
    assert 11 <= hit.attack_roll.total <= 14  # 10 + 5 - 1d4
