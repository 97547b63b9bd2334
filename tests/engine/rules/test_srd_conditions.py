"""Every SRD 5.2 condition's effect on rolls and actions, one table row per rule (issue 12).

Each row quotes the SRD 5.2.1 condition text (as dndwright's `load_content("conditions")` gives it) and
checks the engine against it, not against the engine's own table.
"""

from __future__ import annotations

import pytest

from engine import rules
from engine.models.world import Attack
from tests.engine.rules.srd_support import Faces, cond, monster, pc

SWORD = Attack(name="Longsword", to_hit=5, damage="1d8+3")
BOW = Attack(name="Longbow", to_hit=5, damage="1d8+3", damage_type="piercing")

# (condition, quote, attacker's own roll, melee roll against it, ranged roll against it)
ATTACKS = [
    ("blinded", "Attack rolls against the creature have advantage, and the creature's attack rolls have "
                "disadvantage.", "disadvantage", "advantage", "advantage"),
    ("frightened", "disadvantage on ability checks and attack rolls", "disadvantage", None, None),
    ("invisible", "Attack rolls against the creature have disadvantage, and the creature's attack rolls have "
                  "advantage.", "advantage", "disadvantage", "disadvantage"),
    ("paralyzed", "Attack rolls against the creature have advantage.", None, "advantage", "advantage"),
    ("petrified", "Attack rolls against the creature have advantage.", None, "advantage", "advantage"),
    ("poisoned", "A poisoned creature has disadvantage on attack rolls", "disadvantage", None, None),
    ("prone", "The creature has disadvantage on attack rolls. An attack roll against the creature has advantage "
              "if the attacker is within 5 feet, otherwise disadvantage.", "disadvantage", "advantage",
     "disadvantage"),
    ("restrained", "Attack rolls against the creature have advantage, and the creature's attack rolls have "
                   "disadvantage.", "disadvantage", "advantage", "advantage"),
    ("stunned", "Attack rolls against the creature have advantage.", None, "advantage", "advantage"),
    # Unconscious: "falls prone" and "Attack rolls against the creature have advantage": from afar the prone
    # disadvantage and the advantage cancel; its own attacks (if it could make any) are a prone creature's.
    ("unconscious", "Attack rolls against the creature have advantage.", "disadvantage", "advantage", None),
    ("charmed", "can't attack the charmer", None, None, None),
    ("deafened", "can't hear", None, None, None),
    ("grappled", "speed becomes 0", None, None, None),
]


@pytest.mark.parametrize(("name", "quote", "own", "melee", "ranged"), ATTACKS)
def test_condition_changes_attack_rolls_as_the_srd_says(name, quote, own, melee, ranged) -> None:
    assert quote
    assert rules.attack_advantage([cond(name)], [], False, set()) == own
    assert rules.attack_advantage([], [cond(name)], False, set()) == melee
    assert rules.attack_advantage([], [cond(name)], False, set(), ranged=True) == ranged


# "An incapacitated creature can't take actions or reactions"; paralyzed, petrified, stunned and
# unconscious each say "is incapacitated".
@pytest.mark.parametrize("name", ["incapacitated", "paralyzed", "petrified", "stunned", "unconscious"])
def test_incapacitating_conditions_stop_a_creature_acting(name) -> None:
    assert rules.why_cannot_act([cond(name)]) == name


@pytest.mark.parametrize("name", ["blinded", "charmed", "deafened", "frightened", "grappled", "invisible",
                                  "poisoned", "prone", "restrained"])
def test_other_conditions_leave_the_creature_able_to_act(name) -> None:
    assert rules.why_cannot_act([cond(name)]) is None


# Paralyzed / unconscious: "Any attack that hits the creature is a critical hit if the attacker is within 5 feet."
@pytest.mark.parametrize(("name", "weapon", "critical"), [
    ("paralyzed", SWORD, True), ("unconscious", SWORD, True), ("paralyzed", BOW, False), ("stunned", SWORD, False)])
def test_melee_hits_within_5_feet_on_paralyzed_or_unconscious_are_critical(name, weapon, critical) -> None:
    roller = Faces(12)  # a plain hit, not a natural 20
    result = rules.attack(roller, "Aria", weapon, 10, auto_critical=rules.is_auto_critical(
        [cond(name)], ranged=rules.is_ranged(weapon)))
    assert result.hit and result.critical is critical
    assert ("(critical)" in (result.damage_roll.purpose or "")) is critical


# Paralyzed, stunned, petrified (and unconscious): "automatically fails Strength and Dexterity saving throws".
@pytest.mark.parametrize("name", ["paralyzed", "stunned", "petrified", "unconscious"])
@pytest.mark.parametrize("ability", ["str", "dex"])
def test_str_and_dex_saves_fail_automatically(name, ability) -> None:
    roller = Faces(20)
    save = rules.saving_throw(roller, pc(conditions=[cond(name)]), ability, 5)
    assert not save.success and roller.calls == []  # no die is rolled
    assert rules.saving_throw(Faces(20), pc(conditions=[cond(name)]), "wis", 5).success


def test_restrained_has_disadvantage_on_dex_saves_only() -> None:
    # Restrained: "The creature has disadvantage on Dexterity saving throws."
    roller = Faces(15, 15)
    rules.saving_throw(roller, pc(conditions=[cond("restrained")]), "dex", 10)
    rules.saving_throw(roller, pc(conditions=[cond("restrained")]), "con", 10)
    assert [r.advantage for r in roller.calls] == ["disadvantage", None]


@pytest.mark.parametrize("name", ["poisoned", "frightened"])
def test_poisoned_and_frightened_have_disadvantage_on_ability_checks(name) -> None:
    # Poisoned: "disadvantage on attack rolls and ability checks"; frightened likewise while the source is seen.
    roller = Faces(15)
    rules.ability_check(roller, pc(conditions=[cond(name)]), "athletics", 10)
    assert roller.calls[0].advantage == "disadvantage"


def test_advantage_and_disadvantage_on_a_check_cancel() -> None:
    # SRD: "If circumstances cause a roll to have both Advantage and Disadvantage ... you roll one d20."
    roller = Faces(15)
    rules.ability_check(roller, pc(conditions=[cond("poisoned")]), "stealth", 10, advantage="advantage")
    assert roller.calls[0].advantage is None


@pytest.mark.parametrize("level", [1, 3, 5])
def test_exhaustion_takes_two_per_level_off_every_d20_test_and_five_feet_of_speed(level) -> None:
    # SRD 5.2: "When you make a D20 Test, the roll is reduced by 2 times your Exhaustion level" and
    # "Your Speed is reduced by a number of feet equal to 5 times your Exhaustion level."
    tired = pc(conditions=[cond("exhaustion", level)])
    check = rules.ability_check(Faces(10), tired, "str", 1)
    save = rules.saving_throw(Faces(10), tired, "con", 1)
    hit = rules.attack(Faces(10), tired.name, SWORD, 1, penalty=rules.effects(tired.conditions).d20_penalty)
    assert check.roll.total == 10 - 2 * level and save.roll.total == 10 - 2 * level
    assert hit.attack_roll.total == 15 - 2 * level
    assert rules.conditions.speed(30, tired.conditions) == 30 - 5 * level


def test_exhaustion_level_6_is_death() -> None:
    # SRD 5.2: "If your Exhaustion level is 6, you die."
    tired = pc(conditions=[cond("exhaustion", 5)])
    rules.add_condition(tired, "exhaustion")
    assert tired.dead


@pytest.mark.parametrize("name", ["grappled", "restrained", "paralyzed", "stunned", "unconscious", "petrified"])
def test_conditions_that_stop_movement_make_speed_zero(name) -> None:
    # Grappled / restrained: "speed becomes 0"; paralyzed, petrified, unconscious: "can't move".
    assert rules.conditions.speed(30, [cond(name)]) == 0


def test_petrified_creature_resists_all_damage() -> None:
    # Petrified: "It has resistance to all damage."
    statue = monster("Goblin", 30, 12, "petrified")
    rules.apply_damage(statue, 9)
    assert statue.hp.current == 30 - 4


def test_a_natural_1_on_a_check_or_save_is_no_fumble() -> None:
    # SRD: a natural 1 or 20 is special for attack rolls (and death saves); an ability check shows no FUMBLE.
    check = rules.ability_check(Faces(1), pc(), "athletics", 10)
    save = rules.saving_throw(Faces(20), pc(), "wis", 25)
    assert check.roll.natural == 1 and not check.roll.fumble and not check.roll.critical
    assert save.roll.natural == 20 and not save.roll.critical and not save.success


def test_initiative_is_a_dexterity_check_so_poison_and_exhaustion_reach_it() -> None:
    # SRD 5.2 Initiative: "roll Initiative ... a Dexterity check"; poisoned gives checks disadvantage.
    roller = Faces(10)
    roll = rules.roll_initiative(roller, "Aria", 2, [cond("poisoned"), cond("exhaustion", 2)])
    assert roll.advantage == "disadvantage" and roll.total == 10 + 2 - 4
