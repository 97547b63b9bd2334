"""Fact tracker benchmarks: building a tracker from saved facts, record(), query() and a quest's fact
condition (supporting()) at 10,000 facts.

Prints a table and writes bench/results/facts.json. The build figure has its floor beside it: the
normalize + SHA-256 every saved fact needs anyway, so the table shows the per-fact overhead on top.
Run: .venv/bin/python bench/bench_facts.py [--facts N] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import pct  # noqa: E402

from engine.facts.tracker import FactTracker, normalize, text_hash  # noqa: E402
from engine.models.facts import Fact, FactCategory, FactInput  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
NOW = datetime(2025, 1, 1, tzinfo=UTC)
# The sample campaign's names: what known_entities() hands the tracker on load.
ENTITIES = ["Bram", "Wren", "Tova", "Idris", "Hesper Quill", "Osric Vell", "Aldous Penn", "Silas Crowe",
            "Nessa Rook", "Pim Lowrie", "Brother Ambrose", "Tarred Gull Inn", "Kettlecove Docks",
            "Gannet Point", "Wrecker Caves", "Drowned Chapel", "Light on Gannet Point",
            "Wreckers of Kettlecove", "The Abbot's Relic", "Wrecker Thug", "Wrecker Captain", "Giant Crab",
            "Drowned Sailor", "Old Mill"]


def clue(i: int) -> FactInput:
    return FactInput(text=f"Clue{i} links ledger{i * 7} to token{i * 13} near the old mill",
                     category=FactCategory.EVENT, subject="Bram")


def ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def filled(n: int) -> FactTracker:
    tracker = FactTracker(known_entities=ENTITIES)
    for i in range(n):
        tracker.record(clue(i), turn=i, now=NOW, fact_id=f"fact-{i}")
    return tracker


def build(saved: list[Fact], repeat: int) -> tuple[list[float], float]:
    """Times FactTracker(saved facts, entities) on fresh copies, as a load hands it; plus the floor."""
    times = []
    for _ in range(repeat):
        facts = [f.model_copy() for f in saved]
        start = time.perf_counter()
        FactTracker(facts, ENTITIES)
        times.append(ms_since(start))
    start = time.perf_counter()
    for f in saved:
        text_hash(normalize(f.text))
    return times, ms_since(start)


def record_times(tracker: FactTracker, first: int, count: int) -> list[float]:
    times = []
    for i in range(first, first + count):
        fact = clue(i)
        start = time.perf_counter()
        tracker.record(fact, turn=i, now=NOW, fact_id=f"fact-{i}")
        times.append(ms_since(start))
    return times


def query_times(tracker: FactTracker, count: int, **kwargs: object) -> list[float]:
    times = []
    for _ in range(count):
        start = time.perf_counter()
        tracker.query(**kwargs)
        times.append(ms_since(start))
    return times


def supporting_times(tracker: FactTracker, text: str, count: int) -> list[float]:
    """A quest condition on a fact: is there an active fact saying what `text` claims?"""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        tracker.supporting(text)
        times.append(ms_since(start))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=7, help="tracker builds to time")
    args = parser.parse_args()
    n = args.facts

    tracker = filled(n)
    saved = tracker.all()
    build_ms, floor_ms = build(saved, args.repeat)
    loaded = FactTracker([f.model_copy() for f in saved], ENTITIES)
    records = record_times(loaded, n, 300)
    rare = f"ledger{(n // 2) * 7}"
    queries = {
        "query_text_rare": query_times(loaded, 300, text=rare),
        "query_text_common": query_times(loaded, 100, text="token near the old mill"),
        "query_entity": query_times(loaded, 100, entity="Bram"),
        "query_entity_text": query_times(loaded, 300, text=rare, entity="Bram"),
        "query_category": query_times(loaded, 100, category=FactCategory.EVENT),
        "query_newest": query_times(loaded, 300),
        "quest_fact_met": supporting_times(loaded, f"Clue{n // 2} links ledger{(n // 2) * 7}", 300),
        "quest_fact_unmet": supporting_times(loaded, "The Gannet Point lamp is lit", 300),
    }

    results: dict[str, object] = {
        "facts": n,
        "build_ms": {"median": statistics.median(build_ms), "min": min(build_ms),
                     "floor_normalize_hash": floor_ms},
        "record_ms": {"median": statistics.median(records), "p99": pct(records, 99)},
    }
    for name, samples in queries.items():
        results[f"{name}_ms"] = {"median": statistics.median(samples), "p99": pct(samples, 99)}

    rows = [(f"build tracker from {n} saved facts", results["build_ms"]["median"],
             f"min {min(build_ms):.1f}; floor (normalize+hash) {floor_ms:.1f}")]
    rows.append((f"record() at {n} facts", statistics.median(records), f"p99 {pct(records, 99):.3f}"))
    labels = {"query_text_rare": f"query text {rare!r}", "query_text_common": "query text 'token near the old mill'",
              "query_entity": "query entity 'Bram' (all facts)", "query_entity_text": f"query {rare!r} + entity",
              "query_category": "query category 'event' (all facts)", "query_newest": "query newest (no filter)",
              "quest_fact_met": "quest fact condition, met", "quest_fact_unmet": "quest fact condition, unmet"}
    for name, samples in queries.items():
        rows.append((labels[name], statistics.median(samples), f"p99 {pct(samples, 99):.3f}"))
    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':<{width}}  {'median ms':>10}  notes")
    for label, value, note in rows:
        print(f"{label:<{width}}  {value:>10.3f}  {note}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "facts.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {RESULTS / 'facts.json'}")


if __name__ == "__main__":
    main()
