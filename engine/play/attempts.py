"""An attempt is a roll: "Tova tries to keep her footing on the slick steps", "I try to force the trapdoor".
Saying the character tries is the table's way of saying the outcome is in doubt, so an act that would
otherwise be a plain look around or a handling of gear is a check. Trying words, a lever or a sequence
stays a puzzle, trying to talk someone round stays speech, and trying to hit someone stays a fight."""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.play.reading import Reading

T = ActionType
ATTEMPT_WEIGHT = 3.0
_TRYING = {"try", "tries", "trying", "attempt", "attempts", "attempting"}
_PLAIN = (T.EXPLORATION, T.INVENTORY)
_A_GO = {"go", "crack", "bash"}  # "I'll have a go at climbing it", "have a crack at the lock": trying, going nowhere


def attempted(reading: Reading, scores: dict[ActionType, float],
              clause_scores: dict[int, dict[ActionType, float]], matched: list[str]) -> None:
    """Adds a check to each clause that tries to do something plain ("tries to keep her footing")."""
    for i, clause in enumerate(reading.clauses):
        per = clause_scores.get(i)
        ws = clause.words
        had_a = {w for k, w in enumerate(ws) if w in _A_GO and ws[k - 1:k] == ["a"] and ws[k + 1:k + 2] == ["at"]}
        if per and "go" in had_a:
            scores[T.EXPLORATION] -= per.pop(T.EXPLORATION, 0.0)  # "a go at" is a try, and goes nowhere
        if not per or not (had_a or any(w in _TRYING and ws[k + 1:k + 2] == ["to"] for k, w in enumerate(ws))):
            continue
        if max(per.items(), key=lambda kv: kv[1])[0] in _PLAIN:
            per[T.SKILL_CHECK] = per.get(T.SKILL_CHECK, 0.0) + ATTEMPT_WEIGHT
            scores[T.SKILL_CHECK] += ATTEMPT_WEIGHT
            matched.append("an attempt")
