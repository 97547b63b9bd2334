"""Who may act in a fight, and the turn an action uses up, whichever agent handled it.

The orchestrator asks `gate` before any agent runs and `finish` after their patches are merged: a
potion, a skill check, a word with an NPC or a search in a fight is the actor's turn just as an
attack is, so the monsters then act. The combat agent moves the turn on itself (its tests run it
alone); `finish` sees that the order already moved and does nothing twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import rules
from engine.models.actions import ActionType
from engine.models.intent import ActionIntent, IntentKind
from engine.models.world import Campaign, Combatant
from engine.play.agents.base import ActionBasics, AgentContext, AgentResult
from engine.play.agents.turn_flow import pass_turn, run_others
from engine.play.agents.why_not import cannot_act_at_all, only_rest


@dataclass
class Verdict:
    """What `gate` decided: the actor (filled in from the turn order when none was named), and a
    refusal message when the action may not happen; `lose_turn` when the actor's turn passes anyway."""

    actor: str | None
    refusal: str | None = None
    lose_turn: bool = False
    # Refused because the actor cannot act at all (0 HP, dead), whoever's turn it is.
    unable: bool = False


def _fight(world: Campaign) -> tuple[Combatant, int] | None:
    combat = world.game_state.combat
    if combat is None or not combat.active or combat.current is None:
        return None
    return combat.current, combat.round


def acting_now(world: Campaign) -> str | None:
    """The character whose turn it is in a fight, who acts when an action names nobody."""
    fight = _fight(world)
    return fight[0].name if fight is not None and fight[0].kind == "character" else None


def is_question(parsed: ActionIntent | None) -> bool:
    return parsed is not None and (parsed.kind == IntentKind.QUESTION or (parsed.question and parsed.kind not in (
        IntentKind.COMBAT, IntentKind.MIXED)))


def gate(world: Campaign, actor: str | None, out_of_turn: bool, parsed: ActionIntent | None) -> Verdict:
    fight = _fight(world)
    if fight is None or is_question(parsed):
        return Verdict(actor)  # no fight, or a question to the DM: no turn is involved
    current, round_ = fight
    if current.kind != "character":
        return Verdict(actor)
    if actor is None:
        actor = current.name  # nobody named: the character whose turn it is acts
    # The true reason first: a character at 0 HP cannot act on anyone's turn, and a rest is no turn at all.
    down = cannot_act_at_all(world, actor)
    if down is not None:
        return Verdict(actor, down, lose_turn=actor.casefold() == current.name.casefold(), unable=True)
    if only_rest(parsed):
        return Verdict(actor)  # the rest agent refuses it (no resting in a fight) and no turn is spent
    if actor.casefold() != current.name.casefold():
        if out_of_turn:
            return Verdict(actor)
        return Verdict(actor, f"It is {current.name}'s turn (round {round_}); {actor} acts on their own turn, so "
                              f"nothing was done or recorded. Act as {current.name}, or let {actor} act out of turn "
                              f"(the DM's override: /as {actor} ACTION in the console, out_of_turn=True through the API).")
    pc = world.character(current.name)
    stopped = rules.why_cannot_act(pc.conditions) if pc is not None and pc.hp.current > 0 else None
    if stopped is not None:
        return Verdict(actor, f"{actor} is {stopped} and cannot act; the turn passes.", lose_turn=True)
    return Verdict(actor)


def _marker(world: Campaign) -> tuple[int, int] | None:
    combat = world.game_state.combat
    return (combat.round, combat.turn_index) if combat is not None and combat.active else None


def _did_something(results: list[AgentResult]) -> bool:
    """An action that only drew a warning (no potion to drink, a spell not on the sheet) costs no turn."""
    return any(r.dice_rolls or r.state_changes or r.npc_responses or (r.beats and not r.warnings) for r in results)


def finish(basics: ActionBasics, parsed: ActionIntent | None, before: Campaign, world: Campaign,
           results: list[AgentResult]) -> AgentResult | None:
    """After the agents: the actor's turn is used up and the monsters act, unless an agent already moved
    the order, the fight began or ended with this action, or it was a question. Changes `world` in place."""
    start = _marker(before)
    if start is None or _marker(world) != start or is_question(parsed) or not _did_something(results) \
            or any(r.agent == "combat" for r in results):  # the combat agent spends and passes turns itself
        return None
    combat = world.game_state.combat
    assert combat is not None and combat.current is not None
    ctx = AgentContext.for_agent(basics, ActionType.COMBAT, world, parsed)
    result = AgentResult(agent="turn")
    actor = basics.actor
    if actor is not None and actor.casefold() != combat.current.name.casefold():
        mine = combat.combatant(actor)
        # A DM override: their own slot this round is passed over (a reaction is not a turn: it keeps it).
        if mine is not None and rules.spend_turn(mine.used, basics.action, out_of_turn=True) != ["reaction"]:
            mine.acted_round = combat.round
        return result
    used = combat.current.used
    spent = rules.spend_turn(used, basics.action, bonus=any(r.bonus_action for r in results))
    if rules.turn_goes_on(used, spent):
        result.beats.append(f"{combat.current.name} still has an action this turn.")
        return result
    pass_turn(ctx, result)
    return result


def lose_turn(basics: ActionBasics, parsed: ActionIntent | None, world: Campaign) -> AgentResult:
    """The actor cannot act (stunned, paralyzed...): their turn passes and the monsters act."""
    result = AgentResult(agent="turn")
    pass_turn(AgentContext.for_agent(basics, ActionType.COMBAT, world, parsed), result)
    return result


def dm_next_turn(basics: ActionBasics, world: Campaign) -> AgentResult:
    """The DM's "next turn": the current creature's turn ends whatever it did, the monsters act, and the
    next character who can act is up. Changes `world` in place."""
    return lose_turn(basics, None, world)


def settle(basics: ActionBasics, world: Campaign) -> AgentResult:
    """After a DM change to the order (delay, add, remove, a new initiative value) a monster may be up:
    it takes its turn, and the ones after it, until a character can act."""
    result = AgentResult(agent="turn")
    if _fight(world) is not None:
        run_others(AgentContext.for_agent(basics, ActionType.COMBAT, world, None), result)
    return result
