"""Loading a saved session back to play, and deleting one: the SessionManager calls that open files
someone else may have left behind (a crash, a corrupt file, another process) and must say what they found."""

from __future__ import annotations

import gc

from engine.api.host import ManagerHost
from engine.errors import (
    CorruptFileError,
    SessionLockedError,
    SessionNotActiveError,
)
from engine.facts.saved import open_tracker
from engine.memory import gc_paused
from engine.models.session import (
    DeleteSessionResult,
    LoadSessionResult,
    SessionMetadata,
    SessionStatus,
)
from engine.persistence.lock import SessionLock
from engine.session import recent_notes
from engine.session.catalog import SessionRef
from engine.session.runtime import OpenSession, known_entities


class LoadOperations(ManagerHost):
    """Mixed into SessionManager (see ManagerHost for what it provides)."""

    async def load_session(self, session: str, campaign: str | None = None) -> LoadSessionResult:
        slug = self.campaigns.resolve(campaign) if campaign else None
        ref = self._resolve(session, slug)
        async with self._lock(ref.session_id):
            s = self._open.get(ref.session_id)
            recovered, restored, rebuilt, warnings = None, [], [], []
            # A load builds tens of thousands of long-lived objects and no cycles: the collector stays off
            # while they are made, and freezing them keeps Python's full collections off later turns.
            with gc_paused():
                if s is None:
                    with self._campaign_lock(ref.slug):  # the active check and the mark, as one
                        meta = self.catalog.store(ref.slug).read_meta(ref.session_id)
                        if meta.status == SessionStatus.ENDED:
                            raise SessionNotActiveError(
                                f"Session '{meta.name}' has ended and cannot be resumed. Start a new session "
                                "with start_claudmaster_session (the campaign keeps its world changes), or read it "
                                "with get_session_state.")
                        if meta.status == SessionStatus.PAUSED:
                            store = self.catalog.store(ref.slug)
                            metas = [m for _, m in self.catalog.metas(ref.slug)]
                            self._refuse_second_active(ref.slug, store.read_index(), metas)
                        try:
                            s, recovered, restored, rebuilt = self._open_from_disk(ref, meta)
                        except CorruptFileError as exc:
                            raise self._set_aside(ref, meta, exc) from None
                        try:
                            self._mark_active(s, ref, recovered or bool(restored))
                        except BaseException:
                            self._open.pop(ref.session_id, None)
                            s.close()
                            raise
                        if s.journal is not None and s.journal.torn_tail:
                            warnings.append(
                                "journal.jsonl ended in an incomplete line, which was left out: after a crash in the "
                                "middle of a write it was never acknowledged; if the file was damaged some other way, "
                                f"changes after turn {s.history[-1].turn if s.history else 0} may be missing.")
                recap = self.archivist.recap(s.history, s.state.world, s.summary, s.meta.name)
                if recovered is not None:
                    gc.freeze()
            return LoadSessionResult(
                session_id=s.session_id, name=s.meta.name, campaign_name=s.meta.campaign_name,
                status=s.meta.status, recap=recap, recovered_from_journal=recovered or 0,
                restored_backups=restored, rebuilt_files=rebuilt, action_count=len(s.history), warnings=warnings)

    def _set_aside(self, ref: SessionRef, meta: SessionMetadata, exc: CorruptFileError) -> CorruptFileError:
        """A session left active by a crash that cannot be loaded must not block its campaign: it is marked
        paused (its files and journal untouched) and the DM is told how to repair it."""
        if meta.status != SessionStatus.ACTIVE:
            return exc
        meta = meta.model_copy(update={"status": SessionStatus.PAUSED, "end_reason": "set aside: a file cannot be read"})
        store = self.catalog.store(ref.slug)
        store.write_meta(meta)
        self._record_in_index(store, meta, self.clock())
        return CorruptFileError(
            f"{exc} Session '{meta.name}' was set aside (marked paused, nothing deleted), so the campaign can go "
            f"on with another session; once the file is repaired, load_session('{meta.name}') recovers it with "
            f"its journal, or delete_session('{meta.name}') removes it.", path=exc.path, restored=exc.restored)

    def _mark_active(self, s: OpenSession, ref: SessionRef, fold: bool) -> None:
        s.meta.status = SessionStatus.ACTIVE
        s.meta.end_reason = None
        s.touch(self.clock())
        store = self.catalog.store(ref.slug)
        if fold:
            # Fold what was recovered into the five files, so the journal starts clean.
            s.save_files(store, s.meta)
            s.journal.rotate()
        else:
            # Only the status changes: no fsync. Should a power cut bring "paused" back, the journal still
            # holds every change acknowledged after this, and the next load replays it all the same; should
            # it keep this mark but lose the index's pointer (no fsync either), _refuse_second_active still
            # sees the mark, since it reads every session's metadata and takes the pointer as a hint only.
            store.write_meta(s.meta, durable=False)
        self._record_in_index(store, s.meta, self.clock(), durable=fold)

    def _open_from_disk(self, ref: SessionRef, meta: SessionMetadata
                        ) -> tuple[OpenSession, int, list[str], list[str]]:
        """Lock, read the five files, replay the journal (crash recovery); the session is then open here."""
        lock = SessionLock(self.layout.lock_file(ref.slug, ref.session_id), label=meta.name)
        lock.acquire()
        try:
            store = self.catalog.store(ref.slug)
            loaded = store.load_all(ref.session_id)
            facts = open_tracker(loaded, known_entities(loaded.state))
            # Before the replay: the saved digests are by position in the file as read.
            recent_notes.seed(loaded.history, loaded.recent_notes, loaded.history_crc)
            s = OpenSession(slug=ref.slug, meta=loaded.meta, state=loaded.state, facts=facts,
                            history=loaded.history, context=loaded.context, journal=store.journal(ref.session_id),
                            lock=lock, narrator=self.narrator)
            recovered = s.replay(loaded.journal_lines, loaded.history_seq, loaded.facts_seq)
            s.journal.torn_tail = loaded.journal_torn_tail  # so load_session can say a line was left out
        except BaseException:
            lock.release()
            raise
        s.meta.narrator = self.narrator.name
        s.state.narrator = self.narrator.name
        self._open[ref.session_id] = s
        restored = list(loaded.restored_backups)
        if ref.session_id in self.catalog.restored_meta:
            self.catalog.restored_meta.discard(ref.session_id)
            restored.insert(0, "session_meta.json")
        return s, recovered, restored, list(loaded.rebuilt)

    async def delete_session(self, session: str) -> DeleteSessionResult:
        ref = self._resolve(session)
        async with self._lock(ref.session_id):
            if ref.session_id in self._open:
                raise SessionNotActiveError(
                    f"Session '{ref.name}' is active. Pause or end it before deleting it.")
            probe = SessionLock(self.layout.lock_file(ref.slug, ref.session_id), label=ref.name)
            try:
                probe.acquire()
            except SessionLockedError:
                raise SessionLockedError(
                    f"Session '{ref.name}' is open in another process; close it there first.") from None
            probe.release()
            store = self.catalog.store(ref.slug)
            with self._campaign_lock(ref.slug):
                index = store.read_index()
                index.session_history = [r for r in index.session_history if r.session_id != ref.session_id]
                if index.current_session_id == ref.session_id:
                    index.current_session_id = None
                index.total_sessions = len(index.session_history)
                store.write_index(index)
            store.delete(ref.session_id)
            self.catalog.forget(ref.session_id)
        return DeleteSessionResult(session_id=ref.session_id, name=ref.name, deleted=True,
                                   message=f"Session '{ref.name}' and its files were deleted.")
