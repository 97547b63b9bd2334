"""Console test fixtures: a fixed clock, fixed ids, a private data dir per test, quiet widgets."""

from __future__ import annotations

import asyncio
import itertools
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input

from engine.api.manager import SessionManager
from gm_console.tui.app import GMConsoleApp, create_app

FIXED_NOW = datetime(2026, 1, 1, tzinfo=UTC)
CAMPAIGN = "dark-lantern"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _deterministic(monkeypatch: pytest.MonkeyPatch) -> None:
    """Snapshot hygiene: no env theme/colour overrides, no button flash."""
    for name in ("NO_COLOR", "TEXTUAL_THEME", "GM_CONSOLE_DATA_DIR", "TEXTUAL_ANIMATIONS"):
        monkeypatch.delenv(name, raising=False)
    original = Button.__init__

    def quiet_init(self: Button, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)
        self.active_effect_duration = 0

    monkeypatch.setattr(Button, "__init__", quiet_init)


def sequential_ids() -> Callable[[], str]:
    """Session ids 00000000-...-000000000001, -2, ...: the same on every run, so snapshots can show them."""
    counter = itertools.count(1)
    return lambda: str(uuid.UUID(int=next(counter)))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """Private to each test, so tests (and two runs of the suite at once) cannot see each other's
    sessions or locks. The snapshot tests override it so on-screen paths read the same in every run."""
    return tmp_path / "data"


@pytest.fixture
def mgr(data_dir: Path) -> Iterator[SessionManager]:
    manager = SessionManager(data_dir, clock=lambda: FIXED_NOW, id_factory=sequential_ids())
    yield manager
    # Drop methods a test patched on the instance, so close() below runs the real ones.
    for name in [k for k, v in vars(manager).items() if callable(v) and hasattr(SessionManager, k)]:
        delattr(manager, name)
    # Whatever a test left open is paused, which also releases the session lock files.
    asyncio.run(manager.close())


def run(coro):  # noqa: ANN001, ANN201 - tiny sync bridge for setting up sessions outside the app
    return asyncio.run(coro)


@pytest.fixture
def session_id(mgr: SessionManager) -> str:
    """An active session on the sample campaign, seed 7."""
    return run(mgr.start_session(CAMPAIGN, "table-one", seed=7)).session_id


@pytest.fixture
def app(mgr: SessionManager, session_id: str) -> GMConsoleApp:
    return create_app(mgr, session=session_id)


async def settle(pilot: Pilot, app: GMConsoleApp) -> None:
    """Wait until every engine worker (and any worker its messages start) has finished."""
    for _ in range(10):
        await pilot.pause()
        # Pending counts too: a worker created by the last message may not have started yet.
        unfinished = [w for w in app.workers if not w.is_finished]
        if not unfinished:
            await pilot.pause()
            return
        await app.workers.wait_for_complete()


async def send(pilot: Pilot, app: GMConsoleApp, text: str) -> None:
    """Type a line into the action input and press Enter."""
    field = app.main.query_one("#action", Input)
    field.focus()
    field.value = text
    await pilot.press("enter")
    await settle(pilot, app)


async def until(pilot: Pilot, condition: Callable[[], bool], what: str = "the expected state") -> None:
    """Wait for something the console shows (a screen, a status), not for a guessed time: a chain of
    screen dismissal, callback, worker and message can outlast one settle() on a busy machine."""
    for _ in range(500):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"the console never reached {what}")


@pytest.fixture
def held_end(mgr: SessionManager, monkeypatch: pytest.MonkeyPatch) -> asyncio.Event:
    """end_session waits until the test sets the returned event: a save kept in flight on purpose."""
    release = asyncio.Event()
    real_end = mgr.end_session

    async def slow_end(*args: object, **kwargs: object):  # noqa: ANN202 - returns what end_session returns
        await release.wait()
        return await real_end(*args, **kwargs)

    monkeypatch.setattr(mgr, "end_session", slow_end)
    return release
