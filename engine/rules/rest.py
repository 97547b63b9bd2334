"""Short and long rests: hit dice, healing, spell slots, exhaustion."""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Character, Condition
from engine.rules.dice import DiceRoller
from engine.rules.health import apply_healing, condition_label, remove_condition, set_death_saves
from engine.rules.helpers import state_change
from engine.rules.mage_armor import end_on_long_rest
from engine.rules.second_wind import regain as regain_second_wind

# How long each rest takes on the game clock (SRD 5.2: a Short Rest is 1 hour, a Long Rest 8 hours).
SHORT_REST_HOURS, LONG_REST_HOURS = 1, 8


def short_rest(roller: DiceRoller, character: Character,
               hit_dice: int) -> tuple[list[DiceRoll], list[StateChange]]:
    name, dice = character.name, character.hit_dice
    if character.dead:
        raise InvalidInputError(f"{name} is dead and cannot rest.")
    if character.hp.current == 0 and not character.stable:
        raise InvalidInputError(f"{name} is dying; stabilize or heal them before a rest.")
    if not 0 <= hit_dice <= dice.remaining:
        raise InvalidInputError(f"{name} can spend 0 to {dice.remaining} hit dice (d{dice.die}), not {hit_dice}.")
    con = character.abilities.modifier("con")
    notation = f"1d{dice.die}{con:+d}" if con else f"1d{dice.die}"
    rolls = [roller.roll(notation, purpose="hit die", roller=name) for _ in range(hit_dice)]
    spent = f"{hit_dice} hit {'die' if hit_dice == 1 else 'dice'}"
    changes = [state_change(name, "rest", None, "short rest", f"{name} takes a short rest, spending {spent}.")]
    if hit_dice:
        before, dice.remaining = dice.remaining, dice.remaining - hit_dice
        changes.append(state_change(name, "hit_dice", before, dice.remaining,
                               f"{name} spends {spent} ({before} -> {dice.remaining} left)."))
        changes += apply_healing(character, sum(max(0, r.total) for r in rolls))
    return rolls, changes


def finish_short_rest(character: Character) -> list[StateChange]:
    """What finishing a Short Rest gives back besides hit dice (once per rest, however many dice were spent):
    one use of Second Wind."""
    return [] if character.dead else regain_second_wind(character, long=False)


def long_rest(character: Character) -> list[StateChange]:
    name = character.name
    if character.dead:
        raise InvalidInputError(f"{name} is dead and cannot rest.")
    if character.hp.current <= 0:
        # SRD 5.2: "you must have at least 1 Hit Point at the start of the rest to gain its benefits".
        raise InvalidInputError(f"{name} is at 0 HP; a long rest needs at least 1 HP. Heal or stabilize and "
                                f"heal {name} first.")
    changes = [state_change(name, "rest", None, "long rest", f"{name} finishes a long rest.")]
    changes += apply_healing(character, character.hp.max)
    if character.hp.temp:
        before, character.hp.temp = character.hp.temp, 0
        changes.append(state_change(name, "temp_hp", before, 0, f"{name}'s temporary HP fade ({before} -> 0)."))
    dice = character.hit_dice
    regained = min(dice.total - dice.remaining, max(1, dice.total // 2))
    if regained:
        before, dice.remaining = dice.remaining, dice.remaining + regained
        changes.append(state_change(name, "hit_dice", before, dice.remaining,
                               f"{name} regains {regained} hit {'die' if regained == 1 else 'dice'} ({before} -> {dice.remaining})."))
    for level, slots in sorted(character.spell_slots.items()):
        if slots.used:
            before, slots.used = slots.max - slots.used, 0
            changes.append(state_change(name, "spell_slot", before, slots.max,
                                   f"{name} recovers level {level} spell slots ({before} -> {slots.max})."))
    changes += set_death_saves(character, 0, 0, "death saves reset")
    changes += regain_second_wind(character, long=True)
    changes += end_on_long_rest(character)
    exhaustion = next((c for c in character.conditions if c.name == Condition.EXHAUSTION), None)
    if exhaustion is not None and exhaustion.level > 1:
        before = condition_label(exhaustion)
        exhaustion.level -= 1
        changes.append(state_change(name, "condition_remove", before, condition_label(exhaustion),
                               f"{name}'s exhaustion eases ({before} -> {condition_label(exhaustion)})."))
    elif exhaustion is not None:
        changes += remove_condition(character, Condition.EXHAUSTION)
    return changes
