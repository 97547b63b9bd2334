"""The fight as the DM's initiative tracker shows it, and what a DM combat control returns."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.models.actions import DiceRoll, StateChange

CombatOperation = Literal["start", "initiative", "add", "remove", "delay", "next", "end"]
COMBAT_OPERATIONS: tuple[str, ...] = ("start", "initiative", "add", "remove", "delay", "next", "end")


class CombatantView(BaseModel):
    """One place in the initiative order, with what a DM reads off a tracker."""

    name: str
    kind: str = Field(description="'character' or 'monster'")
    initiative: int
    hp: int
    hp_max: int
    temp_hp: int = 0
    ac: int
    conditions: list[str] = Field(default_factory=list, description="'poisoned (2 rd)'; no count lasts until removed")
    concentration: str | None = Field(None, description="The spell it concentrates on")
    current: bool = False
    down: bool = Field(False, description="A defeated monster, a dead character or one at 0 HP")
    used: list[str] = Field(default_factory=list, description="What its latest turn spent: action, bonus action, "
                                                              "movement, reaction")
    stat_block: str | None = Field(None, description="The monster stat block a monster fights with")


class CombatView(BaseModel):
    round: int
    current: str | None
    order: list[CombatantView]


class CombatControlResult(BaseModel):
    """combat_control's answer: what changed, the rolls it made, and the fight afterwards."""

    operation: str
    turn_number: int = Field(description="The history entry that records it (undo_last takes it back)")
    changes: list[StateChange] = Field(default_factory=list)
    dice_rolls: list[DiceRoll] = Field(default_factory=list)
    combat: CombatView | None = Field(None, description="The tracker after the change; None once the fight ended")
    message: str = ""
