"""Running a table through the MCP tools: seed 001's call verbatim, the DM's tools, lean answers, the
run_a_table prompt, and the refusals a host meets (slash commands, UUID names, bad arguments)."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest
from mcp import Client

from engine.content.authoring import scaffold_campaign
from tests.mcp.dm_script import SEED_SESSION, run_dm_evening
from tests.mcp.mcp_helpers import err, error_text, ok

pytestmark = pytest.mark.anyio


async def test_a_dm_evening_with_every_dm_tool(server: Any) -> None:
    async with Client(server) as client:
        seen = await run_dm_evening(client)
        state = await ok(client, "get_session_state", session_id=seen["session_id"], history_limit=30)
    kinds = [e["kind"] for e in state["recent_history"]]
    assert kinds.count("dm_change") == 9 and kinds.count("dm_rest") == 1 and kinds[0] == "dm_learnings"


async def test_seed_001_example_call_verbatim(server: Any, manager: Any) -> None:
    scaffold_campaign("p1", manager.layout.campaigns_dir)
    async with Client(server) as client:
        await ok(client, "start_claudmaster_session", campaign_name="p1", session_name="dedup-work")
        call = {"session": SEED_SESSION, "decisions": ["Hash-only dedup for patterns",
                                                      "Jaccard threshold of 0.70 decides supersede for decisions"],
                "patterns": ["Read the architecture notes before coding"], "project_id": "p1"}
        first = await ok(client, "store_session_with_learnings", **call)
        assert set(first) >= {"session", "decisions", "patterns", "overall"}
        assert set(first["session"]) >= {"status", "artifact_id"} and first["session"]["status"] == "saved"
        for item in first["decisions"] + first["patterns"]:
            assert set(item) >= {"status", "artifact_id", "dedup_outcome"}
        # The same call a second time: everything is a duplicate of what the first stored.
        again = await ok(client, "store_session_with_learnings", **call)
        assert [i["dedup_outcome"] for i in again["decisions"] + again["patterns"]] == ["duplicate_skip"] * 3
        assert [i["artifact_id"] for i in again["decisions"]] == [i["artifact_id"] for i in first["decisions"]]
        # The example answer of the seed: new, supersede, duplicate_skip; overall saved.
        second = await ok(client, "store_session_with_learnings", session=SEED_SESSION, project_id="p1",
                          decisions=["Players may ready a bonus action",
                                     "Jaccard threshold of 0.70 decides supersede for all decisions"],
                          patterns=["Read the architecture notes before coding"])
        assert [(d["status"], d["dedup_outcome"]) for d in second["decisions"]] == [
            ("saved", "new"), ("saved", "supersede")]
        assert [(p["status"], p["dedup_outcome"]) for p in second["patterns"]] == [("saved", "duplicate_skip")]
        assert second["overall"] == "saved"
        # One invalid item: that one fails, the rest is saved, overall partial.
        partial = await ok(client, "store_session_with_learnings", session=SEED_SESSION, project_id="p1",
                           decisions=["", "Short rests take ten minutes here"])
        assert [d["status"] for d in partial["decisions"]] == ["failed", "saved"] and partial["overall"] == "partial"
        assert partial["decisions"][0]["error"]
        saved = await ok(client, "save_session", session={"open_items": ["Check the retry logic"]}, project_id="p1")
        assert saved["status"] == "saved" and saved["artifact_id"] == first["session"]["artifact_id"]
        state = await ok(client, "get_session_state", session_id="dedup-work", detail_level="full")
    summary = state["full_state"]["host_summary"]
    assert summary["objective"] == SEED_SESSION["objective"]  # merged, never blanked
    assert summary["open_items"] == SEED_SESSION["open_items"] + ["Check the retry logic"]


async def test_undo_of_a_store_is_all_or_nothing(server: Any) -> None:
    async with Client(server) as client:
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        sid = (await ok(client, "start_claudmaster_session", campaign_name=campaign, session_name="u"))["session_id"]
        stored = await ok(client, "store_session_with_learnings", session=SEED_SESSION, project_id=campaign,
                          decisions=["Crits explode"], patterns=["Loves heists"],
                          facts=[{"text": "The abbot hides a relic in the crypt"}])
        await ok(client, "undo_last_action", session_id=sid, expected_turn=stored["turn_number"])
        listed = await ok(client, "list_learnings", project_id=campaign)
        facts = await ok(client, "query_facts", session_id=sid, query="relic")
        state = await ok(client, "get_session_state", session_id=sid, detail_level="full")
    assert listed["decisions"] == [] and listed["patterns"] == [] and facts["facts"] == []
    assert state["full_state"]["host_summary"] is None


async def test_slash_commands_are_refused_by_player_action_with_the_right_tool(server: Any) -> None:
    async with Client(server) as client:
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        sid = (await ok(client, "start_claudmaster_session", campaign_name=campaign))["session_id"]
        message = await err(client, "player_action", session_id=sid, action="/hp Bram -7")
        assert "dm_change" in message and "'damage' or 'heal'" in message and "nothing was rolled" in message
        assert "rest" in await err(client, "player_action", session_id=sid, action="  /rest long")
        assert "combat (operation 'start'" in await err(client, "player_action", session_id=sid, action="/fight thug")
        state = await ok(client, "get_session_state", session_id=sid)
    assert state["session_info"]["action_count"] == 0  # no Investigation check, nothing recorded


async def test_a_players_own_slash_command_is_their_words(server: Any) -> None:
    # A Discord player's "/search" is no DM command: it reaches the engine and is read as the act it names.
    async with Client(server) as client:
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        sid = (await ok(client, "start_claudmaster_session", campaign_name=campaign))["session_id"]
        result = await ok(client, "player_action", session_id=sid, action="/search the room")
        state = await ok(client, "get_session_state", session_id=sid)
    assert result["intent"]["kind"] == "exploration"
    assert state["session_info"]["action_count"] == 1


async def test_a_uuid_is_refused_as_a_session_name(server: Any) -> None:
    async with Client(server) as client:
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        other = (await ok(client, "start_claudmaster_session", campaign_name=campaign))["session_id"]
        await ok(client, "end_session", session_id=other)
        for name in (other, str(uuid.uuid4()), str(uuid.uuid4()).upper()):
            assert "not a UUID" in await err(client, "start_claudmaster_session", campaign_name=campaign,
                                             session_name=name)


async def test_argument_errors_are_one_plain_sentence(server: Any) -> None:
    async with Client(server) as client:
        cases = [("player_action", {"session_id": "x"}), ("get_session_state", {"session_id": "x", "detail_level": 3}),
                 ("dm_change", {"session_id": "x", "operation": "smite"}),
                 ("store_session_with_learnings", {"project_id": "p", "session": {"save_scope": "galaxy"}})]
        for tool, args in cases:
            message = await err(client, tool, **args)
            assert message.startswith(f"{tool}: '") and message.endswith(".") and "\n" not in message, message
            assert "pydantic" not in message and "http" not in message, message


async def test_errors_name_real_tools(server: Any) -> None:
    async with Client(server) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        messages = [await err(client, "player_action", session_id="ghost", action="hi"),
                    await err(client, "save_session", session={}, project_id=campaign)]
        await ok(client, "start_claudmaster_session", campaign_name=campaign, session_name="a")
        await ok(client, "end_session", session_id="a", mode="end")
        messages.append(await err(client, "load_session", session_id="a"))
    named = {w for m in messages for w in re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", m)}
    assert "start_claudmaster_session" in named and named <= tools, named - tools


async def test_answers_are_short_text_with_the_full_model_structured(server: Any) -> None:
    async with Client(server) as client:
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        sid = (await ok(client, "start_claudmaster_session", campaign_name=campaign, seed=3))["session_id"]
        for action in ("I search the taproom", "I ask Hesper Quill about the lantern"):
            result = await client.call_tool("player_action", {"session_id": sid, "action": action})
            text = error_text(result)
            assert text.startswith("Turn ") and not text.lstrip().startswith("{")
            assert result.structured_content["narrative"] in text
        minimal = await client.call_tool("get_session_state", {"session_id": sid, "detail_level": "minimal",
                                                               "include_history": False})
        assert set(minimal.structured_content) >= {"session_info"} and minimal.structured_content["game_state"] is None
        with_history = await ok(client, "get_session_state", session_id=sid, detail_level="minimal")
        assert [e["turn"] for e in with_history["recent_history"]] == [2, 1]
        assert all(set(e) <= {"turn", "timestamp", "kind", "actor", "action", "action_type"}
                   for e in with_history["recent_history"])
        standard = await ok(client, "get_session_state", session_id=sid)
        for entry in standard["recent_history"]:
            assert "patch" not in entry and None not in entry.values()
            assert all("text_hash" not in f for f in entry.get("facts_added", []))
        full = await ok(client, "get_session_state", session_id=sid, detail_level="full")
        assert all("patch" in e for e in full["recent_history"])


async def test_list_sessions_takes_limit_and_status(server: Any) -> None:
    async with Client(server) as client:
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        for i in range(4):
            s = await ok(client, "start_claudmaster_session", campaign_name=campaign, session_name=f"s{i}")
            await ok(client, "end_session", session_id=s["session_id"], mode="end" if i % 2 else "pause")
        two = await ok(client, "list_sessions", campaign_name=campaign, limit=2)
        ended = await ok(client, "list_sessions", campaign_name=campaign, status="ended")
    assert len(two["sessions"]) == 2
    assert sorted(s["name"] for s in ended["sessions"]) == ["s1", "s3"]


async def test_the_run_a_table_prompt_teaches_the_loop(server: Any) -> None:
    async with Client(server) as client:
        prompts = {p.name: p for p in (await client.list_prompts()).prompts}
        assert "run_a_table" in prompts
        got = await client.get_prompt("run_a_table", {"campaign_name": "The Dark Lantern"})
        tools = {t.name for t in (await client.list_tools()).tools}
    text = json.dumps([m.content.text for m in got.messages])
    for needed in ("player_action", "dm_change", "rest", "record_fact", "roll_dice", "store_session_with_learnings",
                   "Never invent a roll", "The Dark Lantern"):
        assert needed in text, needed
    named = set(re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", text)) & {w for w in re.findall(r"\b\w+\b", text) if "_" in w}
    assert {n for n in named if n.endswith(("_session", "_action", "_dice", "_fact", "_change", "_learnings"))} <= tools


async def test_the_dm_evening_over_stdio(tmp_path: Any) -> None:
    import sys

    from mcp import StdioServerParameters
    from mcp.client.stdio import stdio_client

    from tests.mcp.mcp_helpers import ROOT, child_env, server_args

    params = StdioServerParameters(command=sys.executable, args=server_args(tmp_path / "data"),
                                   env=child_env(tmp_path), cwd=ROOT)
    with (tmp_path / "server.err").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog)) as client:
            seen = await run_dm_evening(client)
            assert "run_a_table" in {p.name for p in (await client.list_prompts()).prompts}
    assert seen["stored"]["overall"] == "saved"
