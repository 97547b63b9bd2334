"""A spell lasting on a creature's sheet until a time on the game clock."""

from __future__ import annotations

from pydantic import BaseModel, Field


class SpellEffect(BaseModel):
    """A spell's lasting effect on a sheet, ending at a time on the game clock (Mage Armor's AC for 8 hours)."""

    spell: str
    caster: str
    ac: int | None = Field(None, description="The AC the spell sets while it lasts")
    ac_before: int | None = Field(None, description="The AC the sheet had before, given back when it ends")
    ends_at: int = Field(description="Game-clock minute it ends at: day * 1440 + minutes")
