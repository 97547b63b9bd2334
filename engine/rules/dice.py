"""Dice notation on the d20 package, with a seeded RNG whose whole state is one counter.

Every session roll draws from ``random.Random(f"{seed}:{counter}")`` and then bumps the counter, so
undo only has to restore an integer and a session replays identically from its seed.
"""

from __future__ import annotations

import copy
import random
import threading
from typing import Any

import d20
import d20.expression

from engine.errors import DiceError
from engine.models.actions import DiceRoll
from engine.models.session import RngState

MAX_DIE_SIZE = 1000
MAX_NOTATION_LENGTH = 200
EXAMPLE = "Valid notation looks like 1d20+5, 2d20kh1+3, 4d6kh3 or 8d6"

ADVANTAGE = "advantage"
DISADVANTAGE = "disadvantage"
_ADV_ALIASES = {
    "": None, "none": None, "normal": None,
    "advantage": ADVANTAGE, "adv": ADVANTAGE,
    "disadvantage": DISADVANTAGE, "dis": DISADVANTAGE, "disadv": DISADVANTAGE,
}
_ADV_TYPES = {None: d20.AdvType.NONE, ADVANTAGE: d20.AdvType.ADV, DISADVANTAGE: d20.AdvType.DIS}

# d20 reads the module-level `random` of d20.expression; swapping it is only safe one roll at a time.
_LOCK = threading.Lock()
_ROLLER = d20.Roller(d20.RollContext(max_rolls=1000))


class PlainStringifier(d20.SimpleStringifier):
    """d20's plain rendering, plus a visible mark on dropped dice (a DM reads this, not Markdown)."""

    def _str_die(self, node: Any) -> str:
        text = super()._str_die(node)
        return text if node.kept else f"{text} dropped"


def _fail(message: str) -> DiceError:
    return DiceError(f"{message}. {EXAMPLE}.")


def _normalize(notation: object) -> str:
    if not isinstance(notation, str):
        raise _fail(f"Dice notation must be text, got {type(notation).__name__}")
    text = "".join(notation.split()).lower()
    if not text:
        raise _fail("Dice notation is empty")
    if len(text) > MAX_NOTATION_LENGTH:
        raise _fail(f"Dice notation is too long ({len(text)} characters, at most {MAX_NOTATION_LENGTH})")
    if not text.isprintable() or not text.isascii():
        raise _fail(f"Dice notation {notation!r} contains characters that are not dice notation")
    return text


def _walk_dice(node: Any) -> list[Any]:
    """Every dice node in a parsed expression (iterative: no RecursionError on deep nesting)."""
    found, stack = [], [node]
    while stack:
        current = stack.pop()
        if isinstance(current, d20.ast.Dice):
            found.append(current)
        stack.extend(current.children)
    return found


def _parse(notation: object, max_dice: int) -> tuple[str, Any]:
    text = _normalize(notation)
    try:
        with _LOCK:
            tree = _ROLLER.parse(text)
    except Exception as exc:  # lark raises several unrelated types; none may escape
        raise _fail(f"Cannot read dice notation {text!r}") from exc
    dice = _walk_dice(tree)
    count = 0
    for node in dice:
        if node.num < 1:
            raise _fail(f"{node} rolls no dice; use at least 1 die")
        if node.size != "%" and not 1 <= node.size <= MAX_DIE_SIZE:
            raise _fail(f"{node} has an unusable die size; dice have 1 to {MAX_DIE_SIZE} sides")
        count += node.num
    if count > max_dice:
        raise _fail(f"{text!r} rolls {count} dice; the limit is {max_dice}")
    return text, tree


def validate_notation(notation: str, max_dice: int = 100) -> str:
    """The notation, normalized (no spaces, lower case); raises DiceError when it cannot be rolled."""
    return _parse(notation, max_dice)[0]


def _normalize_advantage(advantage: str | None) -> str | None:
    key = (advantage or "").strip().lower()
    if key not in _ADV_ALIASES:
        raise DiceError(f"Unknown advantage {advantage!r}: use 'advantage', 'disadvantage' or nothing.")
    return _ADV_ALIASES[key]


def _leftmost_kept_d20(expr: Any) -> Any | None:
    """The dice node whose face counts as 'natural', as d20's own crit check finds it."""
    left = expr
    while left.children:
        left = left.children[0]
    if isinstance(left, d20.Dice) and left.size == 20 and len(left.keptset) == 1:
        return left
    return None


def _leftmost_is_1d20(tree: Any) -> bool:
    left = tree
    while left.children:
        left = left.children[0]
    return isinstance(left, d20.ast.Dice) and left.num == 1 and left.size == 20


def _roll(rng: random.Random, text: str, tree: Any, max_dice: int, *, purpose: str | None,
          roller: str | None, advantage: str | None, dc: int | None) -> DiceRoll:
    adv = _normalize_advantage(advantage)
    if adv is not None and not _leftmost_is_1d20(tree):
        raise _fail(f"Advantage applies to a roll that starts with 1d20, not {text!r}")
    try:
        with _LOCK:
            saved = d20.expression.random
            d20.expression.random = rng  # type: ignore[assignment]
            # Rerolls and explosions add dice beyond the written count; bound them too.
            _ROLLER.context.max_rolls = max(10 * max_dice, 20)
            try:
                result = _ROLLER.roll(tree, stringifier=PlainStringifier(), advantage=_ADV_TYPES[adv])
                total, detail = result.total, result.result
            finally:
                d20.expression.random = saved
    except d20.TooManyRolls as exc:
        raise _fail(f"{text!r} rerolls or explodes too many times") from exc
    except ZeroDivisionError as exc:
        raise _fail(f"{text!r} divides by zero") from exc
    except Exception as exc:  # a d20 exception or RecursionError must surface as DiceError
        raise _fail(f"Cannot roll {text!r}: {exc}") from exc
    kept = _leftmost_kept_d20(result.expr)
    natural = int(kept.total) if kept is not None else None
    return DiceRoll(
        notation=text, total=total, detail=detail, purpose=purpose, roller=roller, natural=natural,
        advantage=adv, critical=natural == 20, fumble=natural == 1, dc=dc,
        success=None if dc is None else total >= dc,
    )


def _modifier_notation(modifier: int) -> str:
    return f"1d20{modifier:+d}" if modifier else "1d20"


class DiceRoller:
    """Rolls for one session; mutates ``rng.counter`` in place, once per successful roll."""

    def __init__(self, rng: RngState, max_dice: int = 100) -> None:
        self._rng = rng
        self.max_dice = max_dice

    @property
    def counter(self) -> int:
        return self._rng.counter

    def roll(self, notation: str, *, purpose: str | None = None, roller: str | None = None,
             advantage: str | None = None, dc: int | None = None) -> DiceRoll:
        text, tree = _parse(notation, self.max_dice)
        rng = random.Random(f"{self._rng.seed}:{self._rng.counter}")
        result = _roll(rng, text, tree, self.max_dice, purpose=purpose, roller=roller,
                       advantage=advantage, dc=dc)
        # Only a roll that happened consumes a counter value: a rejected one leaves no trace.
        self._rng.counter += 1
        return result

    def d20(self, modifier: int = 0, *, advantage: str | None = None, purpose: str | None = None,
            roller: str | None = None, dc: int | None = None) -> DiceRoll:
        return self.roll(_modifier_notation(modifier), purpose=purpose, roller=roller,
                         advantage=advantage, dc=dc)


def roll_unseeded(notation: str, *, purpose: str | None = None, advantage: str | None = None) -> DiceRoll:
    """A roll outside any session: fresh entropy, nothing recorded."""
    text, tree = _parse(notation, 100)
    rng = random.Random(random.SystemRandom().getrandbits(64))
    return _roll(rng, text, tree, 100, purpose=purpose, roller=None, advantage=advantage, dc=None)


def double_dice(notation: str, max_dice: int = 100) -> str:
    """A critical hit's damage: every die count doubled, flat modifiers kept (1d8+3 -> 2d8+3)."""
    _, tree = _parse(notation, max_dice)
    tree = copy.deepcopy(tree)  # the parse cache shares trees between calls
    for node in _walk_dice(tree):
        node.num *= 2
    return "".join(str(tree).split())
