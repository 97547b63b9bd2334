"""Intent: what a player's words mean, resolved against the world, made once per action.

`parse` gives the structured ActionIntent every agent reads (kind, target, destination, spell,
negation, question, parts); `classify` is its action-type view (IntentResult) for routing. The
reading of the sentence is in engine.play.classifier, the world's names in engine.play.entities.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, Field

from engine.models.actions import ActionType
from engine.models.intent import ActionIntent, IntentKind, IntentPart
from engine.models.world import Campaign
from engine.play import lexicon as lx
from engine.play.classifier import (
    CUE_WORDS,
    LEXICON,
    MAIN_CUE_BONUS,
    MOVEMENT_KEYS,
    PEOPLE,
    SOCIAL_KEYS,
    SPEECH_KEYS,
    Reading,
    match_cues,
    read,
    spell_kind,
)
from engine.play.entities import STOP, link_person, link_place, world_vocabulary
from engine.text import stem, words

T = ActionType
QUOTE_BONUS = 4.0
QUESTION_SCORE = 6.0
NEAR_TIE = 0.85
CLAUSE_MIN = 3.0
PLACE_MIN = 0.5
LOW_CONFIDENCE = 0.34

AGENT_FOR: dict[ActionType, str] = {
    T.COMBAT: "combat", T.ROLEPLAY: "social", T.EXPLORATION: "exploration", T.PUZZLE: "exploration",
    T.SKILL_CHECK: "rules", T.REST: "rules", T.INVENTORY: "rules",
}
_BASE_VOCABULARY = CUE_WORDS | frozenset(w for w in STOP | lx.QUESTION_WORDS | lx.AUXILIARIES if len(w) > 3)


class IntentResult(BaseModel):
    action_type: ActionType
    confidence: float = Field(ge=0.0, le=1.0)
    alternatives: list[tuple[ActionType, float]] = Field(
        default_factory=list, description="Other candidate types with their share of the evidence, best first")
    matched: list[str] = Field(default_factory=list, description="The cues that decided it")
    agents: list[str] = Field(default_factory=list)
    components: list[ActionType] = Field(
        default_factory=list, description="The concrete types handled: one, or two for MIXED (agent order)")
    question: bool = Field(False, description="Only a question to the DM: answer it, roll nothing")


def match_place(text: str, names: list[str]) -> str | None:
    """The place among `names` that `text` names: any word of its name (however short), most words winning."""
    said = {stem(w) for w in words(text)}
    best, best_score = None, 0
    for name in names:
        score = sum(1 for w in words(name) if w not in STOP and stem(w) in said)
        if score > best_score:
            best, best_score = name, score
    return best


def _vocabulary(world: Campaign | None) -> frozenset[str]:
    return _with_base(world_vocabulary(world)) if world is not None else _BASE_VOCABULARY


@lru_cache(maxsize=8)
def _with_base(world_words: frozenset[str]) -> frozenset[str]:
    # One object per world vocabulary, so the typo cache keyed on it hits by identity.
    return _BASE_VOCABULARY | world_words


def _score(reading: Reading, world: Campaign | None, actor: str | None
           ) -> tuple[dict[ActionType, float], dict[int, dict[ActionType, float]], list[str], dict[str, object]]:
    cues = match_cues(reading.tokens)
    keys = {key for key, _, _, noun in cues if not noun}
    audience = world is None or reading.quoted or bool(world.npcs_at(world.game_state.party_location)) \
        or bool(keys & PEOPLE)
    scores = {t: 0.0 for t in AGENT_FOR}
    clause_scores: dict[int, dict[ActionType, float]] = {}
    seen: set[int] = set()
    matched: list[str] = []

    def add(action_type: ActionType, value: float, clause: int, label: str) -> None:
        scores[action_type] += value
        clause_scores.setdefault(clause, {}).setdefault(action_type, 0.0)
        clause_scores[clause][action_type] += value
        matched.append(label)

    for key, clause, factor, noun in cues:
        entries = [cue for cue in LEXICON[key] if not (noun and cue.verb_only)]
        if not entries:
            continue
        bonus = MAIN_CUE_BONUS if clause not in seen and factor == 1.0 else 1.0
        seen.add(clause)
        for cue in entries:
            action_type = cue.action_type
            if action_type == T.ROLEPLAY and key in SOCIAL_KEYS and not audience:
                action_type = T.SKILL_CHECK
            add(action_type, cue.weight * factor * bonus, clause, cue.label)
    if reading.spell:
        kind = spell_kind(reading.spell)
        clause = next((t.clause for t in reading.tokens if t.factor == 0 and not t.negated), 0)
        add(kind or T.COMBAT, 4.0 if kind else 1.0, clause, f"spell:{reading.spell}")
    if reading.quoted or reading.addressed:
        scores[T.ROLEPLAY] += QUOTE_BONUS
        matched.append("quoted speech")
    facts: dict[str, object] = {"moving": bool(keys & MOVEMENT_KEYS)}
    if world is not None:
        _world_evidence(reading, world, actor, keys, scores, matched, facts)
    return scores, clause_scores, list(dict.fromkeys(matched)), facts


def _world_evidence(reading: Reading, world: Campaign, actor: str | None, keys: set[tuple[str, ...]],
                    scores: dict[ActionType, float], matched: list[str], facts: dict[str, object]) -> None:
    acting = [(t.stem, t.factor if t.factor > 0 else 0.0) for t in reading.tokens]
    person = link_person([(s, f or 0.0) for s, f in acting], world, actor)
    facts["person"] = person
    # A description word ("the boats", "the net shed") is no one addressed; a name or a title is.
    if person is not None and person.score >= 2.0 and any(f > 0.2 for _, f in acting):
        if person.kind == "combatant":
            scores[T.COMBAT] += 2.0 + 1.5
            matched.append(f"foe:{person.name}")
        elif person.kind == "npc":
            here = world.game_state.party_location.casefold()
            npc = world.npc(person.name)
            present = npc is not None and (npc.location or "").casefold() == here
            # Named as the object of an attack, they are the foe, not someone spoken to.
            side = T.COMBAT if scores[T.COMBAT] > scores[T.ROLEPLAY] else T.ROLEPLAY
            scores[side] += 4.0 if present else 2.0
            matched.append(f"npc:{person.name}")
    combat = world.game_state.combat
    if combat and combat.active and any(c.kind == "monster" and not c.defeated for c in combat.order):
        scores[T.COMBAT] += 1.5
        matched.append("combat active")
    if world.npcs_at(world.game_state.party_location) and keys & SPEECH_KEYS:
        scores[T.ROLEPLAY] += 1.0
        matched.append("npc present")
    # Verbs say how one goes, not where ("head" is no place's "head height"); names still count in full.
    stems_said = [t.stem for t in reading.tokens if not t.negated]
    place, strength = link_place(stems_said, world, ignore={s for s in stems_said if (s,) in LEXICON})
    if place is None:
        return
    verb_moves = bool(facts["moving"])
    # "into the chapel", "back to the inn": a direction right before the place's name moves too.
    name_stems = {stem(w) for w in words(place)}
    directed = any(w in lx.DIRECTIONS and next((stem(x) for x in c.words[i + 1:] if x not in STOP), "") in name_stems
                   for c in reading.clauses for i, w in enumerate(c.words))
    by_name = strength >= 3.0
    moving = (verb_moves and (by_name or strength >= PLACE_MIN)) or (directed and by_name)
    if moving or by_name:
        facts["place"], facts["moving"] = place, moving
        scores[T.EXPLORATION] += 4.5 if moving else 0.5
        matched.append(f"place:{place}")


def _decide(scores: dict[ActionType, float], clause_scores: dict[int, dict[ActionType, float]],
            matched: list[str]) -> IntentResult:
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    total = sum(s for _, s in ranked)
    (top, top_score), (second, second_score) = ranked[0], ranked[1]
    if top_score <= 0:
        return IntentResult(action_type=T.EXPLORATION, confidence=0.0, alternatives=[], matched=[],
                            agents=["exploration"], components=[T.EXPLORATION])
    share = {t: round(s / total, 3) for t, s in ranked if s > 0}
    clause_winners = []
    for per_clause in clause_scores.values():
        best_type, best = max(per_clause.items(), key=lambda kv: kv[1])
        if best >= CLAUSE_MIN and best_type not in clause_winners:
            clause_winners.append(best_type)
    if second_score >= NEAR_TIE * top_score:
        components = [top, second]
    elif len(clause_winners) >= 2:
        components = sorted(clause_winners, key=lambda t: scores[t], reverse=True)[:2]
    else:
        components = [top]
    if len(components) == 2:
        agents = list(dict.fromkeys(AGENT_FOR[t] for t in components))
        confidence = round((scores[components[0]] + scores[components[1]]) / total, 3)
        alternatives = [(t, share[t]) for t, _ in ranked if t in share]
        return IntentResult(action_type=T.MIXED, confidence=min(confidence, 1.0), alternatives=alternatives,
                            matched=matched, agents=agents, components=components)
    alternatives = [(t, share[t]) for t, _ in ranked[1:] if t in share]
    return IntentResult(action_type=top, confidence=share[top], alternatives=alternatives,
                        matched=matched, agents=[AGENT_FOR[top]], components=[top])


def _understand(text: str, world: Campaign | None, actor: str | None
                ) -> tuple[Reading, IntentResult, dict[str, object]]:
    present = frozenset(w for n in world.npcs_at(world.game_state.party_location)
                        for w in words(n.name)) if world is not None else frozenset()
    reading = read(text, _vocabulary(world), frozenset(w for w in present))
    scores, clause_scores, matched, facts = _score(reading, world, actor)
    asked = [i for i, c in enumerate(reading.clauses) if c.question]
    if asked:
        acting = {i: s for i, s in clause_scores.items() if i not in asked and max(s.values()) >= CLAUSE_MIN}
        if not acting:
            # Only questions: the exploration agent answers from state, nothing is rolled or advanced.
            result = IntentResult(action_type=T.EXPLORATION, confidence=1.0, matched=["question", *matched],
                                  agents=["exploration"], components=[T.EXPLORATION], question=True)
            return reading, result, facts
        scores = {t: sum(s.get(t, 0.0) for s in acting.values()) + (scores[t] * 0.1) for t in scores}
        clause_scores = acting
    elif reading.negated and max(scores.values()) < CLAUSE_MIN:
        # Everything said is what the character won't do: words to the table, not an action.
        scores[T.ROLEPLAY] += CLAUSE_MIN
        matched.append("negated")
    return reading, _decide(scores, clause_scores, matched), facts


def classify(text: str, world: Campaign | None = None, actor: str | None = None) -> IntentResult:
    """The action type(s) of a player's words, and the agents that handle them."""
    return _understand(text, world, actor)[1]


def parse(text: str, world: Campaign | None = None, actor: str | None = None,
          last_target: str | None = None) -> ActionIntent:
    """The structured intent of a player's action, every name resolved against `world`."""
    return understand(text, world, actor, last_target)[1]


def understand(text: str, world: Campaign | None = None, actor: str | None = None,
               last_target: str | None = None) -> tuple[IntentResult, ActionIntent]:
    """The routing view and the structured intent from one reading of the text."""
    reading, result, facts = _understand(text, world, actor)
    asked = any(c.question for c in reading.clauses)
    kinds = [IntentKind(t.value) for t in result.components]
    if result.question:
        kinds = [IntentKind.QUESTION]
    elif asked:
        kinds = [IntentKind.QUESTION, *kinds]
    kind = kinds[0] if len(kinds) == 1 else IntentKind.MIXED
    action_type = result.action_type if not result.question else T.EXPLORATION
    target = None
    person = facts.get("person")
    if world is not None:
        social = bool({IntentKind.COMBAT, IntentKind.ROLEPLAY, IntentKind.QUESTION} & set(kinds))
        tokens = [(t.stem, 1.0 if t.factor == 0 and not t.negated else max(t.factor, 0.5)) for t in reading.tokens]
        person = link_person(tokens, world, actor, allow_description=social, last=last_target)
        target = person if person is not None and (person.score >= 1.0 or person.via == "pronoun") else None
    destination = facts.get("place") if facts.get("moving") and IntentKind.EXPLORATION in kinds else None
    verb = next((t.stem for t in reading.tokens if t.factor > 0 and t.word not in STOP), None)
    confidence = result.confidence
    clarify = None
    if 0 < confidence < LOW_CONFIDENCE and len(result.components) == 1 and not result.question:
        clarify = "Did you mean " + " or ".join(f"to {a.value.replace('_', ' ')}"
                                                 for a, _ in [(result.action_type, 0), *result.alternatives[:1]]) + "?"
    return result, ActionIntent(
        kind=kind, action_type=action_type, actor=actor, verb=verb, target=target.name if target else None,
        target_ref=target, destination=str(destination) if destination else None, spell=reading.spell,
        negated=reading.negated, question=asked, confidence=min(1.0, confidence),
        parts=[IntentPart(kind=k) for k in kinds] if len(kinds) > 1 else [], components=result.components,
        clarify=clarify, matched=result.matched)
