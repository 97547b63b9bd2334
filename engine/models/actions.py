"""What happens at the table: dice rolls, state changes, NPC replies, history entries."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from engine.models.action_type import ActionType
from engine.models.facts import Fact
from engine.models.reading import IntentView


class EntryKind(StrEnum):
    """Who made a history entry: a player through player_action, or the DM directly."""

    PLAYER_ACTION = "player_action"
    DM_ROLL = "dm_roll"
    DM_CHANGE = "dm_change"
    DM_FACT = "dm_fact"
    DM_REST = "dm_rest"
    DM_COMBAT = "dm_combat"
    DM_LEARNINGS = "dm_learnings"


class DiceRoll(BaseModel):
    """One roll made by the engine."""

    notation: str
    total: int
    detail: str = Field("", description="The roll as d20 renders it, e.g. '1d20 (17) + 5 = `22`'")
    purpose: str | None = None
    roller: str | None = None
    natural: int | None = Field(None, description="The kept d20 face, for d20 rolls")
    advantage: str | None = Field(None, description="'advantage' or 'disadvantage'")
    critical: bool = False
    fumble: bool = False
    dc: int | None = Field(None, description="DC or AC the roll was made against")
    success: bool | None = None


class StateChange(BaseModel):
    """A change to the game state, as a person reads it."""

    target: str = Field(description="Who or what changed: a character, NPC, quest, 'party', 'combat'")
    kind: str = Field(description="hp, temp_hp, condition_add, condition_remove, location, quest_status, "
                                  "attitude, inventory_add, inventory_remove, combat_start, combat_end, "
                                  "initiative, death_save, xp, hit_dice, spell_slot, rest, time, fact")
    before: Any = None
    after: Any = None
    description: str = ""


class NPCResponse(BaseModel):
    npc: str
    text: str
    attitude_before: str | None = None
    attitude_after: str | None = None
    revealed_secret: str | None = None
    # What the question was about and how the NPC speaks, so any narrator answers that and in that voice.
    topic: str | None = Field(None, description="The topic the question was matched to, or what it named")
    topic_words: list[str] = Field(default_factory=list, description="Words an answer on the topic contains")
    voice: str | None = None
    topics: list[str] = Field(default_factory=list, description="Everything this NPC can be asked about")
    gesture: str | None = Field(None, description="A mannerism told before the line")


class PatchOp(BaseModel):
    """One value changed in the session state: enough to redo or undo it exactly."""

    path: list[str | int]
    # "set": value replaced; "add"/"remove": a list element inserted or removed at the index.
    op: str = "set"
    before: Any = None
    after: Any = None


class DmChange(BaseModel):
    """A DM's direct change as structured data, so a face shows it without parsing `action` back."""

    kind: str = Field(description="hp, temp_hp, condition_add, condition_remove, move, quest, attitude, ...")
    target: str | None = None
    value: str | int | None = None
    rounds: int | None = None


class HistoryEntry(BaseModel):
    """One accepted change to a session, as written to the journal and action_history.json."""

    turn: int
    timestamp: datetime
    kind: EntryKind
    actor: str | None = None
    action: str = Field(description="What was asked: the player's words or the DM command")
    action_type: ActionType | None = None
    narrative: str = ""
    dice_rolls: list[DiceRoll] = Field(default_factory=list)
    state_changes: list[StateChange] = Field(default_factory=list)
    npc_responses: list[NPCResponse] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    dm_change: DmChange | None = Field(default=None, description="Set on DM_CHANGE entries")
    # Exact redo/undo data: the state patch and the facts touched.
    patch: list[PatchOp] = Field(default_factory=list)
    facts_added: list[Fact] = Field(default_factory=list)
    facts_superseded: dict[str, str] = Field(
        default_factory=dict, description="Old fact id -> id of the fact (added here) that superseded it")


class ActionResponse(BaseModel):
    """What player_action returns (seed 002), plus the turn, the acting character, the dice log and the
    reading of the line."""

    narrative: str
    action_type: ActionType
    state_changes: list[StateChange] = Field(default_factory=list)
    dice_rolls: list[DiceRoll] = Field(default_factory=list)
    npc_responses: list[NPCResponse] = Field(default_factory=list)
    follow_up_options: list[str] | None = None
    warnings: list[str] = Field(default_factory=list)
    turn_number: int
    character_name: str | None = None
    dice_log: list[str] = Field(default_factory=list, description=(
        "The turn's dice and bookkeeping, one line each and each fact once (initiative in one line, whose turn "
        "last): what a table shows beside the narrative, which tells the story without the numbers"))
    intent: IntentView | None = Field(None, description=(
        "How the engine read the player's line (kind, target, destination, spell, the parts of a compound "
        "line, the question asked back when it was unclear), with `read_as` on one line. Derived, not "
        "recorded: absent when the turn did not go through the parser (a DM change, a DM combat control, "
        "a roll), and never part of the history, so replay and undo do without it"))
