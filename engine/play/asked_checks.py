"""A check the player asks for by name: "can I roll insight on Hesper", "perception - anything odd?",
"roll stealth, then we sneak past". Naming the skill or ability with a word of rolling is the table's own
way of saying "this is a check", whoever it is aimed at; a name alone ("my stealth is bad") is not."""

from __future__ import annotations

import re
from functools import lru_cache

from engine.models.world import ABILITY_NAMES, SKILLS
from engine.play.classifier import Reading

_ROLLING = {"roll", "check", "test", "save"}
_NAMES = tuple(sorted({s.replace("_", " ") for s in SKILLS} | set(ABILITY_NAMES), key=len, reverse=True))


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in _NAMES) + r")\b")


def asked_checks(reading: Reading) -> set[int]:
    """The clauses that ask for a check by name: a skill or ability with a word of rolling, or heading it."""
    clauses: dict[int, list] = {}
    for token in reading.tokens:
        clauses.setdefault(token.clause, []).append(token)
    asked: set[int] = set()
    for clause, tokens in clauses.items():
        live = [t for t in tokens if not t.negated]
        text = " ".join(t.word for t in live)
        named = _pattern().search(text)
        if named is None:
            continue
        # "roll insight", "an athletics check", or the name heading the words: "perception - anything odd?"
        # ("my stealth is awful" heads them too, but talks about the skill: "my" marks it as owned).
        heading = named.start() == 0 and not live[0].own
        if heading or any(t.stem in _ROLLING for t in live):
            asked.add(clause)
    return asked
