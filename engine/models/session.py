"""Sessions: metadata, the saved state, the index, and what each SessionManager call returns."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from engine.models.actions import DiceRoll, HistoryEntry, StateChange
from engine.models.coins import Coins
from engine.models.combat import CombatView
from engine.models.facts import Fact, FactRecordResult
from engine.models.learnings import Learning, LearningList, SaveScope
from engine.models.world import Campaign

SCHEMA_VERSION = 1


class SessionStatus(StrEnum):
    ACTIVE = "active"
    PAUSED = "paused"
    ENDED = "ended"


class SessionSchema(BaseModel):
    """Seed 001's SessionSchema, plus the DM's notes: what a host or the DM writes about a session."""

    objective: str = Field("", description="What this session aimed to accomplish")
    actions_taken: list[str] = Field(default_factory=list, description="What was actually done")
    decisions_made: list[str] = Field(default_factory=list, description="Key decisions reached (brief)")
    open_items: list[str] = Field(default_factory=list, description="Unresolved questions or blockers")
    next_actions: list[str] = Field(default_factory=list, description="Concrete next steps")
    save_scope: SaveScope = Field(SaveScope.PROJECT, description="Where to save: 'project' (the campaign), "
                                  "'global' (every campaign) or 'focus'")
    notes: str | None = None


class SessionSummary(SessionSchema):
    """A session's summary as stored: what was written, plus the quest progress the engine computed."""

    quest_progress: list[str] = Field(
        default_factory=list, description="Each quest's status and objectives, [x] done or [ ] not yet")


# Seed 001's name for it.


class SessionMetadata(BaseModel):
    """session_meta.json (seed 000's SessionMetadata plus name, seed, narrator, end_reason)."""

    schema_version: int = SCHEMA_VERSION
    session_id: str
    name: str
    campaign_name: str
    module_id: str | None = None
    status: SessionStatus = SessionStatus.ACTIVE
    created_at: datetime
    last_active: datetime
    total_duration_minutes: int = 0
    action_count: int = 0
    save_notes: str | None = None
    end_reason: str | None = None
    seed: int
    narrator: str = "offline"
    summary: SessionSummary | None = None
    # "host" when an MCP host stored its own summary (store_session_with_learnings): kept at end.
    summary_source: str = "archivist"
    stats: SessionStats | None = None
    # False between an end's save and its world reaching campaign.json; a crash in that window is
    # finished (rolled forward) before the campaign is next used.
    world_committed: bool = True


class RngState(BaseModel):
    """Dice randomness: every roll draws from Random(f"{seed}:{counter}"), so the state is one integer."""

    seed: int
    counter: int = 0


class SessionState(BaseModel):
    """state_snapshot.json: everything that changes during play except facts and history."""

    schema_version: int = SCHEMA_VERSION
    world: Campaign
    rng: RngState
    turn: int = 0
    selected_character: str | None = None
    narrator: str = "offline"
    # The last journal line folded into this snapshot; recovery replays only later lines.
    journal_seq: int = 0
    # What store_session_with_learnings saved: in the journaled state, so undo and recovery cover it.
    host_summary: SessionSummary | None = None
    learnings: list[Learning] = Field(default_factory=list)


class ContextSection(BaseModel):
    name: str
    tokens: int
    items: int = 0
    dropped_items: int = 0


class ContextUsage(BaseModel):
    window: int
    used: int
    sections: list[ContextSection] = Field(default_factory=list)
    dropped: list[str] = Field(default_factory=list, description="What was cut and why")
    estimator: str = "chars/4"
    # Real token counts when an LLM provider reports them.
    provider_prompt_tokens: int | None = None
    provider_completion_tokens: int | None = None


class ContextState(BaseModel):
    """context_state.json."""

    schema_version: int = SCHEMA_VERSION
    window: int = 8000
    rolling_summary: str = ""
    summarized_through_turn: int = 0
    last_usage: ContextUsage | None = None


class SessionRecord(BaseModel):
    """One entry of sessions.json's session_history (seed 004)."""

    session_id: str
    name: str
    status: SessionStatus
    started_at: datetime
    ended_at: datetime | None = None
    end_reason: str | None = None
    duration_minutes: int = 0
    action_count: int = 0

    @classmethod
    def of(cls, meta: SessionMetadata, ended_at: datetime | None = None) -> SessionRecord:
        """The index's view of a session: always derived from its metadata, never kept by hand."""
        return cls(session_id=meta.session_id, name=meta.name, status=meta.status, started_at=meta.created_at,
                   ended_at=ended_at, end_reason=meta.end_reason, duration_minutes=meta.total_duration_minutes,
                   action_count=meta.action_count)


class SessionIndex(BaseModel):
    """sessions.json."""

    schema_version: int = SCHEMA_VERSION
    current_session_id: str | None = None
    session_history: list[SessionRecord] = Field(default_factory=list)
    total_sessions: int = 0

    def record(self, meta: SessionMetadata, ended_at: datetime | None = None) -> None:
        """Bring the session's entry (and which session is current) in line with its metadata."""
        rec = SessionRecord.of(meta, ended_at)
        at = next((i for i, r in enumerate(self.session_history) if r.session_id == meta.session_id), None)
        if at is None:
            self.session_history.append(rec)
        else:
            self.session_history[at] = rec
        if meta.status == SessionStatus.ACTIVE:
            self.current_session_id = meta.session_id
        elif self.current_session_id == meta.session_id:
            self.current_session_id = None
        self.total_sessions = len(self.session_history)


# ---- What SessionManager calls return ----

class SessionExport(BaseModel):
    """Everything a session holds, as models: what export_session returns."""

    meta: SessionMetadata
    state: SessionState
    history: list[HistoryEntry]
    facts: list[Fact]


class CampaignInfo(BaseModel):
    name: str
    slug: str
    description: str
    characters: list[str]
    sessions: int
    active_session: str | None = None
    problem: str | None = Field(None, description="Set when the campaign's files cannot be read; says which and why")


class SessionInfo(BaseModel):
    session_id: str
    name: str
    campaign_name: str
    status: SessionStatus
    created_at: datetime
    last_active: datetime
    action_count: int
    total_duration_minutes: int
    narrator: str


class StartSessionResult(BaseModel):
    session_id: str
    name: str
    campaign_name: str
    status: SessionStatus
    seed: int
    narrator: str
    opening: str = Field(description="Opening narration of the scene")
    party: list[str]
    location: str


class CharacterStatus(BaseModel):
    name: str
    class_name: str
    level: int
    hp: int
    hp_max: int
    temp_hp: int
    ac: int
    conditions: list[str]
    unconscious: bool
    dead: bool
    stable: bool = False
    death_saves: str = ""
    hit_dice_remaining: int = 0
    coins: Coins = Field(default_factory=Coins, description="The purse, coin by coin (cp, sp, ep, gp, pp)")
    purse: str = Field("", description="The purse as a DM reads it out: '14 gp, 7 sp'")


class QuestStatusView(BaseModel):
    name: str
    status: str
    objectives: list[str]
    done: list[bool]


class GameStateView(BaseModel):
    location: str
    location_description: str = ""
    exits: list[str] = Field(default_factory=list)
    npcs_present: list[str] = Field(default_factory=list)
    day: int
    time: str
    in_combat: bool
    combat_round: int | None = None
    current_turn: str | None = None
    initiative: list[str] = Field(default_factory=list)
    combat: CombatView | None = Field(None, description="The initiative tracker while a fight is on")


class SessionStateView(BaseModel):
    """get_session_state's answer (seed 000)."""

    session_info: SessionInfo
    game_state: GameStateView | None = None
    party_status: list[CharacterStatus] = Field(default_factory=list)
    recent_history: list[HistoryEntry] | None = None
    active_quests: list[QuestStatusView] = Field(default_factory=list)
    context_usage: ContextUsage | None = None
    full_state: dict[str, Any] | None = Field(None, description="detail_level='full' only")


class SessionStats(BaseModel):
    duration_minutes: int
    action_count: int
    dice_rolled: int
    facts_recorded: int
    combats: int = 0


class EndSessionResult(BaseModel):
    status: str = Field(description="'saved' (paused) or 'ended'; repeating an end is harmless (see message)")
    session_id: str
    session_summary: SessionSummary
    save_path: str
    stats: SessionStats
    message: str = ""
    warnings: list[str] = Field(default_factory=list, description="What the end could not do quietly, e.g. "
                                "entities another session of the campaign changed differently")
    learnings: LearningList = Field(default_factory=LearningList,
                                    description="Decisions and patterns this session stored")


class LoadSessionResult(BaseModel):
    session_id: str
    name: str
    campaign_name: str
    status: SessionStatus
    recap: str
    recovered_from_journal: int = Field(0, description="Journal entries replayed after a crash")
    restored_backups: list[str] = Field(default_factory=list)
    rebuilt_files: list[str] = Field(
        default_factory=list, description="Index files that were unreadable with their backups and were rebuilt")
    action_count: int
    warnings: list[str] = Field(default_factory=list)


class RollResult(BaseModel):
    roll: DiceRoll
    turn_number: int | None = Field(None, description="Set when the roll was recorded in a session")


class ChangeResult(BaseModel):
    turn_number: int
    state_changes: list[StateChange]
    message: str


class RecordFactResult(BaseModel):
    turn_number: int | None
    result: FactRecordResult
    state_changes: list[StateChange] = Field(
        default_factory=list, description="What recording the fact changed: quest objectives it completed")


class UndoResult(BaseModel):
    undone_turn: int
    undone_action: str
    reverted_changes: list[StateChange]
    message: str


class DeleteSessionResult(BaseModel):
    session_id: str
    name: str
    deleted: bool
    message: str


# SessionMetadata names SessionStats, defined further down.
SessionMetadata.model_rebuild()
