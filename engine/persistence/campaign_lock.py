"""One writer at a time per campaign, across processes: a lock around every read-modify-write of
campaign.json and sessions.json, and around the "one active session per campaign" check.

Unlike a session lock (held for as long as the session is open), this one is held only for the few
milliseconds of an update, so a second process waits for it instead of being refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from engine.errors import StorageError

WAIT_S = 10.0
LOCK_NAME = ".campaign.lock"


class CampaignLocks:
    """The campaign locks of one process; re-entrant, so an update may call another that locks too."""

    def __init__(self) -> None:
        self._locks: dict[Path, FileLock] = {}

    @contextmanager
    def hold(self, campaign_dir: Path) -> Iterator[None]:
        path = Path(campaign_dir) / LOCK_NAME
        lock = self._locks.get(path)
        if lock is None:
            # thread_local=False: the console's workers may take and release it from different threads.
            lock = self._locks[path] = FileLock(path, timeout=WAIT_S, thread_local=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            lock.acquire()
        except Timeout:
            raise StorageError(f"Campaign folder {campaign_dir} stayed busy for {WAIT_S:g} s: another process is "
                               "updating it. Try again; if it persists, check for a stuck gm-console process.",
                               str(path)) from None
        try:
            yield
        finally:
            lock.release()
