"""Fact tracker: record facts with dedup/supersede (seed 001), flag contradictions, answer queries.

Every lookup goes through an index kept up to date on record/remove, so recording and querying stay
well under a millisecond with thousands of facts: nothing here loops over every fact.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import math
import unicodedata
import uuid
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from engine.errors import InvalidInputError, NotFoundError
from engine.models.facts import (
    DedupOutcome,
    Fact,
    FactCategory,
    FactInput,
    FactQueryResult,
    FactRecordResult,
    FactStatus,
)

SUPERSEDE_THRESHOLD = 0.70
_SUBJECT_BOOST = 2.0

_APOSTROPHES = {"'", "\u2019", "\u2018", "`"}
STOPWORDS = frozenset(
    "a an the of in at on to is are was were be been and or but with for from by as it its this that "
    "these those there here who whom what where when which how why do does did has have had he she they "
    "them his her their we you i me my our your not no".split())
_NEGATORS = {"not", "never", "no"}
# Negative contractions (apostrophe already dropped) and the positive word each one negates.
_CONTRACTIONS = dict(pair.split(":") for pair in (
    "isnt:is arent:are wasnt:was werent:were doesnt:does dont:do didnt:did hasnt:has havent:have "
    "hadnt:had cant:can cannot:can wont:will wouldnt:would couldnt:could shouldnt:should").split())
_DEAD = {"dead", "slain", "killed", "deceased", "died"}
_ALIVE = {"alive", "living", "survived"}
_ALLY = {"ally", "allies", "allied", "friend", "friends", "friendly"}
_ENEMY = {"enemy", "enemies", "hostile", "foe", "foes", "betrayed"}
_PLACE_VERBS = {"is", "are", "was", "were", "lives", "waits", "remains", "stays", "hides", "rests", "sits"}
_PLACE_PREPS = {"in", "at", "inside"}
_PLACE_SKIP = {"now", "still", "currently"}
_PLACE_STOP = set("and with but while when where who which because for until since to after before".split())
_DETERMINERS = {"the", "a", "an", "some", "this", "that"}
_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_SUBJECT_VERBS = set("is are was were has have had will can lies stands holds knows wants owns lives guards "
                     "hides leads serves fears".split())


class _PunctTable(dict):
    """str.translate table built lazily: punctuation, symbols and controls become spaces."""

    def __missing__(self, code: int) -> str | None:
        ch = chr(code)
        # Apostrophes vanish ("Bron's" -> "brons") so a possessive does not leave a stray "s" word.
        value = None if ch in _APOSTROPHES else " " if unicodedata.category(ch)[0] in "PSC" else ch
        self[code] = value
        return value


_TABLE = _PunctTable()


def normalize(text: str) -> str:
    """Casefold, drop punctuation, fold whitespace: the form used for hashing and word matching."""
    return " ".join(text.casefold().translate(_TABLE).split())


def text_hash(normalized: str) -> str:
    return hashlib.sha256(normalized.encode("utf-8")).hexdigest()


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


@dataclass(slots=True)
class _Entry:
    """A fact plus what the indexes and the contradiction check need, computed once."""

    fact: Fact
    seq: int
    subject_key: str
    words: frozenset[str]
    subject_words: frozenset[str]
    negated: bool
    core_hash: str
    life: int = 0  # +1 alive, -1 dead
    loyalty: int = 0  # +1 ally, -1 enemy
    place: tuple[str, ...] | None = None
    numbers: dict[tuple[str, str], int] = field(default_factory=dict)
    keys: list[tuple] = field(default_factory=list)  # every index key this entry sits under
    # Cached status: a hot path in queries. Status changes go through the tracker, which keeps it in step.
    active: bool = True


def _stance(words: list[str], positive: set[str], negative: set[str], negated: bool) -> int:
    pos, neg = any(w in positive for w in words), any(w in negative for w in words)
    value = 0 if pos == neg else 1 if pos else -1
    return -value if negated else value  # "not dead" reads as alive


def _place(words: list[str]) -> tuple[str, ...] | None:
    for i, word in enumerate(words[:-1]):
        if word not in _PLACE_VERBS:
            continue
        j = i + 1
        while j < len(words) and words[j] in _PLACE_SKIP:
            j += 1
        if j >= len(words) or words[j] not in _PLACE_PREPS:
            continue
        place = list(itertools.takewhile(lambda w: w not in _PLACE_STOP, words[j + 1:]))
        place = place[1:] if place[:1] and place[0] in _DETERMINERS else place
        return tuple(place[:4]) or None
    return None


def _numbers(words: list[str]) -> dict[tuple[str, str], int]:
    found: dict[tuple[str, str], int] = {}
    for i, word in enumerate(words):
        value = int(word) if word.isdigit() else _NUMBER_WORDS.get(word)
        if value is None:
            continue
        before = _stem(words[i - 1]) if i else "^"
        after = _stem(words[i + 1]) if i + 1 < len(words) else "$"
        found.setdefault((before, after), value)
    return found


class FactTracker:
    """Holds a session's facts. Callers pass deterministic ids; times come from the caller too."""

    def __init__(self, facts: list[Fact] | None = None, known_entities: Iterable[str] = ()) -> None:
        self._entries: dict[str, _Entry] = {}
        self._seq = 0
        self._active_count = 0
        self._hash_active: dict[str, str] = {}
        self._index: defaultdict[tuple, set[str]] = defaultdict(set)
        self._entity_names: dict[str, str] = {}
        self._entity_by_first: defaultdict[str, list[tuple[str, ...]]] = defaultdict(list)
        self.add_entities(known_entities)
        for fact in facts or []:
            self._insert(fact)

    # ---- entities ----
    def add_entities(self, names: Iterable[str]) -> None:
        """Teach the tracker names (characters, NPCs, places, items) for subject guessing and queries."""
        for name in names:
            key = normalize(name)
            if not key or key in self._entity_names:
                continue
            self._entity_names[key] = name.strip()
            words = tuple(key.split())
            bucket = self._entity_by_first[words[0]]
            bucket.append(words)
            bucket.sort(key=len, reverse=True)  # longest match wins ("Sister Ilsa" over "Sister")
            for fid in list(self._index.get(("w", words[0]), ())):
                entry = self._entries[fid]
                if key in self._mentions(normalize(entry.fact.text).split()):
                    self._add_key(entry, ("e", key))

    def _mentions(self, words: list[str]) -> list[str]:
        found: list[str] = []
        for i, word in enumerate(words):
            for candidate in self._entity_by_first.get(word, ()):
                if tuple(words[i:i + len(candidate)]) == candidate:
                    found.append(" ".join(candidate))
                    break
        return found

    def guess_subject(self, text: str) -> str:
        """The first known entity named in the text, else its leading proper noun, else its noun phrase."""
        words = normalize(text).split()
        mentioned = self._mentions(words)
        if mentioned:
            return self._entity_names[mentioned[0]]
        raw = [w.strip(".,;:!?\"'()[]") for w in text.split()]
        run: list[str] = []
        for i, word in enumerate(raw):
            if word[:1].isupper() and not (i == 0 and word.casefold() in _DETERMINERS):
                run.append(word)
            elif run:
                break
        if run:
            return " ".join(run).removesuffix("'s").removesuffix("\u2019s")
        head: list[str] = []
        for word in words:
            if word in _SUBJECT_VERBS or word in _NEGATORS or word in _CONTRACTIONS:
                break
            if not (not head and word in _DETERMINERS):
                head.append(word)
        head = head[:4] or [w for w in words if w not in STOPWORDS][:3]
        return " ".join(head) or "world"

    # ---- indexing ----
    def _add_key(self, entry: _Entry, key: tuple) -> None:
        self._index[key].add(entry.fact.id)
        entry.keys.append(key)

    def _insert(self, fact: Fact) -> _Entry:
        if fact.id in self._entries:
            raise InvalidInputError(f"A fact with id {fact.id!r} already exists; pass a new id.")
        norm = normalize(fact.text)
        words = norm.split()
        subject_key = normalize(fact.subject) or "world"
        flips = sum(1 for w in words if w in _NEGATORS or w in _CONTRACTIONS)
        core = [_CONTRACTIONS.get(w, w) for w in words if w not in _NEGATORS]
        self._seq += 1
        entry = _Entry(fact=fact, seq=self._seq, subject_key=subject_key, words=frozenset(words),
                       subject_words=frozenset(subject_key.split()),
                       negated=flips % 2 == 1, core_hash=text_hash(" ".join(core)),
                       active=fact.status == FactStatus.ACTIVE)
        entry.life = _stance(words, _ALIVE, _DEAD, entry.negated)
        entry.loyalty = _stance(words, _ALLY, _ENEMY, entry.negated)
        entry.place = None if entry.negated else _place(words)
        entry.numbers = _numbers(words)
        if not fact.text_hash:
            fact.text_hash = text_hash(norm)
        self._entries[fact.id] = entry
        for word in entry.words:
            self._add_key(entry, ("w", word))
        for key in {subject_key, *self._mentions(words)}:
            self._add_key(entry, ("e", key))
        self._add_key(entry, ("s", subject_key))
        self._add_key(entry, ("c", fact.category))
        self._add_key(entry, ("core", subject_key, entry.core_hash))
        for feature, value in (("life", entry.life), ("loyalty", entry.loyalty), ("place", entry.place)):
            if value:
                self._add_key(entry, (feature, subject_key))
        for context in entry.numbers:
            self._add_key(entry, ("num", subject_key, *context))
        if entry.active:
            self._active_count += 1
            self._hash_active.setdefault(fact.text_hash, fact.id)
        return entry

    def _ids(self, key: tuple) -> set[str]:
        return self._index.get(key, set())

    # ---- recording ----
    def record(self, fact: FactInput, *, turn: int, now: datetime,
               fact_id: str | None = None) -> tuple[FactRecordResult, Fact | None, str | None]:
        """Record one fact: (result, the new Fact or None when a duplicate, id of the fact superseded)."""
        norm = normalize(fact.text)
        if not norm:
            return (FactRecordResult(status="failed", error="The fact has no words once punctuation is "
                                     "removed; write it as a sentence."), None, None)
        digest = text_hash(norm)
        existing = self._hash_active.get(digest)
        if existing is not None:
            return (FactRecordResult(fact_id=existing, dedup_outcome=DedupOutcome.DUPLICATE_SKIP), None, None)
        subject = fact.subject.strip() if fact.subject and fact.subject.strip() else self.guess_subject(fact.text)
        subject = self._entity_names.get(normalize(subject), subject)
        new = Fact(id=fact_id or uuid.uuid4().hex, category=fact.category, subject=subject,
                   text=fact.text.strip(), turn=turn, created_at=now, updated_at=now, text_hash=digest)
        entry = self._insert(new)
        contradictions = self._contradictions(entry)
        older = self._supersede_candidate(entry)
        if older is not None:
            self.mark_superseded(older.fact.id, new.id)
            older.fact.updated_at = now
        result = FactRecordResult(
            fact_id=new.id, dedup_outcome=DedupOutcome.SUPERSEDE if older else DedupOutcome.NEW,
            superseded_fact_id=older.fact.id if older else None, contradictions=contradictions)
        return result, new, older.fact.id if older else None

    def _supersede_candidate(self, entry: _Entry) -> _Entry | None:
        words = entry.words
        # If Jaccard >= t then |A & B| >= t*|A|, so B holds at least one of any
        # |A| - floor(t*|A|) + 1 words of A: probe only that many of the rarest words.
        probes = sorted(words, key=lambda w: len(self._ids(("w", w))))[:len(words) - int(
            SUPERSEDE_THRESHOLD * len(words)) + 1]
        same_subject = self._ids(("s", entry.subject_key))
        best: tuple[float, int, _Entry] | None = None
        seen: set[str] = {entry.fact.id}
        for word in probes:
            for fid in self._ids(("w", word)):
                if fid in seen or fid not in same_subject:
                    continue
                seen.add(fid)
                other = self._entries[fid]
                if not other.active:
                    continue
                inter = len(words & other.words)
                union = len(words) + len(other.words) - inter
                score = inter / union
                if score + 1e-9 >= SUPERSEDE_THRESHOLD and (best is None or (score, other.seq) > best[:2]):
                    best = (score, other.seq, other)
        return best[2] if best else None

    def _contradictions(self, entry: _Entry) -> list[str]:
        found: dict[str, str] = {}
        subject = entry.subject_key

        def check(key: tuple, clash) -> None:
            for fid in self._ids(key):
                other = self._entries[fid]
                if fid == entry.fact.id or not other.active or fid in found:
                    continue
                if reason := clash(other):
                    found[fid] = reason

        name = entry.fact.subject
        if entry.life:
            check(("life", subject), lambda o: o.life == -entry.life and
                  f"{name} cannot be both {'alive' if entry.life > 0 else 'dead'} and "
                  f"{'alive' if o.life > 0 else 'dead'}")
        if entry.loyalty:
            check(("loyalty", subject), lambda o: o.loyalty == -entry.loyalty and
                  f"{name} cannot be both an ally and an enemy")
        if entry.place:
            here = entry.place  # "the rusty anchor" and "the rusty anchor tavern" are the same place
            check(("place", subject), lambda o: o.place and o.place[:len(here)] != here[:len(o.place)] and
                  f"{name} is placed at {' '.join(here)!r} here but at {' '.join(o.place)!r} there")
        for context, value in entry.numbers.items():
            check(("num", subject, *context), lambda o, c=context, v=value: o.numbers.get(c) != v and
                  f"the number changed from {o.numbers.get(c)} to {v}")
        check(("core", subject, entry.core_hash),
              lambda o: o.negated != entry.negated and "one states what the other denies")
        return [f'Contradicts fact {fid} ("{self._entries[fid].fact.text}"): {reason}.'
                for fid, reason in found.items()]

    # ---- undo and journal replay ----
    def restore(self, fact: Fact) -> None:
        """Put back a fact exactly as it was recorded (journal replay): no dedup, no new id."""
        self._insert(fact.model_copy())

    def mark_superseded(self, old_id: str, new_id: str) -> None:
        """Replay a supersede exactly as it was recorded."""
        entry = self._entries.get(old_id)
        if entry is None:
            raise NotFoundError(f"No fact with id {old_id!r} to mark as superseded by {new_id!r}.")
        if entry.active:
            entry.active = False
            entry.fact.status = FactStatus.SUPERSEDED
            self._active_count -= 1
            if self._hash_active.get(entry.fact.text_hash) == old_id:
                del self._hash_active[entry.fact.text_hash]
        entry.fact.superseded_by = new_id

    def remove(self, fact_id: str) -> None:
        """Forget a fact entirely (undo of the entry that added it)."""
        entry = self._entries.pop(fact_id, None)
        if entry is None:
            raise NotFoundError(f"No fact with id {fact_id!r}; there are {len(self._entries)} facts.")
        for key in entry.keys:
            ids = self._index.get(key)
            if ids is not None:
                ids.discard(fact_id)
                if not ids:
                    del self._index[key]
        if entry.active:
            self._active_count -= 1
            if self._hash_active.get(entry.fact.text_hash) == fact_id:
                del self._hash_active[entry.fact.text_hash]

    def unsupersede(self, fact_id: str) -> None:
        """Make a superseded fact active again (undo of the entry that superseded it)."""
        entry = self._entries.get(fact_id)
        if entry is None:
            raise NotFoundError(f"No fact with id {fact_id!r} to restore.")
        if entry.active:
            return
        entry.fact.status = FactStatus.ACTIVE
        entry.fact.superseded_by = None
        entry.active = True
        self._active_count += 1
        self._hash_active.setdefault(entry.fact.text_hash, fact_id)

    # ---- reading ----
    def get(self, fact_id: str) -> Fact | None:
        entry = self._entries.get(fact_id)
        return entry.fact if entry else None

    def all(self) -> list[Fact]:
        return [e.fact for e in self._entries.values()]

    def active(self) -> list[Fact]:
        return [e.fact for e in self._entries.values() if e.active]

    def query(self, text: str | None = None, *, entity: str | None = None, category: FactCategory | None = None,
              limit: int = 10, include_superseded: bool = False) -> FactQueryResult:
        """Facts matching the words of `text`, ranked by rarity-weighted matches, subject and recency.

        Without text the filters (entity, category) pick the facts; with neither, the newest come back.
        """
        entity_key = normalize(entity) if entity else ""
        filters = sorted(([self._ids(("e", entity_key))] if entity is not None else [])
                         + ([self._ids(("c", FactCategory(category)))] if category is not None else []), key=len)
        words = normalize(text).split() if text else []
        query_words = {w for w in words if w not in STOPWORDS} or set(words)
        if not query_words and not filters:
            return self._newest(limit, include_superseded)
        n = max(len(self._entries), 1)
        weights = {w: math.log(1 + n / len(ids)) for w in query_words if (ids := self._ids(("w", w)))}
        postings = sum(len(self._ids(("w", w))) for w in weights)
        scores: dict[str, float] = {}
        if query_words and not (filters and len(filters[0]) < postings):
            for word, weight in weights.items():
                for fid in self._ids(("w", word)):
                    scores[fid] = scores.get(fid, 0.0) + weight
        else:  # the filter set is smaller than the word postings: score its members directly
            for fid in filters[0]:
                score = sum(weights[w] for w in weights.keys() & self._entries[fid].words)
                if score or not query_words:
                    scores[fid] = score
        boost = {entity_key, " ".join(words)} - {""}
        ranked = []
        for fid, score in scores.items():
            entry = self._entries[fid]
            if not (include_superseded or entry.active) or (filters and not all(fid in f for f in filters)):
                continue
            if entry.subject_key in boost or (query_words and query_words.issuperset(entry.subject_words)):
                score += _SUBJECT_BOOST
            ranked.append((score, entry.fact.turn, entry.seq, fid))
        best = heapq.nlargest(limit, ranked)
        return FactQueryResult(facts=[self._entries[r[3]].fact for r in best], total_matches=len(ranked))

    def _newest(self, limit: int, include_superseded: bool) -> FactQueryResult:
        picked: list[Fact] = []
        for fid in reversed(self._entries):  # insertion order is recency: stop once we have enough
            if len(picked) >= limit:
                break
            if include_superseded or self._entries[fid].active:
                picked.append(self._entries[fid].fact)
        total = len(self._entries) if include_superseded else self._active_count
        return FactQueryResult(facts=picked, total_matches=total)
