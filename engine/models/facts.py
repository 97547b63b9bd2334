"""Facts the table has established."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field


class FactCategory(StrEnum):
    NPC = "npc"
    LOCATION = "location"
    ITEM = "item"
    EVENT = "event"
    QUEST = "quest"
    WORLD = "world"


class FactStatus(StrEnum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"


class DedupOutcome(StrEnum):
    NEW = "new"
    DUPLICATE_SKIP = "duplicate_skip"
    SUPERSEDE = "supersede"


class Fact(BaseModel):
    id: str
    category: FactCategory
    subject: str
    text: str
    turn: int = 0
    created_at: datetime
    updated_at: datetime
    status: FactStatus = FactStatus.ACTIVE
    superseded_by: str | None = None
    text_hash: str = Field("", description="SHA-256 of the normalized text")


class FactRecordResult(BaseModel):
    """The outcome of recording one fact."""

    status: str = Field("saved", description="'saved' or 'failed'")
    fact_id: str | None = None
    dedup_outcome: DedupOutcome | None = None
    superseded_fact_id: str | None = None
    contradictions: list[str] = Field(default_factory=list, description="Active facts this one contradicts")
    error: str | None = None


class FactInput(BaseModel):
    """A fact as a caller supplies it."""

    text: str = Field(min_length=1, max_length=2000)
    category: FactCategory = FactCategory.WORLD
    subject: str | None = Field(None, description="Who or what the fact is about; guessed from the text if omitted")


class FactQueryResult(BaseModel):
    facts: list[Fact]
    total_matches: int
