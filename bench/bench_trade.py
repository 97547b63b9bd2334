"""Trade in play: player_action time for buying, selling, paying and splitting beside a plain inventory look.

Each trade action is undone after it is timed, so every sample starts from the same purses. Prints a table
and writes bench/results/trade.json.
Run: .venv/bin/python bench/bench_trade.py [--reps N]
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import pct  # noqa: E402

from engine.api.manager import SessionManager  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
# (label, actor, action, where): the sample campaign's inn and docks.
CASES = [
    ("inventory look (no trade)", "Wren", "I check my inventory", "inn"),
    ("buy with change", "Tova", "I buy two loaves of bread", "inn"),
    ("round for the room", "Bram", "Bram buys a round of ale for the fishermen", "inn"),
    ("refused: not enough coin", "Idris", "I buy 200 rooms for the night", "inn"),
    ("unknown ware (did you mean)", "Bram", "I buy a lanturn", "inn"),
    ("buy an SRD weapon", "Wren", "I buy a dagger from Osric", "docks"),
    ("sell at half price", "Bram", "I sell my longsword", "docks"),
    ("pay an NPC", "Tova", "I pay Osric 2 gp", "docks"),
    ("split the coins", "Idris", "Let's split the coins", "docks"),
]


async def main(reps: int, history: int) -> dict[str, dict[str, float]]:
    figures: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        manager = SessionManager(Path(tmp))
        campaign = (await manager.list_campaigns())[0].name
        sid = (await manager.start_session(campaign, name="bench-trade", seed=1)).session_id
        for _ in range(history):
            await manager.roll("1d20", sid)
        for place in ("inn", "docks"):
            if place == "docks":
                await manager.player_action(sid, "We walk down to Kettlecove Docks", "Idris")
            for label, actor, action, where in CASES:
                if where != place:
                    continue
                samples = []
                for _ in range(reps):
                    t = time.perf_counter()
                    await manager.player_action(sid, action, actor)
                    samples.append((time.perf_counter() - t) * 1000)
                    await manager.undo_last(sid)
                figures[label] = {"median_ms": statistics.median(samples), "p95_ms": pct(samples, 95)}
        await manager.close()
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--history", type=int, default=100)
    args = parser.parse_args()
    result = asyncio.run(main(args.reps, args.history))
    print(f"player_action with {args.history} history entries, {args.reps} runs each")
    print(f"{'action':32} {'median ms':>10} {'p95 ms':>8}")
    for label, f in result.items():
        print(f"{label:32} {f['median_ms']:10.2f} {f['p95_ms']:8.2f}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "trade.json").write_text(json.dumps({"history": args.history, "reps": args.reps,
                                                    "figures": result}, indent=2) + "\n")
