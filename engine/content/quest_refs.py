"""Campaign check for quest conditions: every NPC, place and item a condition names exists in the campaign.

Works on the raw JSON like the other cross-reference checks, so a file the model rejects still gets these.
"""

from __future__ import annotations

import difflib
from typing import Any

_KINDS = {"npc": "NPC", "place": "location", "item": "item"}


def _dicts(value: Any) -> list[tuple[int, dict[str, Any]]]:
    return [(i, v) for i, v in enumerate(value) if isinstance(v, dict)] if isinstance(value, list) else []


def _named(data: dict[str, Any], section: str) -> list[str]:
    return [v["name"] for _, v in _dicts(data.get(section)) if isinstance(v.get("name"), str)]


def quest_condition_problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(field path, message) for each condition naming something the campaign does not have."""
    known = {"NPC": _named(data, "npcs"), "location": _named(data, "locations")}
    known["item"] = [d["name"] for _, loc in _dicts(data.get("locations"))
                     for _, d in _dicts(loc.get("discoveries")) if isinstance(d.get("name"), str)]
    known["item"] += [item["name"] for _, c in _dicts(data.get("characters"))
                      for _, item in _dicts(c.get("inventory")) if isinstance(item.get("name"), str)]
    problems = []
    for i, quest in _dicts(data.get("quests")):
        places = [(f"quests[{i}].starts_when[{k}]", c) for k, c in _dicts(quest.get("starts_when"))]
        for j, objective in _dicts(quest.get("objectives")):
            places += [(f"quests[{i}].objectives[{j}].when[{k}]", c) for k, c in _dicts(objective.get("when"))]
        for path, cond in places:
            what = _KINDS.get(cond.get("kind"))
            problems += _check(path, "name", cond.get("name"), what, known)
            if cond.get("kind") == "deed":
                problems += _check(path, "place", cond.get("place"), "location", known)
    return problems


def _check(path: str, key: str, name: Any, what: str | None, known: dict[str, list[str]]) -> list[tuple[str, str]]:
    if what is None or not isinstance(name, str):
        return []
    names = known[what]
    if name.casefold() in {n.casefold() for n in names}:
        return []
    close = difflib.get_close_matches(name.casefold(), [n.casefold() for n in names], n=1, cutoff=0.6)
    hint = f" Did you mean {next(n for n in names if n.casefold() == close[0])!r}?" if close else ""
    article = "an" if what[0] in "AEIOUaeiou" or what == "NPC" else "a"
    return [(f"{path}.{key}", f"{name!r} is not {article} {what} in this campaign.{hint}")]
