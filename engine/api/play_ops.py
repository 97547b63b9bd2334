"""The SessionManager calls that change an active session: player actions and the DM's own operations.

Each one resolves through engine code on a working copy of the state, then commits one history
entry through the journal (durable before it returns).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import TYPE_CHECKING

from engine.api import limits
from engine.api.limits import bounded, bounded_list
from engine.errors import EngineError, InvalidInputError
from engine.models.actions import ActionResponse, DmChange, EntryKind, HistoryEntry
from engine.models.facts import FactCategory, FactInput
from engine.models.session import (
    ChangeResult,
    LearningsResult,
    RecordFactResult,
    RollResult,
    SessionSummary,
    UndoResult,
)
from engine.persistence.session_store import SessionStore
from engine.play.agents.archivist import Archivist
from engine.play.budget import PromptBudget
from engine.play.orchestrator import NarrationCallback, Orchestrator
from engine.rules import dm_ops
from engine.rules.dice import DiceRoller, roll_unseeded, validate_notation
from engine.session.runtime import OpenSession
from engine.session.turns import play_turn, record_facts


class PlayOperations:
    """Mixed into SessionManager, which provides the attributes and helpers declared here."""

    clock: Callable[[], datetime]
    orchestrator: Orchestrator
    prompt_budget: PromptBudget
    archivist: Archivist

    if TYPE_CHECKING:
        def _playing(self, session: str) -> AbstractAsyncContextManager[OpenSession]: ...
        def _learning(self, session: str) -> AbstractAsyncContextManager[OpenSession]: ...
        def _store(self, slug: str) -> SessionStore: ...

    async def player_action(self, session: str, action: str, character_name: str | None = None,
                            context: str | None = None, *, out_of_turn: bool = False,
                            on_narration: NarrationCallback | None = None) -> ActionResponse:
        """Resolve and record one player action. With `on_narration`, the narration is streamed to it
        (Chunk/Replace as they arrive, then Done) before the turn is committed; cancelling the call
        mid-stream records nothing. `out_of_turn` is the DM's override in a fight: the character acts
        although it is not their turn (their own slot this round is then skipped)."""
        bounded(action, "The action", limits.ACTION_CHARS)
        bounded(character_name, "character_name", limits.NAME_CHARS)
        bounded(context, "context", limits.CONTEXT_CHARS)
        async with self._playing(session) as s:
            response = await play_turn(s, self.orchestrator, self.prompt_budget, self.archivist, action,
                                       character_name, context, self.clock(), on_narration, out_of_turn=out_of_turn)
            s.touch(self.clock())
            return response

    async def roll(self, notation: str, session: str | None = None, purpose: str | None = None) -> RollResult:
        bounded(purpose, "purpose", limits.PURPOSE_CHARS)
        validate_notation(notation)
        if session is None:
            return RollResult(roll=roll_unseeded(notation, purpose=purpose))
        async with self._playing(session) as s:
            state = s.working_state()
            roll = DiceRoller(state.rng).roll(notation, purpose=purpose, roller="DM")
            entry = self._entry(s, EntryKind.DM_ROLL, f"/roll {notation}" + (f" ({purpose})" if purpose else ""))
            entry.dice_rolls = [roll]
            s.commit(state, entry)
            return RollResult(roll=roll, turn_number=entry.turn)

    async def apply_change(self, session: str, kind: str, target: str | None = None, value: object = None,
                           rounds: int | None = None) -> ChangeResult:
        bounded(target, "target", limits.NAME_CHARS)
        if isinstance(value, str):
            bounded(value, "value", limits.VALUE_CHARS)
        async with self._playing(session) as s:
            state = s.working_state()
            changes = dm_ops.apply_change(state.world, kind, target, value, rounds)
            entry = self._entry(s, EntryKind.DM_CHANGE, f"{kind} {target or ''} {value if value is not None else ''}".strip())
            entry.state_changes = changes
            entry.dm_change = DmChange(kind=kind, target=target, rounds=rounds,
                                       value=value if value is None or isinstance(value, int) else str(value))
            entry.actor = target if kind in ("hp", "temp_hp", "condition_add", "condition_remove") else None
            s.commit(state, entry)
            return ChangeResult(turn_number=entry.turn, state_changes=changes,
                                message="; ".join(c.description for c in changes) or "Nothing changed.")

    async def rest(self, session: str, kind: str) -> ChangeResult:
        async with self._playing(session) as s:
            state = s.working_state()
            rolls, changes = dm_ops.party_rest(state.world, DiceRoller(state.rng), kind)
            entry = self._entry(s, EntryKind.DM_REST, f"/rest {kind}")
            entry.dice_rolls, entry.state_changes = rolls, changes
            s.commit(state, entry)
            return ChangeResult(turn_number=entry.turn, state_changes=changes,
                                message=f"The party takes a {kind} rest.")

    async def record_fact(self, session: str, text: str, category: str | None = None,
                          subject: str | None = None) -> RecordFactResult:
        fact = FactInput(text=_text(text), category=parse_category(category) or FactCategory.WORLD, subject=subject)
        async with self._playing(session) as s:
            entry = self._entry(s, EntryKind.DM_FACT, f"/fact {fact.text}")
            [result] = record_facts(s, [fact], entry)
            if not entry.facts_added:
                return RecordFactResult(turn_number=None, result=result)
            self._commit_facts(s, entry)
            return RecordFactResult(turn_number=entry.turn, result=result, state_changes=entry.state_changes)

    def _commit_facts(self, s: OpenSession, entry: HistoryEntry) -> None:
        try:
            s.commit(s.working_state(), entry)
        except BaseException:
            s.take_back_facts(entry)
            raise

    async def store_session_with_learnings(self, session: str, summary: SessionSummary,
                                           facts: list[FactInput] | None = None) -> LearningsResult:
        """Seed 001's end-of-session call; also works on a paused or ended session (hosts call it after
        end_session), which is opened for the call and saved again with its status unchanged."""
        bounded(summary.objective, "summary.objective", limits.SUMMARY_ITEM_CHARS)
        bounded(summary.notes, "summary.notes", limits.NOTES_CHARS)
        for name in ("actions_taken", "decisions_made", "open_items", "next_actions"):
            bounded_list(getattr(summary, name), f"summary.{name}")
        async with self._learning(session) as s:
            session_result: dict = {"status": "saved", "session_id": s.session_id}
            try:
                meta = s.meta.model_copy(update={"summary": summary, "summary_source": "host"})
                self._store(s.slug).write_meta(meta)
                s.meta = meta  # only once the file says so
            except EngineError as exc:
                session_result = {"status": "failed", "session_id": s.session_id, "error": str(exc)}
            entry = self._entry(s, EntryKind.DM_FACT, f"store_session_with_learnings ({len(facts or [])} facts)")
            results = record_facts(s, facts or [], entry)
            if entry.facts_added:
                self._commit_facts(s, entry)
            failed = session_result["status"] == "failed" or any(r.status == "failed" for r in results)
            return LearningsResult(session=session_result, facts=results, overall="partial" if failed else "saved")

    async def undo_last(self, session: str) -> UndoResult:
        async with self._playing(session) as s:
            entry = s.undo()
            s.touch(self.clock())
            return UndoResult(undone_turn=entry.turn, undone_action=entry.action,
                              reverted_changes=entry.state_changes,
                              message=f"Undid turn {entry.turn}: {entry.action}")

    async def select_character(self, session: str, name: str | None) -> str | None:
        """The DM's current selection: who acts when an action names nobody.

        A view preference rather than a game change, so it is not journaled; it is saved with the
        session at pause, and the cached document is kept in step so the next commit keeps it.
        """
        async with self._playing(session) as s:
            chosen = dm_ops.find_target(s.state.world, name).name if name is not None else None
            s.state.selected_character = chosen
            s.state_doc["selected_character"] = chosen
            return chosen

    def _entry(self, s: OpenSession, kind: EntryKind, action: str) -> HistoryEntry:
        return HistoryEntry(turn=s.next_turn, timestamp=self.clock(), kind=kind, action=action)


def parse_category(category: str | None) -> FactCategory | None:
    if category is None or category == "":
        return None
    try:
        return FactCategory(category)
    except ValueError:
        raise InvalidInputError(
            f"Unknown fact category '{category}'. Use one of: {', '.join(c.value for c in FactCategory)}.") from None


def _text(text: str) -> str:
    if not isinstance(text, str) or not text.strip():
        raise InvalidInputError("The fact text is empty.")
    if len(text) > 2000:
        raise InvalidInputError("The fact text is too long (at most 2000 characters).")
    return text.strip()
