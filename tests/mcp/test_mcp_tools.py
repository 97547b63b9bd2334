"""Every MCP tool through an in-memory client, with its error paths as the host sees them."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.mcp.mcp_helpers import err, ok

pytestmark = pytest.mark.anyio

TOOLS = {
    "list_campaigns", "start_claudmaster_session", "player_action", "get_session_state", "end_session",
    "load_session", "list_sessions", "roll_dice", "query_facts", "store_session_with_learnings",
    "undo_last_action", "delete_session", "save_session", "list_learnings", "dm_change", "rest", "record_fact",
}


async def campaign_of(client: Client) -> dict[str, Any]:
    campaigns = (await ok(client, "list_campaigns"))["campaigns"]
    assert campaigns, "the bundled sample campaign should be copied into a new data dir"
    return campaigns[0]


async def start(client: Client, name: str = "first-night", **extra: Any) -> dict[str, Any]:
    campaign = await campaign_of(client)
    return await ok(client, "start_claudmaster_session", campaign_name=campaign["name"], session_name=name,
                    seed=7, **extra)


async def test_tools_are_listed_with_schemas_and_short_descriptions(server: Any) -> None:
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.output_schema is not None, tool.name
        assert 20 < len(tool.description or "") < 400, tool.name
    props = tools["end_session"].input_schema["properties"]
    assert props["mode"]["enum"] == ["pause", "end"]
    assert tools["get_session_state"].input_schema["properties"]["detail_level"]["enum"] == [
        "minimal", "standard", "full"]
    assert tools["delete_session"].annotations.destructive_hint is True
    assert tools["get_session_state"].annotations.read_only_hint is True
    assert tools["start_claudmaster_session"].input_schema["required"] == ["campaign_name"]


async def test_list_campaigns_shows_the_sample_campaign(server: Any) -> None:
    async with Client(server) as client:
        campaign = await campaign_of(client)
    assert campaign["characters"]
    assert campaign["sessions"] == 0 and campaign["active_session"] is None


async def test_start_session_and_its_refusals(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        assert started["name"] == "first-night" and started["status"] == "active"
        assert started["opening"] and started["party"] and started["seed"] == 7
        campaign = started["campaign_name"]

        assert "pause" in (await err(client, "start_claudmaster_session", campaign_name=campaign)).lower()
        assert "campaign" in (await err(client, "start_claudmaster_session", campaign_name="No Such Place")).lower()
        for bad in ("../x", "a/b", "/etc", ""):
            await err(client, "start_claudmaster_session", campaign_name=campaign, session_name=bad)
        await err(client, "start_claudmaster_session", campaign_name=campaign, seed=-1)
        await err(client, "start_claudmaster_session", campaign_name=campaign, seed=2**70)
        await err(client, "start_claudmaster_session", campaign_name="../../etc")


async def test_player_action_by_id_and_by_name(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        first = await ok(client, "player_action", session_id=started["session_id"],
                         action="I look around the harbour for anyone watching us.")
        assert first["narrative"] and first["turn_number"] == 1 and first["action_type"]
        second = await ok(client, "player_action", session_id="FIRST-NIGHT", action="I attack nothing; I wait.",
                          character_name=started["party"][0], context="It is raining.")
        assert second["turn_number"] == 2
        await err(client, "player_action", session_id=started["session_id"], action="x",
                  character_name="Nobody-At-All")


async def test_unknown_session_lists_the_candidates(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        for tool, extra in [("player_action", {"action": "hi"}), ("get_session_state", {}),
                            ("end_session", {}), ("load_session", {}), ("query_facts", {}),
                            ("undo_last_action", {}), ("delete_session", {})]:
            message = await err(client, tool, session_id="second-night", **extra)
            assert "first-night" in message and started["session_id"][:8] in message, (tool, message)


async def test_paused_session_says_to_call_load_session(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        await ok(client, "end_session", session_id=started["session_id"])
        for tool, extra in [("player_action", {"action": "hi"}), ("undo_last_action", {}),
                            ("roll_dice", {"notation": "1d20"})]:
            message = await err(client, tool, session_id="first-night", **extra)
            assert "load_session" in message, (tool, message)
        # The end-of-session call is the exception: hosts make it after end_session.
        stored = await ok(client, "store_session_with_learnings", session_id="first-night",
                          project_id=started["campaign_name"], session={"objective": "x"})
        assert stored["overall"] == "saved"


async def test_get_session_state_detail_levels(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        sid = started["session_id"]
        await ok(client, "player_action", session_id=sid, action="I search the wreckage on the beach.")
        minimal = await ok(client, "get_session_state", session_id=sid, detail_level="minimal")
        assert minimal["session_info"]["name"] == "first-night"
        standard = await ok(client, "get_session_state", session_id="first-night")
        assert standard["party_status"] and standard["game_state"]["location"]
        assert len(standard["recent_history"]) == 1
        full = await ok(client, "get_session_state", session_id=sid, detail_level="full", include_history=False)
        assert full["full_state"] and not full["recent_history"]
        assert "detail_level" in await err(client, "get_session_state", session_id=sid, detail_level="huge")
        await err(client, "get_session_state", session_id=sid, history_limit=-1)
        # A paused session can still be read.
        await ok(client, "end_session", session_id=sid)
        assert (await ok(client, "get_session_state", session_id=sid))["session_info"]["status"] == "paused"


async def test_end_session_pause_end_and_repeats(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        sid = started["session_id"]
        await ok(client, "player_action", session_id=sid, action="I light a lantern.")
        assert "mode" in await err(client, "end_session", session_id=sid, mode="stop")
        paused = await ok(client, "end_session", session_id=sid, mode="pause", summary_notes="Good start.")
        assert paused["status"] == "saved" and paused["save_path"] and paused["stats"]["action_count"] == 1
        again = await ok(client, "end_session", session_id=sid, mode="pause")
        assert again["session_id"] == sid
        ended = await ok(client, "end_session", session_id=sid, mode="end")
        assert ended["status"] == "ended"
        twice = await ok(client, "end_session", session_id="first-night", mode="end")
        assert twice["status"] != "saved" and twice["session_id"] == sid


async def test_load_session_resumes_with_a_recap(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        await ok(client, "player_action", session_id="first-night", action="I ask the fisherman about the light.")
        await ok(client, "end_session", session_id="first-night")
        loaded = await ok(client, "load_session", session_id="first-night", campaign_name=started["campaign_name"])
        assert loaded["status"] == "active" and loaded["recap"] and loaded["action_count"] == 1
        await ok(client, "player_action", session_id="first-night", action="I thank him and walk on.")
        await ok(client, "end_session", session_id="first-night", mode="end")
        assert "ended" in await err(client, "load_session", session_id="first-night")
        await err(client, "load_session", session_id="first-night", campaign_name="No Such Campaign")


async def test_list_sessions_with_status_filter(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        campaign = started["campaign_name"]
        listed = (await ok(client, "list_sessions", campaign_name=campaign))["sessions"]
        assert [s["name"] for s in listed] == ["first-night"]
        assert (await ok(client, "list_sessions", campaign_name=campaign, status="paused"))["sessions"] == []
        await ok(client, "end_session", session_id="first-night")
        paused = (await ok(client, "list_sessions", campaign_name=campaign, status="paused"))["sessions"]
        assert [s["status"] for s in paused] == ["paused"]
        await err(client, "list_sessions", campaign_name=campaign, status="sleeping")
        await err(client, "list_sessions", campaign_name="Nowhere")


async def test_roll_dice_free_and_in_a_session(server: Any) -> None:
    async with Client(server) as client:
        free = await ok(client, "roll_dice", notation="2d6+3", purpose="falling rocks")
        assert 5 <= free["roll"]["total"] <= 15 and free["turn_number"] is None
        await start(client)
        recorded = await ok(client, "roll_dice", notation="1d20+2", session_id="first-night")
        assert recorded["turn_number"] == 1 and 3 <= recorded["roll"]["total"] <= 22
        for bad in ("", "banana", "1d0", "99999d6", "1d20; rm -rf /"):
            message = await err(client, "roll_dice", notation=bad)
            assert message, bad


async def test_store_learnings_then_query_facts(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        project = started["campaign_name"]
        summary = {"objective": "Find the keeper", "actions_taken": ["Searched the beach"],
                   "next_actions": ["Climb to the lighthouse"]}
        facts = [{"text": "The lighthouse keeper Old Maren has been missing for three nights.", "category": "npc",
                  "subject": "Old Maren"},
                 {"text": "The chapel under the sea rings its bell at low tide.", "category": "location"}]
        stored = await ok(client, "store_session_with_learnings", session_id="first-night", session=summary,
                          project_id=project, facts=facts)
        assert stored["overall"] == "saved" and len(stored["facts"]) == 2
        assert (await ok(client, "store_session_with_learnings", session_id="first-night",
                         session=summary, project_id=project))["overall"] == "saved"
        found = await ok(client, "query_facts", session_id="first-night", query="keeper")
        assert any("Maren" in f["text"] for f in found["facts"])
        npcs = await ok(client, "query_facts", session_id="first-night", category="npc", limit=5)
        assert all(f["category"] == "npc" for f in npcs["facts"]) and npcs["facts"]
        await err(client, "query_facts", session_id="first-night", category="weather")
        await err(client, "query_facts", session_id="first-night", limit=0)
        await err(client, "store_session_with_learnings", session_id="first-night", session=summary,
                  project_id=project, facts=[{"text": ""}])
        message = await err(client, "store_session_with_learnings", session="not an object", project_id=project)
        assert message.startswith("store_session_with_learnings: 'session' ") and "pydantic" not in message


async def test_undo_last_action(server: Any) -> None:
    async with Client(server) as client:
        await start(client)
        assert "undo" in (await err(client, "undo_last_action", session_id="first-night")).lower()
        await ok(client, "player_action", session_id="first-night", action="I kick open the boathouse door.")
        undone = await ok(client, "undo_last_action", session_id="first-night")
        assert undone["undone_turn"] == 1 and "boathouse" in undone["undone_action"]
        state = await ok(client, "get_session_state", session_id="first-night")
        assert state["recent_history"] == []


async def test_delete_session(server: Any) -> None:
    async with Client(server) as client:
        started = await start(client)
        assert "pause" in (await err(client, "delete_session", session_id="first-night")).lower()
        await ok(client, "end_session", session_id="first-night")
        deleted = await ok(client, "delete_session", session_id=started["session_id"])
        assert deleted["deleted"] is True
        await err(client, "get_session_state", session_id="first-night")
        await err(client, "delete_session", session_id="first-night")


async def test_resources_campaign_overview_and_recap(server: Any) -> None:
    async with Client(server) as client:
        campaign = await campaign_of(client)
        templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
        assert templates == {"campaign://{name}", "session://{session_id}/recap"}
        overview = (await client.read_resource(f"campaign://{campaign['slug']}")).contents[0]
        assert overview.mime_type == "text/markdown" and campaign["name"] in overview.text
        await start(client)
        await ok(client, "player_action", session_id="first-night", action="I climb the cliff path.")
        recap = (await client.read_resource("session://first-night/recap")).contents[0]
        assert recap.mime_type == "text/markdown" and recap.text
        with pytest.raises(MCPError):
            await client.read_resource("campaign://no-such-campaign")
        with pytest.raises(MCPError):
            await client.read_resource("session://nobody/recap")


async def test_an_unexpected_failure_is_a_short_tool_error_and_the_server_lives(manager: Any) -> None:
    from gm_console.mcp.server import build_server

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("internal detail that must not reach the host")

    manager.list_sessions = broken
    async with Client(build_server(manager)) as client:
        campaign = await campaign_of(client)
        message = await err(client, "list_sessions", campaign_name=campaign["name"])
        assert "internal detail" not in message and "server log" in message
        assert (await ok(client, "list_campaigns"))["campaigns"]


async def test_legacy_handshake_client(server: Any) -> None:
    # mode="legacy" is the initialize handshake of 2025-11-25 over JSON-RPC framing.
    async with Client(server, mode="legacy") as client:
        assert client.protocol_version == "2025-11-25"
        started = await start(client)
        action = await ok(client, "player_action", session_id=started["session_id"], action="I wave.")
        assert action["narrative"]
