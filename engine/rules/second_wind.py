"""Second Wind (SRD 5.2.1, Fighter, level 1): "As a Bonus Action, you can use it to regain Hit Points equal to
1d10 plus your Fighter level. You can use this feature twice. You regain one expended use when you finish a
Short Rest, and you regain all expended uses when you finish a Long Rest." The Fighter Features table gives
more uses at higher levels: 2 at levels 1-3, 3 at levels 4-9, 4 at levels 10-20.

Uses spent are kept on the sheet (`Character.features_used["Second Wind"]`).
"""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Character
from engine.rules.dice import DiceRoller
from engine.rules.health import apply_healing
from engine.rules.helpers import state_change

SECOND_WIND = "Second Wind"


def uses_at(level: int) -> int:
    """The Second Wind column of the SRD 5.2.1 Fighter Features table."""
    return 2 if level < 4 else 3 if level < 10 else 4


def is_fighter(character: Character) -> bool:
    return character.class_name.casefold() == "fighter"


def uses_left(character: Character) -> int:
    return uses_at(character.level) - character.features_used.get(SECOND_WIND, 0)


def second_wind(roller: DiceRoller, character: Character) -> tuple[DiceRoll, list[StateChange]]:
    """Spend a use and regain 1d10 + fighter level HP. Raises (changing nothing) for a non-fighter, a fighter
    with no use left, or one who cannot act (dead, at 0 HP)."""
    name = character.name
    if not is_fighter(character):
        raise InvalidInputError(f"{name} is a {character.class_name}; Second Wind is a Fighter's feature.")
    if character.dead or character.hp.current <= 0:
        raise InvalidInputError(f"{name} is {'dead' if character.dead else 'at 0 HP'} and cannot use Second Wind.")
    total = uses_at(character.level)
    if uses_left(character) <= 0:
        raise InvalidInputError(f"{name} has no use of Second Wind left (0 of {total}): a Short Rest gives one "
                                f"back, a Long Rest all {total}.")
    roll = roller.roll(f"1d10+{character.level}", purpose=SECOND_WIND, roller=name)
    before = uses_left(character)
    character.features_used[SECOND_WIND] = character.features_used.get(SECOND_WIND, 0) + 1
    spent = state_change(name, "feature_use", {"feature": SECOND_WIND, "left": before},
                         {"feature": SECOND_WIND, "left": before - 1},
                         f"{name} uses Second Wind ({before} -> {before - 1} of {total} left).")
    return roll, [spent, *apply_healing(character, max(0, roll.total))]


def regain(character: Character, *, long: bool) -> list[StateChange]:
    """A rest's share: one use back after a Short Rest, all after a Long Rest."""
    spent = character.features_used.get(SECOND_WIND, 0)
    if not spent or not is_fighter(character):
        return []
    back = spent if long else 1
    character.features_used[SECOND_WIND] = spent - back
    if not character.features_used[SECOND_WIND]:
        del character.features_used[SECOND_WIND]
    total = uses_at(character.level)
    before, after = total - spent, total - spent + back
    return [state_change(character.name, "feature_use", {"feature": SECOND_WIND, "left": before},
                         {"feature": SECOND_WIND, "left": after},
                         f"{character.name} regains Second Wind ({before} -> {after} of {total}).")]
