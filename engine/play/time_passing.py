"""What time passing does on its own. Concentration that outlasts its spell ends: the SRD gives each
spell's duration ("Concentration, up to 1 minute"), and travel, a rest or a failed search that takes
longer ends it, so a Sleep cast in a fight is not held eleven hours later. A stable character at 0 HP
"regains 1 Hit Point after 1d4 hours" (SRD 5.2): four hours are always enough. A spell lasting on a sheet
(Mage Armor, 8 hours) ends when its time is up."""

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
from engine.rules.mage_armor import expire as expire_effects

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


STABLE_WAKES_MINUTES = 4 * 60  # the longest of "1d4 hours"


def time_passed(before: Campaign, after: Campaign) -> list[StateChange]:
    """In `after`, what the time that passed since `before` settles: outlasted concentration, stable
    characters coming to."""
    elapsed = _clock(after) - _clock(before)
    if elapsed <= 0:
        return []
    changes = _outlasted(after, elapsed) + expire_effects(after)
    for pc in after.characters:
        if not pc.dead and pc.stable and pc.hp.current == 0 and elapsed >= STABLE_WAKES_MINUTES:
            changes += rules.apply_healing(pc, 1)
    return changes


def _outlasted(after: Campaign, elapsed: int) -> list[StateChange]:
    changes: list[StateChange] = []
    creatures = everyone(after)
    for creature in creatures:
        spell = creature.concentration
        limit = duration_minutes(spell) if spell else None
        if limit is not None and elapsed >= limit:
            changes += rules.end_concentration(creature, "its duration ran out", creatures)
    return changes
