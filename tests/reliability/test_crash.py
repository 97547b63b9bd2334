"""Kill a writing process with SIGKILL at random moments: every acknowledged change must survive."""

from __future__ import annotations

import json
import os
import random
import signal
import time
from pathlib import Path

import crash_children
import pytest

pytestmark = pytest.mark.anyio

KILLS = 20


def _run_child_until_killed(data_dir: Path, run: int, rng: random.Random) -> list[int]:
    # A forked child (crash_children.py): its own process, but the engine is imported before it starts.
    ctx = crash_children.context()
    reader, writer = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=crash_children.write_until_killed, args=(data_dir, run, writer))
    proc.start()
    writer.close()  # the child holds the only write end now: its death is the end of the stream
    acked: list[int] = []
    errors: list[str] = []

    def take(message: str) -> None:
        if message.startswith("ack "):
            acked.append(int(message.split()[1]))
        else:
            errors.append(message)

    target = rng.randint(1, 40)
    deadline = time.monotonic() + 60
    while len(acked) < target and (message := crash_children.receive(reader, deadline)) is not None:
        take(message)
    # A little random delay so the kill lands anywhere: mid-append, mid-save, between calls.
    time.sleep(rng.random() * 0.02)
    if proc.is_alive():
        os.kill(proc.pid, signal.SIGKILL)
    proc.join()
    proc.close()
    # What the child acknowledged before it died is still in the pipe.
    while (message := crash_children.receive(reader, time.monotonic() + 10)) is not None:
        take(message)
    reader.close()
    assert acked, f"child made no progress: {''.join(errors)[-2000:]}"
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
