"""What every agent receives and returns."""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from engine.models.actions import ActionType, DiceRoll, NPCResponse, StateChange
from engine.models.facts import Fact, FactInput
from engine.models.intent import ActionIntent
from engine.models.sections import PartSection
from engine.models.world import Campaign, Character
from engine.rules.dice import DiceRoller


class ActionBasics(BaseModel):
    """What an action carries from the caller through the orchestrator to every agent.

    The orchestrator's input (engine.play.orchestrator.ActionInput) and each agent's context extend this,
    so a field every agent should see is added here once.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    action: str
    actor: str | None = Field(None, description="Acting character's name, when known")
    extra_context: str | None = None
    out_of_turn: bool = Field(False, description="DM override: the actor may act although it is not their turn "
                                                 "in the fight; their own slot this round is then passed over")
    world: Campaign
    roller: DiceRoller
    turn: int
    recent_history: list[str] = Field(default_factory=list, description="Recent entries, newest last, one line each")
    relevant_facts: list[Fact] = Field(default_factory=list)


class AgentContext(ActionBasics):
    """One action as an agent sees it.

    `world` is the agent's own deep copy: an agent changes it freely through engine code (rules.py);
    the orchestrator diffs it against the original to get the agent's exact patch. A timed-out or
    failed agent's copy is simply discarded.
    """

    normalized: str = Field(description="Lower-cased, whitespace-folded action text")
    action_type: ActionType
    intent: ActionIntent | None = Field(None, description="The parse every agent reads; nobody re-classifies")

    @classmethod
    def for_agent(cls, basics: ActionBasics, action_type: ActionType, world: Campaign,
                  intent: ActionIntent | None = None) -> AgentContext:
        """The context for one agent: the action's shared fields, with `world` as the agent's own copy."""
        shared = {name: getattr(basics, name) for name in ActionBasics.model_fields}
        return cls(**{**shared, "world": world}, normalized=" ".join(basics.action.split()).lower(),
                   action_type=action_type, intent=intent)


class AgentResult(BaseModel):
    agent: str
    state_changes: list[StateChange] = Field(default_factory=list)
    dice_rolls: list[DiceRoll] = Field(default_factory=list)
    npc_responses: list[NPCResponse] = Field(default_factory=list)
    facts: list[FactInput] = Field(default_factory=list)
    beats: list[str] = Field(default_factory=list, description="Plain statements of what happened, for the narrator")
    follow_up_options: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    actor: str | None = Field(None, description="Who the agent had act when the action named nobody")
    bonus_action: bool = Field(False, description="The act was a Bonus Action (a spell cast as one)")
    sections: list[PartSection] = Field(default_factory=list, description="Where each act of a compound action "
                                        "ends in this result, in the order done; what follows is after the acts")

    def close_part(self, part: int) -> None:
        """What this result holds since the last part closed tells part `part` (its index in the intent's parts)."""
        self.sections.append(PartSection(part=part, beats=len(self.beats), dice_rolls=len(self.dice_rolls),
                                         state_changes=len(self.state_changes),
                                         npc_responses=len(self.npc_responses)))


class Agent(Protocol):
    name: str

    async def handle(self, ctx: AgentContext) -> AgentResult:
        ...


def acting_character(ctx: AgentContext, result: AgentResult, *, must_act: bool = True) -> Character | None:
    """The acting character in ctx.world; without an actor, the first one who can act (with a warning)."""
    world = ctx.world
    pc = world.character(ctx.actor) if ctx.actor else None
    if pc is None:
        pc = next((c for c in world.characters if not c.dead and c.hp.current > 0), None)
        if pc is None:
            result.warnings.append("Nobody in the party can act: everyone is down.")
            return None
        if len(world.characters) > 1:
            result.warnings.append(f"No acting character was given; assumed {pc.name}. Pick a character to be exact.")
        result.actor = pc.name
    if must_act and (pc.dead or pc.hp.current <= 0):
        state = "dead" if pc.dead else "unconscious at 0 HP"
        result.warnings.append(f"{pc.name} is {state} and cannot act.")
        result.beats.append(f"{pc.name} is {state} and cannot act.")  # told, so the table never hears them "say" it
        return None
    return pc


def party_here(world: Campaign) -> list[Character]:
    return [c for c in world.characters if not c.dead]


def npc_aimed_here(ctx: AgentContext) -> str | None:
    """The NPC standing here whom the parse names as the target (the foe attacked, the pocket picked)."""
    ref = ctx.intent.target_ref if ctx.intent is not None else None
    if ref is None or ref.kind != "npc":
        return None
    npc = ctx.world.npc(ref.name)
    here = ctx.world.game_state.party_location.casefold()
    return npc.name if npc is not None and (npc.location or "").casefold() == here else None
