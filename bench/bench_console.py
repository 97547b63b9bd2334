"""Console benchmark: time to first paint, and Enter-on-an-action to the narrative showing it.

Run: .venv/bin/python bench/bench_console.py [--runs N]
Prints a table and writes bench/results/console.json. Targets: first paint <= 1.5 s; action to
rendered <= 100 ms and flat with history size (10 vs 10,000 entries: the panes append, never redraw).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.api.manager import SessionManager  # noqa: E402
from gm_console.tui.app import GMConsoleApp, create_app  # noqa: E402

SIZE = (120, 40)
TARGET_FIRST_PAINT_S = 1.5
TARGET_ACTION_MS = 100.0
ACTIONS = ["I ask the innkeeper what she saw", "I look around the taproom", "I listen at the door"]


def _clock() -> datetime:
    return datetime(2026, 1, 1, tzinfo=UTC)


async def _prepare(data_dir: Path, history: int) -> str:
    """A paused session holding `history` entries (DM rolls: cheap to make, each a real history entry)."""
    manager = SessionManager(data_dir, clock=_clock)
    sid = (await manager.start_session("dark-lantern", f"bench-{history}", seed=7)).session_id
    for i in range(history):
        await manager.roll("1d20+2", sid, purpose=f"filler {i}")
    await manager.end_session(sid, "pause")
    return sid


async def _until(predicate, timeout: float = 10.0) -> None:
    deadline = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > deadline:
            raise TimeoutError("the console did not show the result in time")
        await asyncio.sleep(0.0005)


def _shown(app: GMConsoleApp) -> bool:
    """The session is open and its narrative drawn (lines rendered, not just queued)."""
    log = app.main.narrative
    return app.session_id is not None and bool(log.lines) and not any(w.is_running for w in app.workers)


async def _measure(data_dir: Path, sid: str, runs: int) -> tuple[float, list[float], list[float]]:
    manager = SessionManager(data_dir, clock=_clock)
    app = create_app(manager, session=sid)
    start = time.perf_counter()
    async with app.run_test(size=SIZE) as pilot:
        await _until(lambda: _shown(app))
        await pilot.pause()  # the first full frame
        first_paint = time.perf_counter() - start
        total, engine = [], []
        real_action = manager.player_action

        async def timed_action(*args, **kwargs):
            t = time.perf_counter()
            try:
                return await real_action(*args, **kwargs)
            finally:
                engine.append((time.perf_counter() - t) * 1000)

        manager.player_action = timed_action  # type: ignore[method-assign]
        field = app.main.query_one("#action")
        log = app.main.narrative
        painted: list[float] = []
        real_render_line = log.render_line

        def render_line(y: int):  # the compositor asking for the log's lines: the frame is being painted
            painted.append(time.perf_counter())
            return real_render_line(y)

        log.render_line = render_line  # type: ignore[method-assign]
        for i in range(runs):
            await _until(lambda: not any(w.is_running for w in app.workers))
            await pilot.pause()
            field.value = ACTIONS[i % len(ACTIONS)]
            entries = len(log.entries)
            t0 = time.perf_counter()
            # Pilot.press also waits for the app to go idle; time the result, not the pilot.
            press = asyncio.create_task(pilot.press("enter"))
            await _until(lambda n=entries: len(log.entries) > n)
            drawn = time.perf_counter()
            await _until(lambda d=drawn: bool(painted) and painted[-1] > d)
            total.append((painted[-1] - t0) * 1000)
            await press
        await _until(lambda: not any(w.is_running for w in app.workers))
    await manager.close()
    return first_paint, total, engine


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="actions timed per history size")
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory(prefix="gm-bench-console-") as tmp:
        for history in (10, 10_000):
            data_dir = Path(tmp) / f"h{history}"
            t = time.perf_counter()
            sid = asyncio.run(_prepare(data_dir, history))
            prep = time.perf_counter() - t
            first_paint, total, engine = asyncio.run(_measure(data_dir, sid, args.runs))
            results.append({
                "history_entries": history, "prepare_s": round(prep, 2), "first_paint_s": round(first_paint, 3),
                "action_to_rendered_ms_median": round(statistics.median(total), 1),
                "action_to_rendered_ms_p90": round(sorted(total)[int(0.9 * (len(total) - 1))], 1),
                "engine_player_action_ms_median": round(statistics.median(engine), 1),
                "runs": args.runs,
            })
    print(f"{'history':>8} {'first paint s':>14} {'action→shown ms (med/p90)':>27} {'engine ms':>10}")
    for r in results:
        print(f"{r['history_entries']:>8} {r['first_paint_s']:>14.3f} "
              f"{r['action_to_rendered_ms_median']:>17.1f} / {r['action_to_rendered_ms_p90']:<7.1f} "
              f"{r['engine_player_action_ms_median']:>10.1f}")
    ok_paint = all(r["first_paint_s"] <= TARGET_FIRST_PAINT_S for r in results)
    ok_action = all(r["action_to_rendered_ms_median"] <= TARGET_ACTION_MS for r in results)
    print(f"targets: first paint <= {TARGET_FIRST_PAINT_S} s: {'OK' if ok_paint else 'MISSED'}; "
          f"action to rendered <= {TARGET_ACTION_MS:.0f} ms: {'OK' if ok_action else 'MISSED'}")
    out = ROOT / "bench" / "results" / "console.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"size": list(SIZE), "targets": {"first_paint_s": TARGET_FIRST_PAINT_S,
                                                               "action_to_rendered_ms": TARGET_ACTION_MS},
                               "results": results}, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
