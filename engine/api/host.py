"""What SessionManager gives the operation mixins (play, reads, loads, combat, quests, SRD, learnings).

Declared once here so each mixin type-checks against the same surface; SessionManager is the only
class that provides it.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager, AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING

from engine.models.actions import EntryKind, HistoryEntry
from engine.models.session import SessionState
from engine.persistence.campaign_store import CampaignStore
from engine.persistence.paths import DataLayout
from engine.session.catalog import SessionCatalog, SessionRef
from engine.session.runtime import OpenSession

if TYPE_CHECKING:
    import asyncio

    from engine.models.session import SessionIndex, SessionMetadata
    from engine.narration.base import Narrator
    from engine.persistence.session_store import SessionStore
    from engine.play.agents.archivist import Archivist


class ManagerHost:
    layout: DataLayout
    campaigns: CampaignStore
    catalog: SessionCatalog
    clock: Callable[[], datetime]
    _open: dict[str, OpenSession]

    if TYPE_CHECKING:
        def _resolve(self, session: str, slug: str | None = None) -> SessionRef: ...
        def _playing(self, session: str) -> AbstractAsyncContextManager[OpenSession]: ...
        def _learning(self, session: str) -> AbstractAsyncContextManager[OpenSession]: ...
        def _campaign_lock(self, slug: str) -> AbstractContextManager[None]: ...
        def _session_for_reading(self, ref: SessionRef) -> OpenSession: ...
        def _entry(self, s: OpenSession, kind: EntryKind, action: str) -> HistoryEntry: ...
        def _commit_facts(self, s: OpenSession, entry: HistoryEntry, state: SessionState | None = None) -> None: ...
        def _lock(self, session_id: str) -> asyncio.Lock: ...
        def _record_in_index(self, store: SessionStore, meta: SessionMetadata, now: datetime,
                             durable: bool = True) -> None: ...
        def _refuse_second_active(self, slug: str, index: SessionIndex, metas: list[SessionMetadata]) -> None: ...
        archivist: Archivist
        narrator: Narrator
