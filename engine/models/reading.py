"""How the engine read a player's line, as a caller sees it: the public view of the parser's ActionIntent.

The view is derived, not truth: it rides on the answer to a turn (ActionResponse.intent) and is never
journaled, so replay, undo and a reloaded session do without it. It leaves out the parser's internals
(the cues that decided it, link scores, the agents' component list) and adds `read_as`, one line a DM or
a host reads at a glance ("attack → Giant Crab", "move → Wrecker Caves", "asked: Which one?").
"""

from __future__ import annotations

from string import capwords
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from engine.models.action_type import IntentKind

if TYPE_CHECKING:
    from engine.models.intent import ActionIntent, IntentPart

# What an act of each kind is called on the one line: the kind, not the verb (a stem such as 'dodg' reads
# badly); a spell or a destination says more than the kind, and a fight's act aimed at someone is an attack.
_LABELS: dict[str, str] = {
    IntentKind.COMBAT: "combat", IntentKind.ROLEPLAY: "talk", IntentKind.EXPLORATION: "explore",
    IntentKind.PUZZLE: "puzzle", IntentKind.SKILL_CHECK: "check", IntentKind.REST: "rest",
    IntentKind.INVENTORY: "inventory", IntentKind.QUESTION: "question", IntentKind.MIXED: "mixed"}


class IntentPartView(BaseModel):
    """One act of a compound line, in the order the player said it."""

    kind: IntentKind = Field(description="What this act is; never 'mixed'")
    text: str = Field("", description="The clause as read, lower case")
    verb: str | None = Field(None, description="The clause's main verb (a stem, e.g. 'swing')")
    target: str | None = Field(None, description="Who this act is aimed at: a name in the world")
    target_kind: str | None = Field(None, description="'combatant', 'npc', 'character' or 'monster'")
    spell: str | None = Field(None, description="The spell this act casts")
    item: str | None = Field(None, description="An item on the actor's sheet this act names")
    destination: str | None = Field(None, description="The place this act moves the party to")


class IntentView(BaseModel):
    """What the engine understood a player's line to mean, before the rules resolved it."""

    kind: IntentKind = Field(description="What the line mostly is: one of the action types, or 'question' (a "
                                         "question to the DM, answered from state without a roll; its "
                                         "action_type is 'exploration')")
    actor: str | None = Field(None, description="Who the engine read as acting")
    verb: str | None = Field(None, description="The main verb (a stem) of the first acting clause")
    target: str | None = Field(None, description="Who the line is aimed at or about, resolved to a name in "
                                                 "the world")
    target_kind: str | None = Field(None, description="'combatant', 'npc', 'character' or 'monster'")
    destination: str | None = Field(None, description="A place the party means to move to")
    spell: str | None = Field(None, description="A spell the line casts")
    item: str | None = Field(None, description="An item on the actor's sheet the line names")
    negated: bool = Field(False, description="Part of the line says what the character does NOT do")
    question: bool = Field(False, description="The line asks the DM something")
    confidence: float = Field(0.0, ge=0.0, le=1.0, description="How sure the parse is (0: a guess)")
    parts: list[IntentPartView] = Field(default_factory=list, description="The acts of a compound line in the "
                                        "order said (two or more); empty for a single act")
    clarify: str | None = Field(None, description="The question asked back when the line was unclear; then "
                                                  "nothing was rolled or changed")
    candidates: list[str] = Field(default_factory=list, description="Names offered when a name in the line was "
                                                                    "unclear or unknown")
    read_as: str = Field(description="The reading on one line, e.g. 'attack → Giant Crab', 'move → Wrecker "
                                     "Caves', 'cast Healing Word → Wren, then attack → Giant Crab', "
                                     "'asked: Which one do you mean?'")


def _act(kind: IntentKind, target: str | None, spell: str | None, item: str | None, destination: str | None) -> str:
    if destination:
        return f"move → {destination}"
    if spell:
        head = f"cast {capwords(spell)}"
    else:
        head = "attack" if kind == IntentKind.COMBAT and target else _LABELS[kind]
        head += f" ({item})" if item else ""
    return f"{head} → {target}" if target else head


def _part_view(part: IntentPart) -> IntentPartView:
    return IntentPartView(kind=part.kind, text=part.text, verb=part.verb, target=part.target,
                          target_kind=part.target_ref.kind if part.target_ref else None, spell=part.spell,
                          item=part.item, destination=part.destination)


def intent_view(intent: ActionIntent, actor: str | None = None) -> IntentView:
    """The public view of a parse; `actor` stands in when the parse named no one (the turn's actor)."""
    parts = [_part_view(p) for p in intent.parts]
    if intent.clarify:
        read_as = f"asked: {intent.clarify}"
    elif parts:
        read_as = ", then ".join(_act(p.kind, p.target, p.spell, p.item, p.destination) for p in parts)
    else:
        read_as = _act(intent.kind, intent.target, intent.spell, intent.item, intent.destination)
    if intent.negated and not intent.clarify:
        read_as += " · negation noted"
    return IntentView(
        kind=intent.kind, actor=intent.actor or actor, verb=intent.verb, target=intent.target,
        target_kind=intent.target_ref.kind if intent.target_ref else None, destination=intent.destination,
        spell=intent.spell, item=intent.item, negated=intent.negated, question=intent.question,
        confidence=intent.confidence, parts=parts, clarify=intent.clarify, candidates=list(intent.candidates),
        read_as=read_as)
