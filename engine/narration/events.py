"""What the offline narrator tells, one event per beat, and the small readers it shares."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.models.actions import DiceRoll, StateChange
from engine.narration.base import NarrationRequest


@dataclass
class Event:
    """One beat to tell: a template family and its slots (a tuple slot is picked per seed and turn)."""

    kind: str
    fields: dict[str, Any] = field(default_factory=dict)


def sentence(text: str) -> str:
    text = text.strip()
    if text and text[-1] not in ".!?\"'…":
        text += "."
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def as_int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def label(value: Any, fallback: str = "") -> str:
    if isinstance(value, dict):
        qty, name = value.get("quantity"), value.get("name", fallback)
        return f"{qty} {name}" if qty not in (None, 1) else str(name)
    return fallback if value in (None, "") else str(value)


def roll_fields(roll: DiceRoll, against: str) -> dict[str, str]:
    vs = f"{roll.total} against {against} {roll.dc}" if roll.dc is not None else f"a {roll.total}"
    paren = f"({roll.total} vs {against} {roll.dc})" if roll.dc is not None else f"({roll.total})"
    return {"total": str(roll.total), "roll_vs": vs, "roll_paren": paren}


def succeeded(roll: DiceRoll) -> bool | None:
    if roll.success is not None:
        return roll.success
    return None if roll.dc is None else roll.total >= roll.dc


def and_list(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def actor_of(request: NarrationRequest) -> str:
    """The acting character; when the request names none, whoever rolled first."""
    return request.actor or next((r.roller for r in request.dice_rolls if r.roller), None) or "the party"


def item_change(change: StateChange) -> tuple[str, int | None, int | None]:
    """(item name, how many moved, how many the holder has left) from an inventory change."""
    before, after = change.before, change.after
    if isinstance(before, dict) or isinstance(after, dict):
        b = before if isinstance(before, dict) else {}
        a = after if isinstance(after, dict) else {}
        name = str(a.get("name") or b.get("name") or "an item")
        qb, qa = as_int(b.get("quantity")), as_int(a.get("quantity"))
        moved = abs(qa - qb) if qa is not None and qb is not None else None
        return name, moved, qa if change.kind == "inventory_remove" else None
    value = after if change.kind == "inventory_add" else (before or after)
    return label(value, change.description or "an item"), None, None
