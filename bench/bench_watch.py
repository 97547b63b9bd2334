"""Player view benchmark: what one poll costs a watcher following a session another manager plays.

Run: .venv/bin/python bench/bench_watch.py [--runs N]
Prints a table and writes bench/results/watch.json. For 10 and 5,000 history entries: the first read
(files + journal), a poll after one new action (journal tail only), an idle poll, and for comparison a
poll that re-reads everything (what following without the tail would cost). Target: a poll after an
action <= 20 ms and flat with history size.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.api.manager import SessionManager  # noqa: E402
from engine.api.watch import SessionWatcher  # noqa: E402

TARGET_TAIL_MS = 20.0


def _ms(fn) -> float:  # noqa: ANN001
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


async def _measure(data_dir: Path, history: int, runs: int) -> dict:
    manager = SessionManager(data_dir)
    sid = (await manager.start_session("dark-lantern", f"bench-{history}", seed=7)).session_id
    for i in range(history):
        await manager.roll("1d20+2", sid, purpose=f"filler {i}")
    await manager.player_action(sid, "I look around the taproom")
    watcher = SessionWatcher(data_dir, session=sid)
    first = _ms(watcher.refresh)
    tail, idle, full = [], [], []
    for _ in range(runs):
        await manager.player_action(sid, "I listen at the door")
        tail.append(_ms(watcher.refresh))
        idle.append(_ms(watcher.refresh))
        watcher._follower._signature = None  # noqa: SLF001 - force the re-read-everything path
        full.append(_ms(watcher.refresh))
    await manager.close()
    return {"history": history, "first_read_ms": round(first, 2),
            "poll_after_action_ms_median": round(statistics.median(tail), 2),
            "idle_poll_ms_median": round(statistics.median(idle), 3),
            "full_reread_ms_median": round(statistics.median(full), 2)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    results = []
    for history in (10, 5000):
        with tempfile.TemporaryDirectory() as tmp:
            results.append(asyncio.run(_measure(Path(tmp), history, args.runs)))
    print(f"{'history':>8} {'first read':>11} {'poll after action':>18} {'idle poll':>10} {'full re-read':>13}")
    for r in results:
        print(f"{r['history']:>8} {r['first_read_ms']:>9.1f}ms {r['poll_after_action_ms_median']:>16.2f}ms "
              f"{r['idle_poll_ms_median']:>8.3f}ms {r['full_reread_ms_median']:>11.1f}ms")
    ok = all(r["poll_after_action_ms_median"] <= TARGET_TAIL_MS for r in results)
    print(f"target: poll after an action <= {TARGET_TAIL_MS} ms at every size: {'met' if ok else 'MISSED'}")
    out = ROOT / "bench" / "results" / "watch.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"target_tail_ms": TARGET_TAIL_MS, "met": ok, "results": results}, indent=2) + "\n",
                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
