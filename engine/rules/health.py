"""What happens to a creature's body: damage, healing, temporary HP, conditions, dying and death saves.

These live together because they trigger each other: 0 HP makes a character unconscious and dying,
healing wakes them, exhaustion level 6 kills.
"""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import ActiveCondition, Character, Combatant, Condition, DeathSaves, HitPoints
from engine.rules.checks import ability_check
from engine.rules.conditions import effects
from engine.rules.defenses import immune_to
from engine.rules.dice import DiceRoller
from engine.rules.helpers import Target, rule_key, state_change

MAX_EXHAUSTION = 6


# ---- hit points ----

def _hp(target: Target) -> HitPoints:
    if target.hp is None:
        raise InvalidInputError(f"{target.name} is a character in the initiative order; "
                                f"change HP on the character sheet instead.")
    return target.hp


def _check_amount(amount: int, what: str) -> None:
    if amount < 0:
        raise InvalidInputError(f"{what} must be 0 or more, got {amount}.")


def _saves_text(saves: DeathSaves) -> str:
    return f"{saves.successes} successes, {saves.failures} failures"


def set_death_saves(character: Character, successes: int, failures: int, why: str) -> list[StateChange]:
    before = _saves_text(character.death_saves)
    character.death_saves = DeathSaves(successes=min(successes, 3), failures=min(failures, 3))
    after = _saves_text(character.death_saves)
    if before == after:
        return []
    return [state_change(character.name, "death_save", before, after, f"{character.name}: {why} ({after}).")]


def _die(character: Character, why: str) -> list[StateChange]:
    character.dead = True
    character.stable = False
    return [state_change(character.name, "status", "dying", "dead", f"{character.name} dies ({why}).")]


def _take_temp(target: Target, amount: int) -> tuple[int, list[StateChange]]:
    hp = _hp(target)
    absorbed = min(hp.temp, amount)
    if not absorbed:
        return amount, []
    before, hp.temp = hp.temp, hp.temp - absorbed
    return amount - absorbed, [state_change(target.name, "temp_hp", before, hp.temp,
                                       f"{target.name}'s temporary HP absorb {absorbed} damage "
                                       f"({before} -> {hp.temp}).")]


def apply_damage(target: Target, amount: int, *, critical: bool = False) -> list[StateChange]:
    _check_amount(amount, "Damage")
    hp = _hp(target)
    if amount == 0 or (isinstance(target, Character) and target.dead) or (
            isinstance(target, Combatant) and target.defeated):
        return []  # nothing left to hurt: an area effect may still list the fallen
    if amount and effects(target.conditions).resist_all_damage:
        amount = max(1, amount // 2)  # petrified: resistance to all damage halves it, rounded down
    remaining, changes = _take_temp(target, amount)
    if remaining == 0:
        return changes
    name, before = target.name, hp.current
    if isinstance(target, Combatant):
        hp.current = max(0, before - remaining)
        changes.append(state_change(name, "hp", before, hp.current,
                               f"{name} takes {amount} damage ({before} -> {hp.current} HP)."))
        if hp.current == 0:
            target.defeated = True
            changes.append(state_change(name, "status", "fighting", "defeated", f"{name} is defeated."))
        return changes
    if before == 0:
        # Already dying: massive damage kills, anything else costs death saves (a crit costs two).
        if remaining >= hp.max:
            return changes + _die(target, f"took {remaining} damage at 0 HP, at least their maximum HP")
        was_stable, target.stable = target.stable, False
        if was_stable:
            changes.append(state_change(name, "status", "stable", "dying", f"{name} is hit and is dying again."))
        saves = target.death_saves
        changes += set_death_saves(target, saves.successes, saves.failures + (2 if critical else 1),
                                    f"takes {remaining} damage while at 0 HP")
        if target.death_saves.failures >= 3:
            changes += _die(target, "three failed death saves")
        return changes
    hp.current = max(0, before - remaining)
    changes.append(state_change(name, "hp", before, hp.current,
                           f"{name} takes {amount} damage ({before} -> {hp.current} HP)."))
    if hp.current > 0:
        return changes
    overflow = remaining - before
    if overflow >= hp.max:
        return changes + _die(target, f"massive damage: {overflow} past 0 HP, at least max HP {hp.max}")
    target.stable = False
    changes += set_death_saves(target, 0, 0, "death saves reset")
    changes += add_condition(target, Condition.UNCONSCIOUS, source="0 HP")
    changes.append(state_change(name, "status", "conscious", "dying", f"{name} drops to 0 HP and is dying."))
    return changes


def apply_healing(target: Target, amount: int) -> list[StateChange]:
    _check_amount(amount, "Healing")
    hp = _hp(target)
    if isinstance(target, Character) and target.dead:
        raise InvalidInputError(f"{target.name} is dead; healing cannot bring them back.")
    name, before = target.name, hp.current
    hp.current = min(hp.max, before + amount)
    if hp.current == before:
        return []
    changes = [state_change(name, "hp", before, hp.current,
                       f"{name} regains {hp.current - before} HP ({before} -> {hp.current} HP).")]
    if before == 0 and isinstance(target, Combatant) and target.defeated:
        target.defeated = False
        changes.append(state_change(name, "status", "defeated", "fighting", f"{name} is back in the fight."))
    elif before == 0 and isinstance(target, Character):
        target.stable = False
        changes += set_death_saves(target, 0, 0, "death saves reset")
        changes += remove_condition(target, Condition.UNCONSCIOUS)
        changes.append(state_change(name, "status", "dying", "conscious", f"{name} regains consciousness."))
    return changes


def grant_temp_hp(target: Target, amount: int) -> list[StateChange]:
    _check_amount(amount, "Temporary HP")
    hp = _hp(target)
    if isinstance(target, Character) and target.dead:
        raise InvalidInputError(f"{target.name} is dead; temporary HP would do nothing.")
    if amount <= hp.temp:
        return []  # temporary HP never stack: the higher pool stays
    before, hp.temp = hp.temp, amount
    return [state_change(target.name, "temp_hp", before, amount,
                    f"{target.name} gains {amount} temporary HP ({before} -> {amount}).")]


# ---- conditions ----

def _condition(condition: Condition | str) -> Condition:
    try:
        return Condition(rule_key(str(condition)))
    except ValueError:
        raise InvalidInputError(f"Unknown condition {condition!r}. Valid conditions: "
                                f"{', '.join(c.value for c in Condition)}.") from None


def condition_label(active: ActiveCondition) -> str:
    text = active.name.value
    if active.name == Condition.EXHAUSTION:
        text += f" {active.level}"
    return text + (f" ({active.rounds_remaining} rounds)" if active.rounds_remaining is not None else "")


def add_condition(target: Target, condition: Condition | str, *, rounds: int | None = None,
                  source: str | None = None) -> list[StateChange]:
    cond = _condition(condition)
    if immune_to(target, cond):
        raise InvalidInputError(f"{target.name} is immune to the {cond.value} condition (stat block); nothing changed.")
    if rounds is not None and rounds < 1:
        raise InvalidInputError(f"A condition lasts at least 1 round, got {rounds}; omit rounds for 'until removed'.")
    name = target.name
    existing = next((c for c in target.conditions if c.name == cond), None)
    if existing is None:
        active = ActiveCondition(name=cond, rounds_remaining=rounds, source=source)
        target.conditions.append(active)
        # "The DM marks Wren as poisoned", "Wren is poisoned by Hold Person": who caused it, in plain words.
        said = f"The DM marks {name} as {condition_label(active)}." if source == "DM" else \
            f"{name} is {condition_label(active)} by {source}." if source else f"{name} is now {condition_label(active)}."
        return [state_change(name, "condition_add", None, condition_label(active), said)]
    before = condition_label(existing)
    if cond == Condition.EXHAUSTION:
        # Exhaustion stacks in levels; level 6 kills a character.
        existing.level = min(MAX_EXHAUSTION, existing.level + 1)
    elif existing.rounds_remaining is not None:
        existing.rounds_remaining = None if rounds is None else max(rounds, existing.rounds_remaining)
    if condition_label(existing) == before:
        return []
    changes = [state_change(name, "condition_add", before, condition_label(existing), f"{name}: {before} -> {condition_label(existing)}.")]
    if isinstance(target, Character) and existing.level >= MAX_EXHAUSTION and not target.dead:
        changes += _die(target, "exhaustion level 6")
    return changes


def remove_condition(target: Target, condition: Condition | str) -> list[StateChange]:
    cond = _condition(condition)
    existing = next((c for c in target.conditions if c.name == cond), None)
    if existing is None:
        return []
    target.conditions.remove(existing)
    return [state_change(target.name, "condition_remove", condition_label(existing), None,
                    f"{target.name} is no longer {cond.value}.")]


def tick_conditions(target: Target) -> list[StateChange]:
    """End of the target's turn: timed conditions lose a round and expire at 0."""
    changes = []
    for active in list(target.conditions):
        if active.rounds_remaining is None:
            continue
        before = condition_label(active)
        active.rounds_remaining -= 1
        if active.rounds_remaining <= 0:
            target.conditions.remove(active)
            changes.append(state_change(target.name, "condition_remove", before, None,
                                   f"{target.name} is no longer {active.name.value} (duration ended)."))
        else:
            changes.append(state_change(target.name, "condition_tick", before, condition_label(active),
                                   f"{target.name}: {active.name.value}, {active.rounds_remaining} rounds left."))
    return changes


# ---- dying ----

def death_save(roller: DiceRoller, character: Character) -> tuple[DiceRoll, list[StateChange]]:
    name = character.name
    if character.dead or character.stable or character.hp.current > 0:
        state = "dead" if character.dead else "stable" if character.stable else "not at 0 HP"
        raise InvalidInputError(f"{name} is {state}; only a dying character makes death saves.")
    roll = roller.d20(purpose="death saving throw", roller=name, dc=10)
    saves = character.death_saves
    if roll.critical:
        changes = apply_healing(character, 1)
        changes[0].description = f"{name} rolls a natural 20 on a death save and regains 1 HP."
        return roll, changes
    if roll.fumble:
        changes = set_death_saves(character, saves.successes, saves.failures + 2, "natural 1, two failures")
    elif roll.total >= 10:
        changes = set_death_saves(character, saves.successes + 1, saves.failures, "death save succeeds")
    else:
        changes = set_death_saves(character, saves.successes, saves.failures + 1, "death save fails")
    if character.death_saves.failures >= 3:
        changes += _die(character, "three failed death saves")
    elif character.death_saves.successes >= 3:
        changes += make_stable(character)
    return roll, changes



def make_stable(character: Character) -> list[StateChange]:
    """SRD: a stable creature makes no death saves at 0 HP but stays unconscious; damage ends it."""
    if character.dead or character.hp.current > 0 or character.stable:
        return []
    character.stable = True
    changes = set_death_saves(character, 0, 0, "stable, death saves reset")
    changes.append(state_change(character.name, "status", "dying", "stable", f"{character.name} is stable at 0 HP."))
    return changes


STABILIZE_DC = 10


def stabilize(roller: DiceRoller, healer: Character, patient: Character, *,
              advantage: str | None = None) -> tuple[DiceRoll, list[StateChange]]:
    """SRD 5.2: stabilizing a creature at 0 HP "requires a successful DC 10 Wisdom (Medicine) check";
    on a success it becomes stable. Raises when the patient is not dying (nothing is rolled then)."""
    if patient.dead or patient.hp.current > 0 or patient.stable:
        state = "dead" if patient.dead else "already stable" if patient.stable else "not at 0 HP"
        raise InvalidInputError(f"{patient.name} is {state}; only a dying creature can be stabilized.")
    check = ability_check(roller, healer, "medicine", STABILIZE_DC, advantage=advantage,
                          purpose=f"Medicine check to stabilize {patient.name}")
    return check.roll, make_stable(patient) if check.success else []
