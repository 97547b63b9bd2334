"""What a tool hands back: a short text a model reads, and the full model as structuredContent.

The text is for the model's context (most hosts show it as is), so it says what happened in a line or
a few; everything else is in the structured content, the whole model (get_session_state's history
entries leave out what a reader never needs unless asked for the full detail).
"""

from __future__ import annotations

from collections.abc import Iterable

from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel

from engine.models.actions import ActionResponse, DiceRoll, StateChange
from engine.models.facts import FactQueryResult
from engine.models.learnings import BatchSaveResult, ItemResult, LearningList, SaveResult
from engine.models.session import (
    ChangeResult,
    EndSessionResult,
    LoadSessionResult,
    RecordFactResult,
    SessionInfo,
    SessionStateView,
    StartSessionResult,
    UndoResult,
)

MAX_LINES = 12


def answer(model: BaseModel, text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)],
                          structured_content=model.model_dump(mode="json", by_alias=True))


def state_answer(view: SessionStateView, detail_level: str) -> CallToolResult:
    """The view, its history entries without empty or null fields below 'full' (undo patches and fact
    hashes are already out of them): a host reads what happened, not the journal's bookkeeping."""
    structured = view.model_dump(mode="json", by_alias=True)
    if view.recent_history is not None:
        full = detail_level == "full"
        structured["recent_history"] = [e.model_dump(mode="json", by_alias=True, exclude_defaults=not full)
                                        for e in view.recent_history]
    return CallToolResult(content=[TextContent(type="text", text=state_text(view))], structured_content=structured)


def rolls_text(rolls: Iterable[DiceRoll]) -> str:
    parts = []
    for r in rolls:
        verdict = "" if r.success is None else (" success" if r.success else " fail")
        vs = f" vs {r.dc}" if r.dc is not None else ""
        parts.append(f"{r.purpose or r.notation}: {r.total}{vs}{verdict}")
    return "; ".join(parts)


def changes_text(changes: Iterable[StateChange]) -> str:
    return "; ".join(c.description or f"{c.target} {c.kind}: {c.before} -> {c.after}" for c in changes)


def _lines(*parts: str) -> str:
    return "\n".join(p for p in parts if p)


def action_text(r: ActionResponse) -> str:
    rolls, changes = rolls_text(r.dice_rolls), changes_text(r.state_changes)
    # NPC lines the narrative does not already quote.
    npcs = " ".join(f'{n.npc}: "{n.text}"' for n in r.npc_responses if n.text not in r.narrative)
    return _lines(f"Turn {r.turn_number} ({r.action_type}{', ' + r.character_name if r.character_name else ''}): "
                  f"{r.narrative}", f"Read as: {r.intent.read_as}" if r.intent else "", npcs,
                  f"Rolls: {rolls}" if rolls else "",
                  f"Changes: {changes}" if changes else "",
                  f"Warnings: {'; '.join(r.warnings)}" if r.warnings else "")


def state_text(v: SessionStateView) -> str:
    i = v.session_info
    head = f"Session '{i.name}' ({i.status}, {i.action_count} actions, campaign {i.campaign_name})."
    scene = ""
    if v.game_state:
        g = v.game_state
        fight = f" In combat, round {g.combat_round}, {g.current_turn}'s turn." if g.in_combat else ""
        scene = f"At {g.location}, day {g.day} {g.time}.{fight}"
    party = "Party: " + ", ".join(
        f"{c.name} {c.hp}/{c.hp_max} HP" + (f" [{', '.join(c.conditions)}]" if c.conditions else "")
        for c in v.party_status) if v.party_status else ""
    recent = ""
    if v.recent_history:
        recent = "Recent: " + " | ".join(
            f"T{e.turn} {e.actor + ': ' if e.actor else ''}{e.action}" for e in v.recent_history[:5])
    return _lines(head, scene, party, recent)


def start_text(r: StartSessionResult) -> str:
    return _lines(f"Session '{r.name}' ({r.session_id}) started in {r.campaign_name}, seed {r.seed}. "
                  f"Party: {', '.join(r.party)}. Location: {r.location}.", r.opening)


def end_text(r: EndSessionResult) -> str:
    return _lines(r.message, f"Stats: {r.stats.action_count} actions, {r.stats.dice_rolled} dice, "
                  f"{r.stats.facts_recorded} facts.", f"Warnings: {'; '.join(r.warnings)}" if r.warnings else "")


def load_text(r: LoadSessionResult) -> str:
    return _lines(f"Session '{r.name}' is {r.status} ({r.action_count} actions).", r.recap,
                  f"Warnings: {'; '.join(r.warnings)}" if r.warnings else "")


def sessions_text(sessions: list[SessionInfo]) -> str:
    if not sessions:
        return "No sessions."
    return "\n".join(f"{s.name} ({s.session_id[:8]}) {s.status}, {s.action_count} actions, "
                     f"last active {s.last_active:%Y-%m-%d %H:%M}" for s in sessions[:MAX_LINES]) + (
        f"\n... and {len(sessions) - MAX_LINES} more (see structuredContent)" if len(sessions) > MAX_LINES else "")


def change_text(r: ChangeResult) -> str:
    return f"Turn {r.turn_number}: {r.message}"


def fact_text(r: RecordFactResult) -> str:
    f = r.result
    if f.status == "failed":
        return f"Fact not recorded: {f.error}"
    head = f"Fact {f.fact_id}: {f.dedup_outcome}" + (f" (replaces {f.superseded_fact_id})" if f.superseded_fact_id
                                                     else "")
    return _lines(head + (f", turn {r.turn_number}." if r.turn_number else " (nothing new recorded)."),
                  "Contradicts: " + "; ".join(f.contradictions) if f.contradictions else "")


def facts_text(r: FactQueryResult) -> str:
    lines = [f"- {f.text} ({f.category}, {f.subject})" for f in r.facts[:MAX_LINES]]
    return _lines(f"{r.total_matches} matching facts.", "\n".join(lines))


def undo_text(r: UndoResult) -> str:
    return r.message


def _item_text(kind: str, items: list[ItemResult]) -> str:
    if not items:
        return ""
    return f"{kind}: " + ", ".join(f"{i.dedup_outcome or i.status}"
                                   + (f" ({i.error})" if i.error else "") for i in items)


def save_text(r: SaveResult) -> str:
    if r.status == "failed":
        return f"Summary not saved: {r.error}"
    where = f" (turn {r.turn_number})" if r.turn_number else " (unchanged: already stored)"
    return f"Summary saved in session '{r.session_name}'{where}."


def batch_text(r: BatchSaveResult) -> str:
    facts = _item_text("Facts", [ItemResult(status=f.status, dedup_outcome=f.dedup_outcome, error=f.error)
                                 for f in r.facts])
    return _lines(f"{r.overall}: " + save_text(r.session), _item_text("Decisions", r.decisions),
                  _item_text("Patterns", r.patterns), facts)


def learnings_text(r: LearningList) -> str:
    def block(title: str, items: list) -> str:
        if not items:
            return f"{title}: none."
        return f"{title}:\n" + "\n".join(f"- {x.text}" + ("" if x.active else " (superseded)")
                                         for x in items[:MAX_LINES])
    return _lines(block("Decisions", r.decisions), block("Patterns", r.patterns))
