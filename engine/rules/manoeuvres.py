"""Grapple and Shove: the Unarmed Strike options that force a saving throw (SRD 5.2.1, Rules Glossary).

"The target must succeed on a Strength or Dexterity saving throw (it chooses which), or it has the
Grappled condition" / "or you either push it 5 feet away or cause it to have the Prone condition. The
DC for the saving throw [and any escape attempts] equals 8 plus your Strength modifier and Proficiency
Bonus." Either is possible "only if the target is no more than one size larger than you". A grappled
creature escapes with a Strength (Athletics) or Dexterity (Acrobatics) check against that DC; a prone
one stands up by spending half its Speed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Character, Condition
from engine.rules.checks import CheckResult, ability_check, creature_save
from engine.rules.conditions import save_mode, speed
from engine.rules.dice import DiceRoller
from engine.rules.health import add_condition, remove_condition
from engine.rules.helpers import Target

SIZES = ("Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan")
# SRD 5.2 species that are Small; every other species is Medium.
_SMALL_SPECIES = frozenset({"halfling", "gnome"})

Option = Literal["grapple", "shove_prone", "shove_push"]


@dataclass
class ManoeuvreOutcome:
    rolls: list[DiceRoll] = field(default_factory=list)
    changes: list[StateChange] = field(default_factory=list)
    landed: bool = False


def character_size(pc: Character) -> str:
    return "Small" if pc.race.strip().lower() in _SMALL_SPECIES else "Medium"


def unarmed_dc(pc: Character) -> int:
    return 8 + pc.abilities.modifier("str") + pc.proficiency_bonus


def _size_index(size: str) -> int:
    wanted = size.strip().lower()
    return next((i for i, s in enumerate(SIZES) if s.lower() == wanted), SIZES.index("Medium"))


def _chosen_save(target: Target, str_mod: int, dex_mod: int) -> str:
    """The save the target chooses: the better one, counting a DEX save it would roll at disadvantage
    (restrained) as worse. A creature that fails both outright has nothing to choose."""
    _, dex_mode = save_mode(target.conditions, "dex")
    return "dex" if dex_mod > str_mod and dex_mode != "disadvantage" else "str"


def unarmed_option(roller: DiceRoller, attacker: Character, target: Target, option: Option, *,
                   target_size: str, str_mod: int, dex_mod: int) -> ManoeuvreOutcome:
    """Grapple or shove `target`; its STR and DEX save modifiers are given. Raises InvalidInputError,
    rolling and changing nothing, when the target is too big or already held by this attacker."""
    if _size_index(target_size) > _size_index(character_size(attacker)) + 1:
        verb = "grapple" if option == "grapple" else "shove"
        raise InvalidInputError(f"{attacker.name} cannot {verb} {target.name}: a {target_size} creature is more "
                                f"than one size larger than a {character_size(attacker)} one. Nothing was rolled.")
    held = next((c for c in target.conditions if c.name == Condition.GRAPPLED), None)
    if option == "grapple" and held is not None and held.source == attacker.name:
        raise InvalidInputError(f"{target.name} is already grappled by {attacker.name}. Nothing was rolled.")
    dc = unarmed_dc(attacker)
    ability = _chosen_save(target, str_mod, dex_mod)
    check = creature_save(roller, target.name, str_mod if ability == "str" else dex_mod, target.conditions, ability, dc,
                          boons=target.boons)
    # "DEX saving throw against shove": the narrator says whose ("Bram's shove"), the log shows the turn's.
    check.roll.purpose = f"{check.roll.purpose} against " + ("grapple" if option == "grapple" else "shove")
    out = ManoeuvreOutcome(rolls=[check.roll], landed=not check.success)
    if check.success:
        return out
    if option == "grapple":
        out.changes += add_condition(target, Condition.GRAPPLED, source=attacker.name)
        grip = next(c for c in target.conditions if c.name == Condition.GRAPPLED)
        grip.source, grip.escape_dc = attacker.name, dc
    elif option == "shove_prone":
        out.changes += add_condition(target, Condition.PRONE, source=attacker.name)
    return out


def escape_grapple(roller: DiceRoller, creature: Character, *, skill: str | None = None) -> tuple[CheckResult, list[StateChange]]:
    """A grappled character's action to break free: Athletics or Acrobatics (the better, unless named)
    against the grapple's escape DC."""
    grip = next((c for c in creature.conditions if c.name == Condition.GRAPPLED), None)
    if grip is None:
        raise InvalidInputError(f"{creature.name} is not grappled. Nothing was rolled.")
    chosen = skill or max(("athletics", "acrobatics"), key=creature.skill_modifier)
    check = ability_check(roller, creature, chosen, grip.escape_dc or 10,
                          purpose=f"{chosen.title()} check to escape the grapple")
    return check, (remove_condition(creature, Condition.GRAPPLED) if check.success else [])


def stand_up(target: Target, base_speed: int) -> list[StateChange]:
    """At the start of a turn a prone creature that can move gets up (half its Speed)."""
    if not any(c.name == Condition.PRONE for c in target.conditions) or speed(base_speed, target.conditions) <= 0:
        return []
    changes = remove_condition(target, Condition.PRONE)
    for change in changes:
        change.description = f"{target.name} gets back up (half their movement)."
    return changes


def grappled_by_another(conditions: list, target_name: str) -> bool:
    """SRD Grappled: "Disadvantage on attack rolls against any target other than the grappler"."""
    return any(c.name == Condition.GRAPPLED and c.source and c.source.casefold() != target_name.casefold()
               for c in conditions)
