"""Two processes play two sessions of one campaign, taking turns: never two active sessions at once,
sessions.json ends exactly as the sessions' own files say, and no false verification alarm."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.api.manager import SessionManager

pytestmark = [pytest.mark.anyio, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 40  # x 5 actions: 200 acknowledged actions per process

CHILD = """
import asyncio, json, sys, time
from engine.api.manager import SessionManager
from engine.errors import SessionAlreadyActiveError

async def main(data_dir, name, rounds):
    m = SessionManager(data_dir)
    camp = (await m.list_campaigns())[0].name
    started, windows, refused, actions = False, [], 0, 0
    while len(windows) < int(rounds):
        try:
            if not started:
                await m.start_session(camp, name=name, seed=len(name))
                started = True
            else:
                await m.load_session(name)
        except SessionAlreadyActiveError:
            refused += 1
            await asyncio.sleep(0.002)
            continue
        t0 = time.time()
        for _ in range(5):
            await m.roll("1d20", name)
            actions += 1
        t1 = time.time()
        await m.end_session(name, "pause")
        windows.append((t0, t1))
    print(json.dumps({"windows": windows, "refused": refused, "actions": actions}), flush=True)

asyncio.run(main(*sys.argv[1:]))
"""


async def test_two_processes_never_hold_two_active_sessions(tmp_path: Path):
    data_dir = tmp_path / "data"
    SessionManager(data_dir)  # the bundled campaign copied once, before the race
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, str(data_dir), name, str(ROUNDS)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for name in ("red", "blue")]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=240)
        assert p.returncode == 0, err  # no false "failed verification", no crash
        outs.append(json.loads(out.strip().splitlines()[-1]))
    windows = sorted(w for o in outs for w in o["windows"])
    for (_, end), (start, _) in zip(windows, windows[1:], strict=False):
        assert start >= end, "two sessions of one campaign were active at the same time"

    manager = SessionManager(data_dir)
    campaign = (await manager.list_campaigns())[0].name
    sessions = {s.name: s for s in await manager.list_sessions(campaign)}
    assert {n: (s.status, s.action_count) for n, s in sessions.items()} == {
        "red": ("paused", 5 * ROUNDS), "blue": ("paused", 5 * ROUNDS)}
    index = json.loads(next((data_dir / "campaigns").glob("*/sessions.json")).read_bytes())
    assert index["current_session_id"] is None and index["total_sessions"] == 2
    assert {r["name"]: (r["status"], r["action_count"]) for r in index["session_history"]} == {
        "red": ("paused", 5 * ROUNDS), "blue": ("paused", 5 * ROUNDS)}
