"""A turn's dice and bookkeeping as log lines, each fact once: what a face shows beside the prose.

The narrator tells the story; the numbers live here. Built only from the structured outcome (the rolls
and the state changes), never from the narration's words, so any narrator's prose can sit beside it.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.models.actions import DiceRoll, StateChange

# Changes another line already carries: initiative (the combat_start order), or that a face shows
# elsewhere; a "round" change is folded into the turn line.
_FOLDED = {"initiative", "round"}


class LogLine(BaseModel):
    """One line of the dice/log: a roll (with the roll, for a face to style) or a change."""

    text: str
    roll: DiceRoll | None = None


def _is_initiative(roll: DiceRoll) -> bool:
    return (roll.purpose or "").casefold().startswith("initiative")


def _verdict(roll: DiceRoll) -> str:
    attack = "attack" in (roll.purpose or "").casefold()
    if roll.critical:
        return "critical hit" if attack else "natural 20"
    if roll.fumble and attack:
        return "natural 1, miss"
    if roll.success is None:
        return ""
    if attack:
        return "hit" if roll.success else "miss"
    return "success" if roll.success else "failure"


def roll_line(roll: DiceRoll) -> str:
    """'Fire Bolt attack (Idris): 1d20 (20) + 5 = 25 vs AC 12, critical hit'."""
    label = roll.purpose or roll.notation
    who = f"{label} ({roll.roller})" if roll.roller else label
    faces = roll.detail.replace("`", "") if roll.detail else f"{roll.notation} = {roll.total}"
    against = ""
    if roll.dc is not None:
        against = f" vs {'AC' if 'attack' in label.casefold() else 'DC'} {roll.dc}"
    verdict = _verdict(roll)
    return f"{who}: {faces}{against}" + (f", {verdict}" if verdict else "")


def _initiative(rolls: list[DiceRoll], changes: list[StateChange]) -> str | None:
    """The fight's order in one line: the engine's own listing when a fight began this turn."""
    start = next((c for c in changes if c.kind == "combat_start" and c.description), None)
    if start is not None:
        return start.description.rstrip(".")
    if rolls:
        return "Initiative: " + ", ".join(f"{r.roller or '?'} {r.total}" for r in rolls)
    return None


def turn_log(rolls: list[DiceRoll], changes: list[StateChange]) -> list[LogLine]:
    """Every roll and change of a turn as lines, in order: initiative once, whose turn once (the last)."""
    initiative = [r for r in rolls if _is_initiative(r)]
    lines: list[LogLine] = []
    if order := _initiative(initiative, changes):
        lines.append(LogLine(text=order))
    lines += [LogLine(text=roll_line(r), roll=r) for r in rolls if not _is_initiative(r)]
    turns = [c for c in changes if c.kind == "turn"]
    ended = any(c.kind == "combat_end" for c in changes)
    seen = {line.text for line in lines}
    for change in changes:
        if change.kind in _FOLDED or change.kind == "combat_start" or change.kind == "turn":
            continue
        text = change.description or f"{change.target}: {change.kind.replace('_', ' ')} {change.before} → {change.after}"
        if text not in seen:
            seen.add(text)
            lines.append(LogLine(text=text.rstrip(".")))
    if turns and not ended:
        last = turns[-1]
        lines.append(LogLine(text=last.description.rstrip(".") or f"{last.after}'s turn"))
    return lines
