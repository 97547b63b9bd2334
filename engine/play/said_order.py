"""A compound turn told in the order it was said: the agents' results re-cut into one stretch per act.

Agents run side by side, so their results arrive in the routing's order ("I drink a potion, then attack the
thug" may come back attack first). An agent that did several acts marks where each ends
(AgentResult.close_part); an agent that marked nothing did the first act of its kind. The stretches are put
in the order of the intent's parts; whatever follows the acts (the monsters' turns, the time passing) comes
last. A single act keeps the routing's order, untouched.
"""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.models.intent import ActionIntent, IntentKind, IntentPart
from engine.play.agents.base import AgentResult
from engine.play.deciding import AGENT_FOR

AFTER = -1
Ends = tuple[int, int, int, int]


def in_said_order(results: list[AgentResult], parsed: ActionIntent | None) -> AgentResult:
    """The beats, dice rolls, state changes and NPC replies of `results`, each act's in the order said, with
    a section per stretch when the action has parts (none otherwise)."""
    parts = parsed.parts if parsed is not None else []
    told = AgentResult(agent="told")
    if len(parts) < 2:
        for r in results:
            _extend(told, r, (0, 0, 0, 0), _ends(r))
        return told
    stretches: list[tuple[int, AgentResult, Ends, Ends]] = []
    for r in results:
        start: Ends = (0, 0, 0, 0)
        for section in r.sections:
            end = (section.beats, section.dice_rolls, section.state_changes, section.npc_responses)
            stretches.append((section.part, r, start, end))
            start = end
        if start != _ends(r):
            stretches.append((AFTER if r.sections else _first_part(parts, r.agent), r, start, _ends(r)))
    order = len(parts) + 1
    stretches.sort(key=lambda s: order if s[0] == AFTER else s[0])  # stable: equal keys keep the routing's order
    for part, r, start, end in stretches:
        if start == end:
            continue
        _extend(told, r, start, end)
        told.close_part(part)
    return told


def _first_part(parts: list[IntentPart], agent: str) -> int:
    """The first part the agent handles (a question is the exploration agent's); after the acts if none."""
    for n, part in enumerate(parts):
        kind = ActionType.EXPLORATION if part.kind == IntentKind.QUESTION else ActionType(part.kind.value)
        if AGENT_FOR.get(kind) == agent:
            return n
    return AFTER


def _ends(r: AgentResult) -> Ends:
    return len(r.beats), len(r.dice_rolls), len(r.state_changes), len(r.npc_responses)


def _extend(told: AgentResult, r: AgentResult, start: Ends, end: Ends) -> None:
    told.beats += r.beats[start[0]:end[0]]
    told.dice_rolls += r.dice_rolls[start[1]:end[1]]
    told.state_changes += r.state_changes[start[2]:end[2]]
    told.npc_responses += r.npc_responses[start[3]:end[3]]

