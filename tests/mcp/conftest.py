"""Fixtures for the MCP server tests: a fresh data dir, SessionManager and server per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest


# anyio_backend and data_dir come from tests/conftest.py; the manager here pauses what a test left
# open (as the server does at shutdown) instead of dropping it.
@pytest.fixture
async def manager(data_dir: Path) -> AsyncIterator[Any]:
    from engine.api.manager import SessionManager

    m = SessionManager(data_dir)
    yield m
    # Pauses what a test left open, which also releases the session locks.
    await m.close()


@pytest.fixture
def server(manager: Any) -> Any:
    from gm_console.mcp.server import build_server

    return build_server(manager)
