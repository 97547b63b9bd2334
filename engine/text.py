"""Words, stems and the normal form: one reading of text shared by intent, agents and facts.

`words`/`stem` are what the intent parser and agents match on (attack/attacks/attacking are one
stem); `normal_words`/`normalize` are the casefolded, punctuation-free form facts are hashed and
compared by. Both drop possessive apostrophes the same way.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_APOSTROPHES = {"'", "\u2019", "\u2018", "`"}
# Forms lemminflect does not give as a strong verb's simple past (participles, -ing, third person; the rest
# are `strong_past`'s), and words the suffix rules would cut wrongly.
_IRREGULAR = {"goes": "go", "gone": "go", "going": "go", "running": "run", "lying": "lie", "lied": "lie",
              "rune": "rune", "runes": "rune", "taken": "tak", "thrown": "throw", "spoke": "speak", "says": "say",
              "shot": "shoot", "wolves": "wolves", "children": "children", "this": "this", "its": "its", "does": "do"}


# Counts written as words ("two ales", "three damage"), to their values.
NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())} | {
    w: 10 * i for i, w in enumerate("thirty forty fifty sixty seventy eighty ninety".split(), start=3)} | {"hundred": 100}


@lru_cache(maxsize=16384)  # the same few thousand words recur all session; a stem is pure
def stem(word: str) -> str:
    """A crude, consistent stem: enough to make attack/attacks/attacking/attacked one word."""
    word = word.lower()
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if (base := strong_past(word)) is not None:
        return stem(base)
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 5 and word.endswith("ing"):
        word = _undouble(word[:-3])
    elif len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        word = _undouble(word[:-2])
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


# Their pasts carry grammar the readers look for by the word itself ("could I", "I got", "did he").
_GRAMMAR_VERBS = {"be", "have", "do", "can", "will", "shall", "may", "must", "get"}


@lru_cache(maxsize=4096)
def strong_past(word: str) -> str | None:
    """The bare verb of a strong verb's simple past that is nothing but a verb ("leapt", "caught", "knelt").

    Regular pasts are cut by `stem` already; words that are also nouns or adjectives ("saw", "left",
    "ground") keep their own stem."""
    if word.endswith("ed"):
        return None
    from lemminflect import getAllLemmas, getInflection  # its tables load on first use, not at import

    found = getAllLemmas(word)
    if set(found) != {"VERB"}:
        return None
    base = found["VERB"][0]
    if base == word or base in _GRAMMAR_VERBS or word not in getInflection(base, "VBD"):
        return None
    return base


def _undouble(word: str) -> str:
    if len(word) >= 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """Lower-cased words of `text`, possessive 's dropped (a list of the caller's own)."""
    return list(_words(text))


_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


@lru_cache(maxsize=8192)  # the world's names and descriptions are split again on every action
def _words(text: str) -> tuple[str, ...]:
    return tuple(w.removesuffix("'s") for w in _WORD.findall(text.lower()))


def stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)}


def overlap(name: str, text_stems: set[str]) -> int:
    """How many meaningful words of `name` the text mentions."""
    return sum(1 for w in words(name) if len(w) > 2 and stem(w) in text_stems)


class _PunctTable(dict):
    """str.translate table built lazily: punctuation, symbols and controls become spaces."""

    def __missing__(self, code: int) -> str | None:
        ch = chr(code)
        # Apostrophes vanish ("Bron's" -> "brons") so a possessive does not leave a stray "s" word.
        value = None if ch in _APOSTROPHES else " " if unicodedata.category(ch)[0] in "PSC" else ch
        self[code] = value
        return value


_TABLE = _PunctTable()
# The same mapping for ASCII text as a bytes table: bytes.translate is a plain C array lookup, twice
# as fast as str.translate with a dict, and ASCII is what most facts are written in.
_ASCII_TABLE = bytes(ord(_TABLE[i] or " ") for i in range(128)) + bytes(range(128, 256))
_ASCII_DROP = bytes(ord(ch) for ch in _APOSTROPHES if ord(ch) < 128)


def normal_words(text: str) -> list[str]:
    """The words of the normal form: casefolded, punctuation, symbols and controls dropped."""
    if text.isascii():  # casefold() is lower() on ASCII
        return text.lower().encode().translate(_ASCII_TABLE, _ASCII_DROP).decode().split()
    # NFKC first: "café" typed precomposed or as e + combining accent (and full-width or ligature forms)
    # must hash alike, or one fact counts as two texts.
    return unicodedata.normalize("NFKC", text).casefold().translate(_TABLE).split()


def normalize(text: str) -> str:
    """Casefold, drop punctuation, fold whitespace: the form used for hashing and word matching."""
    return " ".join(normal_words(text))
