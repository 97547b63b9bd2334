"""Who turns a player's words into an ActionIntent: the offline parser (the default), or an LLM when one
is configured, checked against the world by the same entity linker.

The LLM is asked for an IntentProposal (its JSON schema is in the prompt) in one bounded call. Every name
it returns must be someone or somewhere in the world; a reply that is not valid JSON, breaks the schema,
names an unknown person, place or item, times out or fails is replaced by the offline parse, with a
warning the DM sees. Nothing the LLM says reaches an agent unchecked.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol

from pydantic import ValidationError

from engine.content.catalogue import find_spell, normalise
from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import ActionType
from engine.models.intent import ActionIntent, EntityRef, IntentKind, IntentPart, IntentProposal, PartProposal
from engine.models.world import Campaign
from engine.play.deciding import AGENT_FOR
from engine.play.entities import NAME_WEIGHT, link_person, people, rank_people
from engine.play.intent import IntentResult, understand
from engine.settings import NarratorSettings
from engine.text import stem, words

Parsed = tuple[IntentResult, ActionIntent, list[str]]
Complete = Callable[..., Awaitable[str]]
LLM_CONFIDENCE = 0.9
PARSE_TIMEOUT = 10.0
MAX_REPLY_TOKENS = 300


class IntentParser(Protocol):
    name: str

    async def parse(self, text: str, world: Campaign, actor: str | None, last_target: str | None) -> Parsed:
        """The routing view, the structured intent, and warnings for the DM."""
        ...


class OfflineIntentParser:
    """The deterministic word-and-world parser (engine.play.intent)."""

    name = "offline"

    async def parse(self, text: str, world: Campaign, actor: str | None, last_target: str | None) -> Parsed:
        result, intent = understand(text, world, actor, last_target)
        return result, intent, []


class Rejected(ValueError):
    """The LLM's proposal does not fit the world."""


class LLMIntentParser:
    """An LLM proposes, the world decides; anything unfit falls back to the offline parser, said aloud."""

    def __init__(self, complete: Complete, name: str, timeout_s: float = PARSE_TIMEOUT) -> None:
        self.complete = complete
        self.name = name
        self.timeout_s = timeout_s
        self.offline = OfflineIntentParser()

    async def parse(self, text: str, world: Campaign, actor: str | None, last_target: str | None) -> Parsed:
        try:
            async with asyncio.timeout(self.timeout_s):
                reply = await self.complete(SYSTEM, prompt(text, world, actor), max_tokens=MAX_REPLY_TOKENS,
                                            json_reply=True)
            proposal = read_reply(reply)
            result, intent = checked(proposal, world, actor, last_target)
        except TimeoutError:
            problem = f"timed out after {self.timeout_s:g} s"
        except Rejected as exc:
            problem = str(exc)
        except Exception as exc:  # a provider failure costs the LLM's parse, never the turn
            problem = f"failed ({type(exc).__name__}: {exc})"
        else:
            return result, intent, []
        result, intent, _ = await self.offline.parse(text, world, actor, last_target)
        return result, intent, [f"Intent parser {self.name} {problem}; used the offline parser for this action."]


def build_intent_parser(settings: NarratorSettings, env: Mapping[str, str] | None = None) -> IntentParser:
    """The parser the settings ask for: offline, or the narrator's provider asked for an IntentProposal.
    An LLM parser needs an LLM narrator; asking for one with the offline narrator is an error to fix."""
    if settings.intent_parser == "offline":
        return OfflineIntentParser()
    if settings.narrator == "offline":
        raise InvalidInputError("intent_parser = llm needs an LLM narrator (--narrator anthropic or openai); "
                                "or use --intent-parser offline")
    from engine.narration.providers import build_provider

    provider = build_provider(settings, env)
    return LLMIntentParser(provider.complete, name=provider.name, timeout_s=min(settings.timeout_s, PARSE_TIMEOUT))


SYSTEM = ("You read one action a player types at a tabletop RPG table and say what it means. Reply with one JSON "
          "object only, no prose, matching this JSON schema:\n"
          + json.dumps(IntentProposal.model_json_schema(), separators=(",", ":"))
          + "\nUse names exactly as listed in the scene; never invent a person, place or item.")


def prompt(text: str, world: Campaign, actor: str | None) -> str:
    """The scene the LLM needs to name things: who is here, the fight, the exits, the actor's items."""
    gs = world.game_state
    here = world.location(gs.party_location)
    npcs = [f"{n.name} ({n.role})" for n in world.npcs_at(gs.party_location)]
    foes = [c.name for c in gs.combat.order if c.kind == "monster" and not c.defeated] \
        if gs.combat is not None and gs.combat.active else []
    pc = world.character(actor) if actor else None
    lines = [f"Actor: {actor or 'unknown'}", f"Location: {gs.party_location}",
             f"Exits: {', '.join(here.connections) if here else 'none'}",
             f"People here: {', '.join(npcs) or 'nobody'}",
             f"Foes in the fight: {', '.join(foes) or 'no fight'}",
             f"Party: {', '.join(c.name for c in world.characters)}",
             f"Actor's items: {', '.join(i.name for i in pc.inventory) if pc else 'unknown'}",
             f"Action: {text}"]
    return "\n".join(lines)


_FENCE = re.compile(r"\{.*\}", re.S)


def read_reply(reply: str) -> IntentProposal:
    """The proposal in the reply (code fences and chatter around the object tolerated)."""
    found = _FENCE.search(reply or "")
    if found is None:
        raise Rejected(f"replied with no JSON object ({_short(reply)!r})")
    try:
        return IntentProposal.model_validate_json(found.group(0))
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"]) or "reply"
        raise Rejected(f"replied with an invalid intent ({where}: {error['msg']})") from exc


def checked(proposal: IntentProposal, world: Campaign, actor: str | None,
            last_target: str | None) -> tuple[IntentResult, ActionIntent]:
    """The proposal as the engine's intent, every name resolved against the world; Rejected if one is not."""
    target = _person(proposal.target, world, actor, last_target) if proposal.target else None
    destination = _place(proposal.destination, world) if proposal.destination else None
    item = _item(proposal.item, world, actor) if proposal.item else None
    spell = _spell(proposal.spell, world, actor) if proposal.spell else None
    parts = _parts(proposal.parts, world, actor, last_target)
    kinds = [p.kind for p in parts if p.kind != IntentKind.QUESTION]
    kind = proposal.kind
    if kind != IntentKind.QUESTION and len(set(kinds)) > 1:
        kind = IntentKind.MIXED  # parts of two kinds are a mixed action, whatever the reply's kind said
    if kind == IntentKind.MIXED and len(set(kinds)) < 2:
        kind = kinds[0] if kinds else IntentKind.EXPLORATION
    question = kind == IntentKind.QUESTION
    if question:
        components = [ActionType.EXPLORATION]
    elif kind == IntentKind.MIXED:
        components = [ActionType(k.value) for k in dict.fromkeys(kinds)][:2]
    else:
        components = [ActionType(kind.value)]
    action_type = ActionType.MIXED if len(components) > 1 else components[0]
    result = IntentResult(action_type=action_type, confidence=LLM_CONFIDENCE, matched=["llm"],
                          agents=list(dict.fromkeys(AGENT_FOR[t] for t in components)), components=components,
                          question=question, evidence=LLM_CONFIDENCE)
    if target is None:  # as offline: a compound action is aimed where its first aimed part is
        target = next((p.target_ref for p in parts if p.target_ref is not None), None)
    intent = ActionIntent(
        kind=kind, action_type=action_type, actor=actor, verb=stem(proposal.verb) if proposal.verb else None,
        target=target.name if target else None, target_ref=target, item=item, destination=destination,
        spell=spell, negated=proposal.negated, question=question or proposal.question, confidence=LLM_CONFIDENCE,
        parts=parts if len(parts) > 1 else [], components=components, matched=["llm"])
    return result, intent


def _parts(proposed: list[PartProposal], world: Campaign, actor: str | None,
           last_target: str | None) -> list[IntentPart]:
    """Each part checked like the whole, in order; a pronoun in a part means whom the part before it named."""
    parts: list[IntentPart] = []
    last = last_target
    for n, p in enumerate(proposed):
        if p.kind == IntentKind.MIXED:
            raise Rejected(f"gave part {n + 1} the kind 'mixed'; a part is one act")
        ref = _person(p.target, world, actor, last) if p.target else None
        last = ref.name if ref is not None else last
        parts.append(IntentPart(
            kind=p.kind, text=" ".join(p.text.split()).lower(), verb=stem(p.verb) if p.verb else None,
            target=ref.name if ref else None, target_ref=ref,
            item=_item(p.item, world, actor) if p.item else None,
            destination=_place(p.destination, world) if p.destination else None,
            spell=_spell(p.spell, world, actor) if p.spell else None))
    return parts


_PRONOUNS = {"him", "her", "them", "it", "he", "she", "they"}


def _person(said: str, world: Campaign, actor: str | None, last_target: str | None) -> EntityRef:
    if said.strip().lower() in _PRONOUNS:
        ref = link_person([(said.strip().lower(), 1.0)], world, actor, last=last_target)
        if ref is not None:
            return ref
    for name, kind, _ in people(world, actor):
        if name.casefold() == said.strip().casefold():
            return EntityRef(name=name, kind=kind, via=said, score=NAME_WEIGHT * 2)
    ranked = rank_people([(stem(w), 1.0) for w in words(said)], world, actor, allow_description=False)
    if ranked and ranked[0].score >= NAME_WEIGHT and (len(ranked) == 1 or ranked[1].score < ranked[0].score):
        return ranked[0]
    raise Rejected(f"named {said!r} as the target, who is not in this world")


def _place(said: str, world: Campaign) -> str:
    wanted = said.strip().casefold()
    found = next((loc.name for loc in world.locations if loc.name.casefold() == wanted), None)
    if found is None:
        raise Rejected(f"named {said!r} as the destination, which is no place in this world")
    return found


def _item(said: str, world: Campaign, actor: str | None) -> str:
    pc = world.character(actor) if actor else None
    wanted = said.strip().casefold()
    found = next((i.name for i in pc.inventory if wanted in i.name.casefold()), None) if pc else None
    if found is None:
        raise Rejected(f"named the item {said!r}, which {actor or 'the actor'} does not carry")
    return found


def _spell(said: str, world: Campaign, actor: str | None) -> str:
    """A spell on the actor's sheet, else one in the SRD (lower case, as the offline parse gives it)."""
    pc = world.character(actor) if actor else None
    wanted = normalise(said)
    found = next((s for s in pc.spells.all() if normalise(s) == wanted), None) if pc else None
    if found is None:
        try:
            found = find_spell(said).name
        except (NotFoundError, InvalidInputError):
            raise Rejected(f"named the spell {said!r}, which is neither on {actor or 'the actor'}'s sheet nor "
                           f"in the SRD") from None
    return found.lower()


def _short(text: str | None, limit: int = 60) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= limit else text[:limit] + "…"
