"""Prompts for LLM narrators, and parsing of their replies.

The engine has already decided everything; the prompt states the outcome as an explicit list so a
model only has to phrase it. New world facts come back in an optional fenced block at the end of
the reply, which is cut out of the prose here (also while streaming, see `FactsBlockFilter`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from pydantic import ValidationError

from engine.models.actions import DiceRoll, StateChange
from engine.models.facts import FactInput
from engine.narration.base import NarrationRequest
from engine.narration.prose import attack_mode, usual_type

FENCE = "```"
# Rough size of a token for budgeting; a real tokenizer is not worth a dependency here.
CHARS_PER_TOKEN = 4

_SYSTEM_RULES = """\
You are the narrator of a tabletop role-playing game (D&D 5e style) run by a human Dungeon Master.
The game engine has ALREADY resolved everything that happened: every roll, hit, miss, damage \
number, hit point total and condition. Your only job is to describe that outcome as prose.

Rules:
- Write 1 to 3 short paragraphs of vivid prose, in second person for the acting character \
("you") or third person. No headings, lists, dice talk or rule explanations.
- Never change, soften or invent an outcome: a hit is a hit, a miss is a miss, a creature that \
is down or dead does not act again.
- Leave numbers out (damage, hit points, rolls, DCs): the table shows them beside your prose. \
Never state one that is not in the resolved outcome.
- Never invent new mechanics: no extra attacks, rolls, damage, healing, conditions, items or rewards.
- Quote NPC lines exactly as given; an NPC answers the question they were asked, in their voice.
- Name the characters involved.

Optionally, if your prose establishes new lasting world details (a name, a place, an object), \
end the reply with a fenced block listing them, and nothing after it:
```facts
[{"text": "The innkeeper is called Marta.", "category": "npc", "subject": "Marta"}]
```
category is one of: npc, location, item, event, quest, world. Omit the block when there is nothing new."""

_DOWN_CONDITIONS = {"unconscious": "unconscious", "dead": "dead", "dying": "unconscious"}


@dataclass(frozen=True)
class Prompt:
    system: str
    user: str
    # Problems met while building the prompt (e.g. context trimmed to fit the window).
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ParsedReply:
    prose: str
    facts: list[FactInput]
    warnings: list[str]


def is_attack(roll: DiceRoll) -> bool:
    return bool(roll.purpose) and re.search(r"\battack", roll.purpose or "", re.IGNORECASE) is not None


def is_damage(roll: DiceRoll) -> bool:
    return bool(roll.purpose) and re.search(r"\bdamage\b", roll.purpose or "", re.IGNORECASE) is not None


def downed_creatures(request: NarrationRequest) -> dict[str, str]:
    """Who ends this action dead or unconscious: name -> "dead" | "unconscious"."""
    down: dict[str, str] = {}
    for change in request.state_changes:
        if change.kind == "hp" and isinstance(change.after, int | float) and change.after <= 0:
            down.setdefault(change.target, "unconscious")
        if change.kind == "condition_add":
            condition = str(change.after or change.description).lower()
            for word, state in _DOWN_CONDITIONS.items():
                if word in condition:
                    # "dead" outranks "unconscious" when both are recorded.
                    if down.get(change.target) != "dead":
                        down[change.target] = state
    return down


def damage_amounts(request: NarrationRequest) -> set[int]:
    """Every damage figure the outcome contains: damage rolls and HP lost."""
    amounts = {roll.total for roll in request.dice_rolls if is_damage(roll)}
    for change in request.state_changes:
        if change.kind in ("hp", "temp_hp") and isinstance(change.before, int) and isinstance(change.after, int):
            if change.after < change.before:
                amounts.add(change.before - change.after)
    return amounts


def _roll_line(roll: DiceRoll) -> str:
    who = roll.roller or "Roll"
    what = roll.purpose or "roll"
    line = f"{who} — {what}: {roll.notation} = {roll.total}"
    if roll.natural is not None:
        line += f" (natural {roll.natural})"
    if roll.advantage:
        line += f", with {roll.advantage}"
    if roll.dc is not None:
        line += f" vs {'AC' if is_attack(roll) else 'DC'} {roll.dc}"
    if roll.success is not None:
        if is_attack(roll):
            line += " — HIT" if roll.success else " — MISS"
        else:
            line += " — SUCCESS" if roll.success else " — FAILURE"
    if is_attack(roll):
        # How the blow is delivered, so the prose can say it in kind (a bolt, an arrow, a blade).
        weapon = re.sub(r"\s*attack\b.*$", "", roll.purpose or "", flags=re.IGNORECASE)
        line += f" [{attack_mode(weapon, usual_type(weapon))} attack]"
    if roll.critical:
        line += " (critical)"
    if roll.fumble:
        line += " (fumble)"
    return line


def _change_line(change: StateChange) -> str:
    desc = f" ({change.description})" if change.description else ""
    if change.kind == "hp":
        return f"{change.target} hit points: {change.before} → {change.after}{desc}"
    if change.kind == "condition_add":
        return f"{change.target} gains condition: {change.after or change.description}"
    if change.kind == "condition_remove":
        return f"{change.target} loses condition: {change.before or change.after or change.description}"
    if change.kind == "setback":  # what a failed check cost: tell it as part of the story
        return f"{change.target}'s failure costs something: {change.description.removeprefix('Setback: ')}"
    before = "" if change.before is None else f"{change.before} → "
    after = "" if change.after is None else f"{change.after}"
    return f"{change.target} {change.kind}: {before}{after}{desc}".rstrip(": ")


def outcome_lines(request: NarrationRequest) -> list[str]:
    """The resolved outcome as plain statements, in order; a compound action's acts one after another, in the
    order the player said them."""
    if len(request.sections) < 2:
        lines = _said(request)
        for name, state in downed_creatures(request).items():
            lines.append(f"{name} is {state} and takes no further action")
        return lines + _replies(request) or ["Nothing notable happens beyond the action itself."]
    lines = ["The player's acts, told in the order they were said:"]
    for stretch in request.stretches():
        lines += _said(stretch) + _replies(stretch)
    return lines + [f"{name} is {state} and takes no further action" for name, state in downed_creatures(request).items()]


def _said(request: NarrationRequest) -> list[str]:
    return [*request.beats, *(_roll_line(roll) for roll in request.dice_rolls),
            *(_change_line(change) for change in request.state_changes)]


def _replies(request: NarrationRequest) -> list[str]:
    lines: list[str] = []
    for npc in request.npc_responses:
        if npc.topic:
            lines.append(f"{npc.npc} was asked about {npc.topic}: the answer is about that and nothing else")
        if npc.voice:
            lines.append(f"{npc.npc}'s voice: {npc.voice}")
        if npc.topics:
            lines.append(f"{npc.npc} can speak of: {', '.join(npc.topics)}")
        if npc.gesture:
            lines.append(f"{npc.npc} {npc.gesture}")
        lines.append(f'{npc.npc} says, verbatim: "{npc.text}"')
        if npc.revealed_secret:
            lines.append(f"{npc.npc} gives up a secret, now known to the party: {npc.revealed_secret}")
        if npc.attitude_after and npc.attitude_after != npc.attitude_before:
            lines.append(f"{npc.npc}'s attitude is now {npc.attitude_after}")
    return lines


def _fit_context(context: str, budget_chars: int) -> tuple[str, list[str]]:
    """Trim the oldest part of the context so the prompt fits the model's window."""
    if len(context) <= budget_chars:
        return context, []
    if budget_chars <= 0:
        return "", ["Context left out of the narrator prompt: the context window is too small"]
    kept = context[-budget_chars:]
    if context[-budget_chars - 1] != "\n":  # start at a whole line, else a whole word: never half a clue
        line, word = kept.find("\n"), kept.find(" ")
        start = line if 0 <= line < len(kept) - 1 else word
        kept = kept[start + 1:] if start >= 0 else kept
    return "…" + kept, [f"Narrator context trimmed to the last {budget_chars} characters to fit the context window"]


def build_prompt(request: NarrationRequest, *, context_window: int | None = None,
                 max_output_tokens: int = 400) -> Prompt:
    system = _SYSTEM_RULES
    if request.style.strip():
        system += f"\n\nTable style: {request.style.strip()}"
    actor = request.actor or "The party"
    outcome = "\n".join(f"- {line}" for line in outcome_lines(request))
    head = f"## Action\n{actor}: {request.action}\n(type: {request.action_type.value}; location: {request.location})"
    tail = f"## Resolved outcome (authoritative, do not change)\n{outcome}\n\nNarrate this outcome now."
    warnings: list[str] = []
    context = request.context.strip()
    if context and context_window:
        fixed = len(system) + len(head) + len(tail) + 40
        budget = (context_window - max_output_tokens) * CHARS_PER_TOKEN - fixed
        context, warnings = _fit_context(context, budget)
    parts = ([f"## Context\n{context}"] if context else []) + [head, tail]
    return Prompt(system=system, user="\n\n".join(parts), warnings=warnings)


def _parse_facts(block: str) -> tuple[list[FactInput], list[str]]:
    try:
        data = json.loads(block)
    except json.JSONDecodeError as exc:
        return [], [f"The narrator's facts block is not valid JSON ({exc.msg}); its facts were ignored"]
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        return [], ["The narrator's facts block is not a list; its facts were ignored"]
    facts: list[FactInput] = []
    skipped = 0
    for item in data:
        if isinstance(item, dict) and isinstance(item.get("category"), str):
            item = {**item, "category": item["category"].strip().lower()}
        try:
            facts.append(FactInput.model_validate(item))
        except ValidationError:
            skipped += 1
    warnings = [f"{skipped} malformed fact(s) from the narrator were ignored"] if skipped else []
    return facts, warnings


def parse_reply(raw: str) -> ParsedReply:
    """Split a model reply into prose and proposed facts.

    Everything from the first code fence on is treated as the trailing block: prose never needs
    one, and cutting there keeps this in step with `FactsBlockFilter` for streamed replies.
    """
    cut = raw.find(FENCE)
    if cut < 0:
        return ParsedReply(prose=raw.strip(), facts=[], warnings=[])
    prose = raw[:cut].strip()
    block = raw[cut + len(FENCE):]
    match = re.match(r"\s*facts[ \t]*\n?(.*?)(?:```|$)", block, re.DOTALL | re.IGNORECASE)
    if not match:
        return ParsedReply(prose=prose, facts=[], warnings=["The narrator added a code block; it was dropped"])
    facts, warnings = _parse_facts(match.group(1).strip() or "[]")
    return ParsedReply(prose=prose, facts=facts, warnings=warnings)


class FactsBlockFilter:
    """Turns raw streamed text into the prose `parse_reply` would return, chunk by chunk.

    Text is held back while it might still be the start of the facts fence or trailing
    whitespace, so the joined output equals `parse_reply(raw).prose` exactly.
    """

    def __init__(self) -> None:
        self._pending = ""
        self._started = False
        self._in_block = False

    def _emit(self, text: str) -> str:
        if not self._started:
            text = text.lstrip()
            self._started = bool(text)
        return text

    def feed(self, chunk: str) -> str:
        if self._in_block:
            return ""
        self._pending += chunk
        cut = self._pending.find(FENCE)
        if cut >= 0:
            self._in_block = True
            out, self._pending = self._pending[:cut].rstrip(), ""
            return self._emit(out)
        keep_from = len(self._pending.rstrip().rstrip("`").rstrip())
        out, self._pending = self._pending[:keep_from], self._pending[keep_from:]
        return self._emit(out)

    def finish(self) -> str:
        if self._in_block:
            return ""
        out, self._pending = self._pending.rstrip(), ""
        return self._emit(out)
