"""What a session teaches the table (seed 001): decisions and patterns, and the batch save's answer.

A learning lives in the state of the session that produced it (journaled like every change, so undo and
crash recovery treat it exactly like HP or a fact); the campaign's and the global lists are read across
sessions (engine.session.learnings).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field

from engine.models.facts import DedupOutcome, FactRecordResult


class SaveScope(StrEnum):
    """Seed 001's save_scope: 'project' is the campaign; 'global' reaches every campaign; 'focus' is kept
    with the campaign like 'project', marked as about the thread the session was on."""

    GLOBAL = "global"
    PROJECT = "project"
    FOCUS = "focus"


class LearningKind(StrEnum):
    DECISION = "decision"
    PATTERN = "pattern"


class DecisionType(StrEnum):
    RULING = "ruling"
    HOUSE_RULE = "house_rule"
    STORY = "story"


class PatternType(StrEnum):
    TABLE_ENJOYS = "table_enjoys"
    TACTIC = "tactic"
    OTHER = "other"


class DecisionSchema(BaseModel):
    """A decision made this session: a DM ruling, a house rule or a story decision."""

    text: str = Field(description="The decision, in one sentence")
    rationale: str | None = Field(None, description="Why, if worth keeping")
    type: DecisionType | None = None


class PatternSchema(BaseModel):
    """A pattern observed or confirmed: what the table enjoys, a recurring tactic."""

    text: str = Field(description="The pattern, in one sentence")
    type: PatternType | None = None


class Learning(BaseModel):
    """A decision or pattern as stored in the producing session's state."""

    id: str
    kind: LearningKind
    text: str
    text_hash: str
    scope: SaveScope = SaveScope.PROJECT
    type: str | None = None
    rationale: str | None = None
    turn: int
    created_at: datetime
    supersedes: str | None = Field(None, description="Id of the learning this one replaced (Jaccard >= 0.70)")


class LearningView(Learning):
    """A learning as the campaign sees it: where it came from and whether a later one replaced it."""

    session_id: str
    session_name: str
    campaign: str
    active: bool = True
    superseded_by: str | None = None


class LearningList(BaseModel):
    decisions: list[LearningView] = Field(default_factory=list)
    patterns: list[LearningView] = Field(default_factory=list)


class ItemResult(BaseModel):
    """Seed 001's per-item result."""

    status: str = Field("saved", description="'saved' or 'failed'")
    artifact_id: str | None = None
    dedup_outcome: DedupOutcome | None = None
    superseded_id: str | None = Field(None, description="Set when dedup_outcome is 'supersede'")
    error: str | None = None


class SaveResult(BaseModel):
    """Seed 001's SaveResult (save_session, and the session part of a batch). artifact_id: the session."""

    status: str = Field("saved", description="'saved' or 'failed'")
    artifact_id: str | None = None
    session_name: str | None = None
    error: str | None = None
    turn_number: int | None = Field(None, description="The history entry to undo it with (undo_last_action)")


class BatchSaveResult(BaseModel):
    """Seed 001's BatchSaveResult, plus the facts this domain also takes."""

    session: SaveResult
    decisions: list[ItemResult] = Field(default_factory=list)
    patterns: list[ItemResult] = Field(default_factory=list)
    facts: list[FactRecordResult] = Field(default_factory=list)
    overall: str = Field(description="'saved', or 'partial' when any part failed")
    turn_number: int | None = Field(None, description="The one history entry holding the whole store")
