"""Reading a fact's text: normal form and hash, negation, stances, place, numbers, names and subjects.

Pure text analysis for the fact tracker (engine.facts.tracker). Loading a session runs `analyze` once per
saved fact, so it favours set operations that reject the common case in one C call over Python loops.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Mapping
from types import MappingProxyType

from engine.text import normalize, stem

STOPWORDS = frozenset(
    "a an the of in at on to is are was were be been and or but with for from by as it its this that "
    "these those there here who whom what where when which how why do does did has have had he she they "
    "them his her their we you i me my our your not no".split())
NEGATORS = frozenset({"not", "never", "no"})
# Negative contractions (apostrophe already dropped) and the positive word each one negates.
CONTRACTIONS = dict(pair.split(":") for pair in (
    "isnt:is arent:are wasnt:was werent:were doesnt:does dont:do didnt:did hasnt:has havent:have "
    "hadnt:had cant:can cannot:can wont:will wouldnt:would couldnt:could shouldnt:should").split())
_NEGATING = NEGATORS | frozenset(CONTRACTIONS)
_DEAD = frozenset({"dead", "slain", "killed", "deceased", "died"})
_ALIVE = frozenset({"alive", "living", "survived"})
_ALLY = frozenset({"ally", "allies", "allied", "friend", "friends", "friendly"})
_ENEMY = frozenset({"enemy", "enemies", "hostile", "foe", "foes", "betrayed"})
_PLACE_VERBS = frozenset({"is", "are", "was", "were", "lives", "waits", "remains", "stays", "hides", "rests",
                          "sits"})
_PLACE_PREPS = frozenset({"in", "at", "inside"})
_PLACE_SKIP = frozenset({"now", "still", "currently"})
_PLACE_STOP = frozenset("and with but while when where who which because for until since to after before".split())
DETERMINERS = frozenset({"the", "a", "an", "some", "this", "that"})
_NUMBER_VALUES = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_NUMBER_WORDS = frozenset(_NUMBER_VALUES)
_NEGATING_OR_STANCE = _NEGATING | _DEAD | _ALIVE | _ALLY | _ENEMY
_SUBJECT_VERBS = frozenset("is are was were has have had will can lies stands holds knows wants owns lives guards "
                           "hides leads serves fears".split())
# Shared by every fact without numbers (most of them): read-only so no caller can fill it by mistake.
NO_NUMBERS: Mapping[tuple[str, str], int] = MappingProxyType({})

Place = tuple[str, ...]
Numbers = Mapping[tuple[str, str], int]


def text_hash(normalized: str) -> str:
    return hashlib.sha256(normalized.encode("utf-8")).hexdigest()


def _stance(words: frozenset[str], positive: frozenset[str], negative: frozenset[str], negated: bool) -> int:
    pos, neg = not positive.isdisjoint(words), not negative.isdisjoint(words)
    value = 0 if pos == neg else 1 if pos else -1
    return -value if negated else value  # "not dead" reads as alive


def _place(words: list[str]) -> Place | None:
    for i, word in enumerate(words[:-1]):
        if word not in _PLACE_VERBS:
            continue
        j = i + 1
        while j < len(words) and words[j] in _PLACE_SKIP:
            j += 1
        if j >= len(words) or words[j] not in _PLACE_PREPS:
            continue
        place = list(itertools.takewhile(lambda w: w not in _PLACE_STOP, words[j + 1:]))
        place = place[1:] if place[:1] and place[0] in DETERMINERS else place
        return tuple(place[:4]) or None
    return None


def _numbers(words: list[str]) -> Numbers:
    found: dict[tuple[str, str], int] = {}
    for i, word in enumerate(words):
        # isdecimal, not isdigit: "²" is a digit that int() cannot read.
        value = int(word) if word.isdecimal() else _NUMBER_VALUES.get(word)
        if value is None:
            continue
        before = stem(words[i - 1]) if i else "^"
        after = stem(words[i + 1]) if i + 1 < len(words) else "$"
        found.setdefault((before, after), value)
    return found or NO_NUMBERS


def analyze(norm: str, words: list[str], wordset: frozenset[str]
            ) -> tuple[bool, str, int, int, Place | None, Numbers]:
    """What the contradiction check compares: (negated, core, life, loyalty, place, numbers).

    The core is the normalized text with negations taken out, so "X is not Y" and "X is Y" share it;
    life is +1 alive / -1 dead, loyalty +1 ally / -1 enemy, 0 when the text says neither.
    """
    # Most facts hold none of the negation and stance words: one set test answers all three.
    if _NEGATING_OR_STANCE.isdisjoint(wordset):
        negated, core, life, loyalty = False, norm, 0, 0
    else:
        negating = not _NEGATING.isdisjoint(wordset)
        negated = negating and sum(1 for w in words if w in _NEGATING) % 2 == 1
        core = " ".join([CONTRACTIONS.get(w, w) for w in words if w not in NEGATORS]) if negating else norm
        life = _stance(wordset, _ALIVE, _DEAD, negated)
        loyalty = _stance(wordset, _ALLY, _ENEMY, negated)
    place = None if negated or _PLACE_VERBS.isdisjoint(wordset) or _PLACE_PREPS.isdisjoint(wordset) \
        else _place(words)
    # map() runs the digit test in C; _numbers' Python loop only for texts that may hold a number.
    numbers = NO_NUMBERS if _NUMBER_WORDS.isdisjoint(wordset) and not any(map(str.isdecimal, words)) \
        else _numbers(words)
    return negated, core, life, loyalty, place, numbers


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

    def within(self, wordset: frozenset[str]) -> set[str]:
        """Every known name whose words all occur in the set, in any order.

        A superset of what `mentions` ever returned for a text with these words, whatever names were
        added since: the tracker uses it to find every entity index a fact may sit in.
        """
        return {key for word in self._firsts.intersection(wordset)
                for candidate, key, _ in self._by_first[word] if wordset.issuperset(candidate)}


def guess_subject(text: str, names: EntityNames) -> str:
    """The first known name in the text, else its leading proper noun, else its noun phrase."""
    words = normalize(text).split()
    mentioned = names.mentions(words)
    if mentioned:
        return names.display(mentioned[0]) or mentioned[0]
    raw = [w.strip(".,;:!?\"'()[]") for w in text.split()]
    run: list[str] = []
    for i, word in enumerate(raw):
        if word[:1].isupper() and not (i == 0 and word.casefold() in DETERMINERS):
            run.append(word)
        elif run:
            break
    if run:
        return " ".join(run).removesuffix("'s").removesuffix("\u2019s")
    head: list[str] = []
    for word in words:
        if word in _SUBJECT_VERBS or word in NEGATORS or word in CONTRACTIONS:
            break
        if not (not head and word in DETERMINERS):
            head.append(word)
    head = head[:4] or [w for w in words if w not in STOPWORDS][:3]
    return " ".join(head) or "world"
