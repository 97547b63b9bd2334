"""What the fact tracker keeps per fact, and the small helpers its indexes are maintained with."""

from __future__ import annotations

from collections.abc import Sequence

from engine.facts.claim import Claim
from engine.models.facts import Fact
from engine.text import normal_words


class FactEntry:
    """A fact plus what the indexes and the contradiction check need.

    A plain slotted class with a positional constructor: a session load builds one per saved fact. Its
    claims are read lazily (None until first needed), so a load costs no parsing at all. An entry made
    from a saved index holds the fact's saved JSON and validates it on first use of `fact`; what the
    indexes and rankings read (turn, status, words) is kept beside it.
    """

    __slots__ = ("_fact", "_raw", "_words", "active", "claims", "seq", "subject_key", "subject_words", "turn")

    def __init__(self, fact: Fact | None, seq: int, subject_key: str, words: frozenset[str] | None,
                 subject_words: frozenset[str], active: bool, raw: bytes | None = None, turn: int = 0) -> None:
        self._fact = fact
        self._raw = raw
        self.turn = fact.turn if fact is not None else turn
        self.seq = seq
        self.subject_key = subject_key
        self._words = words
        self.subject_words = subject_words
        self.claims: tuple[Claim, ...] | None = None
        # Cached status: a hot path in queries. Status changes go through the tracker, which keeps it in step.
        self.active = active

    @property
    def words(self) -> frozenset[str]:
        """The fact's normalized words (read from its text on first use for an entry from a saved index)."""
        words = self._words
        if words is None:
            words = self._words = frozenset(normal_words(self.fact.text))
        return words

    @property
    def fact(self) -> Fact:
        fact = self._fact
        if fact is None:
            # The bytes were checked against the fact file's checksum when the index was read.
            fact = self._fact = Fact.model_validate_json(self._raw)  # type: ignore[arg-type]
            self._raw = None
        return fact


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
