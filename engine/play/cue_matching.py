"""Cue matching: the lexicon's verbs and phrases found in a reading's tokens, longest first.

A phrasal verb matches across the object between its verb and particle ("work it out"); each word is
used once, and a phrase never spans two clauses.
"""

from __future__ import annotations

from engine.play.cue_keys import LEXICON, MAX_PHRASE, ONWARD_KEYS
from engine.play.reading import Token

Match = tuple[tuple[str, ...], int, float, bool, int]
# Particles a phrasal verb may hold apart from its verb ("knock him out", "fit the bits back together").
_PARTICLES = {"out", "up", "down", "off", "away", "together", "apart", "open", "loose", "free", "shut", "in"}
_GAP = 8
_PHRASE_ENDS = {"at", "to", "with", "into", "onto", "toward", "towards", "is", "are", "was", "were"}


def match_cues(tokens: list[Token]) -> list[Match]:
    """(cue key, clause, factor, noun, index) for every cue found, longest phrase first, no word used twice.
    A verb and its particle match across the object between them ("work it out")."""
    stems = [t.stem for t in tokens]
    found: list[Match] = []
    used: set[int] = set()
    i = 0
    while i < len(stems):
        if i in used:
            i += 1
            continue
        for size in range(min(MAX_PHRASE, len(stems) - i), 0, -1):
            key = tuple(stems[i:i + size])
            split = _split_phrase(tokens, i, used) if size == 1 and not tokens[i].noun else None
            if split is not None:
                key = split[0]
                used.add(split[1])
            if key in ONWARD_KEYS and i + size < len(tokens) and tokens[i + size].noun \
                    and tokens[i + size].clause == tokens[i].clause:
                continue  # "push on the lever": "on" opens the verb's object, it is no going on
            if key in LEXICON and len({t.clause for t in tokens[i:i + size]}) == 1 and not used & set(range(i, i + size)):
                factor = min(t.factor for t in tokens[i:i + size])
                if factor > 0:
                    found.append((key, tokens[i].clause, factor, tokens[i].noun and size == 1, i))
                i += size
                break
        else:
            i += 1
    return found


def _split_phrase(tokens: list[Token], i: int, used: set[int]) -> tuple[tuple[str, ...], int] | None:
    """A verb at `i` whose particle comes after its object, within the clause."""
    if i + 1 < len(tokens) and tokens[i + 1].stem in _PARTICLES:
        return None  # the particle right after is the verb's ("turns up in the records" is no turning in)
    for j in range(i + 2, min(len(tokens), i + 2 + _GAP)):
        if tokens[j].clause != tokens[i].clause or tokens[j].word in _PHRASE_ENDS:
            return None  # "strike at whatever is coming up": past "at" the verb's object has begun
        key = (tokens[i].stem, tokens[j].stem)
        if tokens[j].stem in _PARTICLES:
            return (key, j) if key in LEXICON and j not in used else None
    return None
