"""Seed 001's dedup rule for any short text (decisions, patterns, summary lines): the same normalized
text is a duplicate; a Jaccard word similarity of 0.70 or more supersedes the closest; else it is new.

The fact tracker applies the same rule through its index (plus contradiction checks); this is the plain
form for the few dozen items a campaign's learnings or a summary list hold.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.facts.text import text_hash
from engine.models.facts import DedupOutcome
from engine.text import normal_words

SUPERSEDE_THRESHOLD = 0.70
# Float noise only: 7/10 must count as 0.70, 0.69 must not.
_EPSILON = 1e-9


@dataclass(frozen=True)
class Comparable:
    """A text's dedup keys: the hash of its normal form and its set of normal words."""

    key: str
    digest: str
    words: frozenset[str]


def comparable(key: str, text: str) -> Comparable | None:
    """The keys of `text`, or None when nothing is left once normalized (no words to compare)."""
    words = normal_words(text)
    if not words:
        return None
    return Comparable(key, text_hash(" ".join(words)), frozenset(words))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = len(a | b)
    return len(a & b) / union if union else 0.0


def classify(item: Comparable, pool: Iterable[Comparable]) -> tuple[DedupOutcome, str | None]:
    """(outcome, key of the matched item): duplicate by hash first, else the most similar at >= 0.70;
    on a tie the later item in `pool` wins (the newest wording is the one to replace)."""
    best: tuple[float, str] | None = None
    for other in pool:
        if other.digest == item.digest:
            return DedupOutcome.DUPLICATE_SKIP, other.key
        score = jaccard(item.words, other.words)
        if score + _EPSILON >= SUPERSEDE_THRESHOLD and (best is None or score >= best[0]):
            best = (score, other.key)
    if best is not None:
        return DedupOutcome.SUPERSEDE, best[1]
    return DedupOutcome.NEW, None
