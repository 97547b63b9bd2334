"""Shared fixtures: a fresh data dir with the bundled campaign, and a SessionManager on it."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

FIXED_NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
# Every spare working copy is checked in full against the state document (engine/session/spare.py); set
# before the engine is imported, and inherited by the crash tests' child processes.
os.environ.setdefault("ENGINE_VERIFY_STATE", "1")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
async def manager(data_dir: Path) -> AsyncIterator:
    from engine.api.manager import SessionManager
    from engine.errors import EngineError

    mgr = SessionManager(data_dir, clock=lambda: FIXED_NOW)
    yield mgr
    # Pause what a test left open; a test that broke the files on purpose may make that fail.
    with contextlib.suppress(EngineError):
        await mgr.close()


@pytest.fixture
async def campaign(manager) -> str:
    return (await manager.list_campaigns())[0].name
