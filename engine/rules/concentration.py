"""Concentration (SRD 5.2): one concentration spell at a time per caster, a Constitution save when
damaged, and the spell ends when the caster fails it, is incapacitated or casts another one.

Ending a spell also lifts the conditions it imposed: those carry the spell as their `source`.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.models.actions import DiceRoll, StateChange
from engine.rules.checks import creature_save
from engine.rules.conditions import why_cannot_act
from engine.rules.dice import DiceRoller
from engine.rules.helpers import Target, state_change

MIN_DC, MAX_DC = 10, 30


def concentration_dc(damage: int) -> int:
    """SRD: "The DC equals 10 or half the damage taken (round down), whichever number is higher, up to a
    maximum DC of 30"."""
    return min(MAX_DC, max(MIN_DC, damage // 2))


def spell_source(caster: str, spell: str) -> str:
    """How a condition names the concentration spell that holds it, so ending the spell finds it."""
    return f"{caster}'s {spell}"


def end_concentration(caster: Target, why: str, affected: Iterable[Target] = ()) -> list[StateChange]:
    spell = caster.concentration
    if spell is None:
        return []
    caster.concentration = None
    changes = [state_change(caster.name, "concentration", spell, None,
                            f"{caster.name} loses concentration on {spell} ({why}).")]
    source = spell_source(caster.name, spell)
    for creature in affected:
        if any(b.source == source for b in creature.boons):  # Bless, Bane: their dice go with the spell
            creature.boons = [b for b in creature.boons if b.source != source]
            changes.append(state_change(creature.name, "boon_remove", spell, None,
                                        f"{creature.name} is no longer under {spell} ({spell} ends)."))
        for active in [c for c in creature.conditions if c.source == source]:
            creature.conditions.remove(active)
            changes.append(state_change(creature.name, "condition_remove", active.name.value, None,
                                        f"{creature.name} is no longer {active.name.value} ({spell} ends)."))
    return changes


def begin_concentration(caster: Target, spell: str, affected: Iterable[Target] = ()) -> list[StateChange]:
    """Start concentrating on `spell`; a spell already held ends first (one at a time)."""
    changes = end_concentration(caster, f"casting {spell}", affected)
    caster.concentration = spell
    changes.append(state_change(caster.name, "concentration", None, spell, f"{caster.name} concentrates on {spell}."))
    return changes


def after_damage(roller: DiceRoller, caster: Target, damage: int, con_save: int,
                 affected: Iterable[Target] = ()) -> tuple[DiceRoll | None, list[StateChange]]:
    """A concentrating creature that took damage: incapacitated (0 HP, stunned...) ends the spell
    outright; otherwise it makes a CON save against concentration_dc(damage)."""
    if caster.concentration is None or damage <= 0:
        return None, []
    down = why_cannot_act(caster.conditions)
    if down is not None:
        return None, end_concentration(caster, f"{down}", affected)
    check = creature_save(roller, caster.name, con_save, caster.conditions, "con", concentration_dc(damage),
                          boons=caster.boons)
    check.roll.purpose = f"concentration ({caster.concentration})"
    if check.success:
        return check.roll, []
    return check.roll, end_concentration(caster, f"failed a DC {check.dc} Constitution save", affected)
