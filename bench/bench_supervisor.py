"""A host's MCP call in supervisor mode (review off) against the same call headless, both over streamable HTTP
in one process, plus the DM's own action-to-screen time while a host plays.

- headless: the MCP face's server (build_server) on uvicorn, no token, no console;
- supervisor: `gm-console --serve-mcp` as the console runs it: the app (headless Textual, 120x40) with its
  Table open, the token on every request, each call reported to the feed and the panes refreshed after it.
Each figure is a client -> server -> client round trip (the SDK client in the same process) after a warm-up.
Budget: supervisor median <= headless median + 20 ms per tool; the DM's action-to-screen <= 100 ms.
Prints a table and writes bench/results/supervisor.json. Run: .venv/bin/python bench/bench_supervisor.py
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import uvicorn  # noqa: E402
from mcp import Client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp.shared._httpx_utils import create_mcp_http_client  # noqa: E402
from timing import action_args, pct, state_and_actions, timed  # noqa: E402

from engine.api.manager import SessionManager  # noqa: E402
from gm_console.mcp.server import build_server  # noqa: E402
from gm_console.supervisor.table import Table  # noqa: E402
from gm_console.tui.app import create_app  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
BUDGET_MS = 20.0
SCREEN_BUDGET_MS = 100.0
WARMUP = 10
CAMPAIGN = "dark-lantern"


async def measure(client: Client, sid: str, state_n: int, action_n: int, think_s: float = 0.2) -> dict[str, list[float]]:
    state, actions = await state_and_actions(client, sid, state_n, action_n, WARMUP)
    paced = []
    for i in range(action_n // 2):  # a host that reads each answer before its next call (an LLM takes seconds)
        await asyncio.sleep(think_s)
        paced.append(await timed(client, "player_action", action_args(sid, i)))
    return {"get_session_state_minimal": state, "player_action (back to back)": actions,
            f"player_action ({think_s:g} s apart)": paced}


@contextlib.asynccontextmanager
async def headless(manager: SessionManager) -> AsyncIterator[str]:
    app = build_server(manager).streamable_http_app()
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_config=None, log_level="warning", access_log=False))
    server.capture_signals = contextlib.nullcontext  # type: ignore[method-assign]
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/mcp"
    finally:
        server.should_exit = True
        await task


async def run_headless(data: Path, state_n: int, action_n: int) -> dict[str, list[float]]:
    manager = SessionManager(data)
    sid = (await manager.start_session(CAMPAIGN, "bench-headless", seed=1)).session_id
    async with headless(manager) as url, Client(url) as client:
        samples = await measure(client, sid, state_n, action_n)
    await manager.close()
    return samples


async def run_supervisor(data: Path, state_n: int, action_n: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    manager = SessionManager(data)
    sid = (await manager.start_session(CAMPAIGN, "bench-supervisor", seed=1)).session_id
    table = Table(manager, port=0)
    app = create_app(manager, session=sid, table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        while app.session_id != sid:
            await pilot.pause(0.02)
        await table.open()
        headers = {"Authorization": f"Bearer {table.status.token}"}
        async with Client(streamable_http_client(table.status.url, http_client=create_mcp_http_client(headers))) as c:
            samples = await measure(c, sid, state_n, action_n)
            idle, busy = await dm_while_host_plays(app, pilot, c, sid)
            _, paced = await dm_while_host_plays(app, pilot, c, sid, think_s=0.5)
            screen = {"host idle": idle, "host back to back": busy, "host every 0.5 s": paced}
        await table.close()
    await manager.close()
    return samples, screen


async def dm_rolls(app: Any, pilot: Any, n: int, tag: str) -> list[float]:
    """The DM's /roll from Enter to the frame that paints it in the narrative (as bench_console.py measures
    the DM's own actions: the compositor asking the log for its lines after the entry landed)."""
    log = app.main.narrative
    painted: list[float] = []
    real_render_line = log.render_line

    def render_line(y: int) -> Any:
        painted.append(time.perf_counter())
        return real_render_line(y)

    log.render_line = render_line
    samples = []
    try:
        for i in range(n):
            before = len(log.entries)
            t = time.perf_counter()
            while not app.submit_line(f"/roll 1d20+{i} {tag}", None):  # refused while a DM turn is still running
                await asyncio.sleep(0.001)
            while not any(f"/roll 1d20+{i}" in e.title for e in log.entries[before:]):
                await asyncio.sleep(0.001)
            landed = time.perf_counter()
            while not (painted and painted[-1] > landed):
                await asyncio.sleep(0.001)
            samples.append((painted[-1] - t) * 1000)
            await asyncio.sleep(0.05)  # the DM reads before typing again
    finally:
        log.render_line = real_render_line
    return samples


async def dm_while_host_plays(app: Any, pilot: Any, client: Client, sid: str, n: int = 20,
                              think_s: float = 0.0) -> tuple[list[float], list[float]]:
    """The DM's /roll to screen with the host idle, then while the host sends player actions
    (`think_s` between them: 0 is a host firing calls back to back)."""
    idle = await dm_rolls(app, pilot, n, "idle")
    stop = asyncio.Event()

    async def host() -> None:
        i = 0
        while not stop.is_set():
            await client.call_tool("player_action", action_args(sid, i))
            await asyncio.sleep(think_s)
            i += 1

    playing = asyncio.create_task(host())
    try:
        return idle, await dm_rolls(app, pilot, n, "busy")
    finally:
        stop.set()
        await playing



def summary(samples: list[float]) -> dict[str, float]:
    return {"n": len(samples), "median_ms": round(statistics.median(samples), 3), "p95_ms": round(pct(samples, 95), 3)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--state", type=int, default=100, help="get_session_state calls per mode (default 100)")
    parser.add_argument("--actions", type=int, default=60, help="player_action calls per mode (default 60)")
    a = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        head = asyncio.run(run_headless(Path(tmp) / "h", a.state, a.actions))
        sup, screen = asyncio.run(run_supervisor(Path(tmp) / "s", a.state, a.actions))
    out: dict[str, Any] = {"transport": "streamable-http, in process", "warmup": WARMUP, "budget_ms": BUDGET_MS,
                           "tools": {}}
    print(f"A host call over streamable HTTP: headless vs supervisor mode (console open, review off), "
          f"after {WARMUP} warm-up calls each")
    print(f"{'tool':<34}{'headless ms':>13}{'supervisor ms':>15}{'difference':>12}{'p95 head':>10}{'p95 sup':>9}  ok")
    ok = True
    for tool in head:
        h, s = summary(head[tool]), summary(sup[tool])
        diff = round(s["median_ms"] - h["median_ms"], 3)
        within = diff <= BUDGET_MS
        ok &= within
        out["tools"][tool] = {"headless": h, "supervisor": s, "difference_ms": diff, "meets_budget": within}
        print(f"{tool:<34}{h['median_ms']:>13.2f}{s['median_ms']:>15.2f}{diff:>+12.2f}{h['p95_ms']:>10.2f}"
              f"{s['p95_ms']:>9.2f}  {'yes' if within else 'NO'}")
    print(f"\nThe DM's /roll, Enter to the frame that shows it (budget {SCREEN_BUDGET_MS:.0f} ms median)")
    print(f"{'while':<22}{'n':>4}{'median ms':>11}{'p95 ms':>9}  ok")
    out["dm_roll_to_screen"] = {}
    for label, samples in screen.items():
        sc = summary(samples)
        within = sc["median_ms"] <= SCREEN_BUDGET_MS
        out["dm_roll_to_screen"][label] = {**sc, "budget_ms": SCREEN_BUDGET_MS, "meets_budget": within}
        print(f"{label:<22}{sc['n']:>4}{sc['median_ms']:>11.1f}{sc['p95_ms']:>9.1f}  {'yes' if within else 'NO'}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "supervisor.json").write_text(json.dumps(out, indent=2))
    print(f"wrote {RESULTS / 'supervisor.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
