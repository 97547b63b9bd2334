"""Real words typed for another word one letter away, where a phrase the parser knows shows which was meant:
"short rust" is a short rest, "pick the lick" picks the lock, "healing world on Bram" is Healing Word,
"Mr Veil" is Mr Vell when Vell stands here.

A phone's autocorrect turns a typo into a real word, so the typo mender (engine.play.typos), which never
changes a real word, cannot see it. The phrase around it can: one word of a known two-word phrase said
exactly, the next one edit away, and the pair as typed no phrase of its own. The phrases come from the
parser's lexicon and the SRD spell list, so no word list is tuned to any sentence.
"""

from __future__ import annotations

from functools import cache

from rapidfuzz.distance import OSA

from engine.content.catalogue import index as catalogue_index
from engine.models.catalogue import CatalogueKind
from engine.play.entities import STOP
from engine.play.lexicon import LEXICON_SPEC
from engine.play.person_nouns import HONORIFICS
from engine.play.typos import is_english

# Words between the two of a phrase that do not break it ("pick the lock", "sneak up on").
_BETWEEN = {"the", "a", "an", "my", "his", "her", "their", "our", "its", "that", "this", "your"}
_SHORTEST = 3  # shorter words are one letter away from too many others ("us"/"up", "on"/"in")


@cache
def _pairs() -> frozenset[tuple[str, str]]:
    """Every two-word phrase of the lexicon and of the SRD's spell names."""
    cues = {cue.split(":")[0].rstrip("!") for spec in LEXICON_SPEC.values() for cue in spec.split()}
    pairs = {tuple(c.split("_")) for c in cues if c.count("_") == 1}
    pairs |= {tuple(name.split()) for name in catalogue_index(CatalogueKind.SPELL).keys if name.count(" ") == 1}
    return frozenset((a, b) for a, b in pairs if a.isalpha() and b.isalpha() and min(len(a), len(b)) >= _SHORTEST)


@cache
def _after() -> dict[str, set[str]]:
    """First word of a phrase -> the second words it takes."""
    after: dict[str, set[str]] = {}
    for a, b in _pairs():
        after.setdefault(a, set()).add(b)
    return after


def _meant(word: str, options: set[str]) -> str | None:
    near = [o for o in options if o != word and OSA.distance(word, o) == 1]
    return near[0] if len(near) == 1 else None


_HAIL_OPENERS = {"oi", "hey", "hi", "hello", "ok", "okay", "so", "right", "listen"}


def _hailing(raw: list[str], i: int) -> bool:
    """The word at `i` opens the message, alone before a comma: where a name is hailed ("Pimm, mate, ...")."""
    opened = i == 0 or i == 1 and raw[0] in _HAIL_OPENERS
    return opened and raw[i + 1:i + 2] == [","]


def mended_slips(raw: list[str], names: frozenset[str] = frozenset()) -> list[str]:
    """The tokens with each real-word slip after the first word of a known phrase put right, and after a
    title ("Mr", "Miss") a word one letter off one of `names` (of the people standing here) read as it."""
    after = _after()
    pairs = _pairs()
    out = list(raw)
    for i, word in enumerate(raw):
        if len(word) < _SHORTEST or not word.isalpha() or word in STOP:
            continue  # "just open it" is no "bust open": a common little word is what was meant
        j = i - 1
        while j >= 0 and raw[j] in _BETWEEN:
            j -= 1
        prev = out[j] if j >= 0 else ""
        # What follows a title is a name ("Mr Veil" is no veil); so is a word that is no English word, hailed
        # to open the message ("Pimm, mate, ..."). An English word there is said as meant: "Well, ..." is no Vell.
        hailed = _hailing(raw, i) and not is_english(word)
        if (prev in HONORIFICS or hailed) and word not in names and (name := _meant(word, set(names))) is not None:
            out[i] = name
            continue
        # Only a word after its phrase's first word, never before its second: "thumb the cork out" is no
        # "work out".
        if (prev, word) not in pairs and (fixed := _meant(word, after.get(prev, set()))) is not None:
            out[i] = fixed
    return out
