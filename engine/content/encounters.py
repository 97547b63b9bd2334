"""An encounter the DM describes ("goblin warrior x4, bugbear warrior") as monsters with their XP."""

from __future__ import annotations

import re

from engine.content.bestiary import to_monster
from engine.content.catalogue import find_creature
from engine.errors import InvalidInputError
from engine.models.catalogue import EncounterMonster
from engine.models.world import Campaign, Monster

MAX_COUNT = 100
_COUNTED = re.compile(r"^(?:(\d+)\s*[x×]?\s+)?(.+?)(?:\s*[x×]\s*(\d+))?$", re.IGNORECASE)


def parse(text: str) -> list[tuple[str, int]]:
    """"goblin warrior x4, 2 bugbear warriors" -> [("goblin warrior", 4), ("bugbear warriors", 2)]."""
    out: list[tuple[str, int]] = []
    for part in (p.strip() for p in re.split(r"[,;]|\band\b", text)):
        if not part:
            continue
        found = _COUNTED.match(part)
        assert found is not None  # the pattern matches any non-empty text
        count = int(found.group(3) or found.group(1) or 1)
        if not 1 <= count <= MAX_COUNT:
            raise InvalidInputError(f"{part!r}: a count runs 1 to {MAX_COUNT}.")
        out.append((found.group(2).strip(), count))
    if not out:
        raise InvalidInputError("Name the monsters, e.g. 'goblin warrior x4, bugbear warrior'.")
    return out


def block(world: Campaign | None, name: str) -> Monster:
    own = world.monster(name) if world is not None else None
    return own if own is not None else to_monster(find_creature(name))


def monsters(world: Campaign | None, text: str) -> list[EncounterMonster]:
    merged: dict[str, EncounterMonster] = {}
    for name, count in parse(text):
        found = block(world, name)
        if found.name in merged:
            merged[found.name].count += count
        else:
            merged[found.name] = EncounterMonster(name=found.name, count=count, cr=found.challenge, xp=found.xp)
    return list(merged.values())
