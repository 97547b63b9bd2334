"""SessionManager: the one async API that the console and the MCP server both call."""

from __future__ import annotations

import asyncio
import gc
import secrets
import shutil
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from engine import reports
from engine.agents.archivist import Archivist
from engine.context import ContextManager
from engine.errors import (
    InvalidInputError,
    SessionLockedError,
    SessionNotActiveError,
)
from engine.facts import FactTracker
from engine.models.facts import FactQueryResult
from engine.models.session import (
    CampaignInfo,
    ContextState,
    DeleteSessionResult,
    EndSessionResult,
    LoadSessionResult,
    RngState,
    SessionIndex,
    SessionInfo,
    SessionMetadata,
    SessionRecord,
    SessionState,
    SessionStateView,
    SessionStatus,
    StartSessionResult,
)
from engine.narration import Narrator, make_narrator
from engine.orchestrator import Orchestrator
from engine.persistence.campaign_store import CampaignStore, ensure_bundled_campaigns
from engine.persistence.lock import SessionLock
from engine.persistence.paths import DataLayout, default_data_dir, validate_name
from engine.persistence.session_store import SessionStore
from engine.session_catalog import SessionCatalog, SessionRef
from engine.session_play import PlayOperations, parse_category
from engine.session_runtime import OpenSession, known_entities
from engine.views import DETAIL_LEVELS, build_state_view, session_info

Clock = Callable[[], datetime]
SUMMARY_WINDOW = 1000


def _utcnow() -> datetime:
    return datetime.now(UTC)


class SessionManager(PlayOperations):
    """Everything that reads or changes a session goes through here; nothing else touches the files."""

    def __init__(self, data_dir: Path | str | None = None, *, narrator: Narrator | None = None,
                 clock: Clock | None = None, agent_timeout: float = 2.0, context_window: int = 8000) -> None:
        self.layout = DataLayout(Path(data_dir) if data_dir else default_data_dir())
        self.layout.campaigns_dir.mkdir(parents=True, exist_ok=True)
        ensure_bundled_campaigns(self.layout)
        self.campaigns = CampaignStore(self.layout)
        self.catalog = SessionCatalog(self.layout, self.campaigns)
        self.narrator = narrator or make_narrator("offline")
        self.clock = clock or _utcnow
        self.archivist = Archivist()
        self.context_manager = ContextManager(window=context_window)
        self.orchestrator = Orchestrator(narrator=self.narrator, agent_timeout=agent_timeout)
        self._open: dict[str, OpenSession] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    @classmethod
    def from_settings(cls, data_dir: Path | str | None = None,
                      narrator_overrides: dict | None = None) -> SessionManager:
        """The manager the console and the MCP server run: narrator and context window from settings
        (config file < environment < the command line's overrides)."""
        from engine.narration.providers import build_narrator
        from engine.settings import load_settings

        settings = load_settings(narrator_overrides or {})
        return cls(data_dir, narrator=build_narrator(settings), context_window=settings.context_window)

    @property
    def data_dir(self) -> Path:
        return self.layout.root

    # ---- campaigns ----

    async def list_campaigns(self) -> list[CampaignInfo]:
        infos = []
        for slug in self.campaigns.slugs():
            campaign = self.campaigns.load(slug)
            index = self.catalog.store(slug).read_index()
            infos.append(CampaignInfo(
                name=campaign.name, slug=slug, description=campaign.description,
                characters=[c.name for c in campaign.characters], sessions=len(index.session_history),
                active_session=index.current_session_id))
        return infos

    async def campaign_overview(self, campaign: str) -> str:
        slug = self.campaigns.resolve(campaign)
        metas = [m for _, m in self.catalog.metas(slug)]
        return reports.campaign_overview(self.campaigns.load(slug), metas)

    # ---- lifecycle ----

    async def start_session(self, campaign: str, name: str | None = None, seed: int | None = None,
                            module_id: str | None = None) -> StartSessionResult:
        slug = self.campaigns.resolve(campaign)
        store = self.catalog.store(slug)
        metas = [m for _, m in self.catalog.metas(slug)]
        if seed is not None and not (0 <= int(seed) < 2**63):
            raise InvalidInputError("The seed must be a whole number from 0 to 2^63-1.")
        if name is not None:
            name = validate_name(name.strip(), "session name")
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
        world = self.campaigns.load(slug)
        now = self.clock()
        sid = str(uuid.uuid4())
        seed = int(seed) if seed is not None else secrets.randbits(31)
        meta = SessionMetadata(session_id=sid, name=name, campaign_name=world.name, module_id=module_id,
                               created_at=now, last_active=now, seed=seed, narrator=self.narrator.name)
        state = SessionState(world=world, rng=RngState(seed=seed), narrator=self.narrator.name)
        store.create_dir(sid)
        lock = SessionLock(self.layout.lock_file(slug, sid), label=name)
        lock.acquire()
        try:
            facts = FactTracker([], known_entities(state))
            context = ContextState(window=self.context_manager.window)
            store.save_all(meta, state, [], [], context)
            s = OpenSession(slug=slug, meta=meta, state=state, facts=facts, history=[], context=context,
                            journal=store.journal(sid), lock=lock, narrator=self.narrator)
            index = store.read_index()
            index.current_session_id = sid
            index.session_history.append(SessionRecord(session_id=sid, name=name, status=SessionStatus.ACTIVE,
                                                       started_at=now))
            index.total_sessions = len(index.session_history)
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
                raise SessionNotActiveError(
                    f"Session '{s.meta.name}' is already active in this campaign. "
                    "Pause or end it before starting or resuming another.")
        current = next((m for m in metas if m.session_id == index.current_session_id), None)
        if current and current.status == SessionStatus.ACTIVE:
            raise SessionNotActiveError(
                f"Session '{current.name}' is still marked active in this campaign (open elsewhere, or left "
                f"open by a crash). Call load_session('{current.name}') to recover it, then pause or end it.")

    async def end_session(self, session: str, mode: str = "pause",
                          summary_notes: str | None = None) -> EndSessionResult:
        if mode not in ("pause", "end"):
            raise InvalidInputError(f"mode must be 'pause' or 'end', not '{mode}'.")
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
        now = self.clock()
        meta = s.meta
        minutes = int((time.monotonic() - s.opened_at) // 60)
        meta.total_duration_minutes += minutes
        meta.status = SessionStatus.PAUSED if mode == "pause" else SessionStatus.ENDED
        meta.end_reason = "paused by DM" if mode == "pause" else "ended by DM"
        if notes is not None:
            meta.save_notes = notes.strip()[:4000] or None
        # Older turns live on in the rolling summary; the end summary weighs the recent stretch.
        summary = self.archivist.session_summary(s.history[-SUMMARY_WINDOW:], s.state.world, meta.save_notes)
        meta.summary = summary
        s.touch(now)
        s.saving = True
        store = self.catalog.store(s.slug)
        try:
            s.checkpoint()
            path = store.save_all(meta, s.state, s.facts.all(), s.history, s.context)
            s.journal.reset()
            if mode == "end":
                self.campaigns.save(s.slug, s.state.world.model_copy(update={"game_state": _calm(s.state)}))
            self._record_in_index(store, meta, now)
        finally:
            s.saving = False
        s.close()
        self._open.pop(meta.session_id, None)
        gc.unfreeze()  # let a closed session's objects be collected
        return EndSessionResult(
            status="saved" if mode == "pause" else "ended", session_id=meta.session_id, session_summary=summary,
            save_path=str(path), stats=reports.stats(meta, s.history, s.facts),
            message=(f"Session '{meta.name}' paused and saved. Resume it with load_session('{meta.name}')."
                     if mode == "pause" else f"Session '{meta.name}' ended; world changes saved to the campaign."))

    def _record_in_index(self, store, meta: SessionMetadata, now: datetime) -> None:
        index = store.read_index()
        rec = next((r for r in index.session_history if r.session_id == meta.session_id), None)
        if rec is None:
            rec = SessionRecord(session_id=meta.session_id, name=meta.name, status=meta.status,
                                started_at=meta.created_at)
            index.session_history.append(rec)
        rec.status, rec.ended_at, rec.end_reason = meta.status, now, meta.end_reason
        rec.duration_minutes, rec.action_count = meta.total_duration_minutes, meta.action_count
        if meta.status == SessionStatus.ACTIVE:
            index.current_session_id = meta.session_id
        elif index.current_session_id == meta.session_id:
            index.current_session_id = None
        index.total_sessions = len(index.session_history)
        store.write_index(index)

    async def load_session(self, session: str, campaign: str | None = None) -> LoadSessionResult:
        slug = self.campaigns.resolve(campaign) if campaign else None
        ref = self._resolve(session, slug)
        async with self._lock(ref.session_id):
            s = self._open.get(ref.session_id)
            recovered, restored = 0, []
            if s is None:
                meta = self.catalog.store(ref.slug).read_meta(ref.session_id)
                if meta.status == SessionStatus.ENDED:
                    raise SessionNotActiveError(
                        f"Session '{meta.name}' has ended and cannot be resumed. Start a new session "
                        "(the campaign keeps its world changes), or read it with get_session_state.")
                if meta.status == SessionStatus.PAUSED:
                    store = self.catalog.store(ref.slug)
                    self._refuse_second_active(ref.slug, store.read_index(), [m for _, m in self.catalog.metas(ref.slug)])
                s, recovered, restored = self._open_from_disk(ref, meta)
                s.meta.status = SessionStatus.ACTIVE
                s.meta.end_reason = None
                s.touch(self.clock())
                store = self.catalog.store(ref.slug)
                if recovered or restored:
                    # Fold what was recovered into the five files, so the journal starts clean.
                    s.checkpoint()
                    store.save_all(s.meta, s.state, s.facts.all(), s.history, s.context)
                    s.journal.reset()
                else:
                    store.write_meta(s.meta)
                self._record_in_index(store, s.meta, self.clock())
                # A loaded session is tens of thousands of long-lived objects; freezing them keeps
                # Python's full collections (hundreds of ms at 10,000 entries) off later turns.
                gc.freeze()
            recap = self.archivist.recap(s.history, s.state.world, s.meta.summary, s.meta.name)
            return LoadSessionResult(
                session_id=s.session_id, name=s.meta.name, campaign_name=s.meta.campaign_name,
                status=s.meta.status, recap=recap, recovered_from_journal=recovered,
                restored_backups=restored, action_count=len(s.history))

    def _open_from_disk(self, ref: SessionRef, meta: SessionMetadata) -> tuple[OpenSession, int, list[str]]:
        """Lock, read the five files, replay the journal (crash recovery); the session is then open here."""
        lock = SessionLock(self.layout.lock_file(ref.slug, ref.session_id), label=meta.name)
        lock.acquire()
        try:
            store = self.catalog.store(ref.slug)
            loaded = store.load_all(ref.session_id)
            facts = FactTracker(loaded.facts, known_entities(loaded.state))
            s = OpenSession(slug=ref.slug, meta=loaded.meta, state=loaded.state, facts=facts,
                            history=loaded.history, context=loaded.context, journal=store.journal(ref.session_id),
                            lock=lock, narrator=self.narrator)
            recovered = s.replay(loaded.journal_lines, loaded.history_seq, loaded.facts_seq)
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
        return s, recovered, restored

    async def list_sessions(self, campaign: str, status: str | None = None) -> list[SessionInfo]:
        slug = self.campaigns.resolve(campaign)
        if status is not None and status not in {s.value for s in SessionStatus}:
            raise InvalidInputError(f"status must be one of active, paused, ended, not '{status}'.")
        infos = []
        for _, meta in self.catalog.metas(slug):
            live = self._open.get(meta.session_id)
            info = session_info(live.meta if live else meta)
            if status is None or info.status == status:
                infos.append(info)
        return sorted(infos, key=lambda i: i.last_active, reverse=True)

    async def delete_session(self, session: str) -> DeleteSessionResult:
        ref = self._resolve(session)
        async with self._lock(ref.session_id):
            if ref.session_id in self._open:
                raise SessionNotActiveError(
                    f"Session '{ref.name}' is active. Pause or end it before deleting it.")
            folder = self.layout.session_dir(ref.slug, ref.session_id)
            probe = SessionLock(self.layout.lock_file(ref.slug, ref.session_id), label=ref.name)
            try:
                probe.acquire()
            except SessionLockedError:
                raise SessionLockedError(
                    f"Session '{ref.name}' is open in another process; close it there first.") from None
            probe.release()
            store = self.catalog.store(ref.slug)
            index = store.read_index()
            index.session_history = [r for r in index.session_history if r.session_id != ref.session_id]
            if index.current_session_id == ref.session_id:
                index.current_session_id = None
            index.total_sessions = len(index.session_history)
            store.write_index(index)
            shutil.rmtree(folder)
        return DeleteSessionResult(session_id=ref.session_id, name=ref.name, deleted=True,
                                   message=f"Session '{ref.name}' and its files were deleted.")

    # ---- reading ----

    async def get_session_state(self, session: str, detail_level: str = "standard", include_history: bool = True,
                                history_limit: int = 10) -> SessionStateView:
        if detail_level not in DETAIL_LEVELS:
            raise InvalidInputError(f"detail_level must be one of {', '.join(DETAIL_LEVELS)}, not '{detail_level}'.")
        if not 0 <= history_limit <= 1000:
            raise InvalidInputError("history_limit must be between 0 and 1000.")
        ref = self._resolve(session)
        s = self._open.get(ref.session_id)
        if s is not None:
            s.meta.action_count = len(s.history)
            return build_state_view(s.meta, s.state, s.history, s.context.last_usage, detail_level,
                                    include_history, history_limit)
        loaded = self.catalog.store(ref.slug).load_all(ref.session_id)
        return build_state_view(loaded.meta, loaded.state, loaded.history, loaded.context.last_usage,
                                detail_level, include_history, history_limit)

    async def query_facts(self, session: str, query: str | None = None, category: str | None = None,
                          limit: int = 10) -> FactQueryResult:
        if not 1 <= limit <= 200:
            raise InvalidInputError("limit must be between 1 and 200.")
        cat = parse_category(category)
        ref = self._resolve(session)
        s = self._open.get(ref.session_id)
        if s is not None:
            tracker = s.facts
        else:
            loaded = self.catalog.store(ref.slug).load_all(ref.session_id)
            tracker = FactTracker(loaded.facts, known_entities(loaded.state))
        return tracker.query(query or None, category=cat, limit=limit)

    async def recap(self, session: str) -> str:
        ref = self._resolve(session)
        s = self._open.get(ref.session_id)
        if s is not None:
            return self.archivist.recap(s.history, s.state.world, s.meta.summary, s.meta.name)
        loaded = self.catalog.store(ref.slug).load_all(ref.session_id)
        return self.archivist.recap(loaded.history, loaded.state.world, loaded.meta.summary, loaded.meta.name)

    async def export_markdown(self, session: str, path: Path | None = None) -> Path:
        """Write the recap and the full log as Markdown (default: export.md in the session folder)."""
        ref = self._resolve(session)
        view = await self.get_session_state(ref.session_id, "standard", include_history=False)
        s = self._open.get(ref.session_id)
        history = s.history if s else self.catalog.store(ref.slug).load_all(ref.session_id).history
        text = reports.export_markdown(view, await self.recap(ref.session_id), history)
        target = Path(path) if path else self.layout.session_dir(ref.slug, ref.session_id) / "export.md"
        target.write_text(text, encoding="utf-8")
        return target

    async def close(self) -> None:
        """Pause every session this manager holds open (used at shutdown)."""
        for sid in list(self._open):
            await self.end_session(sid, "pause")

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
            for s in self._open.values():
                if key in (s.session_id, s.meta.name.casefold()):
                    if s.saving:
                        raise SessionNotActiveError(f"Session '{s.meta.name}' is being saved; try again in a moment.")
                    return s
        ref = self._resolve(session)
        s = self._open.get(ref.session_id)
        if s is not None:
            return s
        meta = self.catalog.store(ref.slug).read_meta(ref.session_id)
        if meta.status == SessionStatus.PAUSED:
            raise SessionNotActiveError(
                f"Session '{meta.name}' is paused. Resume it with load_session('{meta.name}') first.")
        if meta.status == SessionStatus.ENDED:
            raise SessionNotActiveError(f"Session '{meta.name}' has ended. Start a new session to keep playing.")
        raise SessionNotActiveError(
            f"Session '{meta.name}' is marked active but not open here (another process, or a crash). "
            f"Call load_session('{meta.name}') to recover it.")

    def _lock(self, session_id: str) -> asyncio.Lock:
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        return lock


def _calm(state: SessionState):
    """The world committed at end carries no half-finished fight."""
    return state.world.game_state.model_copy(update={"combat": None})
