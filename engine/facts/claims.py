"""Facts as claims: each sentence is read into (subject, attribute, value, polarity, time) claims.

A light, rule-based reader (no model, no downloads): find the time words, the subject noun phrase (world
names first, then the sentence's own phrase, never "any capitalised word"), the verb group with its
negation and tense, then read the rest against the tables of engine.facts.lexicon. Anything it cannot
read yields no claim, which can only cost a missed contradiction, never a false one.
"""

from __future__ import annotations

import re
import unicodedata

from engine.facts import lexicon as lx
from engine.facts.claim import Claim
from engine.facts.phrases import NP, Tokens, content, noun_phrase, quantity_at, subject_end, time_anchors
from engine.facts.predicate import Predicate

_SENTENCES = re.compile(r"(?<!\d)[.!?;]+(?!\d)")
_TOKEN = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*|,")


def tokenize(text: str) -> Tokens:
    """NFKC words, casefolded, with 's split off, negative contractions expanded and capitals noted."""
    words: list[str] = []
    caps: list[bool] = []
    for match in _TOKEN.finditer(unicodedata.normalize("NFKC", text)):
        raw = match.group().replace("\u2019", "'")
        low = raw.casefold()
        cap = raw[:1].isupper()
        if low in lx.CONTRACTIONS:
            parts: tuple[str, ...] = lx.CONTRACTIONS[low]
        elif low.endswith("n't"):
            parts = (low[:-3], "not")
        elif low.endswith("'s"):
            parts = (low[:-2], "'s")
        else:
            parts = (low.replace("'", ""),)
        for i, part in enumerate(parts):
            words.append(part)
            caps.append(cap and i == 0)
    return Tokens(words, caps)


def parse(text: str, names: object, fallback: NP | None = None) -> tuple[Claim, ...]:
    """Every claim the text makes; `fallback` is the subject a bare pronoun ("He is dead") stands for."""
    claims: list[Claim] = []
    for sentence in _SENTENCES.split(text):
        tokens = tokenize(sentence)
        if len(tokens.words) >= 2:
            tokens.mark_names(names)
            claims += _sentence(tokens, fallback)
    return tuple(claims)


def _sentence(t: Tokens, fallback: NP | None) -> list[Claim]:
    anchors, t = time_anchors(t)
    w = t.words
    if w[:1] == ["there"] and len(w) > 2 and w[1] in lx.COPULAS:
        return _existence(t, anchors)
    lead = _leading_quantity(t)
    end = subject_end(t, lead[0] if lead else 0)
    if end is None:
        return []
    subject = noun_phrase(t, 0, end, fallback)
    if subject is None:
        return []
    reader = Predicate(t, end, subject, anchors)
    claims = reader.read()
    if lead:  # "Three guards watch the gate": a count of guards at the gate
        noun, low, high = lead[1], lead[2], lead[3]
        if reader.object_np is not None:
            claims.append(reader.make(reader.object_np, f"qty:{reader.lemma}", (noun, low, high)))
    return claims + subject.derived(anchors)


def subject_phrase(text: str, names: object) -> str | None:
    """The subject noun phrase of the text's first sentence, as a label ("cellar door"), or None."""
    for sentence in _SENTENCES.split(text):
        tokens = tokenize(sentence)
        if not tokens.words:
            continue
        tokens.mark_names(names)
        _, tokens = time_anchors(tokens)
        if tokens.words[:1] == ["there"]:
            return None
        lead = _leading_quantity(tokens)
        start = lead[0] if lead else 0
        end = subject_end(tokens, start)
        np = noun_phrase(tokens, 0, end, None) if end else None
        return np.label if np and not lead else None
    return None


def _leading_quantity(t: Tokens) -> tuple[int, str, int, int] | None:
    """A sentence opening on a count ("Three guards", "A pair of thugs"): (start of the verb search, noun, range)."""
    found = quantity_at(t.words, 0)
    return found if found and found[0] < len(t.words) else None


def _existence(t: Tokens, anchors: frozenset[str]) -> list[Claim]:
    """"There is (no) trapdoor under the barrels": a claim about the place, or about "there"."""
    w = t.words
    i = 2
    negative = False
    while i < len(w) and w[i] in lx.NEGATORS | lx.ADVERBS:
        negative ^= w[i] in lx.NEGATORS
        i += 1
    j = i
    while j < len(w) and w[j] not in lx.PREPS and w[j] not in lx.CLAUSE_BREAKS:
        j += 1
    thing = content(w[i:j])
    place = noun_phrase(t, j + 1, _clause_end(w, j + 1), None) if j < len(w) and w[j] in lx.PREPS else None
    where = place or NP(frozenset({"there"}), ("there",), "there")
    tense = "past" if w[1] in lx.PAST_AUX else "present"
    claims = [Claim(where.words, where.heads, where.label, "pred:exist", frozenset(thing), not negative,
                    tense, anchors)]
    found = quantity_at(w, 2)
    if found:
        claims.append(Claim(where.words, where.heads, where.label, "qty:exist", found[1:], True, tense, anchors))
    return claims


def _clause_end(w: list[str], start: int) -> int:
    for k in range(start, len(w)):
        if w[k] in lx.CLAUSE_BREAKS:
            return k
    return len(w)

