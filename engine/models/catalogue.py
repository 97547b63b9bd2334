"""What the SRD catalogue answers through the API: cards, search hits, spawns, encounter difficulty."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from engine.models.actions import DiceRoll, StateChange


class CatalogueKind(StrEnum):
    MONSTER = "monster"
    SPELL = "spell"
    ITEM = "item"
    CONDITION = "condition"


class CatalogueEntry(BaseModel):
    kind: CatalogueKind
    name: str
    summary: str = Field(description="One line: type and CR for a monster, level and school for a spell")


class CardResult(BaseModel):
    kind: CatalogueKind
    name: str
    markdown: str = Field(description="The full card (stat block, spell text, item text) as Markdown")
    credit: str = "SRD 5.2.1, CC-BY-4.0"


class SearchResult(BaseModel):
    kind: CatalogueKind
    query: str = ""
    entries: list[CatalogueEntry] = Field(default_factory=list)
    total: int = Field(0, description="How many matched before the limit")


class SpawnResult(BaseModel):
    turn_number: int
    names: list[str] = Field(description="The creatures that arrived, numbered when several")
    in_fight: bool = Field(description="True when they joined the running fight, else they wait in the scene")
    dice_rolls: list[DiceRoll] = Field(default_factory=list)
    state_changes: list[StateChange] = Field(default_factory=list)
    message: str


class EncounterMonster(BaseModel):
    name: str
    count: int = Field(ge=1)
    cr: str
    xp: int


class EncounterDifficulty(BaseModel):
    """SRD 5.2 "Combat Encounter Difficulty": the monsters' XP against the party's budgets."""

    party_levels: list[int]
    monsters: list[EncounterMonster]
    total_xp: int
    budgets: dict[str, int] = Field(description="low, moderate and high XP budgets for this party")
    difficulty: str = Field(description="low, moderate, high or beyond high")
    message: str
