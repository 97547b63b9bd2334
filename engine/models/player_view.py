"""What the players may see of a session: no NPC secrets, no monster HP numbers, no DM-only entries."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.models.session import CharacterStatus


class SceneView(BaseModel):
    location: str
    description: str = ""
    exits: list[str] = Field(default_factory=list)
    people: list[str] = Field(default_factory=list, description="Living NPCs here, by name only")
    day: int = 1
    time: str = ""


class InitiativeSlot(BaseModel):
    name: str
    kind: str = Field(description="'character' or 'monster'")
    initiative: int
    current: bool = False
    # Characters: "13/20 HP"; monsters: a word only (unhurt, hurt, bloodied, down), never a number.
    health: str
    conditions: list[str] = Field(default_factory=list)


class CombatView(BaseModel):
    round: int
    current_turn: str | None = None
    order: list[InitiativeSlot] = Field(default_factory=list)


class NarrativeLine(BaseModel):
    turn: int
    actor: str
    action: str
    text: str


class PlayerView(BaseModel):
    """One frame of the player view; equal frames mean nothing a player can see has changed."""

    campaign_name: str = ""
    session_name: str = ""
    session_id: str = ""
    status: str = Field("waiting", description="active, paused, ended, or waiting (no session yet)")
    turn: int = 0
    scene: SceneView | None = None
    combat: CombatView | None = None
    party: list[CharacterStatus] = Field(default_factory=list)
    narrative: list[NarrativeLine] = Field(default_factory=list)
    note: str = Field("", description="What the watcher is doing or why it cannot read, for the footer")
