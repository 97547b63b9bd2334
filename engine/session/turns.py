"""One player turn: context for the narrator, orchestration, facts, and the history entry.

Nothing about the session changes until the whole turn (narration included) is done: the turn is
resolved on a working copy and committed at the end, so a turn cancelled mid-narration leaves no trace.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from datetime import datetime

from engine.errors import StaleTurnError
from engine.models.actions import ActionResponse, EntryKind, HistoryEntry
from engine.models.facts import Fact, FactInput, FactRecordResult
from engine.models.intent import ActionIntent
from engine.models.reading import intent_view
from engine.models.session import ContextUsage, SessionState
from engine.models.turn_log import turn_log
from engine.play.actor import normalize, resolve_actor
from engine.play.agents.archivist import Archivist
from engine.play.budget import PromptBudget
from engine.play.narrate_turn import NarrationCallback
from engine.play.orchestrator import ActionInput, Orchestrator
from engine.play.rescue import free_captives
from engine.rules.dice import DiceRoller
from engine.session.runtime import OpenSession, add_lines
from engine.session.views import character_status

RECENT_FOR_AGENTS = 8
# Older history is folded into the rolling summary in batches, so the archivist's cost is amortized.
SUMMARY_BATCH = 20
RECENT_FOR_CONTEXT = 30
CONTEXT_FACTS = 8
AGENT_FACTS = 5
MAX_SUMMARY_BATCH = 200


def history_line(e: HistoryEntry) -> str:
    who = f"{e.actor}: " if e.actor else ""
    rolls = "; ".join(f"{r.purpose or r.notation} {r.total}" for r in e.dice_rolls[:3])
    tail = f" [{rolls}]" if rolls else ""
    return f"T{e.turn} {who}{e.action}{tail}"


def record_facts(s: OpenSession, facts: list[FactInput], entry: HistoryEntry) -> list[FactRecordResult]:
    """Record facts into the tracker, noting on the entry what it added and superseded.

    Contradictions become warnings on the entry: they are shown, never silently dropped.
    """
    results = []
    for i, fact in enumerate(facts):
        result, added, superseded = s.facts.record(fact, turn=entry.turn, now=entry.timestamp,
                                                   fact_id=f"t{entry.turn}-{i}")
        if added is not None:
            # A copy: the tracker's own object changes later (e.g. when superseded), history must not.
            entry.facts_added.append(added.model_copy())
        if superseded and added is not None:
            entry.facts_superseded[superseded] = added.id
        entry.warnings += [f"Possible contradiction: {c}" for c in result.contradictions]
        results.append(result)
    return results


def refresh_rolling_summary(s: OpenSession, archivist: Archivist) -> None:
    ctx = s.context
    older = len(s.history) - RECENT_FOR_CONTEXT
    if older <= 0 or s.history[older - 1].turn - ctx.summarized_through_turn < SUMMARY_BATCH:
        return
    # History is ordered by turn, so the unsummarized stretch is found by bisection, not a scan;
    # a long backlog (history written by DM commands only) is capped: the summary is bounded anyway.
    start = bisect.bisect_right(s.history, ctx.summarized_through_turn, hi=older, key=lambda e: e.turn)
    batch = s.history[max(start, older - MAX_SUMMARY_BATCH):older]
    if batch:
        ctx.rolling_summary = archivist.rolling_summary(batch, ctx.rolling_summary)
        ctx.summarized_through_turn = batch[-1].turn


def build_context(s: OpenSession, facts: list[Fact], cm: PromptBudget) -> tuple[str, ContextUsage]:
    world = s.state.world
    here = world.location(world.game_state.party_location)
    scene = f"{world.game_state.party_location}: {here.description if here else ''}"
    party = [f"{c.name} ({c.class_name} {c.level}) HP {c.hp}/{c.hp_max}"
             + (f" [{', '.join(c.conditions)}]" if c.conditions else "")
             for c in map(character_status, world.characters)]
    history = [history_line(e) for e in reversed(s.history[-RECENT_FOR_CONTEXT:])]
    return cm.build(style=world.style, scene=scene, party=party, facts=[f.text for f in facts], history=history,
                    rolling_summary=s.context.rolling_summary)


@dataclass
class PreparedTurn:
    """A turn resolved on a working copy and not yet recorded: nothing about the session has changed.
    `base_seq` is the journal position it was resolved against; a commit after any other change is refused."""

    base_seq: int
    state: SessionState
    entry: HistoryEntry
    facts: list[FactInput]
    usage: ContextUsage
    follow_up_options: list[str]
    intent: ActionIntent | None = None


async def prepare_turn(s: OpenSession, orchestrator: Orchestrator, cm: PromptBudget, action: str,
                       character_name: str | None, extra: str | None, now: datetime,
                       on_narration: NarrationCallback | None = None, *, out_of_turn: bool = False) -> PreparedTurn:
    """Resolve one player turn (rules, dice, narration) without recording anything."""
    text = normalize(action)
    world = s.state.world
    actor = resolve_actor(world, text, character_name, s.state.selected_character)
    # One fact query serves both the narrator's context and the agents (the best few).
    relevant = s.facts.query(text, limit=CONTEXT_FACTS).facts
    context_text, usage = build_context(s, relevant, cm)
    new_state: SessionState = s.working_state()
    roller = DiceRoller(new_state.rng)
    turn = s.next_turn
    res = await orchestrator.resolve(ActionInput(
        action=text, actor=actor, extra_context=extra, world=world, roller=roller, turn=turn,
        recent_history=[history_line(e) for e in s.history[-RECENT_FOR_AGENTS:]],
        relevant_facts=relevant[:AGENT_FACTS], context_text=context_text,
        style=world.style, seed=s.meta.seed, out_of_turn=out_of_turn,
        # The working copy's world is the one the turn changes: copied once, not again for the agent.
        world_doc=s.state_doc["world"], world_copy=new_state.world), on_narration)
    new_state.world = res.world
    if actor:
        new_state.selected_character = actor
    # An action that named nobody is credited to whoever the agents had act (they warn about it),
    # without making them the DM's selection for later turns.
    actor = actor or res.actor
    usage.provider_prompt_tokens = res.prompt_tokens
    usage.provider_completion_tokens = res.completion_tokens
    freed, freed_lines, freed_warnings = free_captives(new_state.world, text, actor)
    entry = HistoryEntry(
        turn=turn, timestamp=now, kind=EntryKind.PLAYER_ACTION, actor=actor, action=text,
        action_type=res.action_type, narrative=res.narrative, dice_rolls=res.dice_rolls,
        state_changes=res.state_changes + freed, npc_responses=res.npc_responses,
        warnings=list(res.warnings) + freed_warnings)
    add_lines(entry, freed_lines)
    return PreparedTurn(base_seq=s.seq, state=new_state, entry=entry, facts=list(res.facts), usage=usage,
                        follow_up_options=list(res.follow_up_options or []), intent=res.action_intent)


def turn_response(entry: HistoryEntry, follow_up_options: list[str], intent: ActionIntent | None = None) -> ActionResponse:
    return ActionResponse(
        narrative=entry.narrative, action_type=entry.action_type, state_changes=entry.state_changes,
        dice_rolls=entry.dice_rolls, npc_responses=entry.npc_responses,
        follow_up_options=follow_up_options or None, warnings=entry.warnings, turn_number=entry.turn,
        character_name=entry.actor, dice_log=[line.text for line in turn_log(entry.dice_rolls, entry.state_changes)],
        intent=intent_view(intent, entry.actor) if intent is not None else None)


def commit_turn(s: OpenSession, prepared: PreparedTurn, archivist: Archivist,
                narrative: str | None = None) -> ActionResponse:
    """Record a prepared turn (durable before it returns); `narrative` replaces the narrator's text.
    Refused with StaleTurnError if the session changed since it was prepared."""
    if s.seq != prepared.base_seq:
        raise StaleTurnError(
            f"Turn {prepared.entry.turn} was resolved against a table that has changed since (another change was "
            "recorded); nothing was recorded: resolve the action again.")
    entry = prepared.entry
    if narrative is not None:
        entry.narrative = narrative
    record_facts(s, prepared.facts, entry)
    try:
        s.commit(prepared.state, entry, prepared.intent)
    except BaseException:
        s.take_back_facts(entry)
        raise
    s.context.last_usage = prepared.usage
    # Only after the commit: a cancelled or failed turn leaves the context exactly as it was.
    refresh_rolling_summary(s, archivist)
    return turn_response(entry, prepared.follow_up_options, prepared.intent)


async def play_turn(s: OpenSession, orchestrator: Orchestrator, cm: PromptBudget, archivist: Archivist,
                    action: str, character_name: str | None, extra: str | None, now: datetime,
                    on_narration: NarrationCallback | None = None, *, out_of_turn: bool = False) -> ActionResponse:
    prepared = await prepare_turn(s, orchestrator, cm, action, character_name, extra, now, on_narration,
                                  out_of_turn=out_of_turn)
    return commit_turn(s, prepared, archivist)
