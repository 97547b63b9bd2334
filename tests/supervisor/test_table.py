"""The table without the console: same tools as headless, review timeouts, closing with a turn in review."""

from __future__ import annotations

import asyncio

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from gm_console.mcp.server import build_server
from gm_console.supervisor.contract import HostCall, TableListener, TableStatus, Verdict
from gm_console.supervisor.table import Table
from gm_console.tui.table_controls import parse_timeout

pytestmark = pytest.mark.anyio
ACTION = {"session_id": "t", "action": "I search the bar", "character_name": "Wren"}


def client(table: Table) -> Client:
    headers = {"Authorization": f"Bearer {table.status.token}"}
    return Client(streamable_http_client(table.status.url, http_client=create_mcp_http_client(headers)))


@pytest.fixture
async def table(manager, campaign):
    await manager.start_session(campaign, "t", seed=2)
    t = Table(manager, port=0)
    await t.open()
    yield t
    await t.close()


async def test_the_host_sees_exactly_the_headless_tools(table: Table, manager) -> None:
    async with client(table) as c:
        served = (await c.list_tools()).tools
    async with Client(build_server(manager)) as c:
        headless = (await c.list_tools()).tools
    assert [t.model_dump() for t in served] == [t.model_dump() for t in headless]


async def test_a_review_nobody_answers_is_rejected_on_timeout_as_the_dm_chose(table: Table, manager) -> None:
    table.set_review(True)
    table.set_timeout(0.05, Verdict.REJECT)
    async with client(table) as c:
        result = await c.call_tool("player_action", ACTION)
    assert result.is_error and "no decision within 0.05 s" in result.content[0].text
    assert (await manager.get_session_state("t", "minimal")).session_info.action_count == 0


async def test_closing_the_table_answers_the_turn_in_review_and_retires_the_token(table: Table, manager) -> None:
    seen: list[TableStatus] = []
    calls: list[HostCall] = []
    table.listen(TableListener(calls.append, seen.append))
    table.set_review(True)
    url, token = table.status.url, table.status.token

    async def host() -> str:
        async with client(table) as c:
            result = await c.call_tool("player_action", ACTION)
            assert result.is_error
            return result.content[0].text

    answer = asyncio.create_task(host())
    while table.status.current is None:
        await asyncio.sleep(0.01)
    assert seen[-1].waiting == 1 and seen[-1].current.action == "I search the bar"
    await table.close()
    assert "the DM closed the table" in await answer
    assert (await manager.get_session_state("t", "minimal")).session_info.action_count == 0
    assert [c.tool for c in calls] == ["player_action"] and not calls[0].ok
    with pytest.raises(httpx2.ConnectError):
        async with httpx2.AsyncClient() as http:
            await http.post(url, json={}, headers={"Authorization": f"Bearer {token}"})


async def test_a_busy_port_is_a_plain_error(table: Table, manager) -> None:
    port = int(table.status.url.rsplit(":", 1)[1].split("/")[0])
    with pytest.raises(OSError, match=f"Cannot listen on 127.0.0.1:{port}.*choose another port"):
        await Table(manager).open(port)


@pytest.mark.parametrize(("text", "expected"), [
    ("60 accept", (60.0, Verdict.ACCEPT)), ("30 reject", (30.0, Verdict.REJECT)), ("45", (45.0, Verdict.REJECT)),
    ("off", (None, Verdict.REJECT))])
def test_review_timeout_as_the_dm_types_it(text: str, expected: tuple) -> None:
    assert parse_timeout(text) == expected


@pytest.mark.parametrize(("text", "error"), [("soon", "not a number"), ("10 maybe", "not 'maybe'"),
                                             ("-5 accept", "more than 0")])
def test_review_timeout_typos_say_what_to_type(text: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        parse_timeout(text)
