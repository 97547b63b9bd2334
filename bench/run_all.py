"""Run every benchmark in turn (`make bench`); each prints its table and writes bench/results/*.json."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = ["bench_engine.py", "bench_combat.py", "bench_facts.py", "bench_mcp.py", "bench_console.py",
           "bench_supervisor.py"]


def main() -> int:
    failed = []
    for name in SCRIPTS:
        if not (HERE / name).exists():
            continue
        print(f"\n=== {name}", flush=True)
        if subprocess.run([sys.executable, str(HERE / name), ]).returncode != 0:
            failed.append(name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
