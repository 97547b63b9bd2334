"""Engine benchmarks: durable per-change append, pause-save, load, ending a loaded session, player_action.

Prints a table and writes bench/results/engine.json. Each persistence figure has its floor beside
it: the same bytes through json.dumps + write + fsync (json.loads for the load), so the table shows
how far above the floor the engine is. Load, the first save after a load and the pause-save are
repeated (`--reps`) on the 10,000-entry session and reported as median and p95. The "before" column
is bench/baseline_engine.json: the same script run on the code before the storage speed work.
Run: .venv/bin/python bench/bench_engine.py [--quick] [--reps N]
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

from engine.api.manager import SessionManager  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
BASELINE = Path(__file__).resolve().parent / "baseline_engine.json"
# Player actions between a load and the timed pause-save of each cycle.
PLAYED_PER_CYCLE = 5
ACTIONS = ["I attack the nearest enemy", "I search the room for hidden doors", "We walk to the docks",
           "I ask the innkeeper about the lantern", "I try to climb the wall", "Let's take a short rest"]


def floor_write(path: Path, obj: object) -> float:
    """json.dumps + write + fsync of the same data: the cost of any durable write of these bytes."""
    t = time.perf_counter()
    data = json.dumps(obj).encode()
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    return (time.perf_counter() - t) * 1000


def ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def spread(samples: list[float]) -> dict[str, float]:
    return {"median": statistics.median(samples), "p95": pct(samples, 95), "min": min(samples),
            "max": max(samples), "n": float(len(samples))}


async def fill(manager: SessionManager, sid: str, entries: int, facts: int) -> None:
    """Grow a session to `entries` history entries, `facts` of them recording a fact."""
    for i in range(entries):
        if i < facts:
            await manager.record_fact(sid, f"Clue{i} links ledger{i * 7} to token{i * 13}", "event", "Bram")
        else:
            await manager.roll("1d20", sid)
    assert (await manager.get_session_state(sid, "minimal")).session_info.action_count >= entries


async def per_change(manager: SessionManager, sid: str, n: int) -> list[float]:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        await manager.roll("1d20+2", sid)
        times.append((time.perf_counter() - t) * 1000)
    return times


async def player_actions(manager: SessionManager, sid: str, n: int) -> list[float]:
    times = []
    for i in range(n):
        t = time.perf_counter()
        await manager.player_action(sid, ACTIONS[i % len(ACTIONS)])
        times.append((time.perf_counter() - t) * 1000)
        if i % 12 == 11 and not (await manager.get_session_state(sid, "standard", False)).game_state.in_combat:
            await manager.rest(sid, "long")
    return times


async def cycles(manager: SessionManager, sid: str, reps: int) -> dict[str, list[float]]:
    """Repeat load -> first save -> load -> a few player actions -> pause-save, timing each step.

    Each step is timed on the wall clock and in this process's CPU time: on a shared machine the wall
    figure also holds the wait for a core and for the disk, the CPU figure only the work done."""
    out: dict[str, list[float]] = {}

    async def timed(name: str, call) -> None:
        t, c = time.perf_counter(), time.process_time()
        await call
        out.setdefault(name, []).append(ms_since(t))
        out.setdefault(name + "_cpu", []).append((time.process_time() - c) * 1000)

    for _ in range(reps):
        await timed("load", manager.load_session(sid))
        # The first save after a load writes what was read (play-time saves reuse journal bytes).
        await timed("first_save_after_load", manager.end_session(sid, "pause"))
        await manager.load_session(sid)
        for i in range(PLAYED_PER_CYCLE):
            await manager.player_action(sid, ACTIONS[i % len(ACTIONS)])
        await timed("pause_save", manager.end_session(sid, "pause"))
    return out


async def main(quick: bool, reps: int) -> dict:
    big = 2_000 if quick else 10_000
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        manager = SessionManager(Path(tmp) / "data")
        campaign = (await manager.list_campaigns())[0].name
        small = await manager.start_session(campaign, name="small", seed=1)
        await fill(manager, small.session_id, 100, 0)
        t100 = await per_change(manager, small.session_id, 300)
        p100 = await player_actions(manager, small.session_id, 200)
        await manager.end_session(small.session_id)

        large = await manager.start_session(campaign, name="large", seed=2)
        await fill(manager, large.session_id, big, big)
        tbig = await per_change(manager, large.session_id, 300)
        pbig = await player_actions(manager, large.session_id, 200)
        s = await manager.export_session(large.session_id)
        floor_path = Path(tmp) / "floor.json"
        dump = {"history": [e.model_dump(mode="json") for e in s.history],
                "facts": [f.model_dump(mode="json") for f in s.facts],
                "state": s.state.model_dump(mode="json")}
        append_floor = [floor_write(floor_path, dump["history"][-1]) for _ in range(100)]
        t = time.perf_counter()
        await manager.end_session(large.session_id, "pause")
        save_ms = ms_since(t)
        save_floor = floor_write(floor_path, dump)
        t = time.perf_counter()
        json.loads(floor_path.read_bytes())
        load_floor = ms_since(t)
        cycle = await cycles(manager, large.session_id, reps)
        # Ending a loaded session merges its world into the campaign against the world it started from.
        await manager.load_session(large.session_id)
        t, c = time.perf_counter(), time.process_time()
        await manager.end_session(large.session_id, "end")
        end_ms, end_cpu = ms_since(t), (time.process_time() - c) * 1000

    out["per_change_ms"] = {"median_at_100": statistics.median(t100), f"median_at_{big}": statistics.median(tbig),
                            "floor_median": statistics.median(append_floor)}
    out["pause_save_ms"] = {"after_play": save_ms, **spread(cycle["pause_save"]), "floor": save_floor,
                            "history": big, "facts": big}
    out["first_save_after_load_ms"] = spread(cycle["first_save_after_load"])
    out["load_ms"] = {**spread(cycle["load"]), "floor": load_floor}
    for name in ("load", "first_save_after_load", "pause_save"):
        cpu = spread(cycle[name + "_cpu"])
        out[name + "_cpu_ms"] = {"median": cpu["median"], "p95": cpu["p95"]}
    out["end_after_load_ms"] = {"wall": end_ms, "cpu": end_cpu}
    out["player_action_ms"] = {"median_at_100": statistics.median(p100), "p99_at_100": pct(p100, 99),
                               f"median_at_{big}": statistics.median(pbig), f"p99_at_{big}": pct(pbig, 99),
                               "ratio": statistics.median(pbig) / statistics.median(p100)}
    return out


def print_table(r: dict, before: dict) -> None:
    """One row per figure: before (the baseline file, when it has the figure) and now."""
    rows = [(k, sub, v, before.get(k, {}).get(sub)) for k, d in r.items() for sub, v in d.items()
            if isinstance(v, float) and sub not in ("n", "min", "max")]
    width = max(len(a) + len(b) for a, b, _, _ in rows) + 3
    print(f"{'figure':<{width}} {'before':>9} {'now':>9}")
    for a, b, v, old in rows:
        shown = f"{old:9.2f}" if isinstance(old, (int, float)) else f"{'-':>9}"
        print(f"{a + ' / ' + b:<{width}} {shown} {v:9.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="2,000 entries instead of 10,000")
    parser.add_argument("--reps", type=int, default=15, help="load / save cycles on the large session")
    parser.add_argument("--save-baseline", action="store_true", help="write the result as the new 'before'")
    args = parser.parse_args()
    result = asyncio.run(main(args.quick, max(1, args.reps)))
    before = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    print_table(result, before.get("figures", {}))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "engine.json").write_text(json.dumps({"before": before, "now": result}, indent=2))
    if args.save_baseline:
        note = "bench_engine.py on the code before the storage speed work, same machine"
        BASELINE.write_text(json.dumps({"note": note, "figures": result}, indent=2) + "\n")
    print(f"wrote {RESULTS / 'engine.json'}")
