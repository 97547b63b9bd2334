"""The DM's direct changes (HP, conditions, party location, quests, attitudes, rests), through rules.py."""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from engine import rules
from engine.errors import CharacterNotFoundError, InvalidInputError, NotFoundError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Attitude, Campaign, Character, Combatant, QuestStatus
from engine.rules.clock import advance_time
from engine.rules.dice import DiceRoller
from engine.rules.mage_armor import expire as expire_effects
from engine.rules.rest import finish_short_rest

CHANGE_KINDS = ("hp", "temp_hp", "condition_add", "condition_remove", "move", "quest_status", "attitude", "time")
MAX_HP_DELTA = 10_000
_Choice = TypeVar("_Choice", bound=StrEnum)


def find_target(world: Campaign, name: str | None) -> Character | Combatant:
    """A party member by name, or a monster in the current fight."""
    if not name or not str(name).strip():
        raise InvalidInputError("Name the character or creature to change.")
    key = str(name).strip().casefold()
    char = world.character(key)
    if char:
        return char
    combat = world.game_state.combat
    monster = combat.combatant(key, kind="monster") if combat else None
    if monster:
        return monster
    everyone = _everyone(world)
    # "crowe" for Silas Crowe, "sailor 2" for Drowned Sailor 2: every word said is a word of one name.
    said = key.split()
    fits = [c for c in everyone if set(said) <= set(c.name.casefold().split())]
    if len(fits) == 1:
        return fits[0]
    options = [c.name for c in (fits if len(fits) > 1 else everyone)]
    lead = f"'{name}' could be several" if len(fits) > 1 else f"No character or creature named '{name}'"
    raise CharacterNotFoundError(f"{lead}. Choose one of: {', '.join(options)}.")


def _everyone(world: Campaign) -> list[Character | Combatant]:
    combat = world.game_state.combat
    return [*world.characters, *(c for c in (combat.order if combat else []) if c.kind == "monster")]


def _int_value(value: object, what: str) -> int:
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise InvalidInputError(f"{what} must be a whole number like -7 or +4, not '{value}'.") from None
    if abs(number) > MAX_HP_DELTA:
        raise InvalidInputError(f"{what} of {number} is out of range (at most {MAX_HP_DELTA}).")
    return number


def apply_change(world: Campaign, kind: str, target: str | None, value: object,
                 rounds: int | None = None) -> list[StateChange]:
    """Change `world` in place; returns what changed. Raises before changing anything on bad input."""
    if kind not in CHANGE_KINDS:
        raise InvalidInputError(f"Unknown change '{kind}'. Use one of: {', '.join(CHANGE_KINDS)}.")
    if kind == "hp":
        amount = _int_value(value, "An HP change")
        who = find_target(world, target)
        if amount == 0:
            raise InvalidInputError("An HP change of 0 changes nothing: use -N for damage or +N for healing.")
        if amount > 0:
            return rules.apply_healing(who, amount)
        changes = rules.apply_damage(who, -amount)
        if who.concentration is not None and (rules.why_cannot_act(who.conditions) is not None
                                              or (isinstance(who, Character) and who.hp.current == 0)):
            # SRD 5.2: concentration ends when the caster has the Incapacitated condition (0 HP: unconscious).
            changes += rules.end_concentration(who, "dropped", _everyone(world))
        changes += rules.fallen_npcs(world, changes)
        fight = world.game_state.combat
        if fight is not None and fight.active and not any(c.kind == "monster" and not c.defeated for c in fight.order):
            changes += rules.end_combat(world)  # the DM felled the last foe: the fight is over, as after a kill
        return changes
    if kind == "temp_hp":
        amount = _int_value(value, "Temporary HP")
        if amount < 0:
            raise InvalidInputError("Temporary HP cannot be negative.")
        return rules.grant_temp_hp(find_target(world, target), amount)
    if kind in ("condition_add", "condition_remove"):
        who = find_target(world, target)
        if not value:
            raise InvalidInputError("Name the condition, e.g. poisoned.")
        if kind == "condition_add":
            changes = rules.add_condition(who, str(value).strip().lower(), rounds=rounds, source="DM")
            down = rules.why_cannot_act(who.conditions)
            if down is not None and who.concentration is not None:
                # SRD 5.2: concentration ends when the caster has the Incapacitated condition.
                changes += rules.end_concentration(who, down, _everyone(world))
            return changes
        return rules.remove_condition(who, str(value).strip().lower())
    if kind == "move":
        return _move(world, str(value or target or ""))
    if kind == "quest_status":
        return _quest_status(world, target, value)
    if kind == "attitude":
        return _attitude(world, target, value)
    minutes = _int_value(value, "Time to advance (minutes)")
    if minutes <= 0:
        raise InvalidInputError("Time only moves forward: give a positive number of minutes.")
    return [advance_time(world, minutes, "The DM moves the clock on"), *expire_effects(world)]


def _move(world: Campaign, place: str) -> list[StateChange]:
    loc = world.location(place.strip()) if place.strip() else None
    if loc is None:
        raise NotFoundError(f"No location named '{place}'. Locations: {', '.join(x.name for x in world.locations)}.")
    before = world.game_state.party_location
    world.game_state.party_location = loc.name
    loc.visited = True
    return [StateChange(target="party", kind="location", before=before, after=loc.name,
                        description=f"The party is now at {loc.name}.")]


def _choice(options: type[_Choice], value: object, what: str) -> _Choice:
    """The DM's word for one of `options`, in any case."""
    try:
        return options(str(value).strip().lower())
    except ValueError:
        raise InvalidInputError(
            f"Unknown {what} '{value}'. Use one of: {', '.join(o.value for o in options)}.") from None


def _quest_status(world: Campaign, name: str | None, value: object) -> list[StateChange]:
    quest = world.quest(str(name or "").strip())
    if quest is None:
        raise NotFoundError(f"No quest named '{name}'. Quests: {', '.join(q.name for q in world.quests)}.")
    status = _choice(QuestStatus, value, "quest status")
    before, quest.status = quest.status, status
    return [StateChange(target=quest.name, kind="quest_status", before=before.value, after=status.value,
                        description=f"Quest '{quest.name}' is now {status.value}.")]


def _attitude(world: Campaign, name: str | None, value: object) -> list[StateChange]:
    npc = world.npc(str(name or "").strip())
    if npc is None:
        raise NotFoundError(f"No NPC named '{name}'. NPCs: {', '.join(n.name for n in world.npcs)}.")
    attitude = _choice(Attitude, value, "attitude")
    before, npc.attitude = npc.attitude, attitude
    return [StateChange(target=npc.name, kind="attitude", before=before.value, after=attitude.value,
                        description=f"{npc.name} is now {attitude.value}.")]


def party_rest(world: Campaign, roller: DiceRoller, kind: str) -> tuple[list[DiceRoll], list[StateChange]]:
    """A short rest spends hit dice while a character is hurt (up to half their total); a long rest restores."""
    if kind not in ("short", "long"):
        raise InvalidInputError(f"Rest must be 'short' or 'long', not '{kind}'.")
    if world.game_state.combat and world.game_state.combat.active:
        raise InvalidInputError("The party cannot rest during combat. End the fight first.")
    rolls: list[DiceRoll] = []
    changes: list[StateChange] = []
    for char in world.characters:
        if char.dead:
            continue
        if kind == "long":
            # Eight hours of sleep (the Unconscious condition) end any concentration.
            changes += rules.end_concentration(char, "a long rest", _everyone(world))
            try:
                changes += rules.long_rest(char)
            except InvalidInputError as exc:  # one character at 0 HP must not stop the party's rest
                changes.append(StateChange(target=char.name, kind="rest", before=None, after=None,
                                           description=f"{char.name} gains nothing from the rest: {exc}"))
            continue
        changes += finish_short_rest(char)
        missing = char.hp.max - char.hp.current
        if missing <= 0 or char.hit_dice.remaining == 0 or char.hp.current == 0:
            continue
        avg = char.hit_dice.die // 2 + 1 + char.abilities.modifier("con")
        dice = min(char.hit_dice.remaining, max(1, char.hit_dice.total // 2), max(1, -(-missing // max(avg, 1))))
        r, c = rules.short_rest(roller, char, dice)
        rolls += r
        changes += c
    is_long = kind == "long"
    changes.append(advance_time(world, 8 * 60 if is_long else 60, "Long rest" if is_long else "Short rest"))
    return rolls, changes + expire_effects(world)
