"""Small text formatters shared by the panes: rolls, HP bars, history rows. Display only."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

from engine.models.actions import DiceRoll, EntryKind, HistoryEntry
from engine.models.session import GameStateView
from engine.models.turn_log import LogLine

# DM entries have no action_type; the history shows what kind of DM call made them.
KIND_LABELS = {
    EntryKind.DM_ROLL: "/roll",
    EntryKind.DM_CHANGE: "change",
    EntryKind.DM_FACT: "/fact",
    EntryKind.DM_REST: "/rest",
    EntryKind.DM_COMBAT: "fight",
    EntryKind.DM_LEARNINGS: "learnings",
}
# A DM change's action starts with the apply_change kind.
CHANGE_LABELS = {"hp": "/hp", "temp_hp": "temp hp", "condition_add": "/cond +", "condition_remove": "/cond -"}


def _verdict(roll: DiceRoll) -> Text:
    out = Text()
    if roll.critical or roll.fumble:
        out.append(" CRIT" if roll.critical else " FUMBLE", style="bold green" if roll.critical else "bold red")
    if roll.success is not None:
        out.append(" ✓" if roll.success else " ✗", style="bold green" if roll.success else "bold red")
    return out


def roll_text(roll: DiceRoll, *, brief: bool = False) -> Text:
    """'Attack (Bram): 1d20 (15) + 5 = 20 vs AC 13 ✓'; brief (the history column) is '1d20+5=20 ✓'."""
    if brief:  # the DC and the dice faces are in the narrative
        return Text(f"{roll.notation}={roll.total}") + _verdict(roll)
    label = roll.purpose or roll.notation
    out = Text(f"{label} ({roll.roller})" if roll.roller else label, style="bold")
    out.append(": ")
    out.append(roll.detail.replace("`", "") if roll.detail else f"{roll.notation} = {roll.total}")
    if roll.dc is not None:
        out.append(f" vs {_against(label)} {roll.dc}", style="dim")
    return out + _verdict(roll)


def _against(label: str) -> str:
    """An attack roll is made against AC; a check or a save against a DC."""
    return "AC" if "attack" in label.casefold() else "DC"


def log_line_brief(line: LogLine) -> Text:
    """A turn-log line for the one-line dice log: a roll as 'Fire Bolt attack (Idris) 25 vs AC 12 CRIT ✓'."""
    roll = line.roll
    if roll is None:
        return Text(line.text, style="dim")
    label = roll.purpose or roll.notation
    out = Text(f"{label} ({roll.roller}) " if roll.roller else f"{label} ", style="dim")
    out.append(str(roll.total), style="bold")
    if roll.dc is not None:
        out.append(f" vs {_against(label)} {roll.dc}", style="dim")
    return out + _verdict(roll)


def rolls_cell(rolls: list[DiceRoll]) -> Text:
    if not rolls:
        return Text("—", style="dim")
    # Initiative rolls open every fight; the attack and its damage are what the DM scans for.
    telling = [r for r in rolls if not (r.purpose or "").casefold().startswith("initiative")]
    # Rolls with a verdict (attacks, checks, saves) first, then damage and the rest.
    rolls = sorted(telling or rolls, key=lambda r: r.success is None)
    return Text(" · ").join(roll_text(r, brief=True) for r in rolls[:2]) + (
        Text(f" +{len(rolls) - 2}", style="dim") if len(rolls) > 2 else Text())


def hp_bar(hp: int, hp_max: int, width: int = 8) -> Text:
    """A bar plus numbers; colour follows how hurt the character is."""
    ratio = 0.0 if hp_max <= 0 else max(0.0, min(1.0, hp / hp_max))
    filled = round(ratio * width)
    colour = "green" if ratio > 0.5 else "yellow" if ratio > 0.25 else "red"
    bar = Text("█" * filled, style=colour) + Text("░" * (width - filled), style="dim")
    return bar + Text(f" {hp:>3}/{hp_max}")


def scene_line(game: GameStateView | None) -> str:
    """Where the party is and, in a fight, the round and whose turn it is (the tracker shows the order)."""
    if game is None:
        return ""
    line = f"{game.location} · day {game.day} {game.time}"
    if game.in_combat:
        line += f" · ROUND {game.combat_round} · {game.current_turn or '?'}'s turn"
    return line


def entry_actor(entry: HistoryEntry) -> str:
    if entry.kind == EntryKind.PLAYER_ACTION:
        return entry.actor or "party"
    return f"DM→{entry.actor}" if entry.actor else "DM"


# What /fact did, as a DM reads it (the tracker's outcome names are for code).
FACT_OUTCOMES = {"new": "Recorded as a new fact.", "duplicate_skip": "Already known; nothing added.",
                 "supersede": "Recorded; it replaces an older fact.", "failed": "Not recorded."}


def action_label(action_type: object) -> str:
    """'skill_check' -> 'skill check': the engine's names as a person writes them."""
    return str(action_type).replace("_", " ")


def entry_type(entry: HistoryEntry) -> str:
    if entry.action_type is not None:
        return action_label(entry.action_type)
    if entry.kind == EntryKind.DM_CHANGE:
        return CHANGE_LABELS.get(entry.action.partition(" ")[0], "change")
    return KIND_LABELS.get(entry.kind, str(entry.kind))


def short_time(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M")
