"""The claim index: which facts make claims about a subject, read lazily, and the clashes of a new fact.

A load indexes words only. The first record that needs a subject's claims finds the facts that may make
them through the word index (every form of the head word), reads those facts once and files them under
the head; from then on new facts are filed as they are recorded. So a load parses nothing, and a record
reads only the facts about the subjects it names.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.facts.claim import Claim
from engine.facts.claims import parse
from engine.facts.clash import clash
from engine.facts.index import FactEntry, Posting, ids_of
from engine.facts.phrases import NP
from engine.facts.text import EntityNames
from engine.models.facts import FactClash
from engine.text import normal_words

# A head a fact may make a claim about without naming it: "Hesper is a widow" is about her husband.
_IMPLIED_BY = {"husband": ("widow",), "wife": ("widower",)}


def _forms(head: str) -> set[str]:
    """Words in the normal form that may carry this head: plural and possessive ("brams") included."""
    forms = {head, head + "s", head + "es", *_IMPLIED_BY.get(head, ())}
    if head.endswith("y"):
        forms.add(head[:-1] + "ies")
    return forms


class ClaimIndex:
    def __init__(self, entries: dict[str, FactEntry], by_word: dict[str, Posting], names: EntityNames) -> None:
        self._entries, self._by_word, self._names = entries, by_word, names
        self._by_head: dict[str, dict[str, None]] = {}  # head -> ids, in recording order

    def claims_of(self, entry: FactEntry) -> tuple[Claim, ...]:
        if entry.claims is None:
            subject = normal_words(entry.fact.subject)
            fallback = NP(frozenset(subject), tuple(subject), entry.fact.subject) if subject else None
            entry.claims = parse(entry.fact.text, self._names, fallback)
        return entry.claims

    def _ids(self, head: str) -> dict[str, None]:
        ids = self._by_head.get(head)
        if ids is None:
            found = {fid for form in _forms(head) for fid in ids_of(self._by_word.get(form))}
            entries = self._entries
            ordered = sorted(found, key=lambda fid: entries[fid].seq)
            ids = self._by_head[head] = {fid: None for fid in ordered
                                         if any(head in c.heads for c in self.claims_of(entries[fid]))}
        return ids

    def about(self, head: str) -> Iterator[str]:
        """Ids of the facts making a claim about `head`, newest first."""
        return reversed(self._ids(head))

    def add(self, entry: FactEntry) -> None:
        for head in {h for c in self.claims_of(entry) for h in c.heads}:
            self._ids(head)[entry.fact.id] = None  # a no-op when _ids just found it through the words

    def remove(self, entry: FactEntry) -> None:
        for head in {h for c in entry.claims or () for h in c.heads}:
            self._by_head.get(head, {}).pop(entry.fact.id, None)

    def forget(self) -> None:
        """Names changed: subjects may read differently, so every claim is read again when next needed."""
        self._by_head.clear()
        for entry in self._entries.values():
            entry.claims = None

    def clashes(self, entry: FactEntry) -> list[FactClash]:
        """Active facts the entry contradicts, in recording order, with the first clashing claim of each."""
        claims = self.claims_of(entry)
        found: dict[str, tuple[FactEntry, Claim, Claim, str]] = {}
        for claim in claims:
            for head in claim.heads:
                for fid in self._ids(head):
                    other = self._entries[fid]
                    if fid == entry.fact.id or fid in found or not other.active:
                        continue
                    # Turn numbers are not world time: every DM command takes one, so two /fact lines in a
                    # row would always read as "later". Only tense, time words and change events count.
                    later = False
                    for old in self.claims_of(other):
                        reason = clash(old, claim, later)
                        if reason:
                            found[fid] = (other, old, claim, reason)
                            break
        self.add(entry)
        out = []
        for other, old, new, reason in sorted(found.values(), key=lambda f: f[0].seq):
            message = f'Contradicts fact {other.fact.id} ("{other.fact.text}"): {reason}.'
            out.append(FactClash(fact_id=other.fact.id, fact_text=other.fact.text, new_fact_id=entry.fact.id,
                                 subject=new.label, attribute=new.attribute, claim=describe(old),
                                 new_claim=describe(new), winner_id=entry.fact.id, message=message))
        return out


def describe(claim: Claim) -> str:
    value = claim.value
    if isinstance(value, frozenset):
        shown = " ".join(sorted(value))
    elif isinstance(value, tuple):
        shown = " ".join(" ".join(sorted(v)) if isinstance(v, frozenset) else str(v) for v in value if v != "")
    else:
        shown = str(value)
    return f"{claim.label}: {claim.attribute} = {'' if claim.positive else 'not '}{shown}".rstrip()
