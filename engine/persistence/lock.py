"""One process at a time per session: an flock on session.lock, held while the session is active.

flock belongs to the open file description, so the kernel drops it when the holder exits or
crashes: a dead process never leaves a stale lock. The file is never deleted (deleting a lock file
lets two processes lock two different inodes); its text only says who holds it.
"""

from __future__ import annotations

import fcntl
import os
import socket
from pathlib import Path

from engine.errors import SessionLockedError


class SessionLock:
    """An exclusive, non-blocking lock on one session's lock file."""

    def __init__(self, path: Path, label: str | None = None) -> None:
        self.path = Path(path)
        # What error messages call the session; the session folder's name (its id) by default.
        self.label = label or self.path.parent.name
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def __enter__(self) -> SessionLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def acquire(self) -> None:
        """Take the lock or raise SessionLockedError saying which process has it."""
        if self._fd is not None:
            return
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = self._holder(fd)
            os.close(fd)
            raise SessionLockedError(self._locked_message(holder)) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {socket.gethostname()}\n".encode(), 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)  # No owner left to name; the empty file is harmless.
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    @staticmethod
    def _holder(fd: int) -> tuple[int | None, str]:
        try:
            text = os.pread(fd, 256, 0).decode("utf-8", "replace").split()
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
