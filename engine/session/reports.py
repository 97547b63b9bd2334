"""Text a person reads about a session or campaign: opening scene, stats, overview, Markdown export."""

from __future__ import annotations

from pathlib import Path

from engine.models.actions import EntryKind, HistoryEntry
from engine.models.session import (
    EndSessionResult,
    SessionMetadata,
    SessionStateView,
    SessionStats,
    SessionSummary,
)
from engine.models.world import Campaign, QuestStatus
from engine.persistence.history import History


def opening(world: Campaign) -> str:
    gs = world.game_state
    here = world.location(gs.party_location)
    party = ", ".join(f"**{c.name}** the {c.class_name}" for c in world.characters)
    people = [n.name for n in world.npcs_at(gs.party_location)]
    lines = [f"## {gs.party_location}", here.description if here else "", "", f"The party: {party}."]
    if people:
        lines.append(f"Here: {', '.join(people)}.")
    if here and here.connections:
        lines.append(f"Paths lead to {', '.join(here.connections)}.")
    active = [q.name for q in world.quests if q.status == QuestStatus.ACTIVE]
    if active:
        lines.append(f"Active quest: {', '.join(active)}.")
    return "\n".join(lines).strip()


def stats(meta: SessionMetadata, history: History) -> SessionStats:
    # Running totals kept by the history: this runs on every save of a long session.
    totals = history.totals()
    return SessionStats(duration_minutes=meta.total_duration_minutes, action_count=len(history),
                        dice_rolled=totals["dice"], facts_recorded=totals["facts"], combats=totals["combats"])


def already_closed(meta: SessionMetadata, folder: Path) -> EndSessionResult:
    """Ending an ended (or pausing a paused) session: a harmless answer, nothing written."""
    ended = meta.status == "ended"
    word = "ended" if ended else "paused"
    return EndSessionResult(
        status="ended" if ended else "saved", session_id=meta.session_id,
        session_summary=meta.summary or SessionSummary(), save_path=str(folder),
        stats=meta.stats or SessionStats(duration_minutes=meta.total_duration_minutes,
                                         action_count=meta.action_count, dice_rolled=0, facts_recorded=0),
        message=f"Session '{meta.name}' was already {word}; nothing changed.")


def campaign_overview(world: Campaign, metas: list[SessionMetadata]) -> str:
    lines = [f"# {world.name}", world.description, "", "## Party"]
    lines += [f"- {c.name}: level {c.level} {c.race} {c.class_name}, HP {c.hp.current}/{c.hp.max}, AC {c.ac}"
              for c in world.characters]
    lines += ["", "## Places"] + [f"- {loc.name} → {', '.join(loc.connections)}" for loc in world.locations]
    lines += ["", "## People"] + [f"- {n.name} ({n.role or 'NPC'}, {n.attitude}) at {n.location}" for n in world.npcs]
    lines += ["", "## Quests"]
    for q in world.quests:  # each objective with its state: a finished one must read as finished
        lines.append(f"- {q.name}: {q.status.value.replace('_', ' ')} ({q.progress()})")
        lines += [f"  - [{'x' if o.done else ' '}] {o.text}" for o in q.objectives]
    lines += ["", "## Sessions"]
    lines += [f"- {m.name} ({m.status}, {m.action_count} actions, last active {m.last_active:%Y-%m-%d %H:%M})"
              for m in sorted(metas, key=lambda m: m.created_at)] or ["- none yet"]
    return "\n".join(lines)


def entry_markdown(e: HistoryEntry) -> str:
    who = f"**{e.actor}**" if e.actor else ("DM" if e.kind != EntryKind.PLAYER_ACTION else "Someone")
    kind = e.action_type.value if e.action_type else e.kind.value
    out = [f"### Turn {e.turn} · {who} · {kind}", f"> {e.action}"]
    if e.narrative:
        out += ["", e.narrative]
    for r in e.dice_rolls:
        verdict = "" if r.success is None else (" — success" if r.success else " — failure")
        out.append(f"- 🎲 {r.purpose or r.notation}: {r.detail or r.total}{verdict}")
    out += [f"- {c.description}" for c in e.state_changes if c.description]
    out += [f"- ⚠ {w}" for w in e.warnings]
    return "\n".join(out)


def export_markdown(view: SessionStateView, recap: str, history: list[HistoryEntry]) -> str:
    info = view.session_info
    lines = [f"# {info.campaign_name} — {info.name}",
             f"Status: {info.status} · actions: {len(history)} · narrator: {info.narrator}", "",
             "## Recap", recap, "", "## Party"]
    lines += [f"- {p.name} ({p.class_name} {p.level}): HP {p.hp}/{p.hp_max}, AC {p.ac}"
              + (f", {', '.join(p.conditions)}" if p.conditions else "") for p in view.party_status]
    lines += ["", "## Log"] + [entry_markdown(e) + "\n" for e in history]
    return "\n".join(lines)
