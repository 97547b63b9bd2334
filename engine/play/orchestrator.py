"""The orchestrator: classify an action, run the chosen agents side by side on their own copies of
the world, merge their exact patches, and have the result narrated.

An agent that times out or raises loses its part of the action (with a warning) and the others
stand; only when every chosen agent fails is the action refused. The input world is never touched.

With an `on_narration` callback the narration is streamed (engine.play.narrate_turn). Before it, the
caller folds the text and finds who acts (engine.play.actor); the agents' patches are merged by
engine.play.agent_merge.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from pydantic import BaseModel, Field

from engine import rules
from engine.errors import AgentFailureError, CannotActError, OutOfTurnError
from engine.models.actions import ActionType, DiceRoll, NPCResponse, StateChange
from engine.models.facts import FactInput
from engine.models.intent import ActionIntent
from engine.models.sections import PartSection
from engine.models.world import Campaign
from engine.narration.base import NarrationRequest, NarrationResult, Narrator
from engine.narration.offline import OfflineNarrator
from engine.narration.resilient import Done
from engine.play.agent_merge import merge_patches
from engine.play.agents import turn_order
from engine.play.agents.base import ActionBasics, Agent, AgentContext, AgentResult
from engine.play.agents.combat import CombatAgent
from engine.play.agents.exploration import ExplorationAgent
from engine.play.agents.rules_agent import RulesAgent
from engine.play.agents.social import SocialAgent
from engine.play.builds import builds
from engine.play.deciding import AGENT_FOR
from engine.play.entities import PRONOUNS
from engine.play.frames import without_speaker
from engine.play.intent import IntentResult, parse, understand
from engine.play.narrate_turn import NARRATION_TIMEOUT, NarrationCallback, emit, narrate
from engine.play.parsers import IntentParser, OfflineIntentParser
from engine.play.said_order import in_said_order
from engine.play.time_passing import time_passed
from engine.play.world_memo import holding_still
from engine.text import words

DEFAULT_FOLLOW_UPS: dict[ActionType, list[str]] = {
    ActionType.COMBAT: ["Attack again", "Dodge", "Drink a healing potion"],
    ActionType.ROLEPLAY: ["Ask what they know", "Try to persuade them", "Take your leave"],
    ActionType.EXPLORATION: ["Search the area", "Look around", "Move on"],
    ActionType.PUZZLE: ["Study it more closely", "Try another approach", "Look for clues"],
    ActionType.SKILL_CHECK: ["Try again another way", "Ask for help", "Press on"],
    ActionType.REST: ["Press on", "Look around", "Talk over the plan"],
    ActionType.INVENTORY: ["Check inventory", "Look around"],
}


def default_agents() -> dict[str, Agent]:
    """The standard table: one agent per name the intent classifier routes to."""
    return {"combat": CombatAgent(), "social": SocialAgent(), "exploration": ExplorationAgent(),
            "rules": RulesAgent()}

class ActionInput(ActionBasics):
    """One action for the orchestrator: what every agent sees, plus what only the narration needs."""

    context_text: str = ""
    style: str = ""
    seed: int = 0
    last_target: str | None = Field(None, description="Who the previous action was aimed at, for 'him'/'her'; "
                                                       "when unset it is read from recent_history")
    # A session already holds both of these; without them the orchestrator makes its own.
    world_doc: dict[str, Any] | None = Field(None, description="world.model_dump(mode='json'), when the caller has "
                                                                "it cached; only read")
    world_copy: Campaign | None = Field(None, description="A deep copy of world that nobody else uses: the first "
                                                          "agent works on it instead of a copy made for it")


class Resolution(BaseModel):
    intent: IntentResult
    action_intent: ActionIntent | None = Field(None, description="The structured parse the agents acted on")
    action_type: ActionType
    world: Campaign = Field(description="The merged new world; the input world object is untouched")
    state_changes: list[StateChange] = Field(default_factory=list)
    dice_rolls: list[DiceRoll] = Field(default_factory=list)
    npc_responses: list[NPCResponse] = Field(default_factory=list)
    facts: list[FactInput] = Field(default_factory=list)
    narrative: str = ""
    follow_up_options: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    actor: str | None = Field(None, description="The actor an agent assumed when the action named nobody")


_HISTORY_LINE = re.compile(r"^T\d+ (?:[^:]{1,60}: )?(.*?)(?: \[[^\]]*\])?$")
PRONOUN_LOOKBACK = 3


def _last_target(inp: ActionInput) -> str | None:
    """Who "him", "her" or "them" means: the caller's last target, else the latest recent action that named
    someone. Read only when the action has a pronoun, from a few lines, so it never grows with history."""
    if inp.last_target or not set(words(inp.action)) & PRONOUNS:
        return inp.last_target
    for line in reversed(inp.recent_history[-PRONOUN_LOOKBACK:]):
        found = _HISTORY_LINE.match(line)
        if found is None:
            continue
        ref = parse(found.group(1), inp.world, inp.actor).target_ref
        if ref is not None and ref.via != "pronoun" and ref.kind != "character":
            return ref.name
    return None


_ACT_AS: dict[ActionType, str] = {
    ActionType.SKILL_CHECK: "Make a skill check", ActionType.EXPLORATION: "Look around",
    ActionType.ROLEPLAY: "Talk to someone", ActionType.COMBAT: "Attack", ActionType.PUZZLE: "Study the puzzle",
    ActionType.INVENTORY: "Check inventory", ActionType.REST: "Rest"}


class Orchestrator:
    def __init__(self, agents: dict[str, Agent] | None = None, narrator: Narrator | None = None,
                 agent_timeout: float = 2.0, narration_timeout: float = NARRATION_TIMEOUT,
                 intent_parser: IntentParser | None = None) -> None:
        self.agents = agents if agents is not None else default_agents()
        # Offline by default; an LLM parser falls back to it (with a warning) on any unfit reply.
        self.parser: IntentParser = intent_parser or OfflineIntentParser()
        self.narrator: Narrator = narrator or OfflineNarrator()
        self.agent_timeout = agent_timeout
        # LLM narrators retry within their own time limits; this is only the backstop.
        self.narration_timeout = narration_timeout

    async def resolve(self, inp: ActionInput, on_narration: NarrationCallback | None = None) -> Resolution:
        # Nothing changes the input world while the action is read, so every parse below (a pronoun's
        # recent lines, the action, its second reading once the turn order names the actor) shares
        # what it asks of the world.
        spoken = without_speaker(inp.action, inp.actor)
        if spoken != inp.action:  # "Tova: bless Bram" as Tova: every agent reads the action, not the label
            inp = inp.model_copy(update={"action": spoken})
        with holding_still():
            # "I hit him again": only an action with a pronoun has its recent lines read, a few at most.
            last = inp.last_target or _last_target(inp)
            offline = isinstance(self.parser, OfflineIntentParser)
            # An action naming nobody in a fight is read once, as the character whose turn it is (the
            # actor the turn order gives it); only a question, which has no turn, is read again as no one's.
            likely = turn_order.acting_now(inp.world) if inp.actor is None and offline else None
            intent, parsed, parse_warnings = await self.parser.parse(inp.action, inp.world, inp.actor or likely, last)
            if likely is not None and turn_order.is_question(parsed):
                intent, parsed, parse_warnings = await self.parser.parse(inp.action, inp.world, None, last)
            ask_back = bool(parsed.clarify) and (intent.action_type == ActionType.SKILL_CHECK or bool(parsed.unresolved)
                                                 or parsed.confidence == 0.0)
            if not ask_back:
                # In a fight, only the creature whose turn it is acts (unless the DM overrides).
                verdict = turn_order.gate(inp.world, inp.actor, inp.out_of_turn, parsed)
                assumed = verdict.actor if inp.actor is None else None  # reported like an agent's assumption
                if verdict.actor != inp.actor:
                    inp = inp.model_copy(update={"actor": verdict.actor})
                    if offline and verdict.actor != likely:
                        intent, parsed = understand(inp.action, inp.world, inp.actor, last)
                    elif not offline:  # one LLM call per action: the checked parse stands, only its actor changes
                        parsed = parsed.model_copy(update={"actor": verdict.actor})
        if ask_back:
            return await self._ask_back(inp, intent, parsed, on_narration, parse_warnings)
        if verdict.refusal is not None:
            return await self._refuse(inp, intent, parsed, verdict, on_narration, parse_warnings)
        plan = self._plan(intent)
        if parsed.question and all(name != "exploration" for name, _ in plan):
            plan.insert(0, ("exploration", ActionType.EXPLORATION))  # the question part is answered there
        original = inp.world_doc if inp.world_doc is not None else inp.world.model_dump(mode="json")
        warnings: list[str] = []
        outcomes = await asyncio.gather(*(self._run(name, action_type, inp, original, parsed,
                                                    inp.world_copy if i == 0 else None)
                                          for i, (name, action_type) in enumerate(plan)))
        finished: list[tuple[AgentResult, Campaign]] = []
        for outcome in outcomes:
            if isinstance(outcome, str):
                warnings.append(outcome)
            else:
                finished.append(outcome)
        if not finished:
            raise AgentFailureError("Every agent handling this action failed, so nothing happened: "
                                    + "; ".join(warnings) + ". Try rephrasing the action.")
        if len(finished) == 1:
            # One agent: its world is the merge (nothing to clash with), without a dump, diff and validate.
            world = finished[0][1]
        else:
            # A fresh dump is an independent copy of `original`, far cheaper than deepcopy.
            merged = merge_patches(original, inp.world.model_dump(mode="json"), finished, warnings)
            world = Campaign.model_validate(merged)
        results = [r for r, _ in finished]
        turn = turn_order.finish(inp, parsed, inp.world, world, results)
        if turn is not None:
            results.append(turn)
        # What follows from the turn as a whole: a fallen NPC is dead; the time that passed does its work.
        results.append(AgentResult(agent="aftermath", state_changes=rules.fallen_npcs(
            world, [c for r in results for c in r.state_changes]) + time_passed(inp.world, world)))
        told = in_said_order(results, parsed)  # a compound action's acts in the order said
        res = Resolution(intent=intent, action_intent=parsed, action_type=intent.action_type, world=world,
                         actor=next((r.actor for r in results if r.actor), assumed),
                         state_changes=told.state_changes, dice_rolls=told.dice_rolls,
                         npc_responses=told.npc_responses, facts=[f for r in results for f in r.facts],
                         warnings=[*parse_warnings, *warnings, *(w for r in results for w in r.warnings)])
        options = [o for r in results for o in r.follow_up_options]
        res.follow_up_options = list(dict.fromkeys(options or DEFAULT_FOLLOW_UPS.get(intent.components[0], [])))
        if parsed.clarify:
            res.warnings.append(f"Unsure what was meant: {parsed.clarify}")
        narration = await self._narrate(inp, res, told.beats, on_narration, told.sections)
        res.narrative = narration.text
        res.warnings += narration.warnings
        # An LLM narrator may propose facts; they go through the fact tracker like any other.
        res.facts += narration.proposed_facts
        res.prompt_tokens, res.completion_tokens = narration.prompt_tokens, narration.completion_tokens
        return res

    async def _ask_back(self, inp: ActionInput, intent: IntentResult, parsed: ActionIntent,
                        on_narration: NarrationCallback | None, parse_warnings: list[str]) -> Resolution:
        """Too little to act on: the DM asks what the player means. No roll, nothing changes."""
        question = parsed.clarify or "What do you want to do?"
        world = _own_copy(inp)
        # A name that points at no one clearly: the names are the options, the action stays as meant.
        options = [_ACT_AS[t] for t in (intent.action_type, *(a for a, _ in intent.alternatives[:2])) if t in _ACT_AS] \
            if not parsed.unresolved else list(parsed.candidates)
        res = Resolution(intent=intent, action_intent=parsed, action_type=intent.action_type, world=world,
                         narrative=question, warnings=[*parse_warnings, f"Unsure what was meant: {question}"],
                         follow_up_options=options or ["Try again in other words"])
        if on_narration is not None:
            await emit(on_narration, Done(result=NarrationResult(text=question)))
        return res

    async def _refuse(self, inp: ActionInput, intent: IntentResult, parsed: ActionIntent,
                      verdict: turn_order.Verdict, on_narration: NarrationCallback | None,
                      parse_warnings: list[str]) -> Resolution:
        """Not this character's turn, or they cannot act: nothing they wanted happens. A character who cannot
        act loses the turn, so the monsters act and the fight never stalls on them."""
        message = verdict.refusal or ""
        if not verdict.lose_turn:
            # Out of turn (or down at 0 HP): refused outright, so the caller records nothing (no history entry,
            # no journal line).
            raise (CannotActError if verdict.unable else OutOfTurnError)(message)
        world = _own_copy(inp)
        turn = turn_order.lose_turn(inp, parsed, world)
        res = Resolution(intent=intent, action_intent=parsed, action_type=intent.action_type, world=world,
                         narrative=" ".join([message, *turn.beats]), warnings=[*parse_warnings, message],
                         state_changes=turn.state_changes, dice_rolls=turn.dice_rolls, facts=turn.facts)
        if on_narration is not None:
            await emit(on_narration, Done(result=NarrationResult(text=res.narrative)))
        return res

    def _plan(self, intent: IntentResult) -> list[tuple[str, ActionType]]:
        """(agent name, the action type it handles) in order; one agent serves at most once."""
        plan: dict[str, ActionType] = {}
        for action_type in intent.components or [intent.action_type]:
            plan.setdefault(AGENT_FOR.get(action_type, "exploration"), action_type)
        return list(plan.items())

    async def _run(self, name: str, action_type: ActionType, inp: ActionInput, original: dict[str, Any],
                   parsed: ActionIntent | None = None, copy: Campaign | None = None
                   ) -> tuple[AgentResult, Campaign] | str:
        """The agent's result and its world (`copy`, else a fresh copy of `original`), or the warning that
        explains why there is none."""
        agent = self.agents.get(name)
        if agent is None:
            return f"No {name} agent is configured; that part of the action was skipped."
        # Validating the dump is a fresh deep copy, several times faster than deepcopy.
        world = copy if copy is not None else Campaign.model_validate(original)
        ctx = AgentContext.for_agent(inp, action_type, world, parsed)
        try:
            result = await asyncio.wait_for(agent.handle(ctx), self.agent_timeout)
        except TimeoutError:
            return f"{name} agent timed out after {self.agent_timeout} s; partial result"
        except Exception as exc:  # an agent bug must not take the turn down with it
            return f"{name} agent failed ({type(exc).__name__}: {exc}); its part of the action was skipped"
        return result, ctx.world

    async def _narrate(self, inp: ActionInput, res: Resolution, beats: list[str],
                       on_narration: NarrationCallback | None = None,
                       sections: list[PartSection] | None = None) -> NarrationResult:
        request = NarrationRequest(
            session_seed=inp.seed, turn=inp.turn, action=inp.action, actor=inp.actor,
            action_type=res.action_type, location=res.world.game_state.party_location, beats=beats,
            dice_rolls=res.dice_rolls, state_changes=res.state_changes, npc_responses=res.npc_responses,
            sections=sections or [], context=inp.context_text, style=inp.style, builds=builds(res.world))
        return await narrate(self.narrator, request, self.narration_timeout, on_narration)


def _own_copy(inp: ActionInput) -> Campaign:
    """A world the resolution may change: the caller's spare copy, else a fresh one."""
    if inp.world_copy is not None:
        return inp.world_copy
    return Campaign.model_validate(inp.world_doc if inp.world_doc is not None else inp.world.model_dump(mode="json"))
