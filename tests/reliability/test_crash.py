"""Kill a writing process with SIGKILL at random moments: every acknowledged change must survive."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.anyio

KILLS = 20

CHILD = r'''
import asyncio, sys
from engine.api.manager import SessionManager
from engine.errors import SessionNotFoundError

async def main(data_dir, run):
    m = SessionManager(data_dir)
    campaign = (await m.list_campaigns())[0].name
    try:
        await m.load_session("crash")
    except SessionNotFoundError:
        await m.start_session(campaign, name="crash", seed=5)
    # A kill between the -1 and the +1 below leaves Bram one short; a long rest evens it out.
    await m.rest("crash", "long")
    n = 0
    while True:
        n += 1
        await m.apply_change("crash", "hp", "Bram", -1)
        await m.record_fact("crash", f"Beam{run}x{n} token{n * 7} ledger{n * 13}", "event", "Bram")
        await m.apply_change("crash", "hp", "Bram", +1)
        print(f"ack {n}", flush=True)
        if n % 15 == 0:
            # Pause and resume now and then, so a kill can land in the middle of a full save.
            await m.end_session("crash", "pause")
            await m.load_session("crash")

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
'''


def _run_child_until_killed(data_dir: Path, run: int, rng: random.Random) -> list[int]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(data_dir), str(run)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    acked: list[int] = []
    target = rng.randint(1, 40)
    deadline = time.monotonic() + 60
    while len(acked) < target and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        if line.startswith(b"ack "):
            acked.append(int(line.split()[1]))
    # A little random delay so the kill lands anywhere: mid-append, mid-save, between calls.
    time.sleep(rng.random() * 0.02)
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate()
    acked += [int(x.split()[1]) for x in out.splitlines() if x.startswith(b"ack ")]
    assert acked, f"child made no progress: {err.decode()[-2000:]}"
    return acked


@pytest.mark.slow
async def test_sigkill_never_loses_an_acknowledged_change(tmp_path):
    from engine.api.manager import SessionManager

    data_dir = tmp_path / "data"
    rng = random.Random(2026)
    acked_total = 0
    for run in range(KILLS):
        acked = _run_child_until_killed(data_dir, run, rng)
        acked_total += len(acked)
        manager = SessionManager(data_dir)
        loaded = await manager.load_session("crash")
        for n in acked:
            hits = await manager.query_facts("crash", f"beam{run}x{n}", limit=3)
            assert any(f.text.startswith(f"Beam{run}x{n} ") for f in hits.facts), \
                f"run {run}: acknowledged change {n} lost"
        state = await manager.get_session_state("crash", "full")
        bram = next(p for p in state.party_status if p.name == "Bram")
        assert bram.hp_max - 1 <= bram.hp <= bram.hp_max
        folder = manager.layout.session_dir(manager.campaigns.resolve(loaded.campaign_name), loaded.session_id)
        for name in ("session_meta.json", "state_snapshot.json", "fact_database.json",
                     "action_history.json", "context_state.json"):
            assert json.loads((folder / name).read_text())["schema_version"] == 1
        await manager.end_session("crash", "pause")
    assert acked_total >= KILLS
