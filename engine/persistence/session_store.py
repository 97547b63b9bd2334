"""A campaign's sessions on disk: the five session files, the journal, and sessions.json.

The store only reads and writes; deciding what a session's state is belongs to engine.api.manager.
Every write is atomic with a backup (engine.persistence.atomic); every read falls back to that
backup and reports which files it restored.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import TypeAdapter

from engine.errors import CorruptFileError, SessionNotFoundError
from engine.memory import gc_paused
from engine.models.actions import HistoryEntry
from engine.models.facts import Fact
from engine.models.session import (
    SCHEMA_VERSION,
    ContextState,
    SessionIndex,
    SessionMetadata,
    SessionState,
    SessionStatus,
)
from engine.persistence.atomic import (
    fsync_dir,
    read_list_file,
    read_model,
    set_aside,
    sweep_orphans,
    write_bytes_atomic,
    write_derived,
)
from engine.persistence.crash import crash_point
from engine.persistence.history import History
from engine.persistence.journal import Journal
from engine.persistence.listfile import ListFile, pack
from engine.persistence.paths import (
    ACTION_HISTORY,
    CONTEXT_STATE,
    FACT_DATABASE,
    FACT_INDEX,
    RECENT_NOTES,
    SESSION_META,
    STATE_SNAPSHOT,
    DataLayout,
)

FACTS_KEY = "facts"
HISTORY_KEY = "entries"
_FACTS = TypeAdapter(list[Fact])
_HISTORY = TypeAdapter(list[HistoryEntry])


@dataclass
class LoadedSession:
    """Everything on disk for one session, as load_all found it."""

    meta: SessionMetadata
    state: SessionState
    # fact_database.json as read: each fact's bytes (checksum held) or the validated facts.
    fact_file: ListFile
    history: History
    context: ContextState
    # Journal lines written since the last completed save (see OpenSession.replay).
    journal_lines: list[bytes]
    # Names of files that were bad and were replaced by their .backup while loading.
    restored_backups: list[str] = field(default_factory=list)
    # Index files (context_state.json) that were unreadable, backup too, and were rebuilt from the rest.
    rebuilt: list[str] = field(default_factory=list)
    # True when the journal ended in a torn (never acknowledged) line that was ignored.
    journal_torn_tail: bool = False
    # The last journal line folded into action_history.json / fact_database.json.
    history_seq: int = 0
    facts_seq: int = 0
    # fact_index.json's bytes, unchecked (engine.facts.saved checks them against fact_file), or None.
    fact_index: bytes | None = None
    # recent_notes.json's bytes, unchecked (engine.session.recent_notes checks them against the history).
    recent_notes: bytes | None = None
    # The checksum of action_history.json's entries when it held, else None.
    history_crc: int | None = None
    _facts: list[Fact] | None = None

    @property
    def facts(self) -> list[Fact]:
        """Every saved fact, validated (on first use when only their bytes were read)."""
        if self._facts is None:
            if self.fact_file.items is not None:
                self._facts = self.fact_file.items
            else:
                with gc_paused():
                    self._facts = _FACTS.validate_json(b"[" + b",".join(self.fact_file.raw) + b"]")  # type: ignore[arg-type]
        return self._facts

    @property
    def facts_json(self) -> list[bytes] | None:
        """Each fact's saved JSON (facts[i]) when the file's checksum held, else None."""
        return None if self.fact_file.items is not None else self.fact_file.raw  # type: ignore[return-value]


def _fact_json(fact: Fact) -> bytes:
    return fact.model_dump_json(exclude_defaults=True).encode()


class SessionStore:
    """Session files of one campaign."""

    def __init__(self, layout: DataLayout, campaign_slug: str) -> None:
        self.layout = layout
        self.slug = campaign_slug
        self.sessions_dir = layout.sessions_dir(campaign_slug)  # validates the slug
        # Session id -> session_meta.json restored from its backup while listing or resolving.
        self.restored_meta: set[str] = set()

    def session_dir(self, session_id: str) -> Path:
        return self.layout.session_dir(self.slug, session_id)

    def create_dir(self, session_id: str) -> Path:
        """Make the session's folder (and its parents) durable; harmless if it exists."""
        folder = self.session_dir(session_id)
        created = not self.sessions_dir.exists()
        self.sessions_dir.mkdir(parents=True, exist_ok=True)
        if created:
            fsync_dir(self.sessions_dir.parent)
        folder.mkdir(exist_ok=True)
        fsync_dir(self.sessions_dir)
        return folder

    def save_all(self, meta: SessionMetadata, state: SessionState, facts: list[Fact] | None,
                 history: list[HistoryEntry] | History, context: ContextState,
                 facts_json: list[bytes] | None = None,
                 fact_index: Callable[[int], bytes | None] | None = None,
                 recent_notes: Callable[[int], bytes | None] | None = None) -> Path:
        """Write the five files of `meta.session_id`; returns the session folder.

        Metadata goes last so that, for any kill of the process, a session whose meta says "saved"
        has all its other files written. Across files there is no atomicity: after a crash mid-save some files are new and
        some old, and the journal (reset only after this returns) still holds every action. Each
        file records `state.journal_seq`, the last journal line it includes, so recovery brings
        each file forward from its own checkpoint.
        """
        folder = self.session_dir(meta.session_id)
        if not folder.is_dir():
            self.create_dir(meta.session_id)
        seq = state.journal_seq
        if not isinstance(history, History):
            history = History(history)
        if facts_json is None:
            facts_json = [_fact_json(f) for f in facts or ()]
        # Each file's bytes are fsynced before it is swapped in; the folder (the renames) once, after the
        # last: until then any subset of the renames may survive a power cut, which the per-file
        # checkpoints and the journal (rotated only after this returns) already cover.
        crash_point("save:fact_database")
        fact_bytes, facts_crc = pack(FACTS_KEY, facts_json, SCHEMA_VERSION, seq)
        write_bytes_atomic(folder / FACT_DATABASE, fact_bytes, sync_folder=False)
        crash_point("save:fact_index")
        index = fact_index(facts_crc) if fact_index is not None else None
        if index is not None:
            # Derived from the facts just written and naming their checksum: no fsync, no backup.
            write_derived(folder / FACT_INDEX, index)
        crash_point("save:action_history")
        history_bytes, history_crc = pack(HISTORY_KEY, history.raw(), SCHEMA_VERSION, seq, history.totals())
        write_bytes_atomic(folder / ACTION_HISTORY, history_bytes, sync_folder=False)
        del history_bytes
        notes = recent_notes(history_crc) if recent_notes is not None else None
        if notes is not None:
            # Derived from the entries just written and naming their checksum, like the fact index.
            write_derived(folder / RECENT_NOTES, notes)
        crash_point("save:context_state")
        write_bytes_atomic(folder / CONTEXT_STATE, context.model_dump_json(indent=2).encode(), sync_folder=False)
        crash_point("save:state_snapshot")
        write_bytes_atomic(folder / STATE_SNAPSHOT, state.model_dump_json().encode(), sync_folder=False)
        crash_point("save:session_meta")
        write_bytes_atomic(folder / SESSION_META, meta.model_dump_json(indent=2).encode(), sync_folder=False)
        fsync_dir(folder)
        crash_point("save:done")
        return folder

    def write_meta(self, meta: SessionMetadata, durable: bool = True) -> None:
        """`durable=False` for a mark that holds no acknowledged change (see write_bytes_atomic)."""
        folder = self.session_dir(meta.session_id)
        if not folder.is_dir():
            self.create_dir(meta.session_id)
        write_bytes_atomic(folder / SESSION_META, meta.model_dump_json(indent=2).encode(), durable=durable)

    def _existing_dir(self, session_id: str) -> Path:
        folder = self.session_dir(session_id)
        if not folder.is_dir():
            raise SessionNotFoundError(
                f"No session {session_id!r} in campaign {self.slug!r} (looked in {self.sessions_dir}).")
        return folder

    def read_meta(self, session_id: str) -> SessionMetadata:
        meta, restored = read_model(self._existing_dir(session_id) / SESSION_META, SessionMetadata)
        if restored:
            self.restored_meta.add(session_id)
            meta = self._not_back_to_life(meta)
        return meta

    def _not_back_to_life(self, meta: SessionMetadata) -> SessionMetadata:
        """A meta restored from its backup is one save older: if the index saw the session end, it stays
        ended (an end is never undone by a restore)."""
        try:
            record = next((r for r in self.read_index().session_history if r.session_id == meta.session_id), None)
        except CorruptFileError:
            return meta
        if record is None or record.status != SessionStatus.ENDED or meta.status == SessionStatus.ENDED:
            return meta
        meta = meta.model_copy(update={"status": SessionStatus.ENDED, "end_reason": record.end_reason})
        self.write_meta(meta)
        return meta

    def session_ids(self) -> list[str]:
        """Folder names of every session of the campaign (unvalidated content)."""
        try:
            entries = list(os.scandir(self.sessions_dir))
        except FileNotFoundError:
            return []
        return sorted(e.name for e in entries if e.is_dir() and not e.name.startswith("."))

    def list_metas(self) -> tuple[list[SessionMetadata], list[str]]:
        """(readable sessions oldest first, one message per unreadable one); one bad session hides none."""
        metas: list[SessionMetadata] = []
        errors: list[str] = []
        for session_id in self.session_ids():
            try:
                metas.append(self.read_meta(session_id))
            except CorruptFileError as exc:
                errors.append(f"Session {session_id}: {exc}")
        metas.sort(key=lambda m: (m.created_at, m.session_id))
        return metas, errors

    def load_all(self, session_id: str) -> LoadedSession:
        """Read all five files and the journal; bad files come back from their backups (listed)."""
        folder = self._existing_dir(session_id)
        sweep_orphans(folder)
        restored: list[str] = []

        def note(name: str, was_restored: bool) -> None:
            if was_restored:
                restored.append(name)

        meta, r = read_model(folder / SESSION_META, SessionMetadata)
        note(SESSION_META, r)
        state, r = read_model(folder / STATE_SNAPSHOT, SessionState)
        note(STATE_SNAPSHOT, r)
        fact_file, r = read_list_file(folder / FACT_DATABASE, _FACTS, FACTS_KEY, SCHEMA_VERSION)
        note(FACT_DATABASE, r)
        try:
            fact_index: bytes | None = (folder / FACT_INDEX).read_bytes()
        except OSError:
            fact_index = None
        try:
            recent_notes: bytes | None = (folder / RECENT_NOTES).read_bytes()
        except OSError:
            recent_notes = None
        history_file, r = read_list_file(folder / ACTION_HISTORY, _HISTORY, HISTORY_KEY, SCHEMA_VERSION)
        note(ACTION_HISTORY, r)
        history = History.from_saved(history_file.raw, history_file.items, history_file.extra)
        rebuilt = []
        try:
            context, r = read_model(folder / CONTEXT_STATE, ContextState)
            note(CONTEXT_STATE, r)
        except CorruptFileError:
            # Only a rolling summary and the last meter reading: the next turn summarizes the history
            # again from the start, so nothing the DM accepted is lost.
            set_aside(folder / CONTEXT_STATE)
            context = ContextState()
            rebuilt.append(CONTEXT_STATE)
        journal = Journal(self.layout.journal_file(self.slug, session_id))
        lines = journal.read()
        if restored:
            # A backup is one save older than its file: the retained segment holds what lies between.
            lines = journal.read_retained() + lines
        return LoadedSession(meta=meta, state=state, fact_file=fact_file, history=history, context=context,
                             journal_lines=lines, restored_backups=restored, rebuilt=rebuilt,
                             history_seq=history_file.journal_seq, facts_seq=fact_file.journal_seq,
                             journal_torn_tail=journal.torn_tail, fact_index=fact_index,
                             recent_notes=recent_notes, history_crc=history_file.crc)

    def journal(self, session_id: str) -> Journal:
        """The session's journal, opened for appending on first use; the caller closes it."""
        self._existing_dir(session_id)
        return Journal(self.layout.journal_file(self.slug, session_id))

    def lock_path(self, session_id: str) -> Path:
        return self.layout.lock_file(self.slug, session_id)

    def read_index(self) -> SessionIndex:
        """sessions.json; an empty index when the campaign has never had a session.

        It is an index, not data: when it and its backup are both unreadable it is rebuilt from the
        sessions' own metadata (and written back), so one bad file never hides a campaign."""
        path = self.layout.sessions_index(self.slug)
        sweep_orphans(path.parent)
        if not path.exists() and not path.with_name(path.name + ".backup").exists():
            return SessionIndex()
        try:
            index, _ = read_model(path, SessionIndex)
        except CorruptFileError:
            set_aside(path)
            index = SessionIndex()
            for meta in self.list_metas()[0]:
                index.record(meta, ended_at=None if meta.status == "active" else meta.last_active)
            self.write_index(index)
        return index

    def write_index(self, index: SessionIndex, durable: bool = True) -> None:
        crash_point("index:write")
        path = self.layout.sessions_index(self.slug)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, index.model_dump_json(indent=2).encode(), durable=durable)

    def delete(self, session_id: str) -> None:
        """Remove a session's folder. It is renamed aside first, so a crash never leaves half a session."""
        folder = self._existing_dir(session_id)
        doomed = folder.with_name(f".deleting-{session_id}-{uuid.uuid4().hex[:8]}")
        os.replace(folder, doomed)
        fsync_dir(self.sessions_dir)
        shutil.rmtree(doomed, ignore_errors=True)
