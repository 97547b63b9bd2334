"""Concentration that outlasts its spell: time passing ends it. The SRD gives each spell's duration
("Concentration, up to 1 minute"); travel, a rest or a failed search that takes longer ends it, so a
Sleep cast in a fight is not still held eleven hours later."""

from __future__ import annotations

import re
from functools import cache

from engine import rules
from engine.content.catalogue import find_spell
from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import StateChange
from engine.models.world import Campaign
from engine.play.agents.turn_flow import everyone
from engine.rules.clock import MINUTES_PER_DAY

_UNITS = {"round": 0.1, "minute": 1, "hour": 60, "day": MINUTES_PER_DAY}


@cache
def duration_minutes(spell: str) -> float | None:
    """How long a concentration spell lasts at most, in minutes (a round is 6 seconds); None if unknown."""
    try:
        said = find_spell(spell).duration.lower()
    except (NotFoundError, InvalidInputError):
        return None
    found = re.search(r"(\d+)\s+(round|minute|hour|day)s?", said)
    return int(found.group(1)) * _UNITS[found.group(2)] if found else None


def _clock(world: Campaign) -> int:
    return world.game_state.day * MINUTES_PER_DAY + world.game_state.minutes


def outlasted(before: Campaign, after: Campaign) -> list[StateChange]:
    """End, in `after`, every concentration the time that passed since `before` has outlasted."""
    elapsed = _clock(after) - _clock(before)
    if elapsed <= 0:
        return []
    changes: list[StateChange] = []
    creatures = everyone(after)
    for creature in creatures:
        spell = creature.concentration
        limit = duration_minutes(spell) if spell else None
        if limit is not None and elapsed >= limit:
            changes += rules.end_concentration(creature, "its duration ran out", creatures)
    return changes
