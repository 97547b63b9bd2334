"""The player view's API: follow a session read-only, as a player-safe view model.

`SessionWatcher` never takes a session's lock and never writes a byte, so any number of watchers can
run beside the DM's console or an MCP server that holds the session. Without a session named it
follows the campaign's current one, and moves on by itself when the DM starts or resumes another.
It has no method that changes anything: a face that is asked to act says it is read-only.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

from engine.errors import CampaignNotFoundError, CorruptFileError, EngineError
from engine.models.player_view import PlayerView
from engine.persistence.paths import DataLayout, default_data_dir
from engine.session.catalog import SessionRef
from engine.session.follower import SessionFollower, file_signature, peeking_catalog

READ_ONLY = ("This is the player view: it only shows the session. Actions are played at the DM's "
             "console (or through the MCP server); nothing typed here is recorded.")
POLL_SECONDS = 0.5


class SessionWatcher:
    """Follows one session (or a campaign's current session) from its files and journal."""

    def __init__(self, data_dir: Path | str | None = None, campaign: str | None = None,
                 session: str | None = None) -> None:
        self.layout = DataLayout(Path(data_dir) if data_dir else default_data_dir())
        self.catalog = peeking_catalog(self.layout)
        self.session = session
        self._ref: SessionRef | None = None
        if session:  # a named session is looked for in every campaign unless one is named
            self._require_campaigns()
            self._ref = self.catalog.resolve(session, self.catalog.campaigns.resolve(campaign) if campaign else None)
            self.slug = self._ref.slug
        else:
            self.slug = self._campaign_slug(campaign)
        self._index_signature: object = None
        self._follower: SessionFollower | None = None
        self._view: PlayerView | None = None

    def _require_campaigns(self) -> list[str]:
        slugs = self.catalog.campaigns.slugs()
        if not slugs:  # a watcher never installs the sample campaign: that is a write
            raise CampaignNotFoundError(f"No campaigns in {self.layout.campaigns_dir} yet. Run the console once, "
                                        "or name the data dir with --data-dir.")
        return slugs

    def _campaign_slug(self, campaign: str | None) -> str:
        slugs = self._require_campaigns()
        if campaign:
            return self.catalog.campaigns.resolve(campaign)
        # The campaign being played now, else the one played last.
        metas = self.catalog.metas()
        active = [slug for slug, m in metas if m.status == "active"]
        if active:
            return active[-1]
        if metas:
            return max(metas, key=lambda sm: sm[1].last_active)[0]
        return slugs[0]

    def _current_ref(self) -> SessionRef | None:
        """The session to follow: the named one, else the campaign's active one, else its latest."""
        if self.session:
            return self._ref
        signature = file_signature(self.layout.sessions_index(self.slug))
        if signature == self._index_signature:  # no session started, paused or ended since the last look
            return self._ref
        store = self.catalog.store(self.slug)
        index = store.read_index()
        metas = store.list_metas()[0]
        chosen = next((m for m in metas if m.session_id == index.current_session_id), None)
        if chosen is None and metas:
            chosen = max(metas, key=lambda m: (m.last_active, m.created_at))
        self._index_signature = signature
        self._ref = SessionRef(self.slug, chosen.session_id, chosen.name) if chosen else None
        return self._ref

    def refresh(self) -> PlayerView:
        """The view as the files say now. A save caught half-way keeps the last good view (with a note)
        and is read again at the next refresh."""
        ref = self._current_ref()
        if ref is None:
            name = self.catalog.campaigns.load(self.slug).name
            return PlayerView(campaign_name=name, note="Waiting for the DM to start a session…")
        if self._follower is None or self._follower.session_id != ref.session_id:
            self._follower, self._view = SessionFollower(self.layout, ref.slug, ref.session_id), None
        try:
            changed = self._follower.refresh()
        except CorruptFileError as exc:
            if self._view is None:
                return PlayerView(session_name=ref.name, session_id=ref.session_id,
                                  note=f"Cannot read the session yet ({exc}); trying again.")
            return self._view.model_copy(update={"note": "Reading the DM's latest save…"})
        if changed or self._view is None:
            self._view = self._follower.view()
        return self._view


async def watch(watcher: SessionWatcher, interval: float = POLL_SECONDS) -> AsyncIterator[PlayerView]:
    """Yield the player view now and again each time it changes. Disk reads run in a worker thread so
    a face's event loop never waits on them; an unreadable moment is reported in `note`, not raised."""
    last: PlayerView | None = None
    while True:
        try:
            view = await asyncio.to_thread(watcher.refresh)
        except (EngineError, OSError, ValueError, KeyError) as exc:
            # A screen on the table wall must outlive a bad moment on disk: say it, keep the last view.
            view = (last or PlayerView()).model_copy(update={"note": f"Cannot read the session now: {exc}"})
        if view != last:
            yield view
            last = view
        await asyncio.sleep(interval)


async def follow_session(data_dir: Path | str | None = None, campaign: str | None = None,
                         session: str | None = None, interval: float = POLL_SECONDS) -> AsyncIterator[PlayerView]:
    """`watch` on a new SessionWatcher; an unknown campaign or session raises before the first view."""
    watcher = await asyncio.to_thread(SessionWatcher, data_dir, campaign, session)
    async for view in watch(watcher, interval):
        yield view
