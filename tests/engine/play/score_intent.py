"""Scores the intent parser on the blind labelled set: kind, named target and destination accuracy.

Run: .venv/bin/python tests/engine/play/score_intent.py [SET.json | blind3-tuned | blind3-held ...] [--misses]
(the bundled blind set when no set is named). Prints a table per set and writes bench/results/intent.json
for the bundled set. The held-back third of blind3 prints its figures only, never its misses. The set was written before the parser was
tuned and is kept unchanged; a test (test_intent_blind.py) holds the figures reached.

Kind "question" has no ActionType (the seed-002 enum is fixed); the parser reports it in the
structured intent. With a parser that has no structured intent (the code before issue 11), the
target is what the agents would act on and the destination where travel would go.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engine.play import intent as intent_module  # noqa: E402
from tests.engine.play.blind_world import blind_cases, case_world  # noqa: E402

RESULTS = Path(__file__).resolve().parents[3] / "bench" / "results" / "intent.json"


def _legacy(case: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """Kind, target and destination as the pre-issue-11 code would act on them."""
    from engine.models.actions import ActionType
    from engine.play.agents import combat, exploration, rules_agent, social
    from engine.play.agents.base import AgentContext, AgentResult
    from engine.play.agents.turn_flow import standing_foes
    from engine.rules.dice import DiceRoller, RngState
    from engine.text import stems

    world = case_world(case)
    result = intent_module.classify(case["text"], world, case.get("actor"))
    kind = result.action_type.value
    ctx = AgentContext(action=case["text"], normalized=case["text"].lower(), action_type=result.action_type,
                       actor=case.get("actor"), world=world, roller=DiceRoller(RngState(seed=1)), turn=1)
    target = destination = None
    parts = result.components
    if ActionType.COMBAT in parts and standing_foes(world):
        foe = combat._pick_target(ctx, standing_foes(world))
        target = foe.monster if foe.name.startswith(foe.monster or "\0") else foe.name
    elif ActionType.ROLEPLAY in parts:
        npc = social._addressed(ctx, AgentResult(agent="x"))
        target = npc.name if npc else None
    elif ActionType.INVENTORY in parts:
        pc = world.character(case.get("actor") or "")
        other = rules_agent._other_character(ctx, pc) if pc else None
        target = other.name if other else None
    here = world.location(world.game_state.party_location)
    if here and ActionType.EXPLORATION in parts and exploration._is_travel(ctx, here, stems(case["text"])):
        destination = exploration._destination(ctx, here)
    return kind, target, destination


def predict(case: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """Kind, target and destination the parser gives for one case."""
    parse = getattr(intent_module, "parse", None)
    if parse is None:
        return _legacy(case)
    intent = parse(case["text"], case_world(case), case.get("actor"))
    return intent.kind, intent.target, intent.destination


def score(cases: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    cases = cases if cases is not None else blind_cases()
    rows = []
    started = time.perf_counter()
    for case in cases:
        kind, target, destination = predict(case)
        rows.append({"text": case["text"], "want": case["kind"], "got": kind,
                     "want_target": case.get("target"), "got_target": target,
                     "want_destination": case.get("destination"), "got_destination": destination})
    elapsed = time.perf_counter() - started
    per_kind: dict[str, dict[str, int]] = {}
    for row in rows:
        entry = per_kind.setdefault(row["want"], {"n": 0, "ok": 0})
        entry["n"] += 1
        entry["ok"] += row["want"] == row["got"]
    with_target = [r for r in rows if r["want_target"]]
    with_dest = [r for r in rows if r["want_destination"]]
    return {
        "cases": len(rows),
        "kind_accuracy": sum(r["want"] == r["got"] for r in rows) / len(rows),
        "target_accuracy": sum(r["want_target"] == r["got_target"] for r in with_target) / max(1, len(with_target)),
        "target_cases": len(with_target),
        "destination_accuracy": sum(r["want_destination"] == r["got_destination"] for r in with_dest)
        / max(1, len(with_dest)),
        "destination_cases": len(with_dest),
        "per_kind": {k: {**v, "accuracy": v["ok"] / v["n"]} for k, v in sorted(per_kind.items())},
        "confusions": Counter(f"{r['want']}->{r['got']}" for r in rows if r["want"] != r["got"]).most_common(),
        "ms_per_case": 1000 * elapsed / len(rows),
        "misses": [r for r in rows if r["want"] != r["got"] or r["want_target"] != r["got_target"]
                   and r["want_target"] or r["want_destination"] != r["got_destination"] and r["want_destination"]],
    }


def _named_sets(args: list[str]) -> list[tuple[str, list[dict[str, Any]], bool]]:
    """(name, cases, misses may be shown) for each set named on the command line."""
    from tests.engine.play.blind_sets import split

    out: list[tuple[str, list[dict[str, Any]], bool]] = []
    for arg in args:
        if arg == "blind3-tuned":
            out.append((arg, split(3)[0], True))
        elif arg == "blind3-held":
            out.append((arg, split(3)[1], False))  # a generalisation check: its misses stay unseen
        else:
            out.append((arg, json.loads(Path(arg).read_text()), True))
    return out


def main() -> None:
    named = [a for a in sys.argv[1:] if not a.startswith("--")]
    if named:
        for name, cases, open_misses in _named_sets(named):
            print(f"== {name}")
            _print(score(cases), open_misses)
        return
    report = score()
    _print(report, True)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({k: v for k, v in report.items()}, indent=1))


def _print(report: dict[str, Any], open_misses: bool) -> None:
    print(f"{'measure':<24}{'value':>10}{'cases':>8}")
    print(f"{'kind accuracy':<24}{report['kind_accuracy']:>10.3f}{report['cases']:>8}")
    print(f"{'target accuracy':<24}{report['target_accuracy']:>10.3f}{report['target_cases']:>8}")
    print(f"{'destination accuracy':<24}{report['destination_accuracy']:>10.3f}{report['destination_cases']:>8}")
    print(f"{'ms per case (world+parse)':<24}{report['ms_per_case']:>10.2f}")
    for kind, entry in report["per_kind"].items():
        print(f"  {kind:<22}{entry['accuracy']:>10.3f}{entry['n']:>8}")
    if "--misses" in sys.argv and open_misses:
        for miss in report["misses"]:
            print(f"  miss: {miss['text']!r}: {miss['want']}->{miss['got']} target {miss['want_target']}->"
                  f"{miss['got_target']} dest {miss['want_destination']}->{miss['got_destination']}")


if __name__ == "__main__":
    main()
