"""Snapshots of supervisor mode (SVGs in __snapshots__/; update with --snapshot-update, then look)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from textual.pilot import Pilot

from engine.api.manager import SessionManager
from gm_console.supervisor.table import Table
from gm_console.tui.app import create_app
from gm_console.tui.screens.table import EndpointModal
from gm_console.tui.widgets.history import HistoryList
from gm_console.tui.widgets.host_feed import ReviewPanel
from tests.console.conftest import send, settle, until
from tests.console.test_snapshots import quiet

HOST_TURNS = [
    ("player_action", {"session_id": "table-one", "action": "I ask the innkeeper what she saw", "character_name": "Wren"}),
    ("dm_change", {"session_id": "table-one", "operation": "damage", "target": "Bram", "amount": 4}),
    ("player_action", {"session_id": "table-one", "action": "I search the bar for a hidden latch",
                       "character_name": "Tova"}),
]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return Path("data")


def client(table: Table) -> Client:
    headers = {"Authorization": f"Bearer {table.status.token}"}
    return Client(streamable_http_client(table.status.url, http_client=create_mcp_http_client(headers)))


async def open_table(pilot: Pilot) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, EndpointModal), "the endpoint dialog")
    await pilot.press("escape")
    await settle(pilot, pilot.app)


def test_host_feed_after_three_host_turns(snap_compare, mgr: SessionManager, session_id: str) -> None:
    table = Table(mgr, port=0)

    async def play(pilot: Pilot) -> None:
        await open_table(pilot)
        async with client(table) as c:
            for tool, args in HOST_TURNS[:2]:
                await c.call_tool(tool, args)
            await send(pilot, pilot.app, "/roll 1d20+2 perception")  # the DM's own, between the host's
            await c.call_tool(*HOST_TURNS[2])
            await c.call_tool("get_session_state", {"session_id": "table-one", "detail_level": "minimal"})
            await until(pilot, lambda: 4 in pilot.app.main.history.turns, "the host's last turn shown")
        await quiet(pilot)

    assert snap_compare(create_app(mgr, session=session_id, table=table, serve=True), terminal_size=(120, 40),
                        run_before=play)


def test_host_turn_waiting_for_review(snap_compare, mgr: SessionManager, session_id: str) -> None:
    table = Table(mgr, port=0)
    pending: list[asyncio.Task] = []

    async def review(pilot: Pilot) -> None:
        await open_table(pilot)
        played = asyncio.Event()

        async def host() -> None:
            async with client(table) as c:
                await c.call_tool(*HOST_TURNS[0])
                played.set()
                await until(pilot, lambda: table.status.review, "review on")
                # Waits for the DM; when the console closes, the table answers it (rejected).
                await c.call_tool(*HOST_TURNS[2])

        pending.append(asyncio.ensure_future(host()))
        await played.wait()
        await pilot.app.run_action("table_review")
        await until(pilot, lambda: pilot.app.main.query_one(ReviewPanel).item is not None, "the turn to review")
        # The host's first turn reaches the history by the table's report, apart from the review; its row
        # must be in (and the columns sized to it) before the picture is taken.
        history = pilot.app.main.query_one(HistoryList)
        await until(pilot, lambda: history.row_count >= 1, "the host's first turn in the history")
        await quiet(pilot)
        await pilot.pause()

    assert snap_compare(create_app(mgr, session=session_id, table=table, serve=True), terminal_size=(120, 40),
                        run_before=review)
