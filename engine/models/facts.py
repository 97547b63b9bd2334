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
    # True when the caller named the subject; a guessed subject never blocks a supersede (seed 001).
    subject_given: bool = False


class FactClash(BaseModel):
    """A contradiction found when recording a fact: both ids and the two claims that clash.

    Neither fact is superseded: the newer one stands as current (`winner_id`) and the older stays active
    until the DM settles it (the console asks; an MCP host gets both ids).
    """

    fact_id: str = Field(description="The earlier, still active fact the new one contradicts")
    fact_text: str
    new_fact_id: str
    subject: str
    attribute: str = Field(description="What they disagree about: 'lock', 'life', 'colour', 'loc', ...")
    claim: str = Field(description="The earlier fact's claim, e.g. 'lamp room door: open = open'")
    new_claim: str
    winner_id: str = Field(description="The fact that stands as current until the DM decides: the newer one")
    message: str


class FactRecordResult(BaseModel):
    """The outcome of recording one fact."""

    status: str = Field("saved", description="'saved' or 'failed'")
    fact_id: str | None = None
    dedup_outcome: DedupOutcome | None = None
    superseded_fact_id: str | None = None
    contradictions: list[str] = Field(default_factory=list, description="Active facts this one contradicts")
    clashes: list[FactClash] = Field(default_factory=list, description="The same contradictions: ids and claims")
    error: str | None = None


class FactInput(BaseModel):
    """A fact as a caller supplies it."""

    text: str = Field(min_length=1, max_length=2000)
    category: FactCategory = FactCategory.WORLD
    subject: str | None = Field(None, description="Who or what the fact is about; guessed from the text if omitted")


class FactQueryResult(BaseModel):
    facts: list[Fact]
    total_matches: int
