"""One process at a time may hold a session: a second holder gets a clear error, never a corrupt file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import SessionLockedError
from engine.persistence.lock import SessionLock

ROOT = Path(__file__).resolve().parents[3]

# Takes the lock, reports, then holds it until stdin closes (or the process is killed).
HOLDER = """
import sys
from pathlib import Path
from engine.errors import SessionLockedError
from engine.persistence.lock import SessionLock
lock = SessionLock(Path(sys.argv[1]))
try:
    lock.acquire()
except SessionLockedError as exc:
    print("LOCKED", exc, flush=True)
    sys.exit(3)
print("HELD", flush=True)
sys.stdin.read()
"""


def _child(lock_path: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", HOLDER, str(lock_path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)


@pytest.fixture
def lock_path(tmp_path: Path) -> Path:
    folder = tmp_path / "3f1c-session"
    folder.mkdir()
    return folder / "session.lock"


def test_second_lock_in_the_same_process_is_refused(lock_path: Path) -> None:
    first = SessionLock(lock_path)
    first.acquire()
    assert first.held
    second = SessionLock(lock_path)
    with pytest.raises(SessionLockedError) as info:
        second.acquire()
    assert not second.held
    assert "3f1c-session" in str(info.value)
    assert f"pid {os.getpid()}" in str(info.value)
    first.release()


def test_the_owner_file_names_the_holder_until_release(lock_path: Path) -> None:
    lock = SessionLock(lock_path)
    with lock:
        assert lock.owner_path.read_text().split()[0] == str(os.getpid())
    assert lock.owner_path.read_text() == ""


def test_released_lock_can_be_taken_again(lock_path: Path) -> None:
    first = SessionLock(lock_path)
    first.acquire()
    first.release()
    assert not first.held
    second = SessionLock(lock_path)
    second.acquire()
    assert second.held
    second.release()
    first.acquire()  # The same object can take it again too.
    first.release()


def test_acquire_twice_on_one_object_is_harmless(lock_path: Path) -> None:
    lock = SessionLock(lock_path)
    lock.acquire()
    lock.acquire()
    assert lock.held
    lock.release()
    lock.release()
    assert not lock.held


def test_another_process_cannot_take_a_held_lock(lock_path: Path) -> None:
    with SessionLock(lock_path):
        child = _child(lock_path)
        out, _ = child.communicate(timeout=30)
    assert child.returncode == 3
    assert "LOCKED" in out
    assert "already open in another process" in out
    assert f"pid {os.getpid()}" in out
    assert "Close it there first" in out


def test_a_lock_held_by_another_process_is_refused_here(lock_path: Path) -> None:
    child = _child(lock_path)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "HELD"
        with pytest.raises(SessionLockedError, match=f"another process \\(pid {child.pid}\\)"):
            SessionLock(lock_path).acquire()
    finally:
        child.kill()
        child.wait(timeout=30)


def test_a_dead_process_leaves_no_stale_lock(lock_path: Path) -> None:
    child = _child(lock_path)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "HELD"
    child.send_signal(signal.SIGKILL)  # A crash: no release, no cleanup.
    child.wait(timeout=30)
    lock = SessionLock(lock_path)
    lock.acquire()
    assert lock.held
    lock.release()
