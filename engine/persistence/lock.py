"""One process at a time per session: an OS file lock on session.lock, held while the session is active.

`filelock` takes flock on POSIX and msvcrt locking on Windows; either belongs to the open file, so
the OS drops it when the holder exits or crashes: a dead process never leaves a stale lock. Who
holds it is written beside it (session.lock.owner), not into the locked file, because Windows
forbids other handles from touching a locked byte range.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

from filelock import FileLock, Timeout

from engine.errors import SessionLockedError


class SessionLock:
    """An exclusive, non-blocking lock on one session's lock file."""

    def __init__(self, path: Path, label: str | None = None) -> None:
        self.path = Path(path)
        self.owner_path = self.path.with_name(self.path.name + ".owner")
        # What error messages call the session; the session folder's name (its id) by default.
        self.label = label or self.path.parent.name
        # thread_local=False: the console takes the lock in one thread and may release it in another.
        self._lock = FileLock(self.path, timeout=0, thread_local=False)

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def __enter__(self) -> SessionLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def acquire(self) -> None:
        """Take the lock or raise SessionLockedError saying which process has it."""
        if self.held:
            return
        try:
            self._lock.acquire()
        except Timeout:
            raise SessionLockedError(self._locked_message(self._holder())) from None
        self.owner_path.write_text(f"{os.getpid()} {socket.gethostname()}\n", encoding="utf-8")

    def release(self) -> None:
        if not self.held:
            return
        try:
            self.owner_path.write_text("", encoding="utf-8")  # No owner left to name.
        except OSError:
            pass  # the lock itself still goes; a stale owner line only makes a message less exact
        self._lock.release(force=True)

    def _holder(self) -> tuple[int | None, str]:
        try:
            text = self.owner_path.read_text(encoding="utf-8", errors="replace").split()
        except OSError:
            return None, ""
        pid = int(text[0]) if text and text[0].isdigit() else None
        return pid, text[1] if len(text) > 1 else ""

    def _locked_message(self, holder: tuple[int | None, str]) -> str:
        pid, host = holder
        if pid == os.getpid() and host in ("", socket.gethostname()):
            return (f"Session {self.label} is already open in this process (pid {pid}). "
                    "Use the open session, or close it first.")
        who = f"pid {pid}" if pid is not None else "pid unknown"
        if host and host != socket.gethostname():
            who += f" on {host}"
        return f"Session {self.label} is already open in another process ({who}). Close it there first."
