"""Fact tracker: record facts with dedup/supersede (seed 001), flag contradictions, answer queries.

Every lookup goes through an index kept up to date on record/remove, so recording and querying stay
well under a millisecond with thousands of facts: nothing here loops over every fact. The text
analysis lives in engine.facts.text; its public names are re-exported here.
"""

from __future__ import annotations

import heapq
import math
import uuid
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime

from engine.errors import InvalidInputError, NotFoundError
from engine.facts.contradictions import ClaimIndex
from engine.facts.dedup import SUPERSEDE_THRESHOLD
from engine.facts.index import FactEntry, Posting, discard, ids_of, unpost
from engine.facts.text import STOPWORDS, EntityNames, guess_subject, text_hash
from engine.memory import gc_paused
from engine.models.facts import (
    DedupOutcome,
    Fact,
    FactCategory,
    FactInput,
    FactQueryResult,
    FactRecordResult,
    FactStatus,
)
from engine.text import normal_words, normalize

__all__ = ["STOPWORDS", "SUPERSEDE_THRESHOLD", "FactTracker", "normalize", "text_hash"]

_SUBJECT_BOOST = 2.0
_EMPTY: frozenset[str] = frozenset()


class FactTracker:
    """Holds a session's facts. Callers pass deterministic ids; times come from the caller too."""

    def __init__(self, facts: list[Fact] | None = None, known_entities: Iterable[str] = ()) -> None:
        self._entries: dict[str, FactEntry] = {}
        # Fact id -> its JSON for the next save (see all_json).
        self._json: dict[str, bytes] = {}
        self._seq = 0
        self._active_count = 0
        self._hash_active: dict[str, str] = {}
        # One index per kind of key, mapping a key to the ids of the facts under it. Word and feature
        # postings are only ever iterated: they use the compact Posting of engine.facts.index. Entity,
        # subject and category postings are tested with `in`: sets, in defaultdicts because filling them
        # is much of a load; read those through .get(), never [], so a lookup adds no key.
        self._by_word: dict[str, Posting] = {}
        self._by_entity: defaultdict[str, set[str]] = defaultdict(set)
        self._by_subject: defaultdict[str, set[str]] = defaultdict(set)
        self._by_category: defaultdict[str, set[str]] = defaultdict(set)
        self._subject_keys: dict[str, tuple[str, frozenset[str]]] = {}  # raw subject -> normalized forms
        self._names = EntityNames()
        self._claims = ClaimIndex(self._entries, self._by_word, self._names)
        self.add_entities(known_entities)
        # Saved facts were deduplicated and checked when recorded: loading only indexes them.
        with gc_paused():
            self._insert_all(facts or ())

    # ---- entities ----
    def add_entities(self, names: Iterable[str]) -> None:
        """Teach the tracker names (characters, NPCs, places, items) for subject guessing and queries."""
        for name in names:
            words = self._names.add(name)
            if words is None:
                continue
            self._claims.forget()  # subjects are read against the names: read them again when needed
            key = " ".join(words)
            for fid in list(ids_of(self._by_word.get(words[0]))):
                entry = self._entries[fid]
                if key in self._names.mentions(normal_words(entry.fact.text)):
                    self._by_entity[key].add(fid)

    def guess_subject(self, text: str) -> str:
        """The first known entity named in the text, else its leading proper noun, else its noun phrase."""
        return guess_subject(text, self._names)

    # ---- indexing ----
    def _subject(self, subject: str) -> tuple[str, frozenset[str]]:
        known = self._subject_keys.get(subject)
        if known is None:
            key = normalize(subject) or "world"
            known = self._subject_keys[subject] = (key, frozenset(key.split()))
        return known

    def _insert(self, fact: Fact) -> FactEntry:
        self._insert_all((fact,))
        return self._entries[fact.id]

    def _insert_all(self, facts: Iterable[Fact]) -> None:
        """Analyse and index facts in one tight loop: a session load runs it over every saved fact."""
        entries, names, subjects, subject_of = self._entries, self._names, self._subject_keys, self._subject
        by_word, by_entity = self._by_word, self._by_entity
        word_ids = by_word.get
        by_subject, by_category, hash_active = self._by_subject, self._by_category, self._hash_active
        active_status = FactStatus.ACTIVE
        for fact in facts:
            fid = fact.id
            if fid in entries:
                raise InvalidInputError(f"A fact with id {fid!r} already exists; pass a new id.")
            words = normal_words(fact.text)
            norm = " ".join(words)
            wordset = frozenset(words)
            subject_key, subject_words = subjects.get(fact.subject) or subject_of(fact.subject)
            if not fact.text_hash:
                fact.text_hash = text_hash(norm)
            self._seq += 1
            active = fact.status == active_status
            entries[fid] = FactEntry(fact, self._seq, subject_key, wordset, subject_words, active)
            for word in wordset:  # post() inlined: this loop is the largest part of a load
                ids = word_ids(word)
                if ids is None:
                    by_word[word] = fid
                elif ids.__class__ is str:
                    by_word[word] = [ids, fid]
                else:
                    ids.append(fid)
            by_entity[subject_key].add(fid)
            for key in names.mentions(words, wordset):
                by_entity[key].add(fid)
            by_subject[subject_key].add(fid)
            by_category[fact.category].add(fid)
            if active:
                self._active_count += 1
                hash_active.setdefault(fact.text_hash, fid)

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
        given = bool(fact.subject and fact.subject.strip())
        subject = fact.subject.strip() if given else self.guess_subject(fact.text)
        subject = self._names.display(normalize(subject)) or subject
        new = Fact(id=fact_id or uuid.uuid4().hex, category=fact.category, subject=subject,
                   text=fact.text.strip(), turn=turn, created_at=now, updated_at=now, text_hash=digest,
                   subject_given=given)
        entry = self._insert(new)
        self._json[new.id] = new.model_dump_json(exclude_defaults=True).encode()
        clashes = self._claims.clashes(entry)
        # A contradicting pair is never superseded, however alike the words: both stay, flagged.
        older = self._supersede_candidate(entry, {c.fact_id for c in clashes})
        if older is not None:
            # Only status and link change (no timestamp), exactly as journal replay and undo redo them.
            self.mark_superseded(older.fact.id, new.id)
            self._json.pop(older.fact.id, None)
        result = FactRecordResult(
            fact_id=new.id, dedup_outcome=DedupOutcome.SUPERSEDE if older else DedupOutcome.NEW,
            superseded_fact_id=older.fact.id if older else None,
            contradictions=[c.message for c in clashes], clashes=clashes)
        return result, new, older.fact.id if older else None

    def _supersede_candidate(self, entry: FactEntry, clashing: set[str]) -> FactEntry | None:
        """The most similar active fact at Jaccard >= 0.70 (seed 001), whatever subject was guessed for
        either: only subjects both callers named, and named differently, keep two alike facts apart."""
        words = entry.words
        named = entry.fact.subject_given
        by_word = self._by_word
        # A fact B reaching the threshold shares at least k = ceil(t*|A|) of A's words (Jaccard <= |A&B|/|A|),
        # so it holds at least one of any |A| - k + 1 words of A: probe only that many of the rarest words.
        needed = math.ceil((SUPERSEDE_THRESHOLD - 1e-9) * len(words))
        probes = sorted(words, key=lambda w: len(ids_of(by_word.get(w))))[:len(words) - needed + 1]
        best: tuple[float, int, FactEntry] | None = None
        seen: set[str] = {entry.fact.id}
        for word in probes:
            for fid in ids_of(by_word.get(word)):
                if fid in seen or fid in clashing:
                    continue
                seen.add(fid)
                other = self._entries[fid]
                if not other.active or (named and other.fact.subject_given and other.subject_key != entry.subject_key):
                    continue
                inter = len(words & other.words)
                union = len(words) + len(other.words) - inter
                score = inter / union
                if score + 1e-9 >= SUPERSEDE_THRESHOLD and (best is None or (score, other.seq) > best[:2]):
                    best = (score, other.seq, other)
        return best[2] if best else None

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
        self._json.pop(old_id, None)

    def remove(self, fact_id: str) -> None:
        """Forget a fact entirely (undo of the entry that added it)."""
        entry = self._entries.pop(fact_id, None)
        if entry is None:
            raise NotFoundError(f"No fact with id {fact_id!r}; there are {len(self._entries)} facts.")
        self._json.pop(fact_id, None)
        # The keys are derived again from the entry rather than stored with it (loads stay lean). Entity
        # keys: every known name within the fact's words, a superset of the ones it was filed under.
        for word in entry.words:
            unpost(self._by_word, word, fact_id)
        for key in {entry.subject_key} | self._names.within(entry.words):
            discard(self._by_entity, key, fact_id)
        discard(self._by_subject, entry.subject_key, fact_id)
        for category in list(self._by_category):
            discard(self._by_category, category, fact_id)
        self._claims.remove(entry)
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
        self._json.pop(fact_id, None)
        entry.active = True
        self._active_count += 1
        self._hash_active.setdefault(entry.fact.text_hash, fact_id)

    # ---- reading ----
    def get(self, fact_id: str) -> Fact | None:
        entry = self._entries.get(fact_id)
        return entry.fact if entry else None

    def all(self) -> list[Fact]:
        return [e.fact for e in self._entries.values()]

    def all_json(self) -> list[bytes]:
        """Every fact as JSON, in all()'s order. Kept per fact and dropped when the fact changes, so a
        save serializes only what changed since the last one."""
        cache = self._json
        out = []
        for fid, entry in self._entries.items():
            payload = cache.get(fid)
            if payload is None:
                payload = cache[fid] = entry.fact.model_dump_json(exclude_defaults=True).encode()
            out.append(payload)
        return out

    def active(self) -> list[Fact]:
        return [e.fact for e in self._entries.values() if e.active]

    def query(self, text: str | None = None, *, entity: str | None = None, category: FactCategory | None = None,
              limit: int = 10, include_superseded: bool = False) -> FactQueryResult:
        """Facts matching the words of `text`, ranked by rarity-weighted matches, subject and recency.

        Without text the filters (entity, category) pick the facts; with neither, the newest come back.
        """
        entity_key = normalize(entity) if entity else ""
        filters = sorted(([self._by_entity.get(entity_key, _EMPTY)] if entity is not None else [])
                         + ([self._by_category.get(FactCategory(category), _EMPTY)] if category is not None
                            else []), key=len)
        words = normalize(text).split() if text else []
        query_words = {w for w in words if w not in STOPWORDS} or set(words)
        if not query_words:
            if not filters:
                return self._newest(limit, include_superseded)
            return self._filtered(filters, entity_key, limit, include_superseded)
        by_word = {w: ids for w in query_words if (ids := ids_of(self._by_word.get(w)))}
        n = max(len(self._entries), 1)
        weights = {w: math.log(1 + n / len(ids)) for w, ids in by_word.items()}
        postings = sum(len(ids) for ids in by_word.values())
        scores: dict[str, float] = {}
        if query_words and not (filters and len(filters[0]) < postings):
            for word, weight in weights.items():
                for fid in by_word[word]:
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
                # Scaled by how much of the query the fact matches: being about "ledger" must not outrank
                # the fact that names both the ledger and Ilsa for "ledger Ilsa".
                score += _SUBJECT_BOOST * len(query_words & entry.words) / len(query_words)
            ranked.append((score, entry.fact.turn, entry.seq, fid))
        best = heapq.nlargest(limit, ranked)
        return FactQueryResult(facts=[self._entries[r[3]].fact for r in best], total_matches=len(ranked))

    def _filtered(self, filters: list, entity_key: str, limit: int, include_superseded: bool) -> FactQueryResult:
        """Filters without text: every fact in all of them scores 0, plus the boost when it is the subject."""
        entries, rest = self._entries, filters[1:]
        ranked = []
        for fid in filters[0]:
            entry = entries[fid]
            if (include_superseded or entry.active) and (not rest or all(fid in f for f in rest)):
                score = _SUBJECT_BOOST if entry.subject_key == entity_key else 0.0
                ranked.append((score, entry.fact.turn, entry.seq, fid))
        best = heapq.nlargest(limit, ranked)
        return FactQueryResult(facts=[entries[r[3]].fact for r in best], total_matches=len(ranked))

    def _newest(self, limit: int, include_superseded: bool) -> FactQueryResult:
        picked: list[Fact] = []
        for fid in reversed(self._entries):  # insertion order is recency: stop once we have enough
            if len(picked) >= limit:
                break
            if include_superseded or self._entries[fid].active:
                picked.append(self._entries[fid].fact)
        total = len(self._entries) if include_superseded else self._active_count
        return FactQueryResult(facts=picked, total_matches=total)
