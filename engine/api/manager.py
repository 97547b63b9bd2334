"""SessionManager: the one async API that the console and the MCP server both call."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import secrets
import time
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path

from engine.api import limits
from engine.api.combat_ops import CombatOperations
from engine.api.learning_ops import LearningOperations
from engine.api.limits import bounded
from engine.api.load_ops import LoadOperations
from engine.api.play_ops import PlayOperations
from engine.api.quest_ops import QuestOperations
from engine.api.read_ops import ReadOperations
from engine.api.review_ops import ReviewOperations
from engine.api.srd_ops import SrdOperations
from engine.content.bestiary import resolve_campaign
from engine.errors import (
    AmbiguousSessionError,
    EngineError,
    InvalidInputError,
    SessionAlreadyActiveError,
    SessionNotActiveError,
    StorageError,
)
from engine.facts.tracker import FactTracker
from engine.models.session import (
    ContextState,
    EndSessionResult,
    RngState,
    SessionIndex,
    SessionMetadata,
    SessionState,
    SessionStatus,
    StartSessionResult,
)
from engine.narration import Narrator, make_narrator
from engine.persistence.campaign_lock import CampaignLocks
from engine.persistence.campaign_store import CampaignStore, ensure_bundled_campaigns
from engine.persistence.crash import crash_point
from engine.persistence.lock import SessionLock
from engine.persistence.paths import DataLayout, default_data_dir, validate_name
from engine.persistence.session_store import SessionStore
from engine.play.agents.archivist import Archivist
from engine.play.budget import PromptBudget
from engine.play.orchestrator import Orchestrator
from engine.play.parsers import IntentParser
from engine.session import reports, start_world
from engine.session.catalog import SessionCatalog, SessionRef
from engine.session.learnings import session_learnings
from engine.session.runtime import OpenSession, known_entities
from engine.session.world_merge import merge_worlds

Clock = Callable[[], datetime]
SUMMARY_WINDOW = 1000


def _utcnow() -> datetime:
    return datetime.now(UTC)


class SessionManager(LoadOperations, LearningOperations, ReadOperations, PlayOperations, CombatOperations, QuestOperations,
                     SrdOperations, ReviewOperations):
    """Everything that reads or changes a session goes through here; nothing else touches the files."""

    def __init__(self, data_dir: Path | str | None = None, *, narrator: Narrator | None = None,
                 clock: Clock | None = None, agent_timeout: float = 2.0, context_window: int = 8000,
                 id_factory: Callable[[], str] | None = None, intent_parser: IntentParser | None = None) -> None:
        self.layout = DataLayout(Path(data_dir) if data_dir else default_data_dir())
        self.layout.campaigns_dir.mkdir(parents=True, exist_ok=True)
        ensure_bundled_campaigns(self.layout)
        self.campaigns = CampaignStore(self.layout)
        self.catalog = SessionCatalog(self.layout, self.campaigns)
        self.narrator = narrator or make_narrator("offline")
        self.clock = clock or _utcnow
        # Session ids; tests and replays inject a deterministic factory.
        self.new_id = id_factory or (lambda: str(uuid.uuid4()))
        self.archivist = Archivist()
        self.prompt_budget = PromptBudget(window=context_window)
        self.orchestrator = Orchestrator(narrator=self.narrator, agent_timeout=agent_timeout,
                                         intent_parser=intent_parser)
        self._open: dict[str, OpenSession] = {}
        self._campaign_locks = CampaignLocks()
        self._locks: dict[str, asyncio.Lock] = {}

    @classmethod
    def from_settings(cls, data_dir: Path | str | None = None,
                      narrator_overrides: dict | None = None) -> SessionManager:
        """The manager the console and the MCP server run: narrator and context window from settings
        (config file < environment < the command line's overrides)."""
        from engine.narration.providers import build_narrator
        from engine.play.parsers import build_intent_parser
        from engine.settings import load_settings

        settings = load_settings(narrator_overrides or {})
        return cls(data_dir, narrator=build_narrator(settings), context_window=settings.context_window,
                   intent_parser=build_intent_parser(settings))

    @property
    def data_dir(self) -> Path:
        return self.layout.root

    # ---- lifecycle ----

    async def start_session(self, campaign: str, name: str | None = None, seed: int | None = None,
                            module_id: str | None = None) -> StartSessionResult:
        bounded(module_id, "module_id", limits.NAME_CHARS)
        slug = self.campaigns.resolve(campaign)
        if seed is not None and not (0 <= int(seed) < 2**63):
            raise InvalidInputError("The seed must be a whole number from 0 to 2^63-1.")
        # From the checks to the index entry under the campaign lock: two processes can never both
        # pass "no other active session" or take the same name.
        with self._campaign_lock(slug):
            return self._start_locked(slug, name, seed, module_id)

    def _start_locked(self, slug: str, name: str | None, seed: int | None, module_id: str | None
                      ) -> StartSessionResult:
        store = self.catalog.store(slug)
        metas = [m for _, m in self.catalog.metas(slug)]
        if name is not None:
            name = validate_name(name.strip(), "session name")
            if _looks_like_uuid(name):
                raise InvalidInputError(f"'{name}' has the form of a session id, so it would be mistaken for one; "
                                        "choose a name that is not a UUID.")
            if any(m.name.casefold() == name.casefold() for m in metas):
                raise InvalidInputError(f"A session named '{name}' already exists in this campaign. "
                                        "Choose another name, or resume it with load_session.")
        else:
            taken = {m.name for m in metas}
            number = len(metas) + 1
            while f"session-{number}" in taken:
                number += 1
            name = f"session-{number}"
        self._refuse_second_active(slug, store.read_index(), metas)
        self._finish_interrupted_ends(slug, metas)
        world = self.campaigns.load(slug)
        resolve_campaign(world)  # stat blocks that name an SRD creature are filled in from it
        now = self.clock()
        sid = self.new_id()
        seed = int(seed) if seed is not None else secrets.randbits(31)
        meta = SessionMetadata(session_id=sid, name=name, campaign_name=world.name, module_id=module_id,
                               created_at=now, last_active=now, seed=seed, narrator=self.narrator.name)
        state = SessionState(world=world, rng=RngState(seed=seed), narrator=self.narrator.name)
        store.create_dir(sid)
        lock = SessionLock(self.layout.lock_file(slug, sid), label=name)
        lock.acquire()
        try:
            facts = FactTracker([], known_entities(state))
            context = ContextState(window=self.prompt_budget.window)
            store.save_all(meta, state, [], [], context)
            start_world.save(store, sid, world)
            s = OpenSession(slug=slug, meta=meta, state=state, facts=facts, history=[], context=context,
                            journal=store.journal(sid), lock=lock, narrator=self.narrator)
            index = store.read_index()
            index.record(meta)
            store.write_index(index)
        except BaseException:
            lock.release()
            raise
        self._open[sid] = s
        return StartSessionResult(
            session_id=sid, name=name, campaign_name=world.name, status=SessionStatus.ACTIVE, seed=seed,
            narrator=self.narrator.name, opening=reports.opening(world), party=[c.name for c in world.characters],
            location=world.game_state.party_location)

    def _refuse_second_active(self, slug: str, index: SessionIndex, metas: list[SessionMetadata]) -> None:
        for s in self._open.values():
            if s.slug == slug:
                raise SessionAlreadyActiveError(
                    f"Session '{s.meta.name}' is already active in this campaign. "
                    "Pause or end it before starting or resuming another.")
        # The sessions' own metadata decides, never the index alone: its pointer is written without an fsync
        # (engine.api.manager._mark_active), so after a power cut it may lag a mark that did reach the disk.
        active = [m for m in metas if m.status == SessionStatus.ACTIVE]
        current = next((m for m in active if m.session_id == index.current_session_id), None) or (
            active[-1] if active else None)
        if current is not None:
            raise SessionAlreadyActiveError(
                f"Session '{current.name}' is still marked active in this campaign (open elsewhere, or left "
                f"open by a crash). Call load_session('{current.name}') to recover it, then pause or end it.")

    async def end_session(self, session: str, mode: str = "pause",
                          summary_notes: str | None = None) -> EndSessionResult:
        if mode not in ("pause", "end"):
            raise InvalidInputError(f"mode must be 'pause' or 'end', not '{mode}'.")
        bounded(summary_notes, "summary_notes", limits.NOTES_CHARS)
        ref = self._resolve(session)
        async with self._lock(ref.session_id):
            s = self._open.get(ref.session_id)
            if s is None:
                meta = self.catalog.store(ref.slug).read_meta(ref.session_id)
                if meta.status == SessionStatus.ENDED or (meta.status == SessionStatus.PAUSED and mode == "pause"):
                    return reports.already_closed(meta, self.layout.session_dir(ref.slug, ref.session_id))
                s = self._open_from_disk(ref, meta)[0]
            return self._close(s, mode, summary_notes)

    def _close(self, s: OpenSession, mode: str, notes: str | None) -> EndSessionResult:
        """Save everything and close. Memory changes only once the files say the same thing."""
        now = self.clock()
        meta = s.meta.model_copy(deep=True)
        meta.total_duration_minutes += int((time.monotonic() - s.opened_at) // 60)
        meta.status = SessionStatus.PAUSED if mode == "pause" else SessionStatus.ENDED
        meta.end_reason = "paused by DM" if mode == "pause" else "ended by DM"
        meta.last_active, meta.action_count = now, len(s.history)
        if notes is not None:
            meta.save_notes = notes.strip() or None
        host = s.state.host_summary
        if host is not None:  # what the host stored (journaled) is the summary; the DM's notes join it
            meta.summary, meta.summary_source = host.model_copy(update={"notes": meta.save_notes or host.notes}), "host"
        elif meta.summary_source != "host" or meta.summary is None:
            # Older turns live on in the rolling summary; the end summary weighs the recent stretch.
            meta.summary = self.archivist.session_summary(s.history, s.state.world, meta.save_notes, last=SUMMARY_WINDOW)
        elif notes is not None:
            meta.summary = meta.summary.model_copy(update={"notes": meta.save_notes})
        meta.stats = reports.stats(meta, s.history)
        store = self.catalog.store(s.slug)
        # The session's files first, saying "ended" but world_committed=False; then campaign.json; then
        # the flag. A crash between them is rolled forward by _finish_interrupted_ends, so the campaign
        # never holds a world whose session still plays on, nor loses an end's changes.
        meta.world_committed = mode != "end"
        path = s.save_files(store, meta)
        # The files now say paused/ended: from here on the session is closed whatever else fails.
        s.meta = meta
        self._open.pop(meta.session_id, None)
        try:
            s.journal.rotate()
        finally:
            s.close()
            gc.unfreeze()  # let a closed session's objects be collected
        clashes = self._commit_world(store, meta, s) if mode == "end" else []
        # The status in the index is a pointer; the durable truth is session_meta.json, just synced.
        self._record_in_index(store, meta, now, durable=mode == "end")
        return EndSessionResult(
            status="saved" if mode == "pause" else "ended", session_id=meta.session_id,
            session_summary=meta.summary, save_path=str(path), stats=meta.stats,
            learnings=session_learnings(s),
            message=(f"Session '{meta.name}' paused and saved. Resume it with load_session('{meta.name}')."
                     if mode == "pause" else f"Session '{meta.name}' ended; world changes saved to the campaign."),
            warnings=clashes)

    def _commit_world(self, store: SessionStore, meta: SessionMetadata, s: OpenSession) -> list[str]:
        """An ended session's world into campaign.json, merged with what other sessions committed since it
        started (idempotent); then the flag that says it is there. Returns the clashes the merge found."""
        crash_point("end:campaign")
        with self._campaign_lock(store.slug):
            mine = s.state.world.model_copy(update={"game_state": _calm(s.state)})
            # The start world saved when the session began; reverting every entry only when it is gone.
            start = start_world.load(store, s.session_id) or s.start_state().world
            world, clashes = merge_worlds(start, mine, self.campaigns.load(store.slug))
            self.campaigns.save(store.slug, world)
        crash_point("end:world-committed")
        meta.world_committed = True
        store.write_meta(meta)
        return clashes

    def _finish_interrupted_ends(self, slug: str, metas: list[SessionMetadata]) -> None:
        """Roll forward every end that a crash cut off between its save and campaign.json."""
        for meta in metas:
            if meta.status == SessionStatus.ENDED and not meta.world_committed:
                s = self._session_for_reading(SessionRef(slug, meta.session_id, meta.name))
                self._commit_world(self.catalog.store(slug), s.meta, s)

    def _campaign_lock(self, slug: str) -> contextlib.AbstractContextManager[None]:
        return self._campaign_locks.hold(self.layout.campaign_dir(slug))

    def _record_in_index(self, store, meta: SessionMetadata, now: datetime, durable: bool = True) -> None:
        with self._campaign_lock(store.slug):  # read-modify-write: another process may be updating it too
            index = store.read_index()
            index.record(meta, ended_at=now)
            store.write_index(index, durable)


    async def close(self) -> None:
        """Pause every session this manager holds open (used at shutdown); one failure stops no other."""
        failures = []
        for sid in list(self._open):
            try:
                await self.end_session(sid, "pause")
            except EngineError as exc:
                failures.append(str(exc))
        if failures:
            raise StorageError("Some sessions could not be paused (their journals keep every change; "
                               "load_session recovers them): " + " | ".join(failures))

    # ---- helpers ----

    def _store(self, slug: str) -> SessionStore:
        return self.catalog.store(slug)

    def _open_refs(self) -> list[SessionRef]:
        return [SessionRef(s.slug, s.session_id, s.meta.name) for s in self._open.values()]

    def _resolve(self, session: str, slug: str | None = None) -> SessionRef:
        return self.catalog.resolve(session, slug, self._open_refs())

    def _active(self, session: str) -> OpenSession:
        if isinstance(session, str):
            key = session.strip().casefold()
            matches = [s for s in self._open.values() if key in (s.session_id, s.meta.name.casefold())]
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                names = ", ".join(f"'{s.meta.name}' ({s.session_id[:8]}, {s.slug})" for s in matches)
                raise AmbiguousSessionError(f"'{session}' matches {len(matches)} active sessions: {names}. "
                                            "Use the session id instead.")
        ref = self._resolve(session)
        s = self._open.get(ref.session_id)
        if s is not None:
            return s
        meta = self.catalog.store(ref.slug).read_meta(ref.session_id)
        if meta.status == SessionStatus.PAUSED:
            raise SessionNotActiveError(
                f"Session '{meta.name}' is paused. Resume it with load_session('{meta.name}') first.")
        if meta.status == SessionStatus.ENDED:
            raise SessionNotActiveError(f"Session '{meta.name}' has ended. Start a new session with "
                                        "start_claudmaster_session to keep playing.")
        raise SessionNotActiveError(
            f"Session '{meta.name}' is marked active but not open here (another process, or a crash). "
            f"Call load_session('{meta.name}') to recover it.")

    @contextlib.asynccontextmanager
    async def _playing(self, session: str) -> AsyncIterator[OpenSession]:
        """The active session, held under its lock and still open once the lock is ours: a call that
        waited behind end_session must not be acknowledged into a closed journal."""
        s = self._active(session)
        async with self._lock(s.session_id):
            if self._open.get(s.session_id) is not s:
                raise SessionNotActiveError(
                    f"Session '{s.meta.name}' was paused or ended while this call waited; nothing was recorded.")
            yield s

    @contextlib.asynccontextmanager
    async def _learning(self, session: str) -> AsyncIterator[OpenSession]:
        """The session to store learnings in: the active one, or a paused/ended one opened just for
        the call and saved again (its status unchanged) before the call returns."""
        ref = self._resolve(session)
        if ref.session_id in self._open:
            async with self._playing(ref.session_id) as s:
                yield s
            return
        async with self._lock(ref.session_id):
            meta = self.catalog.store(ref.slug).read_meta(ref.session_id)
            if meta.status == SessionStatus.ACTIVE:
                raise SessionNotActiveError(
                    f"Session '{meta.name}' is marked active but not open here (another process, or a crash). "
                    f"Call load_session('{meta.name}') to recover it.")
            s = self._open_from_disk(ref, meta)[0]
            try:
                yield s
                s.save_files(self.catalog.store(ref.slug), s.meta)
                s.journal.rotate()
            finally:
                # Whatever happened, the session goes back to being closed; its journal keeps any
                # change the save did not fold in, and load_session recovers it.
                self._open.pop(ref.session_id, None)
                s.close()

    def _lock(self, session_id: str) -> asyncio.Lock:
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        return lock


def _looks_like_uuid(name: str) -> bool:
    try:
        uuid.UUID(name)
    except ValueError:
        return False
    return True


def _calm(state: SessionState):
    """The world committed at end carries no half-finished fight."""
    return state.world.game_state.model_copy(update={"combat": None})
