"""Supervisor mode in one process: the console under Pilot, and an MCP host over HTTP with the token.

The host's calls reach the console's own SessionManager; the panes follow them; the DM pauses the table,
reviews host turns (accept, amend, reject), and undoes one with one key.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest
from mcp import Client, MCPError
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from engine.api.manager import SessionManager
from gm_console.supervisor.contract import HostCall, Verdict
from gm_console.supervisor.table import Table
from gm_console.tui.app import GMConsoleApp, create_app
from gm_console.tui.screens.table import EndpointModal, TextPrompt
from gm_console.tui.widgets.host_feed import HostFeed, ReviewPanel
from tests.console.conftest import send, settle, until

pytestmark = pytest.mark.anyio


@pytest.fixture
def table(mgr: SessionManager) -> Table:
    return Table(mgr, port=0)


@pytest.fixture
def sup_app(mgr: SessionManager, session_id: str, table: Table) -> GMConsoleApp:
    return create_app(mgr, session=session_id, table=table, serve=True)


@contextlib.asynccontextmanager
async def host(table: Table, token: str | None = None) -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {token or table.status.token}"}
    async with Client(streamable_http_client(table.status.url, http_client=create_mcp_http_client(headers))) as c:
        yield c


async def opened(pilot: Any, app: GMConsoleApp) -> None:
    """--serve-mcp: the endpoint opens with the console and its modal shows the configuration to paste."""
    await until(pilot, lambda: isinstance(app.screen, EndpointModal), "the endpoint dialog")
    await pilot.press("escape")
    await settle(pilot, app)


def text_of(result: Any) -> str:
    return " ".join(getattr(c, "text", "") for c in result.content)


def feed(app: GMConsoleApp) -> HostFeed:
    return app.main.query_one(HostFeed)


async def test_endpoint_shows_a_config_to_paste_and_host_turns_reach_every_pane(
        sup_app: GMConsoleApp, table: Table, session_id: str) -> None:
    async with sup_app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(sup_app.screen, EndpointModal), "the endpoint dialog")
        config = sup_app.screen.query_one("#endpoint-config").text
        assert table.status.url.startswith("http://127.0.0.1:") and table.status.url in config
        assert f"Bearer {table.status.token}" in config and len(table.status.token) >= 24
        await pilot.press("escape")
        await settle(pilot, sup_app)
        async with host(table) as c:
            result = await c.call_tool("player_action", {"session_id": "table-one",
                                                         "action": "I search the bar for a hidden latch",
                                                         "character_name": "Wren"})
            assert not result.is_error, text_of(result)
            await until(pilot, lambda: 1 in sup_app.main.history.turns, "the host's turn in the history")
            await settle(pilot, sup_app)
        narrative = sup_app.main.narrative.plain_text
        assert "Turn 1 · Wren" in narrative and "hidden latch" in narrative
        assert result.structured_content["narrative"].split(".")[0] in narrative
        calls = feed(sup_app).calls
        assert [(c.tool, c.ok, c.actor) for c in calls] == [("player_action", True, "Wren")]
        assert "hidden latch" in calls[0].args


async def test_no_token_or_a_wrong_one_is_refused_and_changes_nothing(
        sup_app: GMConsoleApp, table: Table, mgr: SessionManager, session_id: str) -> None:
    async with sup_app.run_test(size=(120, 40)) as pilot:
        await opened(pilot, sup_app)
        before = await mgr.get_session_state(session_id, "full")
        call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                "params": {"name": "player_action", "arguments": {"session_id": "table-one", "action": "I leave"}}}
        accept = {"Accept": "application/json, text/event-stream"}
        async with httpx2.AsyncClient() as http:
            missing = await http.post(table.status.url, json=call, headers=accept)
            wrong = await http.post(table.status.url, json=call,
                                    headers={**accept, "Authorization": "Bearer not-the-token"})
        assert missing.status_code == 401 and "Missing bearer token" in missing.text
        assert wrong.status_code == 403 and "Wrong bearer token" in wrong.text
        # The SDK client cannot even connect with a wrong token.
        with pytest.raises(BaseExceptionGroup) as refused:
            async with host(table, token="also-wrong") as c:
                await c.call_tool("player_action", {"session_id": "table-one", "action": "I leave"})
        assert refused.group_contains(MCPError)
        await settle(pilot, sup_app)
        assert await mgr.get_session_state(session_id, "full") == before
        assert table.status.refused >= 2
        await until(pilot, lambda: [c.tool for c in feed(sup_app).calls][:2] == ["(refused)", "(refused)"],
                    "both refusals in the host feed")


async def test_pause_refuses_host_writes_and_allows_reads(
        sup_app: GMConsoleApp, table: Table, mgr: SessionManager, session_id: str) -> None:
    async with sup_app.run_test(size=(120, 40)) as pilot:
        await opened(pilot, sup_app)
        await pilot.press("f10")
        await settle(pilot, sup_app)
        assert table.status.paused and feed(sup_app).has_class("-paused")
        before = await mgr.get_session_state(session_id, "full")
        async with host(table) as c:
            refused = await c.call_tool("player_action", {"session_id": "table-one", "action": "I open the door"})
            hurt = await c.call_tool("dm_change", {"session_id": "table-one", "operation": "damage",
                                                   "target": "Bram", "amount": 3})
            read = await c.call_tool("get_session_state", {"session_id": "table-one", "detail_level": "minimal"})
            assert refused.is_error and "The DM has paused the table" in text_of(refused)
            assert hurt.is_error and "The DM has paused the table" in text_of(hurt)
            assert not read.is_error and "table-one" in text_of(read)
            assert await mgr.get_session_state(session_id, "full") == before
            await pilot.press("f10")
            await settle(pilot, sup_app)
            again = await c.call_tool("player_action", {"session_id": "table-one", "action": "I open the door"})
            assert not again.is_error, text_of(again)


async def test_the_dms_hp_change_reaches_the_hosts_next_read(
        sup_app: GMConsoleApp, table: Table, session_id: str) -> None:
    async with sup_app.run_test(size=(120, 40)) as pilot:
        await opened(pilot, sup_app)
        async with host(table) as c:
            await c.call_tool("player_action", {"session_id": "table-one", "action": "I look around"})
            await send(pilot, sup_app, "/hp Bram -5")
            state = await c.call_tool("get_session_state", {"session_id": "table-one"})
            bram = next(p for p in state.structured_content["party_status"] if p["name"] == "Bram")
            assert bram["hp"] == bram["hp_max"] - 5
            history = [e["action"] for e in reversed(state.structured_content["recent_history"])]
            assert history[-2:] == ["I look around", "hp Bram -5"]


async def review_call(c: Client, action: str) -> asyncio.Task[Any]:
    return asyncio.ensure_future(c.call_tool("player_action", {"session_id": "table-one", "action": action,
                                                               "character_name": "Wren"}))


def shown_button(app: GMConsoleApp, selector: str) -> bool:
    """Laid out where the DM can click it (a click before layout lands on whatever is at 0,0)."""
    return app.main.query_one(selector).region.width > 0


def panel(app: GMConsoleApp) -> ReviewPanel:
    return app.main.query_one(ReviewPanel)


async def test_review_accept_amend_and_reject(
        sup_app: GMConsoleApp, table: Table, mgr: SessionManager, session_id: str) -> None:
    async with sup_app.run_test(size=(120, 40)) as pilot:
        await opened(pilot, sup_app)
        await sup_app.run_action("table_review")
        async with host(table) as c:
            # Accept: nothing is recorded while the DM looks; then the turn is recorded as shown.
            first = await review_call(c, "I search the bar for a hidden latch")
            await until(pilot, lambda: panel(sup_app).item is not None, "a turn to review")
            shown = panel(sup_app).item.preview
            assert (await mgr.get_session_state(session_id, "minimal")).session_info.action_count == 0
            assert not first.done()
            await pilot.press("f11")
            accepted = await first
            assert not accepted.is_error and accepted.structured_content["narrative"] == shown.narrative
            await until(pilot, lambda: panel(sup_app).item is None, "the panel to clear")

            # Amend: the DM's narration is what the host gets and what history keeps.
            second = await review_call(c, "I ask the innkeeper about the lantern")
            await until(pilot, lambda: panel(sup_app).item is not None, "a second turn to review")
            await until(pilot, lambda: shown_button(sup_app, "#review-amend"), "the Amend button on screen")
            await pilot.click("#review-amend")
            await until(pilot, lambda: isinstance(sup_app.screen, TextPrompt), "the amend dialog")
            sup_app.screen.query_one("#prompt-text").text = "The innkeeper shrugs and looks away."
            await pilot.click("#ok")
            amended = await second
            assert amended.structured_content["narrative"] == "The innkeeper shrugs and looks away."
            # The host's turn reaches the narrative through the table's feed, after the host has its answer.
            await until(pilot, lambda: "The innkeeper shrugs and looks away." in sup_app.main.narrative.plain_text,
                        "the DM's amended narration in the narrative")

            # Reject: the host reads the reason; nothing is recorded.
            before = await mgr.get_session_state(session_id, "full")
            third = await review_call(c, "I fly to the moon")
            await until(pilot, lambda: panel(sup_app).item is not None, "a third turn to review")
            await until(pilot, lambda: shown_button(sup_app, "#review-reject"), "the Reject button on screen")
            await pilot.click("#review-reject")
            await until(pilot, lambda: isinstance(sup_app.screen, TextPrompt), "the reject dialog")
            sup_app.screen.query_one("#prompt-text").value = "Nobody can fly here"
            await pilot.press("enter")
            rejected = await third
            assert rejected.is_error and "The DM rejected this action: Nobody can fly here" in text_of(rejected)
            assert await mgr.get_session_state(session_id, "full") == before
        await settle(pilot, sup_app)
        assert [e.action for e in (await mgr.get_session_state(session_id)).recent_history][::-1] == [
            "I search the bar for a hidden latch", "I ask the innkeeper about the lantern"]


async def test_review_queues_in_order_times_out_as_the_dm_chose_and_one_key_undoes(
        sup_app: GMConsoleApp, table: Table, mgr: SessionManager, session_id: str) -> None:
    async with sup_app.run_test(size=(120, 40)) as pilot:
        await opened(pilot, sup_app)
        await sup_app.run_action("table_review")
        async with host(table) as c:
            first = await review_call(c, "I search the bar")
            second = await review_call(c, "I check the window")
            await until(pilot, lambda: table.status.waiting == 2, "two host turns queued")
            # The panel hears of the queue through a message after the table counts it: wait for what it shows.
            await until(pilot, lambda: panel(sup_app).item is not None and "1 more queued" in panel(sup_app).border_title,
                        "the panel showing one more queued")
            assert panel(sup_app).item.action == "I search the bar"
            # The DM acts meanwhile: the turn shown was resolved before that, so it is resolved again.
            await send(pilot, sup_app, "/hp Bram -2")
            await pilot.press("f11")
            await until(pilot, lambda: panel(sup_app).item is not None and "resolved again" in panel(sup_app).item.note,
                        "the turn resolved again")
            await pilot.press("f11")
            assert not (await first).is_error
            await until(pilot, lambda: panel(sup_app).item is not None and panel(sup_app).item.action == "I check the window",
                        "the second turn")
            table.set_timeout(0.05, Verdict.ACCEPT)  # applies to the next turn shown
            await pilot.press("f11")
            assert not (await second).is_error
            third = await (await review_call(c, "I sit by the fire"))
            assert not third.is_error, "the timeout accepted it"
            actions = [e.action for e in (await mgr.get_session_state(session_id)).recent_history][::-1]
            assert actions == ["hp Bram -2", "I search the bar", "I check the window", "I sit by the fire"]
            await until(pilot, lambda: 4 in sup_app.main.history.turns, "the last host turn shown")
            await pilot.press("f12")
            await until(pilot, lambda: "Undid turn 4: I sit by the fire" in sup_app.main.narrative.plain_text,
                        "the undo in the narrative")
            assert (await mgr.get_session_state(session_id, "minimal")).session_info.action_count == 3
            assert "Turn 4 ·" not in sup_app.main.narrative.plain_text


async def test_palette_opens_and_closes_the_endpoint_and_a_console_without_a_table_offers_neither(
        mgr: SessionManager, session_id: str, table: Table) -> None:
    app = create_app(mgr, session=session_id, table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert app.check_action("table_open", ()) and not app.check_action("table_close", ())
        assert not app.main.query(HostFeed), "no host pane before the table opens"
        await app.run_action("table_open")
        await opened(pilot, app)
        assert table.status.open and app.check_action("table_close", ())
        await app.run_action("table_close")
        await until(pilot, lambda: not table.status.open, "the endpoint closed")
        assert app.check_action("table_open", ()) and feed(app).border_title == "MCP host · endpoint closed"
    plain = create_app(mgr, session=session_id)
    async with plain.run_test(size=(120, 40)) as pilot:
        await settle(pilot, plain)
        assert not plain.check_action("table_open", ()) and not plain.check_action("review_accept", ())


async def test_a_host_call_arriving_as_the_console_closes_is_dropped_quietly(
        sup_app: GMConsoleApp, table: Table) -> None:
    async with sup_app.run_test(size=(120, 40)) as pilot:
        await opened(pilot, sup_app)
    # The feed's repaint timer may fire after the screens are gone (a refused host retrying at exit).
    sup_app._host_backlog = [HostCall(seq=9, tool="(refused)", args="", result="Wrong bearer token", ok=False,
                                      writes=False)]
    sup_app._show_host_backlog()
    assert sup_app._host_backlog == []
