"""What the MCP server costs a model in bytes: the tool list, and typical responses.

Measured through the in-memory SDK client against a fresh data dir with the offline narrator and a
fixed seed, so two runs (before/after a change) compare like with like. Each response is counted as the
JSON-RPC result a host receives (text content + structuredContent), and its text content alone (what
many hosts put in the model's context). Prints a table and writes bench/results/mcp_sizes[_LABEL].json.
Run: .venv/bin/python bench/bench_mcp_sizes.py [--label before|after]; with a results/mcp_sizes_before.json
from an earlier run (e.g. on the commit before a change), its figures are printed beside the new ones.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

RESULTS = Path(__file__).resolve().parent / "results"
WARMUP_ACTIONS = ["I search the room for hidden doors", "I listen at the door", "I look around",
                  "I ask the innkeeper about the lantern", "I try to climb the wall", "We walk to the docks",
                  "I look around the harbour", "I search the crates", "We walk to the Tarred Gull Inn",
                  "I ask Hesper Quill about the wreckers", "I listen for footsteps", "I look at the sea"]
SESSIONS_LISTED = 20


def wire_bytes(result: Any) -> dict[str, int]:
    text = "".join(getattr(b, "text", "") for b in result.content)
    structured = result.structured_content
    return {"total": len(result.model_dump_json(by_alias=True, exclude_none=True).encode()),
            "text": len(text.encode()),
            "structured": len(json.dumps(structured, separators=(",", ":")).encode()) if structured else 0}


async def call(client: Client, tool: str, **args: Any) -> Any:
    result = await client.call_tool(tool, args)
    if result.is_error:
        raise RuntimeError(f"{tool} failed: {result.content}")
    return result


async def run() -> dict[str, Any]:
    from engine.api.manager import SessionManager
    from gm_console.mcp.server import build_server

    with tempfile.TemporaryDirectory() as tmp:
        manager = SessionManager(Path(tmp) / "data")
        server = build_server(manager)
        out: dict[str, Any] = {}
        async with Client(server) as client:
            tools = await client.list_tools()
            out["tool_schemas"] = {
                "tools": len(tools.tools),
                "bytes": len(tools.model_dump_json(by_alias=True, exclude_none=True).encode())}
            started = await call(client, "start_claudmaster_session", campaign_name="dark-lantern",
                                 session_name="bench", seed=7)
            sid = started.structured_content["session_id"]
            responses: dict[str, dict[str, int]] = {}
            for action in WARMUP_ACTIONS:
                await call(client, "player_action", session_id=sid, action=action)
            responses["player_action explore"] = wire_bytes(
                await call(client, "player_action", session_id=sid, action="We walk to Gannet Point"))
            responses["player_action talk"] = wire_bytes(
                await call(client, "player_action", session_id=sid, action="I ask Hesper Quill about the lantern",
                           character_name="Wren"))
            responses["player_action combat round"] = wire_bytes(
                await call(client, "player_action", session_id=sid, action="I attack the Wrecker Thug",
                           character_name="Bram"))
            for level in ("minimal", "standard", "full"):
                responses[f"get_session_state {level}"] = wire_bytes(
                    await call(client, "get_session_state", session_id=sid, detail_level=level))
            responses["get_session_state minimal, no history"] = wire_bytes(
                await call(client, "get_session_state", session_id=sid, detail_level="minimal",
                           include_history=False))
            await call(client, "end_session", session_id=sid, mode="pause")
            for i in range(SESSIONS_LISTED - 1):
                s = await call(client, "start_claudmaster_session", campaign_name="dark-lantern",
                               session_name=f"bench-{i}", seed=i)
                await call(client, "end_session", session_id=s.structured_content["session_id"], mode="pause")
            responses[f"list_sessions ({SESSIONS_LISTED} sessions, defaults)"] = wire_bytes(
                await call(client, "list_sessions", campaign_name="dark-lantern"))
            out["responses"] = responses
        await manager.close()
    return out


def print_table(r: dict[str, Any], label: str, before: dict[str, Any] | None = None) -> None:
    """The figures; with `before` (an earlier run's JSON), its wire bytes beside them."""
    ts = r["tool_schemas"]
    was = f" (before: {before['tool_schemas']['tools']} tools, {before['tool_schemas']['bytes']:,} bytes)" if before else ""
    print(f"MCP sizes ({label}): {ts['tools']} tools, tool list {ts['bytes']:,} bytes{was}")
    print(f"{'response':<44}{'wire bytes':>12}{'text':>9}{'structured':>12}" + (f"{'before':>10}" if before else ""))
    for name, row in r["responses"].items():
        old = (before or {}).get("responses", {}).get(name)
        tail = f"{old['total']:>10,}" if old else (f"{'-':>10}" if before else "")
        print(f"{name:<44}{row['total']:>12,}{row['text']:>9,}{row['structured']:>12,}{tail}")


def load_before() -> dict[str, Any] | None:
    path = RESULTS / "mcp_sizes_before.json"
    return json.loads(path.read_text()) if path.exists() else None


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", default="", help="suffix for the results file, e.g. before / after")
    a = parser.parse_args()
    result = anyio.run(run)
    label = a.label or "current"
    print_table(result, label, None if a.label == "before" else load_before())
    RESULTS.mkdir(exist_ok=True)
    target = RESULTS / (f"mcp_sizes_{a.label}.json" if a.label else "mcp_sizes.json")
    target.write_text(json.dumps({"label": label, **result}, indent=2))
    print(f"wrote {target}")
