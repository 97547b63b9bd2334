"""A cheap check that narration does not contradict the resolved outcome.

It looks for the mistakes a model makes most: narrating a hit as a miss (or the reverse), letting
a creature that went down act again, stating a damage number the dice did not produce, leaving
out the characters the outcome changed, and an NPC's answer that ignores what they were asked. Matching is whole-word and case-insensitive; it is a net
for clear contradictions, not a proof of faithfulness.
"""

from __future__ import annotations

import re

from engine.models.actions import DiceRoll
from engine.narration.base import NarrationRequest
from engine.narration.prompting import damage_amounts, downed_creatures, is_attack
from engine.text import NUMBER_WORDS, stem, stems

_MISS = ["miss", "misses", "missed", "falls short", "fall short", "fell short", "goes wide", "went wide"]
_HIT = ["hit", "hits", "connects", "connected", "struck", "wounds", "wounded", "finds its mark",
        "finds their mark", "bites deep"]
# A phrase preceded by one of these (within a few words) is negated: "does not miss".
_NEGATIONS = r"(?:not|n't|never|nearly|almost|without|fails? to|failed to|cannot|can't)"
_ACTS = ["attacks", "attack", "strikes", "swings", "lunges", "says", "shouts", "yells", "snarls",
         "growls", "casts", "stabs", "slashes", "bites", "claws", "fires", "shoots", "charges",
         "grabs", "rises", "stands", "speaks", "replies", "laughs", "flees", "runs"]
_DOWN = ["dies", "died", "dead", "falls", "fell", "collapses", "collapsed", "crumples", "crumpled",
         "slumps", "slumped", "drops", "dropped", "unconscious", "lifeless", "sprawls", "topples"]
_DAMAGE_TYPES = ("acid|bludgeoning|cold|fire|force|lightning|necrotic|piercing|poison|psychic|radiant|"
                 "slashing|thunder")
_DAMAGE_RE = re.compile(
    rf"\b(\d+|{'|'.join(NUMBER_WORDS)})\s+(?:points?\s+of\s+)?(?:(?:{_DAMAGE_TYPES})\s+)?damage\b",
    re.IGNORECASE)
_STOPWORDS = {"the", "of", "and", "von", "van", "der", "sir", "lady", "lord"}
_TRACKED_KINDS = {"hp", "temp_hp", "condition_add", "condition_remove", "death_save"}
_NOT_CHARACTERS = {"party", "combat", "world", "time"}


def _phrase_re(phrases: list[str]) -> str:
    return r"\b(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in phrases) + r")\b"


def _name_re(name: str) -> str:
    """Match the full name or any distinctive part of it ("Aldric" for "Sir Aldric Vane")."""
    parts = [p for p in re.findall(r"[\w'-]+", name) if len(p) >= 3 and p.lower() not in _STOPWORDS]
    options = [re.escape(name)] + [re.escape(p) for p in parts]
    return r"\b(?:" + "|".join(options) + r")\b"


def mentions(text: str, name: str) -> bool:
    return re.search(_name_re(name), text, re.IGNORECASE) is not None


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


def _unnegated(text: str, phrases: list[str]) -> str | None:
    """The first phrase found in text that is not negated, or None."""
    for match in re.finditer(_phrase_re(phrases), text, re.IGNORECASE):
        before = text[max(0, match.start() - 30):match.start()]
        if re.search(rf"\b{_NEGATIONS}(?:\s+\w+){{0,2}}\s*$", before, re.IGNORECASE):
            continue
        if re.match(r"\s+(?:points?|dice|die)\b", text[match.end():], re.IGNORECASE):
            continue  # "hit points" is not a hit
        return match.group(0)
    return None


def _describe(roll: DiceRoll) -> str:
    who = f"{roll.roller}'s " if roll.roller else ""
    against = f" vs AC {roll.dc}" if roll.dc is not None else ""
    return f"{who}attack roll {roll.total}{against}"


def _attack_problems(text: str, request: NarrationRequest) -> list[str]:
    attacks = [r for r in request.dice_rolls if is_attack(r) and r.success is not None]
    if not attacks:
        return []
    scopes: list[tuple[str, DiceRoll]] = []
    if len({r.success for r in attacks}) == 1:
        scopes.append((text, attacks[0]))
    else:
        # Mixed hits and misses: only judge sentences that name exactly one attacker.
        for sentence in _sentences(text):
            named = {r.roller for r in attacks if r.roller and mentions(sentence, r.roller)}
            if len(named) == 1:
                theirs = [r for r in attacks if r.roller in named]
                if len({r.success for r in theirs}) == 1:
                    scopes.append((sentence, theirs[0]))
    problems: list[str] = []
    for scope, roll in scopes:
        if roll.success and (word := _unnegated(scope, _MISS)):
            problems.append(f'{_describe(roll)} hit, but the narration says "{word}"')
        elif not roll.success and (word := _unnegated(scope, _HIT)):
            problems.append(f'{_describe(roll)} missed, but the narration says "{word}"')
    return problems


def _acting_after_down(text: str, request: NarrationRequest) -> list[str]:
    problems: list[str] = []
    for name, state in downed_creatures(request).items():
        name_re = _name_re(name)
        # Where the text first has this creature go down: acting after that point contradicts it.
        fall = None
        offset = 0
        for sentence in _sentences(text):
            start = text.find(sentence, offset)
            offset = start + len(sentence)
            if re.search(name_re, sentence, re.IGNORECASE) and re.search(_phrase_re(_DOWN), sentence, re.IGNORECASE):
                fall = offset
                break
        if fall is None:
            continue
        act = re.search(rf"{name_re}\s+(?:\w+ly\s+)?{_phrase_re(_ACTS)}", text[fall:], re.IGNORECASE)
        if act:
            problems.append(f'{name} is {state}, but the narration has it act afterwards ("{act.group(0)}")')
    return problems


def _damage_problems(text: str, request: NarrationRequest) -> list[str]:
    allowed = damage_amounts(request)
    problems: list[str] = []
    for match in _DAMAGE_RE.finditer(text):
        token = match.group(1).lower()
        value = int(token) if token.isdigit() else NUMBER_WORDS[token]
        if value not in allowed:
            dealt = ", ".join(str(a) for a in sorted(allowed)) or "none"
            problems.append(f'the narration says "{match.group(0)}" but the damage dealt was {dealt}')
    return problems


def _missing_names(text: str, request: NarrationRequest) -> list[str]:
    required: list[str] = []
    for change in request.state_changes:
        if change.kind in _TRACKED_KINDS and change.target.lower() not in _NOT_CHARACTERS:
            required.append(change.target)
    required += [npc.npc for npc in request.npc_responses]
    second_person = re.search(r"\b(?:you|your)\b", text, re.IGNORECASE) is not None
    if request.actor and not second_person:
        required.insert(0, request.actor)
    problems: list[str] = []
    for name in dict.fromkeys(required):
        if name == request.actor and second_person:
            continue  # the actor may be narrated as "you"
        if not mentions(text, name):
            problems.append(f"the narration never names {name}")
    return problems


def _off_topic(text: str, request: NarrationRequest) -> list[str]:
    """An NPC asked about something must answer about it: some word of the topic has to be in the prose."""
    said = stems(text)
    return [f"{npc.npc} was asked about {npc.topic}, but the narration never touches it"
            for npc in request.npc_responses
            if npc.topic and npc.topic_words and not any(stem(w) in said for w in npc.topic_words)]


def check_narration(text: str, request: NarrationRequest) -> list[str]:
    """Problems found in `text` as a narration of `request`; empty when it looks faithful."""
    if not text.strip():
        return ["the narration is empty"]
    return (_missing_names(text, request) + _attack_problems(text, request)
            + _acting_after_down(text, request) + _damage_problems(text, request) + _off_topic(text, request))
