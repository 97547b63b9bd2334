"""Kill the process at every named step of a pause and of an end: afterwards every acknowledged change
is there, every file parses, the session is exactly the old or the new generation, and the campaign
goes on (an end cut short is finished before the campaign is next used)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import crash_children
import pytest

from engine.api.manager import SessionManager
from engine.persistence.crash import CRASH_EXIT

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SAVE_POINTS = ["atomic:backup-kept", "atomic:temp-written", "save:fact_database", "save:fact_index",
               "save:action_history", "save:context_state", "save:state_snapshot", "save:session_meta", "save:done",
               "journal:rotate", "index:write"]
END_POINTS = ["end:campaign", "end:world-committed"]


def run_child(data_dir: Path, mode: str, point: str) -> tuple[int | None, list[str]]:
    """The child's exit code and its messages, in order. It is forked (crash_children.py): its own
    process, but the engine is imported before it starts."""
    ctx = crash_children.context()
    reader, writer = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=crash_children.end_with_crash, args=(data_dir, mode, point, writer))
    proc.start()
    writer.close()  # the child holds the only write end now: its exit is the end of the stream
    deadline = time.monotonic() + 60
    messages: list[str] = []
    while (message := crash_children.receive(reader, deadline)) is not None:
        messages.append(message)
    reader.close()
    proc.join(max(0.0, deadline - time.monotonic()))
    if proc.exitcode is None:  # hung past the deadline: the assertion below reports it
        proc.kill()
        proc.join()
    exitcode = proc.exitcode
    proc.close()
    return exitcode, messages


def hp(state, name: str) -> tuple[int, int]:
    pc = next(p for p in state.party_status if p.name == name)
    return pc.hp, pc.hp_max


@pytest.mark.parametrize("mode,point", [("pause", p) for p in SAVE_POINTS]
                         + [("end", p) for p in SAVE_POINTS + END_POINTS])
async def test_a_kill_at_each_step_keeps_every_acknowledged_change(tmp_path: Path, mode: str, point: str):
    data_dir = tmp_path / "data"
    exitcode, messages = run_child(data_dir, mode, point)
    assert exitcode == CRASH_EXIT, f"the child did not stop at {point} ({exitcode}): {messages}"
    assert messages.count("ACK") == 4 and "FINISHED" not in messages

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
