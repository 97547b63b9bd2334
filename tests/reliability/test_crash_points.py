"""Kill the process at every named step of a pause and of an end: afterwards every acknowledged change
is there, every file parses, the session is exactly the old or the new generation, and the campaign
goes on (an end cut short is finished before the campaign is next used)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.api.manager import SessionManager
from engine.persistence.crash import CRASH_ENV, CRASH_EXIT

pytestmark = [pytest.mark.anyio, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]

SAVE_POINTS = ["atomic:backup-kept", "atomic:temp-written", "save:fact_database", "save:fact_index",
               "save:action_history", "save:context_state", "save:state_snapshot", "save:session_meta", "save:done",
               "journal:rotate", "index:write"]
END_POINTS = ["end:campaign", "end:world-committed"]

CHILD = """
import asyncio, os, sys
from engine.api.manager import SessionManager

async def main(data_dir, mode, point):
    m = SessionManager(data_dir)
    camp = (await m.list_campaigns())[0].name
    await m.start_session(camp, name="night", seed=9)
    await m.apply_change("night", "hp", "Bram", -2); print("ACK", flush=True)
    await m.record_fact("night", "The bell tower of Kettlecove leans north", "world"); print("ACK", flush=True)
    await m.end_session("night", "pause")
    await m.load_session("night")
    await m.apply_change("night", "hp", "Wren", -1); print("ACK", flush=True)
    await m.roll("1d20", "night"); print("ACK", flush=True)
    os.environ[{env!r}] = point
    await m.end_session("night", mode)
    print("FINISHED", flush=True)

asyncio.run(main(*sys.argv[1:]))
""".replace("{env!r}", repr(CRASH_ENV))


def run_child(data_dir: Path, mode: str, point: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CHILD, str(data_dir), mode, point], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def hp(state, name: str) -> tuple[int, int]:
    pc = next(p for p in state.party_status if p.name == name)
    return pc.hp, pc.hp_max


@pytest.mark.parametrize("mode,point", [("pause", p) for p in SAVE_POINTS]
                         + [("end", p) for p in SAVE_POINTS + END_POINTS])
async def test_a_kill_at_each_step_keeps_every_acknowledged_change(tmp_path: Path, mode: str, point: str):
    data_dir = tmp_path / "data"
    child = run_child(data_dir, mode, point)
    assert child.returncode == CRASH_EXIT, f"the child did not stop at {point}: {child.stdout}{child.stderr}"
    assert child.stdout.count("ACK") == 4 and "FINISHED" not in child.stdout

    # Every file the engine wrote still parses (temp files a kill leaves are not data).
    for path in data_dir.rglob("*.json"):
        json.loads(path.read_bytes())

    manager = SessionManager(data_dir)
    campaign = (await manager.list_campaigns())[0].name
    state = await manager.get_session_state("night", "full")
    assert state.session_info.action_count == 4
    assert hp(state, "Bram")[0] == hp(state, "Bram")[1] - 2 and hp(state, "Wren")[0] == hp(state, "Wren")[1] - 1
    facts = await manager.query_facts("night", "bell tower")
    assert [f.text for f in facts.facts] == ["The bell tower of Kettlecove leans north"]

    status = state.session_info.status
    assert status in ({"active", "paused"} if mode == "pause" else {"active", "ended"})
    if status == "active":  # the old generation: recover it, then finish what the crash cut short
        loaded = await manager.load_session("night")
        assert loaded.action_count == 4
        await manager.end_session("night", mode)

    # The campaign goes on: a new session starts, and an end's world is in campaign.json exactly once.
    await manager.start_session(campaign, name="next", seed=1)
    nxt = await manager.get_session_state("next")
    bram, wren = hp(nxt, "Bram"), hp(nxt, "Wren")
    if mode == "end":
        assert bram[0] == bram[1] - 2 and wren[0] == wren[1] - 1
    else:
        assert bram[0] == bram[1] and wren[0] == wren[1]
    await manager.close()
