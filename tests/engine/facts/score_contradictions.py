"""Score the fact tracker on the labelled contradiction pairs: precision, recall, silent supersedes.

Each pair is scored on a fresh tracker that knows the sample campaign's names (what a session's
tracker is given): `old` is recorded, then `new`, both at the same turn and with no explicit subject,
so the tracker must find the subject itself. A pair counts as flagged when recording `new` reports at
least one contradiction; a *silent supersede* is a contradicting pair where `new` superseded `old`
without flagging it, the failure the issue calls a quiet overwrite.

Prints a table and writes bench/results/contradictions.json.
Run: .venv/bin/python tests/engine/facts/score_contradictions.py [--pairs FILE] [--show fp|fn|all]
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from engine.facts.tracker import FactTracker  # noqa: E402
from engine.models.facts import DedupOutcome, FactInput  # noqa: E402

PAIRS = Path(__file__).resolve().parent / "contradiction_blind.json"
RESULTS = ROOT / "bench" / "results" / "contradictions.json"
NOW = datetime(2025, 1, 1, tzinfo=UTC)
# The sample campaign's names, as known_entities() hands them to a session's tracker.
ENTITIES = ["Bram", "Wren", "Tova", "Idris", "Hesper Quill", "Osric Vell", "Aldous Penn", "Silas Crowe",
            "Nessa Rook", "Pim Lowrie", "Brother Ambrose", "Tarred Gull Inn", "Kettlecove Docks",
            "Gannet Point", "Wrecker Caves", "Drowned Chapel", "Kettlecove", "Old Nip"]


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    silent_supersedes: int = 0
    misses: list[dict] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def judge(old: str, new: str) -> tuple[bool, bool, list[str]]:
    """(flagged, superseded, messages) for recording `new` after `old` in a fresh tracker."""
    tracker = FactTracker(known_entities=ENTITIES)
    tracker.record(FactInput(text=old), turn=1, now=NOW, fact_id="old")
    result, _, superseded = tracker.record(FactInput(text=new), turn=1, now=NOW, fact_id="new")
    flagged = bool(result.contradictions)
    return flagged, superseded == "old" or result.dedup_outcome == DedupOutcome.SUPERSEDE, result.contradictions


def score(pairs: list[dict]) -> tuple[Score, dict[str, Score]]:
    total, by_attribute = Score(), {}
    for pair in pairs:
        flagged, superseded, messages = judge(pair["old"], pair["new"])
        for s in (total, by_attribute.setdefault(pair.get("attribute", "?"), Score())):
            if pair["contradiction"]:
                s.tp += flagged
                s.fn += not flagged
                s.silent_supersedes += superseded and not flagged
            else:
                s.fp += flagged
                s.tn += not flagged
        if flagged != pair["contradiction"]:
            total.misses.append({**pair, "flagged": flagged, "messages": messages})
    return total, by_attribute


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=Path, default=PAIRS)
    parser.add_argument("--show", choices=["fp", "fn", "all"], help="list the pairs scored wrongly")
    parser.add_argument("--label", default="current", help="name of this run in the JSON")
    args = parser.parse_args()
    pairs = json.loads(args.pairs.read_text())
    total, by_attribute = score(pairs)
    print(f"{'attribute':<12} {'pairs':>5} {'tp':>4} {'fp':>4} {'fn':>4} {'tn':>4} {'prec':>6} {'recall':>6} "
          f"{'silent':>6}")
    for name, s in sorted(by_attribute.items()) + [("ALL", total)]:
        print(f"{name:<12} {s.tp + s.fp + s.fn + s.tn:>5} {s.tp:>4} {s.fp:>4} {s.fn:>4} {s.tn:>4} "
              f"{s.precision:>6.3f} {s.recall:>6.3f} {s.silent_supersedes:>6}")
    for miss in total.misses:
        kind = "fn" if miss["contradiction"] else "fp"
        if args.show in (kind, "all"):
            print(f"[{kind}] #{miss.get('id')} {miss['old']!r} -> {miss['new']!r} ({miss.get('note', '')})")
            for message in miss["messages"]:
                print(f"        {message}")
    RESULTS.parent.mkdir(exist_ok=True)
    previous = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    previous[args.label] = {
        "pairs": len(pairs), "precision": round(total.precision, 4), "recall": round(total.recall, 4),
        "tp": total.tp, "fp": total.fp, "fn": total.fn, "tn": total.tn,
        "silent_supersedes": total.silent_supersedes,
        "by_attribute": {k: {"precision": round(v.precision, 4), "recall": round(v.recall, 4),
                             "silent_supersedes": v.silent_supersedes} for k, v in sorted(by_attribute.items())},
    }
    RESULTS.write_text(json.dumps(previous, indent=2) + "\n")
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
