"""Deciding the kind of an action from its scores: the strongest kind, or two kinds when each leads a
clause of its own (a compound: "drink a potion, then attack the captain"). Acts said to come one after
another ("..., then open it", "... and we head up to the point") stand on their own however plain."""

from __future__ import annotations

import re

from engine.models.actions import ActionType
from engine.play.cue_keys import is_verb
from engine.play.intent_result import IntentResult
from engine.play.reading import Reading

T = ActionType
CLAUSE_MIN = 3.0
THEN_MIN = 1.5
_OWN_SUBJECTS = {"we", "i", "we'll", "i'll"}  # "... and we head up to the point": a new act

AGENT_FOR: dict[ActionType, str] = {
    T.COMBAT: "combat", T.ROLEPLAY: "social", T.EXPLORATION: "exploration", T.PUZZLE: "exploration",
    T.SKILL_CHECK: "rules", T.REST: "rules", T.INVENTORY: "rules",
}


def decide(scores: dict[ActionType, float], clause_scores: dict[int, dict[ActionType, float]],
           matched: list[str], sequenced: frozenset[int] = frozenset(), one_act: bool = False) -> IntentResult:
    """The kind (or the two kinds of a compound) the scores decide. `one_act`: a told paragraph, whose
    turn is the act it builds up to (see `told_paragraph`)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    total = sum(s for _, s in ranked)
    top, top_score = ranked[0]
    if top_score <= 0:
        return IntentResult(action_type=T.EXPLORATION, confidence=0.0, alternatives=[], matched=[],
                            agents=["exploration"], components=[T.EXPLORATION])
    share = {t: round(s / total, 3) for t, s in ranked if s > 0}
    clause_winners = []
    for index, per_clause in clause_scores.items():
        if not per_clause:
            continue  # a clause whose every score was taken away as part of another act
        best_type, best = max(per_clause.items(), key=lambda kv: kv[1])
        # "..., then open it": an act said to come next stands on its own, however plain its verb.
        if best >= (THEN_MIN if index in sequenced else CLAUSE_MIN) and best_type not in clause_winners:
            clause_winners.append(best_type)
    # Parts come in order, one per clause: two kinds nearly tied inside one clause ("I shoot Pim a wink")
    # are one act read two ways, so the stronger is taken; a compound needs each kind to lead a clause of its
    # own strongly enough. Two kinds merely close in the sum make no compound: over every tuned half, taking
    # them as one (as an earlier release did) lost 8 sentences and, on the held-back halves, 3.
    if len(clause_winners) >= 2:
        components = sorted(clause_winners, key=lambda t: scores[t], reverse=True)[:2]
    else:
        components = [top]
    if len(components) == 2 and one_act and not sequenced:
        components = [_last_act(clause_scores) or top]
        top = components[0]
        matched = [*matched, "told paragraph"]
    said_order = [max(per.items(), key=lambda kv: kv[1]) for _, per in sorted(clause_scores.items()) if per]
    weighty = list(dict.fromkeys(kind for kind, score in said_order if score >= THEN_MIN))
    if len(components) == 2:
        agents = list(dict.fromkeys(AGENT_FOR[t] for t in components))
        confidence = round((scores[components[0]] + scores[components[1]]) / total, 3)
        alternatives = [(t, share[t]) for t, _ in ranked if t in share]
        return IntentResult(action_type=T.MIXED, confidence=min(confidence, 1.0), alternatives=alternatives,
                            matched=matched, agents=agents, components=components, evidence=top_score,
                            leaders=weighty)
    alternatives = [(t, share[t]) for t, _ in ranked[1:] if t in share]
    return IntentResult(action_type=top, confidence=share[top], alternatives=alternatives,
                        matched=matched, agents=[AGENT_FOR[top]], components=[top], evidence=top_score,
                        leaders=weighty)


def sequenced(reading: Reading) -> frozenset[int]:
    """Clauses said to come one after another ("read the inscription and then say hello"): the act after a
    "then" and the act right before it."""
    after = {i for i, c in enumerate(reading.clauses) if i and not c.question and (
        c.lead == "then" or c.lead == "and" and c.words[:1] and c.words[0] in _OWN_SUBJECTS)}
    steps = [i for i, c in enumerate(reading.clauses) if c.words]
    if len(steps) >= 3 and all(not reading.clauses[i].question and is_verb(reading.clauses[i].words[0])
                               and (i == steps[0] or not reading.clauses[i].lead) for i in steps):
        after |= set(steps[1:])  # "search desk, grab ledger, search shelf": a run of orders is a list of steps
    return frozenset(after | {i - 1 for i in after if not reading.clauses[i - 1].question})


_SENTENCE_END = re.compile(r"[.!?]+[\"”*)]*\s+(?=\S)")
TOLD_WORDS = 12  # 15 before set 28: at 12, 2 more tuned sentences and 5 more held back read right


def told_paragraph(text: str) -> bool:
    """Several sentences telling the scene ("Bram drains his mug... He climbs to the room and is snoring"):
    the gestures around the act are colour, and the turn is one act, the one the telling builds up to. A
    list of acts says so ("then", "after that"), which `sequenced` catches."""
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if len(s.split()) >= 3]
    return len(sentences) >= 2 and len(text.split()) >= TOLD_WORDS


def _last_act(clause_scores: dict[int, dict[ActionType, float]]) -> ActionType | None:
    leading = [max(per.items(), key=lambda kv: kv[1]) for _, per in sorted(clause_scores.items()) if per]
    return next((kind for kind, score in reversed(leading) if score >= CLAUSE_MIN), None)
