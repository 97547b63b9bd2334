"""Reading a session's files without ever writing: for a second process that only watches.

The ordinary readers repair as they read (a bad file is replaced by its backup, orphans are swept, a
lost index is rebuilt). That is right for the process that owns the session and wrong for a watcher:
two repairers could race the owner. Here a bad file is read from its backup in memory only, and the
journal is tailed by byte offset, so a watcher's cost per poll is the new lines, not the whole log.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import from_json

from engine.errors import CorruptFileError
from engine.models.session import SCHEMA_VERSION, ContextState, SessionIndex, SessionMetadata, SessionState
from engine.models.world import Campaign
from engine.persistence.atomic import backup_path, describe_problem, list_file_parser
from engine.persistence.campaign_store import CampaignStore
from engine.persistence.history import History
from engine.persistence.paths import ACTION_HISTORY, FACT_DATABASE, SESSION_META, STATE_SNAPSHOT
from engine.persistence.session_store import (
    _FACTS,
    _HISTORY,
    FACTS_KEY,
    HISTORY_KEY,
    LoadedSession,
    SessionStore,
)


def peek(path: Path, parse: Any) -> Any:
    """Parse `path`, or else its backup; never restores, renames or removes anything."""
    path = Path(path)
    try:
        return parse(path.read_bytes())
    except (OSError, ValidationError) as exc:
        problem = describe_problem(exc)
    try:
        return parse(backup_path(path).read_bytes())
    except (OSError, ValidationError):
        raise CorruptFileError(f"Cannot read {path}: {problem}, and its backup is unusable too. "
                               "The session's own console repairs it when it next loads.", path=str(path)) from None


# The list files are parsed with the store's own parser (list_file_parser with _FACTS and _HISTORY),
# so a peeked file parses exactly as a loaded one does.


class PeekingCampaignStore(CampaignStore):
    """A CampaignStore whose reads never repair."""

    def load(self, slug: str) -> Campaign:
        return peek(self.layout.campaign_file(slug), Campaign.model_validate_json)


class PeekingSessionStore(SessionStore):
    """A SessionStore whose reads never repair; writing through it is refused."""

    def read_meta(self, session_id: str) -> SessionMetadata:
        return peek(self._existing_dir(session_id) / SESSION_META, SessionMetadata.model_validate_json)

    def read_index(self) -> SessionIndex:
        path = self.layout.sessions_index(self.slug)
        if not path.exists() and not backup_path(path).exists():
            return SessionIndex()
        return peek(path, SessionIndex.model_validate_json)

    def load_all(self, session_id: str, tail: JournalTail | None = None) -> LoadedSession:
        """The four files a view needs plus the journal, read through `tail` (which then continues from
        where this read stopped); the context state is not read."""
        folder = self._existing_dir(session_id)
        meta = peek(folder / SESSION_META, SessionMetadata.model_validate_json)
        state = peek(folder / STATE_SNAPSHOT, SessionState.model_validate_json)
        fact_file = peek(folder / FACT_DATABASE, list_file_parser(_FACTS, FACTS_KEY, SCHEMA_VERSION))
        history_file = peek(folder / ACTION_HISTORY, list_file_parser(_HISTORY, HISTORY_KEY, SCHEMA_VERSION))
        history = History.from_saved(history_file.raw, history_file.items, history_file.extra)
        tail = tail or JournalTail(self.layout.journal_file(self.slug, session_id))
        lines = tail.read_all()
        return LoadedSession(meta=meta, state=state, fact_file=fact_file, history=history, context=ContextState(),
                             journal_lines=lines, history_seq=history_file.journal_seq,
                             facts_seq=fact_file.journal_seq)

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise PermissionError("A watcher reads a session; it never writes one.")

    save_all = write_meta = write_index = delete = create_dir = journal = _refuse  # type: ignore[assignment]


@dataclass
class TailState:
    """Where a JournalTail has read up to, in which file."""

    inode: int = -1
    offset: int = 0


class JournalTail:
    """The complete lines appended to a journal since the last call. A rotated (replaced) or shortened
    file, or a line that is not JSON, asks the caller to read everything again (`reset` returns True)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.state = TailState()

    def read_all(self) -> list[bytes]:
        """Every complete line from the start; later calls to read_new continue after the last of them.
        Opened once and measured through that descriptor, so a rotation mid-read cannot mix two files."""
        try:
            with open(self.path, "rb") as fh:
                inode = os.fstat(fh.fileno()).st_ino
                raw = fh.read()
        except FileNotFoundError:
            self.state = TailState(inode=0, offset=0)
            return []
        lines, used = _complete_lines(raw, self.path)
        self.state = TailState(inode=inode, offset=used)
        return lines

    def read_new(self) -> tuple[list[bytes], bool]:
        """(new complete lines, reset). reset=True means the file changed under us: reload from scratch."""
        try:
            fh = open(self.path, "rb")
        except FileNotFoundError:
            # Rotated away at a save and nothing appended since: a reset only if we had been reading one.
            return [], self.state.inode > 0
        with fh:
            st = os.fstat(fh.fileno())
            if (self.state.inode != 0 and st.st_ino != self.state.inode) or st.st_size < self.state.offset:
                return [], True
            if st.st_size == self.state.offset:
                return [], False
            fh.seek(self.state.offset)
            chunk = fh.read(st.st_size - self.state.offset)
        try:
            lines, used = _complete_lines(chunk, self.path)
        except CorruptFileError:
            return [], True
        self.state = TailState(inode=st.st_ino, offset=self.state.offset + used)
        return lines, False


def _complete_lines(raw: bytes, path: Path) -> tuple[list[bytes], int]:
    """(the JSON lines that end in a newline, bytes they span). A last line without its newline is
    still being written (or was torn and never acknowledged): it is left for a later read."""
    end = raw.rfind(b"\n")
    if end < 0:
        return [], 0
    lines = raw[:end].split(b"\n")
    for number, line in enumerate(lines, start=1):
        try:
            from_json(line)
        except ValueError:
            if number == len(lines):  # torn before a crash; the owner cuts it at its next write
                return lines[:-1], end - len(line)
            raise CorruptFileError(f"Journal {path} is damaged at line {number}; the session's own console "
                                   "reports how to repair it.", path=str(path)) from None
    return lines, end + 1
