"""The Narrator protocol: turns resolved mechanics into prose. It never decides outcomes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field

from engine.models.actions import ActionType, DiceRoll, NPCResponse, StateChange
from engine.models.facts import FactInput
from engine.models.sections import PartSection


class Build(BaseModel):
    """What a creature has that a blow can meet, read from its sheet or stat block: the narrator never gives a
    crab a shield or an unarmoured wizard armour."""

    armour: str | None = Field(None, description="The armour worn, as said in a sentence ('chain mail'); None: none")
    shield: bool = False
    humanoid: bool = Field(True, description="Hands, a voice and gear (a forearm to block with, gear to glance off)")


class NarrationRequest(BaseModel):
    """Everything a narrator may use: the resolved outcome and the budgeted context."""

    session_seed: int
    turn: int
    action: str
    actor: str | None = None
    action_type: ActionType
    location: str
    # The resolved outcome: the narrator must not contradict any of it.
    beats: list[str] = Field(default_factory=list, description="Plain statements of what happened, in order")
    dice_rolls: list[DiceRoll] = Field(default_factory=list)
    state_changes: list[StateChange] = Field(default_factory=list)
    npc_responses: list[NPCResponse] = Field(default_factory=list)
    sections: list[PartSection] = Field(default_factory=list, description="A compound action: where each act ends "
                                        "in the lists above, in the order said (tell them in that order)")
    # The context manager's budgeted prompt text (style, scene, party, facts, history, summary).
    context: str = ""
    style: str = ""
    builds: dict[str, Build] = Field(default_factory=dict, description="By creature name (party and foes in the "
                                     "fight); one not here has gear the narrator does not know, so none is told")

    def stretches(self) -> list[NarrationRequest]:
        """One request per act of a compound action, in the order said (then what followed the acts); the
        request itself when the action is one act."""
        if len(self.sections) < 2:
            return [self]
        out: list[NarrationRequest] = []
        start = PartSection(part=0)
        for end in self.sections:
            out.append(self.model_copy(update={
                "beats": self.beats[start.beats:end.beats], "dice_rolls": self.dice_rolls[start.dice_rolls:end.dice_rolls],
                "state_changes": self.state_changes[start.state_changes:end.state_changes],
                "npc_responses": self.npc_responses[start.npc_responses:end.npc_responses], "sections": []}))
            start = end
        return out


class NarrationResult(BaseModel):
    text: str
    warnings: list[str] = Field(default_factory=list)
    proposed_facts: list[FactInput] = Field(default_factory=list)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


@runtime_checkable
class Narrator(Protocol):
    """A narrator. `name` is shown in the console header and saved in session state."""

    name: str

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        """Return prose for a resolved action."""
        ...

    def stream(self, request: NarrationRequest) -> AsyncIterator[str]:
        """Yield the prose in chunks as it is produced; the joined chunks equal narrate()'s text."""
        ...
