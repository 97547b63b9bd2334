"""Reading a fact's text: its hash, the world names it mentions, and the subject it is filed under.

The claims a fact makes are read by engine.facts.claims; this module stays what a load needs per fact.
"""

from __future__ import annotations

import hashlib
import re

from engine.facts.claims import subject_phrase
from engine.text import normalize

STOPWORDS = frozenset(
    "a an the of in at on to is are was were be been and or but with for from by as it its this that "
    "these those there here who whom what where when which how why do does did has have had he she they "
    "them his her their we you i me my our your not no".split())
NEGATORS = frozenset({"not", "never", "no"})
# Negative contractions (apostrophe already dropped by normalize) and the positive word each one negates.
CONTRACTIONS = dict(pair.split(":") for pair in (
    "isnt:is arent:are wasnt:was werent:were doesnt:does dont:do didnt:did hasnt:has havent:have "
    "hadnt:had cant:can cannot:can wont:will wouldnt:would couldnt:could shouldnt:should").split())
DETERMINERS = frozenset({"the", "a", "an", "some", "this", "that"})
_SUBJECT_VERBS = frozenset("is are was were has have had will can lies stands holds knows wants owns lives guards "
                           "hides leads serves fears".split())


def text_hash(normalized: str) -> str:
    return hashlib.sha256(normalized.encode("utf-8")).hexdigest()


class EntityNames:
    """Known names (characters, NPCs, places, items) and where a text mentions them."""

    def __init__(self) -> None:
        self._display: dict[str, str] = {}  # normalized name -> name as the campaign spells it
        # First word -> (words, normalized name, word count) of every name starting with it, longest first.
        self._by_first: dict[str, list[tuple[tuple[str, ...], str, int]]] = {}
        self._firsts: set[str] = set()

    def add(self, name: str) -> tuple[str, ...] | None:
        """Learn a name; its normalized words, or None when it is blank or already known."""
        key = normalize(name)
        if not key or key in self._display:
            return None
        self._display[key] = name.strip()
        words = tuple(key.split())
        bucket = self._by_first.setdefault(words[0], [])
        bucket.append((words, key, len(words)))
        bucket.sort(key=lambda candidate: candidate[2], reverse=True)  # "Sister Ilsa" wins over "Sister"
        self._firsts.add(words[0])
        return words

    def display(self, key: str) -> str | None:
        return self._display.get(key)

    def mentions(self, words: list[str], wordset: frozenset[str] | None = None) -> list[str]:
        """Names the words mention, longest match at each position, in order of appearance."""
        hits = self._firsts.intersection(words if wordset is None else wordset)
        if not hits:
            return []
        found: list[str] = []
        for i, word in enumerate(words):
            if word in hits:
                for candidate, key, length in self._by_first[word]:
                    if length == 1 or tuple(words[i:i + length]) == candidate:
                        found.append(key)
                        break
        return found

    def spans(self, words: list[str]) -> list[tuple[int, int]]:
        """(start, end) of every name the words mention, longest match at each position."""
        hits = self._firsts.intersection(words)
        found: list[tuple[int, int]] = []
        i = 0
        while hits and i < len(words):
            for candidate, _, length in self._by_first.get(words[i], ()) if words[i] in hits else ():
                if tuple(words[i:i + length]) == candidate:
                    found.append((i, i + length))
                    i += length - 1
                    break
            i += 1
        return found

    def within(self, wordset: frozenset[str]) -> set[str]:
        """Every known name whose words all occur in the set, in any order.

        A superset of what `mentions` ever returned for a text with these words, whatever names were
        added since: the tracker uses it to find every entity index a fact may sit in.
        """
        return {key for word in self._firsts.intersection(wordset)
                for candidate, key, _ in self._by_first[word] if wordset.issuperset(candidate)}


def guess_subject(text: str, names: EntityNames) -> str:
    """The first known world name in the text, else the sentence's own subject phrase, else its nouns.

    Never "any capitalised word": a sentence opening on "In the crossing of the Saltmere bay, ..." is not
    about "In", and "Saltmere" in a place phrase is not the subject.
    """
    words = normalize(text).split()
    mentioned = names.mentions(words)
    if mentioned:
        return names.display(mentioned[0]) or mentioned[0]
    phrase = subject_phrase(text, names)
    if phrase:
        # The phrase is casefolded; take its spelling from the text when it appears there as is.
        found = re.search(r"\s+".join(re.escape(p) for p in phrase.split()), text, re.IGNORECASE)
        return found.group() if found else phrase
    head: list[str] = []
    for word in words:
        if word in _SUBJECT_VERBS or word in NEGATORS or word in CONTRACTIONS:
            break
        if not (not head and word in DETERMINERS):
            head.append(word)
    head = head[:4] or [w for w in words if w not in STOPWORDS][:3]
    return " ".join(head) or "world"
