"""Quests, their objectives, and the conditions in the world that complete an objective or start a quest.

A condition names something the engine can see: a fact the tracker holds, an item found, an NPC found,
freed or defeated, a place reached or cleared, or a deed done in a player's words. Campaign files written
before conditions existed load unchanged: an objective without conditions is ticked by the DM alone.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field


class QuestStatus(StrEnum):
    NOT_STARTED = "not_started"
    ACTIVE = "active"
    COMPLETED = "completed"
    FAILED = "failed"


class FactCondition(BaseModel):
    """Met when an active fact says what `text` claims (same subject, attribute and value)."""

    kind: Literal["fact"] = "fact"
    text: str = Field(description="The claim, as a short sentence: 'The Gannet Point lamp is lit'")
    subject: str | None = Field(None, description="Who a pronoun in the text stands for")


class ItemCondition(BaseModel):
    """Met when a discovery of that name is found anywhere, or a party member carries an item of that name."""

    kind: Literal["item"] = "item"
    name: str


class NpcCondition(BaseModel):
    """found: the party is where the NPC is; freed: the NPC is no longer captive; defeated: the NPC is dead,
    or beaten in a fight."""

    kind: Literal["npc"] = "npc"
    name: str
    state: Literal["found", "freed", "defeated"] = "found"


class PlaceCondition(BaseModel):
    """reached: the party is there or has been; cleared: nothing hostile lurks there any more."""

    kind: Literal["place"] = "place"
    name: str
    state: Literal["reached", "cleared"] = "reached"


class DeedCondition(BaseModel):
    """Met by a player action whose words include every word of one of the phrases (in any order)."""

    kind: Literal["deed"] = "deed"
    phrases: list[str] = Field(min_length=1, description="Alternatives: 'relight the lamp', 'light the lamp'")
    place: str | None = Field(None, description="Where the deed must be done")


QuestCondition = Annotated[FactCondition | ItemCondition | NpcCondition | PlaceCondition | DeedCondition,
                           Field(discriminator="kind")]


class Objective(BaseModel):
    text: str
    done: bool = False
    when: list[QuestCondition] = Field(
        default_factory=list, description="Conditions that complete the objective; none: the DM ticks it")
    needs: Literal["any", "all"] = Field("any", description="Whether any one condition completes it, or all")
    by_hand: bool = Field(False, description="The DM ticked or unticked it: its conditions no longer decide it")


class Quest(BaseModel):
    name: str
    description: str = ""
    giver: str | None = None
    status: QuestStatus = QuestStatus.NOT_STARTED
    objectives: list[Objective] = Field(default_factory=list)
    xp_reward: int = Field(0, description="Shared by the living party when the quest first completes")
    rewarded: bool = Field(False, description="Its XP has been given (a quest pays once)")
    starts_when: list[QuestCondition] = Field(
        default_factory=list, description="Conditions (any one) that make a quest not yet begun active")

    def progress(self) -> str:
        done = sum(o.done for o in self.objectives)
        return f"{done}/{len(self.objectives)}"
