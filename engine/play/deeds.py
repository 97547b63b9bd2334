"""What a player's action actually does, for a quest's deed: the words of its acting clauses.

A deed ("relight the lamp") is done only by the act itself. "Why won't it light?" asks, "I don't light
the lamp" refuses, "I check whether the lamp will light" examines, "I say 'we should light it'" speaks:
none of them lights anything. The structured intent says whether the action is only a question; the
reading the parser made of the words says which clause asks, which words are negated and which words
are only a topic or a goal ("about lighting the lamp", "how to light it").
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.models.intent import ActionIntent, IntentKind
from engine.play import lexicon as lx
from engine.play.classifier import read
from engine.play.reading import Reading
from engine.text import stem, words

# Words after which the rest of a clause is wondered about, not done ("check whether it will light").
_WONDERING = frozenset({"whether", "if", *lx.QUESTION_WORDS})
# A clause opened by "if" says what might be ("... to see if I can light it"), unless it waits on the
# answer to a question just asked ("is it locked? if not, I go in").
_HYPOTHETICAL_LEADS = frozenset({"if"})
_FILLER = frozenset(stem(w) for w in "the a an to of at on in into with my our his her their its".split())


@dataclass(frozen=True)
class Acted:
    """The stems the acting clauses hold, and those of them used as verbs (not right after an article)."""

    stems: frozenset[str]
    verbs: frozenset[str]

    def does(self, phrase: str) -> bool:
        """Whether the action does the deed `phrase` says: every word of it acted, its first word as a verb."""
        said = [stem(w) for w in words(phrase)]
        if not said:
            return False
        return said[0] in self.verbs and {s for s in said if s not in _FILLER} <= self.stems


NOTHING = Acted(frozenset(), frozenset())


def acted(text: str, intent: ActionIntent | None = None) -> Acted:
    """The words of what the action does. A question to the DM does nothing; in a mixed action only the
    clauses that act count, and in them only words neither negated nor wondered about."""
    if intent is not None and (intent.kind == IntentKind.QUESTION or intent.clarify):
        return NOTHING
    return _from_reading(read(text, frozenset()))


def _from_reading(reading: Reading) -> Acted:
    found: set[str] = set()
    verbs: set[str] = set()
    stopped: set[int] = set()  # clauses in which a wondering word has been met
    for index, clause in enumerate(reading.clauses):
        if clause.question or clause.quoted or (clause.lead in _HYPOTHETICAL_LEADS and not clause.conditional):
            stopped.add(index)
    for token in reading.tokens:
        if token.clause in stopped:
            continue
        if token.word in _WONDERING:
            stopped.add(token.clause)
            continue
        # A factor below 1 marks a topic ("about ..."), a goal ("how to ...") or speech: not the act.
        if token.negated or token.factor < 1.0:
            continue
        found.add(token.stem)
        if not token.noun:
            verbs.add(token.stem)
    return Acted(frozenset(found), frozenset(verbs))
