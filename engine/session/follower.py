"""Following a session that another process plays: its saved files, then its journal as it grows.

Nothing here locks or writes. The owner saves by replacing files atomically and rotating the journal;
a follower sees a save as a changed file identity and reads everything again, and between saves it
applies only the journal lines appended since its last look.
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.errors import CorruptFileError
from engine.facts.tracker import FactTracker
from engine.models.player_view import PlayerView
from engine.narration import make_narrator
from engine.persistence.campaign_store import CampaignStore
from engine.persistence.paths import SESSION_META, STATE_SNAPSHOT, DataLayout
from engine.persistence.peek import JournalTail, PeekingSessionStore
from engine.session.catalog import SessionCatalog
from engine.session.player_view import build_player_view
from engine.session.runtime import OpenSession, known_entities

Signature = tuple[tuple[int, int, int], ...]


class PeekingCatalog(SessionCatalog):
    """Session lookup (by id, prefix or name) through stores that never repair or write."""

    def store(self, slug: str) -> PeekingSessionStore:
        return PeekingSessionStore(self.layout, slug)


def file_signature(*paths: Path) -> Signature:
    """(inode, mtime, size) of each file: an atomic replace always changes the inode."""
    out = []
    for path in paths:
        try:
            st = os.stat(path)
            out.append((st.st_ino, st.st_mtime_ns, st.st_size))
        except FileNotFoundError:
            out.append((0, 0, 0))
    return tuple(out)


class SessionFollower:
    """A read-only, in-memory copy of one session kept current from disk."""

    def __init__(self, layout: DataLayout, slug: str, session_id: str) -> None:
        self.store = PeekingSessionStore(layout, slug)
        self.slug, self.session_id = slug, session_id
        folder = layout.session_dir(slug, session_id)
        self._files = (folder / SESSION_META, folder / STATE_SNAPSHOT)
        self.tail = JournalTail(layout.journal_file(slug, session_id))
        self.copy: OpenSession | None = None
        self._signature: Signature | None = None
        self._narrator = make_narrator("offline")  # required by OpenSession; a copy never narrates

    def refresh(self) -> bool:
        """Bring the copy up to date; True when it changed. Raises CorruptFileError when the files
        cannot be read as one consistent whole (a save in flight): the last good copy is kept."""
        signature = file_signature(*self._files)
        if self.copy is None or signature != self._signature:
            # Taken before reading: a save that lands while we read is seen at the next refresh.
            self._signature = None
            self._load()
            self._signature = signature
            return True
        lines, reset = self.tail.read_new()
        if reset:
            self._signature = None
            return self.refresh()
        if not lines:
            return False
        self.copy.checkpoint()  # in memory only: the lines to apply all come after what it holds
        try:
            self.copy.replay(lines, self.copy.seq, self.copy.seq)
        except Exception:
            self._signature = None  # half applied: read it all again next time
            raise
        return True

    def _load(self) -> None:
        loaded = self.store.load_all(self.session_id, self.tail)
        copy = OpenSession(slug=self.slug, meta=loaded.meta, state=loaded.state,
                           facts=FactTracker(loaded.facts, known_entities(loaded.state)), history=loaded.history,
                           context=loaded.context, journal=None, lock=None, narrator=self._narrator)
        copy.replay(loaded.journal_lines, loaded.history_seq, loaded.facts_seq)
        self.copy = copy

    def view(self) -> PlayerView:
        if self.copy is None:
            raise CorruptFileError(f"Session {self.session_id} has not been read yet.")
        return build_player_view(self.copy.meta, self.copy.state, self.copy.history)


def peeking_catalog(layout: DataLayout) -> SessionCatalog:
    from engine.persistence.peek import PeekingCampaignStore

    campaigns: CampaignStore = PeekingCampaignStore(layout)
    return PeekingCatalog(layout, campaigns)
