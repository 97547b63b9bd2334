"""Spellcasting rules: which classes cast the healing spells, spell slots, and the cast itself."""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Character
from engine.rules.dice import DiceRoller
from engine.rules.health import apply_healing

# SRD classes with Cure Wounds, and the ability their spells use; Healing Word is a shorter list.
HEALERS = {"cleric": "wis", "druid": "wis", "ranger": "wis", "bard": "cha", "paladin": "cha"}
HEALING_WORD_CASTERS = {"cleric", "druid", "bard"}


def lowest_free_slot(pc: Character) -> str | None:
    """The lowest spell-slot level (1+) with a slot left, as the sheet keys it ("1", "2", ...)."""
    return next((lvl for lvl, s in sorted(pc.spell_slots.items(), key=lambda kv: int(kv[0]))
                 if int(lvl) >= 1 and s.used < s.max), None)


def spend_slot(pc: Character, level: str, spell: str) -> StateChange:
    slots = pc.spell_slots[level]
    before = slots.max - slots.used
    slots.used += 1
    return StateChange(target=pc.name, kind="spell_slot", before=before, after=before - 1,
                       description=f"{pc.name} spends a level {level} spell slot on {spell} "
                                   f"({before} -> {before - 1} left).")


def cast_healing(roller: DiceRoller, caster: Character, target: Character, *, quick: bool = False
                 ) -> tuple[DiceRoll, list[StateChange]]:
    """Cure Wounds (Healing Word when `quick`) from the lowest free slot: (the roll, what changed).

    Raises InvalidInputError, saying why, when the caster's class lacks the spell, the target is dead or
    unhurt, or no slot is left; nothing changes then. The sheet lists no prepared spells, so every SRD
    class that has the spell can cast it."""
    spell = "Healing Word" if quick else "Cure Wounds"
    job = caster.class_name.lower()
    ability = HEALERS.get(job)
    if ability is None or (quick and job not in HEALING_WORD_CASTERS):
        raise InvalidInputError(f"{caster.name} (a {job}) cannot cast {spell}")
    if target.dead:
        raise InvalidInputError(f"{target.name} is dead; {spell} cannot help")
    if target.hp.current >= target.hp.max:
        raise InvalidInputError(f"{target.name} is already at full HP ({target.hp.current}/{target.hp.max}); "
                                f"no slot is spent")
    level = lowest_free_slot(caster)
    if level is None:
        raise InvalidInputError(f"{caster.name} has no spell slots left for {spell}; a long rest restores them")
    changes = [spend_slot(caster, level, spell)]
    mod = caster.abilities.modifier(ability)
    dice = f"{int(level)}d{4 if quick else 8}"
    roll = roller.roll(f"{dice}{mod:+d}" if mod else dice, purpose=f"{spell} on {target.name}", roller=caster.name)
    changes += apply_healing(target, max(1, roll.total))
    return roll, changes
