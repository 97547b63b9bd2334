"""pydantic v2 models, one per concept."""

from engine.models.actions import (
    ActionResponse,
    ActionType,
    DiceRoll,
    EntryKind,
    HistoryEntry,
    NPCResponse,
    PatchOp,
    StateChange,
)
from engine.models.facts import (
    DedupOutcome,
    Fact,
    FactCategory,
    FactInput,
    FactQueryResult,
    FactRecordResult,
    FactStatus,
)
from engine.models.session import *  # noqa: F403
from engine.models.session import SCHEMA_VERSION
from engine.models.world import *  # noqa: F403

__all__ = [
    "ActionResponse", "ActionType", "DiceRoll", "EntryKind", "HistoryEntry", "NPCResponse", "PatchOp",
    "StateChange", "DedupOutcome", "Fact", "FactCategory", "FactInput", "FactQueryResult",
    "FactRecordResult", "FactStatus", "SCHEMA_VERSION",
]
