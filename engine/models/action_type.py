"""What kind of act a player's line is: seed 002's eight action types, and the parser's finer kinds.

One home for both, apart from the models that use them, so the action response (engine.models.actions)
can carry a reading of the intent (engine.models.reading) without an import cycle through the intent model.
"""

from __future__ import annotations

from enum import StrEnum


class ActionType(StrEnum):
    COMBAT = "combat"
    ROLEPLAY = "roleplay"
    EXPLORATION = "exploration"
    PUZZLE = "puzzle"
    SKILL_CHECK = "skill_check"
    REST = "rest"
    INVENTORY = "inventory"
    MIXED = "mixed"


# Seed 002's eight action types plus QUESTION (a question to the DM, answered without a roll), derived
# so a new action type reaches the intent by itself.
IntentKind = StrEnum("IntentKind", {**{t.name: t.value for t in ActionType}, "QUESTION": "question"})
