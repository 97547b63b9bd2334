"""Persistence: atomic verified writes with backups, the journal, locks, campaign and session stores."""

from engine.persistence.atomic import read_list, read_model, write_bytes_atomic
from engine.persistence.campaign_store import CampaignStore, bundled_campaign_dirs, ensure_bundled_campaigns
from engine.persistence.journal import Journal
from engine.persistence.lock import SessionLock
from engine.persistence.paths import (
    JOURNAL,
    LOCK,
    SESSION_FILES,
    DataLayout,
    default_data_dir,
    slugify,
    validate_name,
)
from engine.persistence.session_store import LoadedSession, SessionStore

__all__ = [
    "JOURNAL", "LOCK", "SESSION_FILES", "CampaignStore", "DataLayout", "Journal", "LoadedSession",
    "SessionLock", "SessionStore", "bundled_campaign_dirs", "default_data_dir", "ensure_bundled_campaigns",
    "read_list", "read_model", "slugify", "validate_name", "write_bytes_atomic",
]
