"""What the fact tracker keeps per fact, and the small helpers its indexes are maintained with."""

from __future__ import annotations

from collections.abc import Sequence

from engine.facts.text import Numbers, Place
from engine.models.facts import Fact


class FactEntry:
    """A fact plus what the indexes and the contradiction check need, computed once.

    A plain slotted class with a positional constructor: a session load builds one per saved fact.
    """

    __slots__ = ("fact", "seq", "subject_key", "words", "subject_words", "negated", "core",
                 "life", "loyalty", "place", "numbers", "active")

    def __init__(self, fact: Fact, seq: int, subject_key: str, words: frozenset[str],
                 subject_words: frozenset[str], negated: bool, core: str, life: int, loyalty: int,
                 place: Place | None, numbers: Numbers, active: bool) -> None:
        self.fact = fact
        self.seq = seq
        self.subject_key = subject_key
        self.words = words
        self.subject_words = subject_words
        self.negated = negated
        self.core = core  # normalized text without its negations
        self.life = life  # +1 alive, -1 dead
        self.loyalty = loyalty  # +1 ally, -1 enemy
        self.place = place
        self.numbers = numbers
        # Cached status: a hot path in queries. Status changes go through the tracker, which keeps it in step.
        self.active = active

    def feature_keys(self) -> list[object]:
        """The contradiction-index keys this entry sits under (derived, so remove() can find them)."""
        subject = self.subject_key
        keys: list[object] = [core_key(subject, self.core)]
        if self.life:
            keys.append(("life", subject))
        if self.loyalty:
            keys.append(("loyalty", subject))
        if self.place:
            keys.append(("place", subject))
        keys += [("num", subject, *context) for context in self.numbers]
        return keys


def discard(index: dict, key: object, fact_id: str) -> None:
    """Take a fact out of a set posting; an emptied key goes, so no index keeps dead keys."""
    ids = index.get(key)
    if ids is not None:
        ids.discard(fact_id)
        if not ids:
            del index[key]


# A posting is a bare fact id while its key has one fact, and a list of ids once it has more: most words
# and cores belong to a single fact, and a string is neither a container to allocate nor one the cyclic
# GC scans. Read postings through ids_of(); a fact id sits in a posting at most once.
Posting = str | list[str]


def core_key(subject_key: str, core: str) -> str:
    # A string, not a tuple, for the same reason as a bare posting; normalized text holds no \x1f.
    return f"{subject_key}\x1f{core}"


def ids_of(posting: Posting | None) -> Sequence[str]:
    if posting is None:
        return ()
    return (posting,) if posting.__class__ is str else posting


def post(index: dict, key: object, fact_id: str) -> None:
    ids = index.get(key)
    if ids is None:
        index[key] = fact_id
    elif ids.__class__ is str:
        index[key] = [ids, fact_id]
    else:
        ids.append(fact_id)


def unpost(index: dict, key: object, fact_id: str) -> None:
    ids = index.get(key)
    if ids is None:
        return
    if ids.__class__ is str:
        if ids == fact_id:
            del index[key]
    elif fact_id in ids:
        ids.remove(fact_id)  # a scan, but only undo removes facts
        if not ids:
            del index[key]
