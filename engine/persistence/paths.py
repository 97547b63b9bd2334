"""Where everything lives on disk, and the checks on names that become paths.

Every path under the data root is derived by DataLayout; nothing else joins paths by hand, so one
validated place decides what a campaign slug or a session id may look like.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import platformdirs

from engine.errors import InvalidNameError

APP_NAME = "gm-console"
DATA_DIR_ENV = "GM_CONSOLE_DATA_DIR"
MAX_NAME_LENGTH = 100

CAMPAIGN_FILE = "campaign.json"
SESSIONS_INDEX = "sessions.json"
SESSIONS_DIR = "claudmaster_sessions"
SESSION_META = "session_meta.json"
STATE_SNAPSHOT = "state_snapshot.json"
FACT_DATABASE = "fact_database.json"
ACTION_HISTORY = "action_history.json"
CONTEXT_STATE = "context_state.json"
SESSION_FILES = (SESSION_META, STATE_SNAPSHOT, FACT_DATABASE, ACTION_HISTORY, CONTEXT_STATE)
JOURNAL = "journal.jsonl"
# The segment before the last save: with the files' backups it reproduces the latest state.
JOURNAL_PREV = "journal.prev.jsonl"
# Derived, never data: the fact tracker's indexes, so a load need not rebuild them (engine.facts.saved).
FACT_INDEX = "fact_index.json"
# Derived: the archivist's digests of the latest entries (engine.session.recent_notes).
RECENT_NOTES = "recent_notes.json"
# Derived: the world as the session started, for merging its changes at the end (engine.session.start_world).
START_WORLD = "start_world.json"
LOCK = "session.lock"

_WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:")


def validate_name(name: str, what: str = "name") -> str:
    """Return `name` unchanged if it is safe as a single path component, else raise InvalidNameError."""
    if not isinstance(name, str):
        raise InvalidNameError(f"The {what} must be text, not {type(name).__name__}.")
    shown = repr(name[:40] + ("…" if len(name) > 40 else ""))
    if not name.strip():
        raise InvalidNameError(f"The {what} is empty; give it a name.")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidNameError(
            f"The {what} {shown} is {len(name)} characters long; the limit is {MAX_NAME_LENGTH}.")
    if "\x00" in name:
        raise InvalidNameError(f"The {what} {shown} contains a NUL character.")
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        raise InvalidNameError(f"The {what} {shown} contains a control character (tab, newline, …).")
    if name.startswith(("/", "\\")) or _WINDOWS_DRIVE.match(name) or os.path.isabs(name):
        raise InvalidNameError(f"The {what} {shown} is an absolute path; use a plain name.")
    if "/" in name or "\\" in name:
        raise InvalidNameError(f"The {what} {shown} contains a slash; use a plain name without '/' or '\\'.")
    if ".." in name:
        raise InvalidNameError(f"The {what} {shown} contains '..'; use a plain name.")
    if name.startswith("."):
        raise InvalidNameError(f"The {what} {shown} starts with '.', which would hide it; drop the dot.")
    return name


def slugify(name: str) -> str:
    """"The Salt Road" -> "the-salt-road": ASCII letters, digits and single dashes; validated."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    slug = slug[:MAX_NAME_LENGTH].rstrip("-")
    if not slug:
        raise InvalidNameError(f"Cannot make a folder name from {name!r}: it has no letters or digits.")
    return validate_name(slug, "slug")


def default_data_dir() -> Path:
    """GM_CONSOLE_DATA_DIR if set, else the platform's per-user data folder."""
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path(APP_NAME)


class DataLayout:
    """All paths under one data root (see DESIGN.md, "Data on disk")."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.campaigns_dir = self.root / "campaigns"

    def __repr__(self) -> str:
        return f"DataLayout({str(self.root)!r})"

    def campaign_dir(self, slug: str) -> Path:
        return self.campaigns_dir / validate_name(slug, "campaign slug")

    def campaign_file(self, slug: str) -> Path:
        return self.campaign_dir(slug) / CAMPAIGN_FILE

    def sessions_index(self, slug: str) -> Path:
        return self.campaign_dir(slug) / SESSIONS_INDEX

    def sessions_dir(self, slug: str) -> Path:
        return self.campaign_dir(slug) / SESSIONS_DIR

    def session_dir(self, slug: str, session_id: str) -> Path:
        return self.sessions_dir(slug) / validate_name(session_id, "session id")

    def session_file(self, slug: str, session_id: str, filename: str) -> Path:
        """One of SESSION_FILES, JOURNAL, JOURNAL_PREV or LOCK inside a session's folder."""
        if filename not in (*SESSION_FILES, JOURNAL, JOURNAL_PREV, LOCK, FACT_INDEX, RECENT_NOTES, START_WORLD):
            raise InvalidNameError(f"{filename!r} is not a session file; expected one of {SESSION_FILES}.")
        return self.session_dir(slug, session_id) / filename

    def journal_file(self, slug: str, session_id: str) -> Path:
        return self.session_dir(slug, session_id) / JOURNAL

    def lock_file(self, slug: str, session_id: str) -> Path:
        return self.session_dir(slug, session_id) / LOCK
