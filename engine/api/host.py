"""What SessionManager gives the operation mixins (play, reads, combat, quests, SRD, learnings).

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
