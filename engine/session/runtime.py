"""An open (active) session in memory: state, facts, history, and the journal that makes them durable.

Every accepted change goes through `commit`: the new state is diffed against the cached JSON
document of the old one, and the resulting HistoryEntry (patch, facts, rolls, narrative) is appended
to the journal and fsynced before anything in memory changes. Undo and crash recovery replay the
same patches, so a session's snapshot plus its journal reproduce its state exactly.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from engine import patch
from engine.errors import CorruptFileError, NothingToUndoError, SessionNotActiveError
from engine.facts.saved import index_writer
from engine.facts.tracker import FactTracker
from engine.models.actions import EntryKind, HistoryEntry
from engine.models.intent import ActionIntent
from engine.models.session import ContextState, SessionMetadata, SessionState, SessionStatus, SessionSummary
from engine.narration.base import Narrator
from engine.persistence.history import History, entry_json
from engine.persistence.journal import Journal
from engine.persistence.lock import SessionLock
from engine.persistence.session_store import SessionStore
from engine.play import quests
from engine.session import recent_notes, spare

__all__ = ["OpenSession", "entry_json", "known_entities"]


def add_lines(entry: HistoryEntry, lines: list[str]) -> None:
    """Lines the engine adds after the narration (a prisoner freed, a quest advanced), as one paragraph."""
    if lines:
        entry.narrative = "\n\n".join([p for p in (entry.narrative.strip(), " ".join(lines)) if p])


def known_entities(state: SessionState) -> list[str]:
    world = state.world
    names = [c.name for c in world.characters] + [n.name for n in world.npcs]
    names += [loc.name for loc in world.locations] + [q.name for q in world.quests]
    return names + [m.name for m in world.monsters]


@dataclass
class OpenSession:
    slug: str
    meta: SessionMetadata
    state: SessionState
    facts: FactTracker
    history: History
    context: ContextState
    # None only in a read-only copy (a session read from its files without opening it).
    journal: Journal | None
    lock: SessionLock | None
    narrator: Narrator
    opened_at: float = field(default_factory=time.monotonic)
    state_doc: dict = field(default_factory=dict)
    # Sequence number of the last journal line; never reused, so saved files can name their checkpoint.
    seq: int = 0
    # The state the last commit replaced, brought level with the current one: the next working copy.
    _spare: SessionState | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.state_doc:
            self.state_doc = self.state.model_dump(mode="json")
        if not isinstance(self.history, History):
            self.history = History(self.history)
        self.seq = max(self.seq, self.state.journal_seq)

    @property
    def session_id(self) -> str:
        return self.meta.session_id

    @property
    def summary(self) -> SessionSummary | None:
        """The stored summary: the host's (journaled with the state) if any, else the one saved at pause."""
        return self.state.host_summary or self.meta.summary

    @property
    def next_turn(self) -> int:
        return self.state.turn + 1

    def working_state(self) -> SessionState:
        """A deep copy to change through engine code; `commit` turns it into the new state.

        The spare the last commit left (engine.session.spare) when it still fits the document, else one
        validated from the cached JSON document (several times faster than pydantic's deepcopy).
        """
        ready, self._spare = self._spare, None
        if ready is not None and spare.fit(ready, self.state_doc):
            return ready
        return SessionState.model_validate(self.state_doc)

    def commit(self, new_state: SessionState, entry: HistoryEntry, intent: ActionIntent | None = None) -> HistoryEntry:
        """Make `new_state` current, durable first: journal append + fsync, then memory.

        Whatever the change, the quests are settled first: an objective it met is completed in the same
        entry, so the entry's patch (and its undo) carries both. `intent` is the parse of a player's action:
        with it a deed is read from what the action does, not from every word it holds."""
        event = quests.Event(entry.action if entry.kind == EntryKind.PLAYER_ACTION else None, entry.state_changes,
                             [f.id for f in entry.facts_added], intent)
        # An ended session's world is already in campaign.json: learnings stored after the end change no quest.
        ended = self.meta.status == SessionStatus.ENDED
        changes, lines = ([], []) if ended else quests.advance(new_state.world, self.facts, event)
        if changes:
            entry.state_changes.extend(changes)
            add_lines(entry, lines)
        new_state.turn = entry.turn
        new_doc = new_state.model_dump(mode="json")
        entry.patch = patch.diff(self.state_doc, new_doc)
        payload = entry_json(entry)
        self._append("entry", payload)
        old, self.state, self.state_doc = self.state, new_state, new_doc
        # Durable now: the replaced state is updated where the patch points, for the next change to work on.
        self._spare = old if old is not new_state and spare.bring_level(old, new_doc, entry.patch) else None
        # The journal's bytes for the entry are also its bytes in action_history.json: a save
        # then joins them instead of serializing the whole history again.
        self.history.append(entry, payload)
        return entry

    def undo(self) -> HistoryEntry:
        if not self.history:
            raise NothingToUndoError("Nothing to undo: this session has no recorded actions yet.")
        entry = self.history[-1]
        # The undo line carries the whole entry, so recovery can revert it even if the entry itself
        # was folded into an earlier save.
        self._append("undo", self.history.last_json())
        patch.revert(self.state_doc, entry.patch)
        self.state, self._spare = SessionState.model_validate(self.state_doc), None
        self.take_back_facts(entry)
        self.history.pop()
        return entry

    def _append(self, op: str, payload: bytes) -> None:
        if self.journal is None:
            raise SessionNotActiveError(f"Session '{self.meta.name}' is not open for play; nothing was recorded.")
        seq = self.seq + 1
        head = f'{{"op":"{op}","seq":{seq},"entry":'.encode()
        self.journal.append(head + payload + b"}")
        self.seq = seq

    def replay(self, lines: list[bytes], history_seq: int, facts_seq: int) -> int:
        """Crash recovery: re-apply journal lines newer than each file's own checkpoint.

        A crash in the middle of a save can leave some of the five files newer than others; each
        file records the last journal line it includes, so each is brought forward independently.
        """
        state_seq = self.state.journal_seq
        applied = 0
        if lines:
            first = json.loads(lines[0])["seq"]
            behind = [name for name, seq in (("action_history.json", history_seq), ("state_snapshot.json", state_seq),
                                             ("fact_database.json", facts_seq)) if seq < first - 1]
            if behind:
                raise CorruptFileError(
                    f"{', '.join(behind)} of session '{self.meta.name}' stop at journal line {min(history_seq, state_seq, facts_seq)} "
                    f"but the journal resumes at line {first}: the changes in between are in no file that can be "
                    "read. Restore the file(s) from your own copy; nothing was changed.", path=behind[0])
        for line in lines:
            record = json.loads(line)
            seq, entry = record["seq"], HistoryEntry.model_validate(record["entry"])
            forward = record["op"] == "entry"
            if seq > history_seq:
                if forward:
                    self.history.append(entry)
                elif self.history and self.history[-1].turn == entry.turn:
                    self.history.pop()
            if seq > state_seq:
                (patch.apply if forward else patch.revert)(self.state_doc, entry.patch)
            if seq > facts_seq:
                self._facts_forward(entry) if forward else self.take_back_facts(entry)
            self.seq = max(self.seq, seq)
            applied += seq > min(history_seq, state_seq, facts_seq)
        self.state, self._spare = SessionState.model_validate(self.state_doc), None
        return applied

    def _facts_forward(self, entry: HistoryEntry) -> None:
        for fact in entry.facts_added:
            self.facts.restore(fact)
        for old_id, new_id in entry.facts_superseded.items():
            self.facts.mark_superseded(old_id, new_id)

    def take_back_facts(self, entry: HistoryEntry) -> None:
        """Undo an entry's facts: remove what it added, reinstate what it superseded."""
        for fact in entry.facts_added:
            self.facts.remove(fact.id)
        for old_id in entry.facts_superseded:
            self.facts.unsupersede(old_id)

    def start_state(self) -> SessionState:
        """The state the session started from: every history entry's patch reverted, newest first."""
        doc = json.loads(json.dumps(self.state_doc))
        for entry in reversed(self.history):
            patch.revert(doc, entry.patch)
        return SessionState.model_validate(doc)

    def checkpoint(self) -> None:
        """Called when the five files are about to be written: they fold in every journal line so far."""
        self.state.journal_seq = self.seq
        self.state_doc["journal_seq"] = self.seq
        if self._spare is not None:
            self._spare.journal_seq = self.seq

    def save_files(self, store: SessionStore, meta: SessionMetadata) -> Path:
        """Write the five files (and the fact index when it changed) from what is in memory: saved
        bytes are joined, only entries and facts not yet serialized are."""
        self.checkpoint()
        return store.save_all(meta, self.state, None, self.history, self.context, self.facts.all_json(),
                              index_writer(self.facts), recent_notes.writer(self.history))

    def touch(self, now: datetime) -> None:
        self.meta.last_active = now
        self.meta.action_count = len(self.history)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
        if self.lock is not None:
            self.lock.release()
