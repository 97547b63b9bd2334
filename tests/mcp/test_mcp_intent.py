"""A host sees how the engine read each line: player_action's structured output carries `intent` (kind,
target, destination, the parts of a compound line, the question asked back), through a real MCP client
in memory and over stdio. The reading is derived, never recorded: the history a host reads has none."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.mcp.mcp_helpers import ROOT, child_env, ok, server_args

pytestmark = pytest.mark.anyio


async def _start(client: Any, seed: int = 5) -> str:
    campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
    started = await ok(client, "start_claudmaster_session", campaign_name=campaign, session_name="read-back",
                       seed=seed)
    return started["session_id"]


async def _turn(client: Any, sid: str, action: str, **extra: Any) -> tuple[dict[str, Any], str]:
    """The structured answer and the short text a host gets for one player line."""
    result = await client.call_tool("player_action", {"session_id": sid, "action": action, **extra})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content, " ".join(getattr(b, "text", "") for b in result.content)


async def test_the_output_schema_documents_the_intent(server: Any) -> None:
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    schema = tools["player_action"].output_schema
    assert schema is not None
    assert "intent" in schema["properties"] and "intent" not in schema.get("required", [])
    # The seed-002 fields are all still there, and still required where they were.
    assert {"narrative", "action_type", "state_changes", "dice_rolls", "npc_responses", "follow_up_options",
            "warnings"} <= set(schema["properties"])
    assert {"narrative", "action_type", "turn_number"} <= set(schema["required"])
    view = schema["$defs"]["IntentView"]
    assert {"kind", "actor", "verb", "target", "destination", "spell", "item", "negated", "question",
            "confidence", "parts", "clarify", "candidates", "read_as"} <= set(view["properties"])
    # The parser's internals stay inside the engine.
    assert not {"matched", "target_ref", "components"} & set(view["properties"])
    assert "question" in schema["$defs"]["IntentKind"]["enum"]


async def test_a_host_sees_how_each_line_was_read(server: Any) -> None:
    async with Client(server) as client:
        sid = await _start(client)

        # An unclear line: the engine asks back, rolls nothing, and says so in the intent.
        unclear, text = await _turn(client, sid, "hmm, the thing")
        assert unclear["intent"]["clarify"] and unclear["intent"]["clarify"] == unclear["narrative"]
        assert unclear["intent"]["read_as"] == f"asked: {unclear['intent']['clarify']}"
        assert unclear["dice_rolls"] == [] and unclear["state_changes"] == []
        assert f"Read as: asked: {unclear['intent']['clarify']}" in text

        # A compound line: its acts in the order said, each with its own target.
        both, _ = await _turn(client, sid, "I search the bar and then ask Hesper about the lighthouse")
        intent = both["intent"]
        assert intent["kind"] == "mixed" and both["action_type"] == "mixed"
        assert [p["kind"] for p in intent["parts"]] == ["exploration", "roleplay"]
        assert [p["target"] for p in intent["parts"]] == [None, "Hesper Quill"]
        assert intent["parts"][1]["target_kind"] == "npc"
        assert intent["read_as"] == "explore, then talk → Hesper Quill"
        assert intent["actor"] == both["character_name"] == "Bram"

        # A move toward a connected place: the destination is read, and the party arrives.
        await ok(client, "dm_change", session_id=sid, operation="move_party", location="Kettlecove Docks")
        moved, text = await _turn(client, sid, "We head down to the Wrecker Caves")
        assert moved["intent"]["destination"] == "Wrecker Caves"
        assert moved["intent"]["read_as"] == "move → Wrecker Caves"
        assert any(c["kind"] == "location" and c["after"] == "Wrecker Caves" for c in moved["state_changes"])
        assert "Read as: move → Wrecker Caves" in text

        # An attack on a creature there: combat, aimed at it, and the fight starts.
        attack, text = await _turn(client, sid, "I attack the Giant Crab")
        assert attack["intent"]["kind"] == "combat" and attack["intent"]["target"] == "Giant Crab"
        assert attack["intent"]["target_kind"] == "monster" and attack["intent"]["verb"] == "attack"
        assert attack["intent"]["confidence"] == 1.0
        assert "Read as: attack → Giant Crab" in text

        # The DM's own tools answer with their own results: no parse, no intent.
        fight = await ok(client, "combat", session_id=sid, operation="end")
        assert "intent" not in fight

        # Derived, not recorded: the history the host reads back carries no reading of any line.
        state = await ok(client, "get_session_state", session_id=sid, detail_level="full", history_limit=20)
        assert len(state["recent_history"]) >= 5
        assert all("intent" not in entry for entry in state["recent_history"])


@pytest.mark.slow
async def test_a_host_over_stdio_sees_the_intent(tmp_path: Path) -> None:
    params = StdioServerParameters(command=sys.executable, args=server_args(tmp_path / "data"),
                                   env=child_env(tmp_path), cwd=ROOT)
    with (tmp_path / "server.err").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog)) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert "intent" in (tools["player_action"].output_schema or {})["properties"]
            sid = await _start(client)
            moved, text = await _turn(client, sid, "Go to Kettlecove Docks")
            assert moved["intent"]["kind"] == "exploration"
            assert moved["intent"]["destination"] == "Kettlecove Docks"
            assert "Read as: move → Kettlecove Docks" in text
    assert "Traceback" not in (tmp_path / "server.err").read_text()
