"""A player turn resolved for review: what it would record, before anything is recorded."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.models.actions import ActionResponse


class PreparedAction(BaseModel):
    """The answer to prepare_player_action: commit it with commit_prepared, or drop it with discard_prepared."""

    ticket: str = Field(description="Names this prepared turn in commit_prepared / discard_prepared")
    session_id: str
    action: str = Field(description="The player's words, as the engine read them")
    preview: ActionResponse = Field(description="What the turn would record (its turn number included)")
