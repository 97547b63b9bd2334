"""The SessionManager calls that only read: campaigns, listings, state views, facts, recaps, exports.

A session open in this process is read live. Any other session is read from its files, with the
journal lines written since its last save replayed into a throwaway copy, so a session that crashed
or is open in another process shows every acknowledged change, not the state of its last save.
"""

from __future__ import annotations

from pathlib import Path

from engine.api.host import ManagerHost
from engine.api.play_ops import parse_category
from engine.errors import CorruptFileError, InvalidInputError
from engine.facts.saved import open_tracker
from engine.models.facts import FactQueryResult
from engine.models.session import CampaignInfo, SessionExport, SessionInfo, SessionStateView, SessionStatus
from engine.narration.base import Narrator
from engine.play.agents.archivist import Archivist
from engine.session import reports
from engine.session.catalog import SessionRef
from engine.session.follower import peeking_catalog
from engine.session.runtime import OpenSession, known_entities
from engine.session.views import DETAIL_LEVELS, build_state_view, session_info


class ReadOperations(ManagerHost):
    """Mixed into SessionManager (see ManagerHost for what it provides)."""

    archivist: Archivist
    narrator: Narrator

    async def list_campaigns(self) -> list[CampaignInfo]:
        infos = []
        for slug in self.campaigns.slugs():
            try:
                campaign = self.campaigns.load(slug)
                index = self.catalog.store(slug).read_index()
            except CorruptFileError as exc:  # one unreadable campaign hides no other
                infos.append(CampaignInfo(name=slug, slug=slug, description="", characters=[], sessions=0,
                                          problem=str(exc)))
                continue
            infos.append(CampaignInfo(
                name=campaign.name, slug=slug, description=campaign.description,
                characters=[c.name for c in campaign.characters], sessions=len(index.session_history),
                active_session=index.current_session_id))
        return infos

    async def campaign_overview(self, campaign: str) -> str:
        slug = self.campaigns.resolve(campaign)
        metas = [m for _, m in self.catalog.metas(slug)]
        return reports.campaign_overview(self.campaigns.load(slug), metas)

    async def list_sessions(self, campaign: str, status: str | None = None,
                            limit: int | None = None) -> list[SessionInfo]:
        """A campaign's sessions, most recently active first; at most `limit` of them."""
        if limit is not None and not 1 <= limit <= 1000:
            raise InvalidInputError("limit must be between 1 and 1000.")
        slug = self.campaigns.resolve(campaign)
        if status is not None and status not in {s.value for s in SessionStatus}:
            raise InvalidInputError(f"status must be one of active, paused, ended, not '{status}'.")
        infos = []
        for _, meta in self.catalog.metas(slug):
            live = self._open.get(meta.session_id)
            info = session_info(live.meta if live else meta)
            if status is None or info.status == status:
                infos.append(info)
        return sorted(infos, key=lambda i: i.last_active, reverse=True)[:limit]

    async def get_session_state(self, session: str, detail_level: str = "standard", include_history: bool = True,
                                history_limit: int = 10) -> SessionStateView:
        if detail_level not in DETAIL_LEVELS:
            raise InvalidInputError(f"detail_level must be one of {', '.join(DETAIL_LEVELS)}, not '{detail_level}'.")
        if not 0 <= history_limit <= 1000:
            raise InvalidInputError("history_limit must be between 0 and 1000.")
        s = self._session_for_reading(self._resolve(session))
        s.meta.action_count = len(s.history)
        return build_state_view(s.meta, s.state, s.history, s.context.last_usage, detail_level,
                                include_history, history_limit)

    async def query_facts(self, session: str, query: str | None = None, category: str | None = None,
                          limit: int = 10) -> FactQueryResult:
        if not 1 <= limit <= 200:
            raise InvalidInputError("limit must be between 1 and 200.")
        cat = parse_category(category)
        s = self._session_for_reading(self._resolve(session))
        return s.facts.query(query or None, category=cat, limit=limit)

    async def recap(self, session: str) -> str:
        s = self._session_for_reading(self._resolve(session))
        return self.archivist.recap(s.history, s.state.world, s.summary, s.meta.name)

    async def export_markdown(self, session: str, path: Path | None = None) -> Path:
        """Write the recap and the full log as Markdown (default: export.md in the session folder)."""
        ref = self._resolve(session)
        s = self._session_for_reading(ref)
        view = build_state_view(s.meta, s.state, s.history, s.context.last_usage, "standard", False, 0)
        recap = self.archivist.recap(s.history, s.state.world, s.summary, s.meta.name)
        text = reports.export_markdown(view, recap, s.history)
        target = Path(path) if path else self.layout.session_dir(ref.slug, ref.session_id) / "export.md"
        target.write_text(text, encoding="utf-8")
        return target

    async def export_session(self, session: str) -> SessionExport:
        """The whole session as models (state, every history entry, every fact, superseded ones too):
        a deep copy, so the caller can keep or compare it without touching the live session."""
        s = self._session_for_reading(self._resolve(session))
        return SessionExport(meta=s.meta, state=s.state, history=list(s.history),
                             facts=sorted(s.facts.all(), key=lambda f: f.id)).model_copy(deep=True)

    def _session_for_reading(self, ref: SessionRef) -> OpenSession:
        live = self._open.get(ref.session_id)
        if live is not None:
            return live
        # Peek, never repair: another process may own this session and be saving it right now.
        loaded = peeking_catalog(self.layout).store(ref.slug).load_all(ref.session_id)
        copy = OpenSession(slug=ref.slug, meta=loaded.meta, state=loaded.state,
                           facts=open_tracker(loaded, known_entities(loaded.state)), history=loaded.history,
                           context=loaded.context, journal=None, lock=None, narrator=self.narrator)
        copy.replay(loaded.journal_lines, loaded.history_seq, loaded.facts_seq)
        return copy
