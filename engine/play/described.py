"""Someone described, not named: "the guy who jumped Idris", "the one by the net shed".

A generic head ("the one", "the guy", "that thing") followed by what describes it (a relative clause, a
place, a participle) points at whoever fits the description; the people and things inside the
description ("Idris", "the net shed") are how to find them, not whom the act is aimed at. Their words
are left out when people are ranked, so the fight's foe (or nobody) is meant instead. So is a creature's
word that, with the word after it, names a thing of the place ("the crab pool").
"""

from __future__ import annotations

from functools import lru_cache

from engine.models.world import Campaign
from engine.play.reading import Token

GENERIC_HEADS = frozenset({"one", "ones", "guy", "guys", "fella", "fellas", "fellow", "bloke", "dude", "thing",
                           "things", "creature", "bastard", "brute", "git", "sod", "idiot", "jerk", "wretch"})
# Words that open a description of the head: relative pronouns and the places and company it is found in.
_OPENERS = frozenset({"who", "whos", "who's", "that", "thats", "that's", "which", "whose", "with", "by", "near",
                      "beside", "behind", "holding", "on", "in", "at", "next", "over", "under", "from", "closest",
                      "nearest", "standing", "wearing", "carrying", "going", "coming", "trying"})


def describing(tokens: list[Token], here_text: str = "") -> set[int]:
    """Indexes of the tokens that describe a generic head, to its clause's end, and of a word that only names
    a thing of the place with the word after it ("shove the captain into the crab pool": `here_text`, the
    place's own words, speak of "a tidal crab pool", so no crab is meant)."""
    out: set[int] = set()
    for i, token in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        if here_text and nxt.clause == token.clause and f" {token.word} {nxt.word}" in here_text:
            out.add(i)
        # Only a head after an article or adjective ("the one", "that big guy"): "throw one at Crowe" is a count.
        if token.word in GENERIC_HEADS and token.noun and nxt.clause == token.clause and (
                nxt.word in _OPENERS or (nxt.word.endswith("ing") and len(nxt.word) > 4)):
            out |= {j for j in range(i + 1, len(tokens)) if tokens[j].clause == token.clause}
    return out


def here_words(world: Campaign) -> str:
    """The description of where the party stands, lower-cased and padded, for finding the place's own phrases."""
    here = world.location(world.game_state.party_location)
    return _padded(here.description) if here else ""


@lru_cache(maxsize=64)  # read for every clause linked; descriptions rarely change
def _padded(description: str) -> str:
    return f" {' '.join(description.lower().replace(',', ' ').replace('.', ' ').split())} "
