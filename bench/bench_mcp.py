"""MCP round trips over stdio against a real server subprocess: get_session_state(minimal) and player_action.

Each figure is a full client -> server -> client round trip through the SDK's stdio transport, after a
warm-up. Prints a table and writes bench/results/mcp.json; then the response and tool-list sizes
(bench_mcp_sizes.py) to bench/results/mcp_sizes.json. Targets: median <= 5 ms (state) and <= 20 ms
(action). Run: .venv/bin/python bench/bench_mcp.py [--state N] [--actions N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from timing import pct, state_and_actions

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).resolve().parent / "results"
TARGETS_MS = {"get_session_state_minimal": 5.0, "player_action": 20.0}
WARMUP = 20


async def run(state_n: int, action_n: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        env = {"PYTHONPATH": str(ROOT), "GM_NARRATOR": "offline", "GM_CONSOLE_CONFIG": str(Path(tmp) / "none.toml")}
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "gm_console.cli", "mcp", "--data-dir", str(Path(tmp) / "data")],
            env=env, cwd=ROOT)
        with open(os.devnull, "w") as errlog:
            async with Client(stdio_client(params, errlog=errlog)) as client:
                listed = await client.call_tool("list_campaigns", {})
                campaign = listed.structured_content["campaigns"][0]["name"]
                started = await client.call_tool("start_claudmaster_session",
                                                 {"campaign_name": campaign, "session_name": "bench", "seed": 1})
                sid = started.structured_content["session_id"]
                state, actions = await state_and_actions(client, sid, state_n, action_n, WARMUP)
                await client.call_tool("end_session", {"session_id": sid, "mode": "end"})
                protocol = client.protocol_version
    out: dict[str, Any] = {"transport": "stdio", "protocol_version": protocol, "warmup": WARMUP}
    for name, samples in (("get_session_state_minimal", state), ("player_action", actions)):
        median = statistics.median(samples)
        out[name] = {"iterations": len(samples), "median_ms": round(median, 3), "p99_ms": round(pct(samples, 99), 3),
                     "target_median_ms": TARGETS_MS[name], "meets_target": median <= TARGETS_MS[name]}
    return out


def print_table(r: dict[str, Any]) -> None:
    print(f"MCP over {r['transport']} (protocol {r['protocol_version']}), after {r['warmup']} warm-up calls each")
    print(f"{'tool':<28}{'n':>6}{'median ms':>12}{'p99 ms':>10}{'target':>9}  ok")
    for name in TARGETS_MS:
        row = r[name]
        print(f"{name:<28}{row['iterations']:>6}{row['median_ms']:>12.2f}{row['p99_ms']:>10.2f}"
              f"{row['target_median_ms']:>9.1f}  {'yes' if row['meets_target'] else 'NO'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--state", type=int, default=200, help="get_session_state iterations (default 200)")
    parser.add_argument("--actions", type=int, default=100, help="player_action iterations (default 100)")
    a = parser.parse_args()
    result = anyio.run(run, a.state, a.actions)
    print_table(result)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "mcp.json").write_text(json.dumps(result, indent=2))
    print(f"wrote {RESULTS / 'mcp.json'}")
    # What the same tools cost a model in bytes (bench_mcp_sizes.py has the details and the before/after).
    from bench_mcp_sizes import load_before
    from bench_mcp_sizes import print_table as print_sizes
    from bench_mcp_sizes import run as run_sizes

    sizes = anyio.run(run_sizes)
    print()
    print_sizes(sizes, "current", load_before())
    (RESULTS / "mcp_sizes.json").write_text(json.dumps({"label": "current", **sizes}, indent=2))
    print(f"wrote {RESULTS / 'mcp_sizes.json'}")
