"""SRD catalogue benchmarks: the first load in a fresh process, a lookup by name, a typo lookup, a
search; plus how many of the SRD spells are resolved from their data (mechanised).

Prints a table and writes bench/results/srd.json.
Run: .venv/bin/python bench/bench_srd.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.content import catalogue  # noqa: E402
from engine.content.spell_mechanics import mechanised_count  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
# Timed inside a fresh interpreter once the engine is imported: what the first /monster costs.
FIRST_LOAD = """
import time, sys
sys.path.insert(0, {root!r})
from engine.content import catalogue
from engine.models.catalogue import CatalogueKind
start = time.perf_counter()
for kind in {kinds!r}:
    catalogue.index(CatalogueKind(kind))
print((time.perf_counter() - start) * 1000)
"""
NAMES = ["Goblin Warrior", "Aboleth", "Adult Red Dragon", "Zombie", "Bandit Captain", "Skeleton"]


def first_load(kinds: list[str], repeat: int) -> list[float]:
    code = FIRST_LOAD.format(root=str(ROOT), kinds=kinds)
    return [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(repeat)]


def per_call_us(fn, calls: int) -> float:
    start = time.perf_counter()
    for i in range(calls):
        fn(i)
    return (time.perf_counter() - start) / calls * 1e6


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    monsters = first_load(["monster"], args.repeat)
    everything = first_load(["monster", "spell", "item", "condition"], args.repeat)
    catalogue.index(catalogue.CatalogueKind.MONSTER)
    exact = per_call_us(lambda i: catalogue.find("monster", NAMES[i % len(NAMES)]), 20000)
    typo = per_call_us(lambda i: catalogue.find("monster", NAMES[i % len(NAMES)][:-1]), 2000)
    search = per_call_us(lambda i: catalogue.search("monster", creature_type="undead", cr_max="5"), 200)
    done, total = mechanised_count()
    rows = [
        ("first load: creatures (fresh process), median ms", statistics.median(monsters)),
        ("first load: all four kinds, median ms", statistics.median(everything)),
        ("lookup by exact name, us", exact),
        ("lookup with a typo (rapidfuzz), us", typo),
        ("search undead CR <= 5, us", search),
    ]
    width = max(len(r[0]) for r in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value:10.2f}")
    print(f"{'spells mechanised (resolved from SRD data)':<{width}}  {done:>6} / {total}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "srd.json").write_text(json.dumps({
        "first_load_creatures_ms": monsters, "first_load_all_ms": everything, "lookup_exact_us": exact,
        "lookup_typo_us": typo, "search_us": search, "spells_mechanised": done, "spells_total": total,
    }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
