"""SRD 5.2 saving-throw spells, concentration, stabilizing, death saves and the long rest (issue 12).

Spell rows quote the SRD 5.2.1 spell text as dndwright's `load_content("spells")` gives it.
"""

from __future__ import annotations

import pytest

from engine import rules
from engine.errors import InvalidInputError
from engine.models.world import Condition, SpellSlots
from tests.engine.rules.srd_support import Faces, cond, monster, pc


def cleric(**extra: object):
    return pc("Tova", "cleric", abilities={"wis": 16}, spell_slots={"1": SpellSlots(max=2), "2": SpellSlots(max=2)},
              level=3, **extra)


# ---- spells that force a save ----

def test_sacred_flame_is_a_dex_save_with_no_attack_roll() -> None:
    # "The target must succeed on a Dexterity saving throw or take 1d8 Radiant damage."
    spell = rules.SAVE_SPELLS["sacred flame"]
    assert (spell.save, spell.damage, spell.damage_type, spell.half_on_success) == ("dex", "1d8", "radiant", False)
    thug = monster("Thug", 30)
    roller = Faces(2)
    out = rules.cast_save_spell(roller, cleric(), spell, [(thug, 0)], [thug])
    assert [r.purpose for r in roller.calls if r.natural is not None] == ["DEX saving throw against Sacred Flame"]
    assert not any("attack" in (r.purpose or "") for r in roller.calls)
    assert thug.hp.current < 30 and out.rolls[0].dc == 8 + 2 + 3  # 8 + proficiency + WIS modifier


def test_sacred_flame_deals_nothing_on_a_successful_save() -> None:
    thug = monster("Thug", 30)
    out = rules.cast_save_spell(Faces(19), cleric(), rules.SAVE_SPELLS["sacred flame"], [(thug, 0)], [thug])
    assert thug.hp.current == 30
    assert not any("damage" in (r.purpose or "") for r in out.rolls)  # no damage roll that hurt nobody


@pytest.mark.parametrize(("name", "ability"), [("burning hands", "dex"), ("thunderwave", "con")])
def test_area_spells_deal_half_damage_on_a_successful_save(name, ability) -> None:
    # Burning Hands: "taking 3d6 Fire damage on a failed save or half as much damage on a successful one";
    # Thunderwave: "On a successful save, a creature takes half as much damage only."
    wizard = pc("Idris", "wizard", abilities={"int": 16}, spell_slots={"1": SpellSlots(max=2)})
    spell = rules.SAVE_SPELLS[name]
    assert spell.save == ability and spell.half_on_success
    failed, saved = monster("A", 50), monster("B", 50)
    out = rules.cast_save_spell(Faces(2, 19), wizard, spell, [(failed, 0), (saved, 0)], [failed, saved])
    damage = out.rolls[-1].total
    assert 50 - failed.hp.current == damage and 50 - saved.hp.current == damage // 2


def test_paralyzed_target_fails_a_dex_save_without_rolling() -> None:
    held = monster("Thug", 30, 12, "paralyzed")
    roller = Faces(20)
    rules.cast_save_spell(roller, cleric(), rules.SAVE_SPELLS["sacred flame"], [(held, 5)], [held])
    assert not any(r.natural == 20 for r in roller.calls) and held.hp.current < 30


def test_hold_person_paralyzes_on_a_failed_wis_save_and_is_shaken_off_on_a_later_save() -> None:
    # "must succeed on a Wisdom saving throw or have the Paralyzed condition for the duration. At the end of
    # each of its turns, the target repeats the save, ending the spell on itself on a success."
    caster, thug = cleric(), monster("Thug", 30)
    world = rules_world(caster, thug)
    rules.cast_save_spell(Faces(3), caster, rules.SAVE_SPELLS["hold person"], [(thug, 0)], [thug])
    assert thug.conditions[0].name == Condition.PARALYZED and caster.concentration == "Hold Person"
    assert rules.why_cannot_act(thug.conditions) == "paralyzed"
    rolls, changes = rules.end_of_turn_saves(Faces(19), world, thug)
    assert rolls[0].purpose.startswith("WIS saving throw") and thug.conditions == []


# ---- concentration ----

@pytest.mark.parametrize(("damage", "dc"), [(1, 10), (19, 10), (22, 11), (40, 20), (100, 30)])
def test_concentration_dc_is_ten_or_half_the_damage(damage, dc) -> None:
    # SRD 5.2: "The DC equals 10 or half the damage taken (round down), whichever number is higher, up to a
    # maximum DC of 30."
    assert rules.concentration_dc(damage) == dc


def test_a_failed_con_save_ends_concentration_and_its_effects() -> None:
    caster, thug = cleric(), monster("Thug", 30)
    rules.cast_save_spell(Faces(3), caster, rules.SAVE_SPELLS["hold person"], [(thug, 0)], [thug])
    roll, changes = rules.after_damage(Faces(2), caster, 8, 0, [thug])
    assert roll is not None and roll.dc == 10 and not roll.success
    assert caster.concentration is None and thug.conditions == []


def test_a_successful_con_save_keeps_concentration() -> None:
    caster, thug = cleric(), monster("Thug", 30)
    rules.cast_save_spell(Faces(3), caster, rules.SAVE_SPELLS["hold person"], [(thug, 0)], [thug])
    roll, changes = rules.after_damage(Faces(15), caster, 8, 0, [thug])
    assert roll.success and changes == [] and caster.concentration == "Hold Person"


def test_only_one_concentration_spell_at_a_time() -> None:
    # SRD: "you lose Concentration ... if you cast another spell that requires Concentration".
    caster, a, b = cleric(), monster("A", 30), monster("B", 30)
    rules.cast_save_spell(Faces(3), caster, rules.SAVE_SPELLS["hold person"], [(a, 0)], [a, b])
    rules.cast_save_spell(Faces(3), caster, rules.SAVE_SPELLS["hold person"], [(b, 0)], [a, b])
    assert a.conditions == [] and b.conditions[0].name == Condition.PARALYZED


def test_an_incapacitated_caster_loses_concentration() -> None:
    caster, thug = cleric(), monster("Thug", 30)
    rules.cast_save_spell(Faces(3), caster, rules.SAVE_SPELLS["hold person"], [(thug, 0)], [thug])
    caster.conditions.append(cond("stunned"))
    roll, changes = rules.after_damage(Faces(20), caster, 3, 5, [thug])
    assert roll is None and caster.concentration is None


# ---- dying, stabilizing, resting ----

def dying_pc():
    return pc("Bram", hp=0, conditions=[cond("unconscious")])


@pytest.mark.parametrize(("natural", "stable"), [(10, True), (9, False)])
def test_stabilize_is_a_dc_10_medicine_check_and_makes_the_creature_stable(natural, stable) -> None:
    # SRD 5.2: "... which requires a successful DC 10 Wisdom (Medicine) check." (healer WIS 10: +0)
    patient = dying_pc()
    roll, changes = rules.stabilize(Faces(natural), pc("Wren"), patient)
    assert roll.dc == 10 and patient.stable is stable
    assert patient.unconscious  # "it still has the Unconscious condition"


def test_a_stable_creature_makes_no_death_saves() -> None:
    patient = dying_pc()
    rules.stabilize(Faces(15), pc("Wren"), patient)
    with pytest.raises(InvalidInputError, match="stable"):
        rules.death_save(Faces(10), patient)


@pytest.mark.parametrize(("natural", "successes", "failures"), [(10, 1, 0), (9, 0, 1), (1, 0, 2)])
def test_death_saves(natural, successes, failures) -> None:
    # "roll a d20 ... If the roll is 10 or higher, you succeed. Otherwise, you fail." A 1 counts as two failures.
    patient = dying_pc()
    rules.death_save(Faces(natural), patient)
    assert (patient.death_saves.successes, patient.death_saves.failures) == (successes, failures)


def test_a_natural_20_death_save_regains_one_hit_point() -> None:
    patient = dying_pc()
    rules.death_save(Faces(20), patient)
    assert patient.hp.current == 1 and not patient.unconscious


def test_a_long_rest_needs_at_least_one_hit_point() -> None:
    # SRD 5.2 Long Rest: you need "at least 1 Hit Point at the start of the rest to gain its benefits".
    with pytest.raises(InvalidInputError, match="at least 1 HP"):
        rules.long_rest(dying_pc())
    hurt = pc(hp=1)
    rules.long_rest(hurt)
    assert hurt.hp.current == hurt.hp.max


def rules_world(*creatures):
    from engine.models.world import Campaign, CombatState, GameState, Monster
    chars = [c for c in creatures if not hasattr(c, "kind")]
    foes = [c for c in creatures if hasattr(c, "kind")]
    return Campaign(name="t", characters=chars, game_state=GameState(party_location="x",
                                                                      combat=CombatState(order=foes)),
                    monsters=[Monster(name=f.monster, hp=f.hp.max) for f in foes])


def test_a_dm_stunning_a_concentrating_caster_ends_the_spell() -> None:
    # SRD 5.2 Concentration: it ends "if you have the Incapacitated condition".
    from engine.rules.dm_ops import apply_change
    caster, thug = cleric(), monster("Thug", 30)
    world = rules_world(caster, thug)
    rules.cast_save_spell(Faces(3), caster, rules.SAVE_SPELLS["hold person"], [(thug, 0)], [thug])
    apply_change(world, "condition_add", "Tova", "stunned")
    assert caster.concentration is None and world.game_state.combat.order[0].conditions == []
