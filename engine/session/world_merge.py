"""Merging an ended session's world into a campaign another session may have changed meanwhile.

Two sessions of one campaign can both change it (one paused while the other plays and ends). Writing
the ending session's world over campaign.json would silently drop the other's changes, so the merge is
three-way, entity by entity (characters, NPCs, locations, quests and monsters by name; the game state
as one): what this session changed since it started is applied to the campaign as it is now; what it
left alone keeps the campaign's current version. Where both changed the same entity differently this
session's version is kept and the clash is reported, never passed over in silence.
"""

from __future__ import annotations

from typing import Any

from engine.models.world import Campaign

_NAMED = ("characters", "npcs", "locations", "quests", "monsters")


def merge_worlds(base: Campaign, mine: Campaign, current: Campaign) -> tuple[Campaign, list[str]]:
    """(the merged campaign, one line per entity both sides changed differently)."""
    b, m, c = (w.model_dump(mode="json") for w in (base, mine, current))
    merged = dict(c)
    clashes: list[str] = []
    for section in _NAMED:
        merged[section] = _merge_named(b.get(section, []), m.get(section, []), c.get(section, []), section, clashes)
    for key in m:
        if key in _NAMED:
            continue
        merged[key] = _pick(b.get(key), m.get(key), c.get(key), key.replace("_", " "), clashes)
    return Campaign.model_validate(merged), clashes


def _pick(base: Any, mine: Any, current: Any, what: str, clashes: list[str]) -> Any:
    if mine == base or mine == current:
        return current
    if current != base:
        clashes.append(f"{what} was changed by another session too; this session's version was kept")
    return mine


def _merge_named(base: list[dict], mine: list[dict], current: list[dict], section: str,
                 clashes: list[str]) -> list[dict]:
    by = {name: {e["name"]: e for e in items} for name, items in (("b", base), ("m", mine), ("c", current))}
    out: list[dict] = []
    # The campaign's current order first, then what this session added, so nothing moves needlessly.
    for name in [*by["c"], *(n for n in by["m"] if n not in by["c"])]:
        old, new, now = by["b"].get(name), by["m"].get(name), by["c"].get(name)
        label = f"{section[:-1]} {name}"
        if old is not None and new is None:  # this session removed it
            if now is not None and now != old:
                clashes.append(f"{label} was changed by another session but removed by this one; it was kept")
                out.append(now)
            continue
        value = _pick(old, new, now, label, clashes) if new is not None else now
        if value is not None:
            out.append(value)
    return out
