"""Finding a session by UUID, unique UUID prefix or name, across campaigns (seed 003)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import AmbiguousSessionError, CorruptFileError, InvalidInputError, SessionNotFoundError
from engine.models.session import SessionMetadata
from engine.persistence.campaign_store import CampaignStore
from engine.persistence.paths import SESSION_META, DataLayout
from engine.persistence.session_store import SessionStore

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_PREFIX = re.compile(r"^[0-9a-f]{6,36}$")
_MAX_LISTED = 20


@dataclass(frozen=True)
class SessionRef:
    slug: str
    session_id: str
    name: str


class SessionCatalog:
    """Reads session metadata from disk to resolve references; cheap enough to rebuild on a miss."""

    def __init__(self, layout: DataLayout, campaigns: CampaignStore) -> None:
        self.layout = layout
        self.campaigns = campaigns
        self.problems: list[str] = []
        # Sessions whose session_meta.json came back from its backup, to report at the next load.
        self.restored_meta: set[str] = set()
        self._names: dict[str, tuple[int, str]] = {}

    def store(self, slug: str) -> SessionStore:
        return SessionStore(self.layout, slug)

    def metas(self, slug: str | None = None) -> list[tuple[str, SessionMetadata]]:
        slugs = [slug] if slug else self.campaigns.slugs()
        found: list[tuple[str, SessionMetadata]] = []
        self.problems = []
        for s in slugs:
            store = self.store(s)
            metas, problems = store.list_metas()
            found += [(s, m) for m in metas]
            self.problems += problems
            self.restored_meta |= store.restored_meta
        return found

    def refs(self, slug: str | None = None) -> list[SessionRef]:
        """(campaign, id, name) of every session, for resolving a reference.

        Names come from a cache checked against each session_meta.json's mtime: a stat per session
        instead of parsing every metadata file on every call that names a session.
        """
        found: list[SessionRef] = []
        self.problems = []
        for s in [slug] if slug else self.campaigns.slugs():
            store = self.store(s)
            for session_id in store.session_ids():
                meta_file = store.session_dir(session_id) / SESSION_META
                try:
                    stamp = meta_file.stat().st_mtime_ns
                except OSError:
                    stamp = -1
                cached = self._names.get(session_id)
                if cached is None or cached[0] != stamp:
                    try:
                        cached = (stamp, store.read_meta(session_id).name)
                    except CorruptFileError as exc:
                        self.problems.append(f"Session {session_id}: {exc}")
                        continue
                    self.restored_meta |= store.restored_meta
                    self._names[session_id] = cached
                found.append(SessionRef(s, session_id, cached[1]))
        return found

    def forget(self, session_id: str) -> None:
        self._names.pop(session_id, None)

    def resolve(self, ref: str, slug: str | None = None, open_refs: list[SessionRef] = ()) -> SessionRef:
        if not isinstance(ref, str) or not ref.strip():
            raise InvalidInputError("A session id or name is required (see list_sessions).")
        key = ref.strip()
        lowered = key.casefold()
        # Open sessions first: the hot path for every call during play.
        for r in open_refs:
            if (slug is None or r.slug == slug) and r.session_id == lowered:
                return r
        candidates = self.refs(slug)
        exact = [c for c in candidates if c.session_id == lowered]
        if exact:
            return exact[0]
        by_name = [c for c in candidates if c.name.casefold() == lowered]
        if len(by_name) == 1:
            return by_name[0]
        if len(by_name) > 1:
            raise AmbiguousSessionError(
                f"Session name '{key}' matches {len(by_name)} sessions: {_describe(by_name)}. "
                "Use the session id instead.")
        if _PREFIX.match(lowered) and not _UUID.match(lowered):
            by_prefix = [c for c in candidates if c.session_id.replace("-", "").startswith(lowered.replace("-", ""))]
            if len(by_prefix) == 1:
                return by_prefix[0]
            if len(by_prefix) > 1:
                raise AmbiguousSessionError(
                    f"Session id prefix '{key}' matches {len(by_prefix)} sessions: {_describe(by_prefix)}. "
                    "Give more characters of the id.")
        where = f" in campaign '{slug}'" if slug else ""
        # A session whose metadata cannot be read is named, never silently missing.
        unreadable = f" Unreadable: {'; '.join(self.problems)}" if self.problems else ""
        if not candidates:
            raise SessionNotFoundError(
                f"No session '{key}'{where}: there are no sessions yet. Start one with start_claudmaster_session.{unreadable}")
        raise SessionNotFoundError(
            f"No session '{key}'{where}. Known sessions: {_describe(_closest(candidates, lowered))}.{unreadable}")


def _closest(candidates: list[SessionRef], key: str) -> list[SessionRef]:
    """Likely meant first: names sharing a prefix or a word with what was typed."""
    words = set(re.split(r"[\s_-]+", key))

    def score(c: SessionRef) -> tuple[int, str]:
        name = c.name.casefold()
        shared = len(words & set(re.split(r"[\s_-]+", name)))
        return (-(shared + (2 if name.startswith(key[:3]) else 0)), name)

    return sorted(candidates, key=score)


def _describe(refs: list[SessionRef]) -> str:
    shown = [f"'{r.name}' ({r.session_id[:8]}, {r.slug})" for r in refs[:_MAX_LISTED]]
    more = f" and {len(refs) - _MAX_LISTED} more" if len(refs) > _MAX_LISTED else ""
    return ", ".join(shown) + more
