"""Mage Armor (SRD 5.2.1 spell, level 1 Abjuration, Touch, duration 8 hours): "You touch a willing creature who
isn't wearing armor. Until the spell ends, the target's base AC becomes 13 plus its Dexterity modifier. The
spell ends early if the target dons armor."

The effect sits on the target's sheet (`Character.effects`) with the game-clock minute it ends at: the sheet's
AC is the spell's while it lasts and the old one again after 8 hours of game time or a long rest.
"""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.models.actions import StateChange
from engine.models.spell_effect import SpellEffect
from engine.models.world import Campaign, Character
from engine.rules.clock import MINUTES_PER_DAY, day_clock_text
from engine.rules.helpers import state_change

MAGE_ARMOR = "Mage Armor"
DURATION_MINUTES = 8 * 60


def now(world: Campaign) -> int:
    return world.game_state.day * MINUTES_PER_DAY + world.game_state.minutes


def _at(minute: int) -> str:
    return day_clock_text(minute // MINUTES_PER_DAY, minute % MINUTES_PER_DAY)


def armor_class(target: Character) -> int:
    return 13 + target.abilities.modifier("dex")


def ward(caster: Character, target: Character, at: int, armor_worn: str | None = None) -> list[StateChange]:
    """Mage Armor on `target` from game-clock minute `at`. Raises (nothing changed) when the target wears armor;
    cast again, it starts its 8 hours anew."""
    if armor_worn:
        raise InvalidInputError(f"{target.name} is wearing {armor_worn}; {MAGE_ARMOR} needs a creature who isn't "
                                "wearing armor. Nothing was cast.")
    held = next((e for e in target.effects if e.spell == MAGE_ARMOR), None)
    before = target.ac
    ac = armor_class(target)
    effect = SpellEffect(spell=MAGE_ARMOR, caster=caster.name, ac=ac,
                         ac_before=held.ac_before if held is not None else before, ends_at=at + DURATION_MINUTES)
    if held is not None:
        target.effects.remove(held)
    target.effects.append(effect)
    target.ac = ac
    return [state_change(target.name, "ac", before, ac, f"{target.name}'s AC becomes {ac} (Mage Armor: 13 + Dex) "
                                                        f"until {_at(effect.ends_at)}.")]


def end(target: Character, effect: SpellEffect, why: str) -> list[StateChange]:
    target.effects.remove(effect)
    before = target.ac
    if effect.ac_before is not None and target.ac == effect.ac:  # an AC the DM set since stays theirs
        target.ac = effect.ac_before
    return [state_change(target.name, "effect_end", {"spell": effect.spell, "ac": before},
                         {"spell": None, "ac": target.ac}, f"{effect.spell} on {target.name} ends ({why}): "
                                                           f"AC {before} -> {target.ac}.")]


def expire(world: Campaign) -> list[StateChange]:
    """Every sheet effect whose time on the game clock has run out ends."""
    minute = now(world)
    changes: list[StateChange] = []
    for pc in world.characters:
        for effect in [e for e in pc.effects if e.ends_at <= minute]:
            changes += end(pc, effect, "its 8 hours are up")
    return changes


def end_on_long_rest(character: Character) -> list[StateChange]:
    changes: list[StateChange] = []
    for effect in [e for e in character.effects if e.spell == MAGE_ARMOR]:
        changes += end(character, effect, "a long rest")
    return changes
