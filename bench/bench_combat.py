"""Combat benchmark: one player_action in a fight, including every monster turn it triggers, offline.

Issue 12's budget: a median of 5 ms or less. Fights are started by the DM's combat_control (so the
party is not picked off across fights), every action goes to whoever's turn it is, and each timed call
is counted with the monster turns it ran. Also times combat_control "next". Prints a table and writes
bench/results/combat.json. Run: .venv/bin/python bench/bench_combat.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import pct  # noqa: E402

from engine import patch  # noqa: E402
from engine.api.manager import SessionManager  # noqa: E402
from engine.models.session import SessionState  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
FOES = ["Wrecker Captain", "Wrecker Captain", "Giant Crab", "Wrecker Thug"]
# Every kind of action a character takes in a fight; each uses the turn, so the monsters then act.
ACTIONS = ["I attack the Wrecker Captain", "I take the Dodge action", "I search the cave for a way out",
           "I make an athletics check to climb the rocks", "I ask Aldous Penn what he saw", "I check my inventory"]
ACTIONS_PER_FIGHT = 12


def fsync_floor(path: Path, n: int = 50) -> list[float]:
    """One small JSON line appended and fsynced, as the journal does per change: the disk's share of a call."""
    times = []
    with open(path, "ab") as f:
        for i in range(n):
            t = time.perf_counter()
            f.write(json.dumps({"turn": i, "action": "I attack the Wrecker Captain"}).encode() + b"\n")
            f.flush()
            os.fdatasync(f.fileno()) if hasattr(os, "fdatasync") else os.fsync(f.fileno())
            times.append((time.perf_counter() - t) * 1000)
    return times


def storage_share(before_doc: dict, state: SessionState, shares: dict[str, list[float]]) -> None:
    """CPU ms of the state's own work, redone on the action's own data: the dump of the new state and its diff
    (paid by every change), and a working copy validated from the whole document (paid only when there is
    no spare: the first change after a load, an undo or a cancelled turn)."""
    t = time.process_time()
    SessionState.model_validate(before_doc)
    t, copy_ms = time.process_time(), (time.process_time() - t) * 1000
    after = state.model_dump(mode="json")
    t, dump_ms = time.process_time(), (time.process_time() - t) * 1000
    patch.diff(before_doc, after)
    diff_ms = (time.process_time() - t) * 1000
    for name, ms in (("validated_copy", copy_ms), ("dump", dump_ms), ("diff", diff_ms)):
        shares[name].append(ms)


async def fight(manager: SessionManager, campaign: str, seed: int, timed: list[tuple[float, int, float]],
                nexts: list[float], shares: dict[str, list[float]] | None = None) -> None:
    sid = (await manager.start_session(campaign, name=f"fight-{seed}", seed=seed)).session_id
    await manager.apply_change(sid, "move", None, "Wrecker Caves")
    await manager.combat_control(sid, "start", combatants=FOES)
    for i in range(ACTIONS_PER_FIGHT):
        view = await manager.combat_view(sid)
        if view is None:
            break
        before_doc = manager._active(sid).state_doc  # replaced, not changed, by the commit
        t, cpu = time.perf_counter(), time.process_time()
        response = await manager.player_action(sid, ACTIONS[i % len(ACTIONS)])
        ms, cpu_ms = (time.perf_counter() - t) * 1000, (time.process_time() - cpu) * 1000
        if shares is not None:
            storage_share(before_doc, manager._active(sid).state, shares)
        monsters = {c.name for c in view.order if c.kind == "monster"}
        monster_turns = sum(1 for c in response.state_changes if c.kind == "turn" and c.after in monsters)
        timed.append((ms, monster_turns, cpu_ms))
        if "whole party is down" in response.narrative:
            break
    if await manager.combat_view(sid) is not None:
        t = time.perf_counter()
        await manager.combat_control(sid, "next")
        nexts.append((time.perf_counter() - t) * 1000)
    # Paused, not ended: an end would carry the party's wounds into the campaign and the next fight.
    await manager.end_session(sid, "pause")


async def outside_a_fight(manager: SessionManager, campaign: str, n: int) -> list[float]:
    """The same kinds of action with no fight on (CPU ms): what the fight itself adds is the difference."""
    sid = (await manager.start_session(campaign, name="calm", seed=99)).session_id
    cpu = []
    for i in range(n):
        text = ACTIONS[1 + i % (len(ACTIONS) - 1)]  # no attack: it would start a fight
        t = time.process_time()
        await manager.player_action(sid, text, "Bram")
        cpu.append((time.process_time() - t) * 1000)
    await manager.end_session(sid, "pause")
    return cpu


async def main(quick: bool) -> dict:
    fights = 8 if quick else 40
    timed: list[tuple[float, int, float]] = []
    nexts: list[float] = []
    shares: dict[str, list[float]] = {"validated_copy": [], "dump": [], "diff": []}
    with tempfile.TemporaryDirectory() as tmp:
        manager = SessionManager(Path(tmp) / "data")
        campaign = (await manager.list_campaigns())[0].name
        await fight(manager, campaign, 0, [], [])  # warm-up: imports, first-call caches
        for seed in range(1, fights + 1):
            await fight(manager, campaign, seed, timed, nexts)
        # Fights of their own: redoing the state work between timed calls would shift the GC into them.
        for seed in range(fights + 1, fights + 5):
            await fight(manager, campaign, seed, [], [], shares)
        floor = fsync_floor(Path(tmp) / "floor.jsonl")
        calm = await outside_a_fight(manager, campaign, 40 if quick else 200)
    with_monsters = [ms for ms, turns, _ in timed if turns]
    all_ms = [ms for ms, _, _ in timed]
    # CPU time of this process: the engine's own cost, whatever else the machine is running.
    cpu_ms = [c for _, _, c in timed]
    return {"combat_player_action_ms": {
        "median": statistics.median(all_ms), "p90": pct(all_ms, 90), "p99": pct(all_ms, 99),
        "median_with_monster_turns": statistics.median(with_monsters) if with_monsters else 0.0,
        "cpu_median": statistics.median(cpu_ms), "cpu_p90": pct(cpu_ms, 90),
        "cpu_median_outside_a_fight": statistics.median(calm),
        "monster_turns_per_action": statistics.mean(turns for _, turns, _ in timed),
        "actions": float(len(timed)), "budget_median": 5.0,
        "fsync_floor_median": statistics.median(floor),
        "median_minus_floor": statistics.median(all_ms) - statistics.median(floor)},
        "combat_control_next_ms": {"median": statistics.median(nexts) if nexts else 0.0,
                                   "samples": float(len(nexts))},
        # The state's share, redone on each action's data (medians, CPU ms; see storage_share).
        "state_cpu_ms": {name: statistics.median(v) for name, v in shares.items()}}


def print_table(r: dict) -> None:
    rows = [(k, sub, f"{v:.2f}") for k, d in r.items() for sub, v in d.items() if isinstance(v, float)]
    width = max(len(a) + len(b) for a, b, _ in rows) + 3
    print(f"{'figure':<{width}} value")
    for a, b, v in rows:
        print(f"{a + ' / ' + b:<{width}} {v}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="8 fights instead of 40")
    args = parser.parse_args()
    result = asyncio.run(main(args.quick))
    print_table(result)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "combat.json").write_text(json.dumps(result, indent=2))
    print(f"wrote {RESULTS / 'combat.json'}")
