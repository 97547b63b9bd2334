"""The SessionManager calls of seed 001: save_session, store_session_with_learnings, and reading learnings.

A store is one history entry in the producing session (summary merge, decisions, patterns, facts), so it
is durable when the call returns, undone as a whole by undo_last_action, and replayed whole after a crash.
The campaign's learnings are read across its sessions (and every campaign's global ones) under the
campaign lock, so two processes cannot both store the same decision as new.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager, AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING

from engine.api import limits
from engine.api.limits import bounded, bounded_list
from engine.errors import CorruptFileError, EngineError, SessionNotFoundError
from engine.models.actions import EntryKind, HistoryEntry
from engine.models.facts import FactInput
from engine.models.learnings import (
    BatchSaveResult,
    DecisionSchema,
    LearningKind,
    LearningList,
    PatternSchema,
    SaveResult,
    SaveScope,
)
from engine.models.session import SessionState, SessionStatus, SessionSummary
from engine.persistence.campaign_store import CampaignStore
from engine.persistence.paths import DataLayout
from engine.session.catalog import SessionCatalog, SessionRef
from engine.session.learnings import (
    SUMMARY_LISTS,
    LearningBatch,
    Source,
    dedup_pool,
    merge_summary,
    read_learnings,
    views,
)
from engine.session.runtime import OpenSession
from engine.session.turns import record_facts

DecisionInput = str | DecisionSchema
PatternInput = str | PatternSchema


class LearningOperations:
    """Mixed into SessionManager, which provides the attributes and helpers declared here."""

    layout: DataLayout
    campaigns: CampaignStore
    catalog: SessionCatalog
    clock: Callable[[], datetime]
    _open: dict[str, OpenSession]

    if TYPE_CHECKING:
        def _resolve(self, session: str, slug: str | None = None) -> SessionRef: ...
        def _learning(self, session: str) -> AbstractAsyncContextManager[OpenSession]: ...
        def _campaign_lock(self, slug: str) -> AbstractContextManager[None]: ...
        def _session_for_reading(self, ref: SessionRef) -> OpenSession: ...
        def _entry(self, s: OpenSession, kind: EntryKind, action: str) -> HistoryEntry: ...
        def _commit_facts(self, s: OpenSession, entry: HistoryEntry, state: SessionState | None = None) -> None: ...

    async def save_session(self, project_id: str, session: SessionSummary,
                           session_id: str | None = None) -> SaveResult:
        """Seed 001's save_session: the summary alone, merged into the session's stored one."""
        return (await self.store_session_with_learnings(project_id, session, session_id=session_id)).session

    async def store_session_with_learnings(
            self, project_id: str, session: SessionSummary, decisions: Sequence[DecisionInput] = (),
            patterns: Sequence[PatternInput] = (), session_id: str | None = None,
            facts: Sequence[FactInput] = ()) -> BatchSaveResult:
        """Seed 001's batch save into `session_id` (default: the campaign's current or latest session).
        The summary part is attempted first; the items are attempted whatever it gave."""
        slug = self.campaigns.resolve(project_id)
        ref = self._resolve(session_id, slug) if session_id else self._default_session(slug)
        async with self._learning(ref.session_id) as s:
            with self._campaign_lock(slug):
                return self._store_locked(s, slug, session, decisions, patterns, facts)

    def _store_locked(self, s: OpenSession, slug: str, session: SessionSummary, decisions: Sequence[DecisionInput],
                      patterns: Sequence[PatternInput], facts: Sequence[FactInput]) -> BatchSaveResult:
        state = s.working_state()
        entry = self._entry(s, EntryKind.DM_LEARNINGS, "")
        summary = _save_summary(state, session, s)
        batch = LearningBatch(state, dedup_pool(self._sources(slug, s), slug), s.session_id, entry.turn,
                              entry.timestamp, session.save_scope)
        result = BatchSaveResult(
            session=summary,
            decisions=[batch.add(LearningKind.DECISION, d) for d in decisions],
            patterns=[batch.add(LearningKind.PATTERN, p) for p in patterns],
            facts=record_facts(s, list(facts), entry), overall="saved")
        parts = [result.session, *result.decisions, *result.patterns, *result.facts]
        result.overall = "partial" if any(p.status == "failed" for p in parts) else "saved"
        if state.host_summary != s.state.host_summary or batch.added or entry.facts_added:
            entry.action = _describe(result)
            self._commit_facts(s, entry, state)
            result.turn_number = entry.turn
            if result.session.status == "saved":
                result.session.turn_number = entry.turn
            s.meta.summary, s.meta.summary_source = s.state.host_summary, "host"
        return result

    async def list_learnings(self, project_id: str, session_id: str | None = None,
                             include_superseded: bool = False) -> LearningList:
        """The campaign's decisions and patterns (and every campaign's global ones), oldest first; with
        `session_id`, only those that session produced."""
        slug = self.campaigns.resolve(project_id)
        only = self._resolve(session_id, slug).session_id if session_id else None
        listed = views(self._sources(slug, None), include_superseded=include_superseded)
        keep = (lambda v: v.session_id == only) if only else (lambda v: v.campaign == slug or v.scope == SaveScope.GLOBAL)
        return LearningList(decisions=[v for v in listed.decisions if keep(v)],
                            patterns=[v for v in listed.patterns if keep(v)])

    def _sources(self, slug: str, current: OpenSession | None) -> list[Source]:
        """Every session's learnings: this campaign's, and the global ones of the others. A session open
        here is read live; one whose files cannot be read is left out (load_session names the problem)."""
        out = []
        for other in self.campaigns.slugs():
            for _, meta in self.catalog.metas(other):
                live = current if current is not None and current.session_id == meta.session_id else \
                    self._open.get(meta.session_id)
                try:
                    learned = live.state.learnings if live else read_learnings(self.layout, other, meta.session_id)
                    if learned is None:
                        learned = self._session_for_reading(SessionRef(other, meta.session_id, meta.name)).state.learnings
                except (CorruptFileError, SessionNotFoundError):
                    continue
                items = learned if other == slug else [x for x in learned if x.scope == SaveScope.GLOBAL]
                if items:
                    out.append(Source(other, meta.session_id, meta.name, items))
        return out

    def _default_session(self, slug: str) -> SessionRef:
        """The campaign's current session (open here, or marked active), else the one active last."""
        for s in self._open.values():
            if s.slug == slug:
                return SessionRef(slug, s.session_id, s.meta.name)
        metas = [m for _, m in self.catalog.metas(slug)]
        if not metas:
            raise SessionNotFoundError(f"Campaign '{slug}' has no session yet: start one with "
                                       "start_claudmaster_session, then store its learnings.")
        index = self.catalog.store(slug).read_index()
        # Equal times (a coarse clock) go to the session started later: the index lists them in order.
        order = {r.session_id: i for i, r in enumerate(index.session_history)}
        meta = next((m for m in metas if m.session_id == index.current_session_id
                     and m.status == SessionStatus.ACTIVE), None) \
            or max(metas, key=lambda m: (m.last_active, order.get(m.session_id, -1)))
        return SessionRef(slug, meta.session_id, meta.name)


def _save_summary(state: SessionState, summary: SessionSummary, s: OpenSession) -> SaveResult:
    try:
        bounded(summary.objective, "session.objective", limits.SUMMARY_ITEM_CHARS)
        bounded(summary.notes, "session.notes", limits.NOTES_CHARS)
        for name in SUMMARY_LISTS:
            bounded_list(getattr(summary, name), f"session.{name}")
        state.host_summary = merge_summary(state.host_summary, summary)
    except EngineError as exc:
        return SaveResult(status="failed", artifact_id=s.session_id, session_name=s.meta.name, error=str(exc))
    return SaveResult(artifact_id=s.session_id, session_name=s.meta.name)


def _describe(r: BatchSaveResult) -> str:
    def saved(items: list) -> int:
        return sum(1 for i in items if i.status == "saved" and i.dedup_outcome != "duplicate_skip")
    return (f"store_session_with_learnings (summary {r.session.status}, {saved(r.decisions)} decisions, "
            f"{saved(r.patterns)} patterns, {saved(r.facts)} facts)")
