"""Where each act of a compound turn ends in the turn's outcome, so it is told in the order it was said."""

from __future__ import annotations

from pydantic import BaseModel, Field


class PartSection(BaseModel):
    """One act's stretch of a turn's outcome lists: the ends (exclusive) of its beats, dice rolls, state changes
    and NPC replies, each counted from the start of the lists. A stretch follows the one before it."""

    part: int = Field(description="The act told: its index in ActionIntent.parts; -1 for what follows the acts "
                                  "(the monsters' turns, the time passing)")
    beats: int = 0
    dice_rolls: int = 0
    state_changes: int = 0
    npc_responses: int = 0
