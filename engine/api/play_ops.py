"""The SessionManager calls that change an active session: player actions and the DM's own operations.

Each one resolves through engine code on a working copy of the state, then commits one history
entry through the journal (durable before it returns).
"""

from __future__ import annotations

from engine.api import limits
from engine.api.host import ManagerHost
from engine.api.limits import bounded
from engine.errors import InvalidInputError, StaleTurnError
from engine.models.actions import ActionResponse, DmChange, EntryKind, HistoryEntry
from engine.models.facts import FactCategory, FactInput
from engine.models.session import (
    ChangeResult,
    RecordFactResult,
    RollResult,
    SessionState,
    UndoResult,
)
from engine.play.agents.archivist import Archivist
from engine.play.budget import PromptBudget
from engine.play.narrate_turn import NarrationCallback
from engine.play.orchestrator import Orchestrator
from engine.rules import dm_ops
from engine.rules.dice import DiceRoller, roll_unseeded, validate_notation
from engine.session.runtime import OpenSession
from engine.session.turns import play_turn, record_facts


class PlayOperations(ManagerHost):
    """Mixed into SessionManager (see ManagerHost for what it provides)."""

    orchestrator: Orchestrator
    prompt_budget: PromptBudget
    archivist: Archivist

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

    def _commit_facts(self, s: OpenSession, entry: HistoryEntry, state: SessionState | None = None) -> None:
        """Commit an entry whose facts the tracker already holds; on failure the tracker lets them go."""
        try:
            s.commit(state or s.working_state(), entry)
        except BaseException:
            s.take_back_facts(entry)
            raise

    async def undo_last(self, session: str, expected_turn: int | None = None) -> UndoResult:
        """Undo the latest entry. With `expected_turn`, only if that is still the latest: a client that
        read the state refuses to undo a turn another client has recorded since."""
        async with self._playing(session) as s:
            latest = s.history[-1] if s.history else None
            if expected_turn is not None and (latest is None or latest.turn != expected_turn):
                now = f"turn {latest.turn} ({latest.action[:60]})" if latest else "no turn at all"
                raise StaleTurnError(
                    f"Not undone: you expected turn {expected_turn} to be the latest, but the latest is {now}; "
                    "another client has moved on. Read get_session_state and decide again.")
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
