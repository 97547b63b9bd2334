"""The game clock: how a time of day reads, and time passing (travel, rests, the DM's say-so)."""

from __future__ import annotations

from engine.models.actions import StateChange
from engine.models.world import Campaign

MINUTES_PER_DAY = 24 * 60


def clock_text(minutes: int) -> str:
    """Minutes since midnight as "08:00"."""
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


def day_clock_text(day: int, minutes: int) -> str:
    return f"day {day}, {clock_text(minutes)}"


def advance_time(world: Campaign, minutes: int, why: str) -> StateChange:
    """Moves the party's clock on by `minutes` (rolling over days); `why` leads the description."""
    state = world.game_state
    before = day_clock_text(state.day, state.minutes)
    total = state.minutes + minutes
    state.day += total // MINUTES_PER_DAY
    state.minutes = total % MINUTES_PER_DAY
    after = day_clock_text(state.day, state.minutes)
    return StateChange(target="party", kind="time", before=before, after=after,
                       description=f"{why}: {minutes} minutes pass ({before} -> {after}).")
