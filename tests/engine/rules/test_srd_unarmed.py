"""SRD 5.2.1 Unarmed Strike options that force a save, the Grappled escape and standing up from Prone.

Quoted from the SRD 5.2.1 Rules Glossary ("Unarmed Strike", "Grappled", "Prone").
"""

from __future__ import annotations

import pytest

from engine.errors import InvalidInputError
from engine.models.world import Condition
from engine.rules import manoeuvres
from tests.engine.rules.srd_support import Faces, cond, monster, pc


def fighter(**extra: object):
    # STR 16 (+3), level 1 (proficiency +2): the DC is 8 + 3 + 2 = 13.
    return pc("Bram", "fighter", abilities={"str": 16, "dex": 12}, **extra)


def shove(roller, target, option="shove_prone", size="Medium", str_mod=1, dex_mod=1, attacker=None):
    return manoeuvres.unarmed_option(roller, attacker or fighter(), target, option, target_size=size,
                                     str_mod=str_mod, dex_mod=dex_mod)


def test_the_dc_is_8_plus_strength_modifier_plus_proficiency_bonus() -> None:
    # "The DC for the saving throw ... equals 8 plus your Strength modifier and Proficiency Bonus."
    assert manoeuvres.unarmed_dc(fighter()) == 13
    roller = Faces(11)
    shove(roller, monster("Thug"))
    assert roller.calls[0].dc == 13


@pytest.mark.parametrize(("str_mod", "dex_mod", "save"), [(3, 1, "STR"), (0, 4, "DEX"), (2, 2, "STR")])
def test_the_target_chooses_its_better_save(str_mod: int, dex_mod: int, save: str) -> None:
    # "The target must succeed on a Strength or Dexterity saving throw (it chooses which)".
    roller = Faces(10)
    shove(roller, monster("Thug"), str_mod=str_mod, dex_mod=dex_mod)
    assert roller.calls[0].purpose.startswith(f"{save} saving throw")


def test_a_restrained_target_does_not_choose_a_dex_save_it_rolls_at_disadvantage() -> None:
    roller = Faces(10, 10)
    shove(roller, monster("Thug", 30, 12, "restrained"), str_mod=0, dex_mod=4)
    assert roller.calls[0].purpose.startswith("STR saving throw")


def test_a_failed_save_against_a_grapple_gives_the_grappled_condition_with_the_escape_dc() -> None:
    # "...or it has the Grappled condition. The DC for the saving throw and any escape attempts equals..."
    thug = monster("Thug")
    out = shove(Faces(2), thug, option="grapple")
    grip = next(c for c in thug.conditions if c.name == Condition.GRAPPLED)
    assert out.landed and grip.source == "Bram" and grip.escape_dc == 13


def test_a_failed_save_against_a_shove_knocks_prone_or_pushes() -> None:
    # "...or you either push it 5 feet away or cause it to have the Prone condition."
    down, pushed = monster("Thug"), monster("Thug")
    assert shove(Faces(2), down).landed and [c.name for c in down.conditions] == [Condition.PRONE]
    assert shove(Faces(2), pushed, option="shove_push").landed and pushed.conditions == []


def test_a_successful_save_changes_nothing() -> None:
    thug = monster("Thug")
    out = shove(Faces(19), thug, option="grapple")
    assert not out.landed and thug.conditions == [] and out.changes == []


@pytest.mark.parametrize(("size", "allowed"), [("Large", True), ("Huge", False), ("Gargantuan", False)])
def test_only_a_target_no_more_than_one_size_larger(size: str, allowed: bool) -> None:
    # "This grapple is possible only if the target is no more than one size larger than you".
    thug = monster("Thug")
    if allowed:
        shove(Faces(2), thug, size=size)
        return
    roller = Faces(2)
    with pytest.raises(InvalidInputError, match="more than one size larger"):
        shove(roller, thug, option="grapple", size=size)
    assert roller.calls == [] and thug.conditions == []


def test_a_small_attacker_cannot_shove_a_large_target() -> None:
    halfling = fighter(race="halfling")
    assert manoeuvres.character_size(halfling) == "Small"
    with pytest.raises(InvalidInputError):
        shove(Faces(2), monster("Ogre"), size="Large", attacker=halfling)


def test_a_paralyzed_target_fails_the_save_outright() -> None:
    # Paralyzed: "automatically fails Strength and Dexterity saving throws".
    thug = monster("Thug", 30, 12, "paralyzed")
    roller = Faces()
    assert shove(roller, thug, option="grapple").landed
    assert all(c.natural is None for c in roller.calls)


def test_escaping_is_an_athletics_or_acrobatics_check_against_the_escape_dc() -> None:
    # "A grappled creature can use its action to make a Strength (Athletics) or Dexterity (Acrobatics) check
    # against the grapple's escape DC, ending the condition on itself on a success."
    held = pc("Wren", "rogue", abilities={"str": 8, "dex": 16})
    held.conditions.append(cond("grappled"))
    held.conditions[0].escape_dc = 13
    check, changes = manoeuvres.escape_grapple(Faces(12), held)
    assert check.roll.purpose == "Acrobatics check to escape the grapple" and check.dc == 13
    assert check.success and held.conditions == [] and changes
    again = pc("Wren", "rogue", abilities={"str": 8, "dex": 16})
    again.conditions.append(cond("grappled"))
    again.conditions[0].escape_dc = 13
    check, changes = manoeuvres.escape_grapple(Faces(5), again)
    assert not check.success and changes == [] and again.conditions


def test_the_grappled_creature_attacks_others_than_the_grappler_at_disadvantage() -> None:
    # Grappled: "You have Disadvantage on attack rolls against any target other than the grappler."
    grip = cond("grappled")
    grip.source = "Bram"
    assert manoeuvres.grappled_by_another([grip], "Wren") is True
    assert manoeuvres.grappled_by_another([grip], "Bram") is False


def test_a_prone_creature_stands_up_unless_its_speed_is_0() -> None:
    # Prone: "you can right yourself ... by spending movement equal to half your Speed"; Grappled: "Speed 0".
    down = monster("Thug", 30, 12, "prone")
    assert manoeuvres.stand_up(down, 30) and down.conditions == []
    held = monster("Thug", 30, 12, "prone", "grappled")
    assert manoeuvres.stand_up(held, 30) == [] and len(held.conditions) == 2
