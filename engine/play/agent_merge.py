"""Merging what the agents of one action did: each ran on its own copy of the world; their exact
patches are applied in agent order onto one copy, and a value two agents both changed keeps the first."""

from __future__ import annotations

from typing import Any

from engine.models.actions import PatchOp
from engine.models.world import Campaign
from engine.patch import apply, diff
from engine.play.agents.base import AgentResult


def merge_patches(original: dict[str, Any], merged: dict[str, Any], finished: list[tuple[AgentResult, Campaign]],
                  warnings: list[str]) -> dict[str, Any]:
    """Each agent's patch onto `merged` (a copy of `original`), in agent order; a path already
    changed keeps the first. A clash is told in `warnings`."""
    claimed: list[tuple[str | int, ...]] = []
    for result, world in finished:
        ops = diff(original, world.model_dump(mode="json"))
        accepted: list[PatchOp] = []
        clashes = 0
        for op in ops:
            key = _claim(op)
            if any(_overlaps(key, other) for other in claimed):
                clashes += 1
                continue
            accepted.append(op)
        apply(merged, accepted)
        claimed += [_claim(op) for op in accepted]
        if clashes:
            warnings.append(f"{result.agent} agent changed {clashes} value(s) another agent had already "
                            f"changed; the first change was kept.")
    return merged


def _claim(op: PatchOp) -> tuple[str | int, ...]:
    # List inserts and removals shift their siblings, so they claim the whole list.
    return tuple(op.path[:-1]) if op.op != "set" and op.path and isinstance(op.path[-1], int) else tuple(op.path)


def _overlaps(a: tuple[str | int, ...], b: tuple[str | int, ...]) -> bool:
    short = min(len(a), len(b))
    return a[:short] == b[:short]
