"""Places named: which connected place a player's words point at, by its name, by what is there, or by
a way from here that leads to it ("down the trapdoor" when the trapdoor opens on the stair to the caves).

Derived from the world's own texts, computed once per text, so cost never grows with history.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from engine.models.world import Campaign, Location
from engine.play import lexicon as lx
from engine.play.entities import NAME_WEIGHT, STOP, content_words
from engine.play.world_memo import remembered
from engine.text import stem, strong_past, words


def place_texts(loc: Location) -> list[str]:
    return [loc.description, *(f"{d.name}. {d.text}" for d in loc.discoveries)]


def _sentences(texts: Iterable[str]) -> list[set[str]]:
    """Each sentence's content stems, less what was done there ("made", "held"): deeds are no part of a place."""
    return [{stem(w) for w in content_words(s) if strong_past(w) is None and w not in _WHEN}
            for t in texts for s in re.split(r"[.;:!?]", t) if s.strip()]


_WHEN = {"before", "after", "ago", "since", "until", "later", "earlier"}  # "as before" names no place's night before


def link_place(stems_said: list[str], world: Campaign, ignore: set[str] | None = None) -> tuple[str | None, float]:
    """The place other than here the words point at, and how strongly: by name (any word of it, however
    short: "the inn", "the point"), by what is there ("the quay", "the lighthouse"), or by a feature
    here that leads there ("down the trapdoor" when the trapdoor opens on the stair to the caves).
    `ignore` are words that count only as part of a name (verbs: "head" is no place's "head height")."""
    index = _places(world)
    here_name = world.game_state.party_location
    here = next((loc for loc in index.values() if loc.name.casefold() == here_name.casefold()), None)
    said = set(stems_said)
    features = said - (ignore or set()) - _WAY_WORDS
    if here is not None:
        named_here = features & here.found - index["\0"].words
        # What is only here is here: with it, words also found elsewhere name the thing here ("the crab
        # pool" is no other place's crab pots), though they still point there a little. A feature here that
        # leads on ("a flooded arch leads deeper, toward a faint green glow") brings along the words of its
        # sentence, which point at the place it leads to.
        if any(index["\0"].df.get(s, 0) == 1 for s in named_here):
            features = (features - named_here) | {f"~{s}" for s in named_here}
        # The thing named is the one its words fit best ("the spiral stair" is the lighthouse's own, not the
        # stair cut in the rock below the trapdoor).
        fit = max((len(named_here & sentence) for sentence in here.sentences), default=0)
        for sentence in here.sentences:
            if named_here & sentence and len(named_here & sentence) == fit and sentence & _LEADS:
                features |= {f"~{s}" for s in sentence}
    df = index["\0"].df
    # Only the place words the sentence holds can score: those are looked up, not every word of every place.
    wanted = features | {f[1:] for f in features if f.startswith("~")}
    best, best_score = None, 0.0
    for name, loc in index.items():
        if name == "\0" or (here is not None and name == here.name):
            continue
        score = NAME_WEIGHT * len(loc.words & said)
        # A way from here described as going to it by name ("a cliff path climbs east toward Gannet Point").
        score += sum(0.5 for s in loc.words if f"~{s}" in features)
        # Summed in the place's own word order, as a walk over all its words would (a float sum's order counts).
        for _, s in sorted((loc.extra[s], s) for s in wanted if s in loc.extra):
            if s in features:
                score += 1.0 / df[s]
            elif f"~{s}" in features:
                # A word of a way here that leads on counts most of a word said ("the trapdoor, go down").
                score += 0.75 / df[s]
        if here is not None and name in here.connections:
            score *= 1.2
        if score > best_score:
            best, best_score = name, score
    return best, best_score


# Words that say a way goes on from here; and words of direction, which point but name nothing.
_LEADS = {stem(w) for w in ("lead", "leads", "toward", "towards", "descend", "descends", "climb", "climbs", "deeper",
                            "beyond", "reach", "reachable", "connect", "connects", "down", "up", "below", "beneath")}
_WAY_WORDS = {stem(w) for w in ("through", "down", "up", "toward", "towards", "back", "along", "across", "deeper")}


def leading_words(world: Campaign) -> set[str]:
    """Stems of the sentences here that say a way goes on ("a trapdoor opens on a stair cut into the rock,
    descending toward the sound of the sea"): words that, with a direction, point the way out."""
    here = _places(world).get(world.game_state.party_location)
    return {s for sentence in here.sentences if sentence & _LEADS for s in sentence} if here is not None else set()


def words_of_place(world: Campaign, place: str) -> set[str]:
    """Stems of a place's name and of what its texts say is there ("the lighthouse" at Gannet Point)."""
    found = _places(world).get(place)
    return found.words | found.found if found is not None else set()


class _Place:
    """One location's words, computed once per world text (descriptions rarely change)."""

    def __init__(self, name: str, connections: tuple[str, ...], texts: tuple[str, ...]) -> None:
        self.name, self.connections = name, connections
        self.words = {stem(w) for w in words(name) if w not in STOP}
        self.words |= {stem(w) for kind in lx.PLACE_KINDS if {stem(k) for k in kind} & self.words for w in kind}
        self.sentences = _sentences(texts)
        self.found = {s for sent in self.sentences for s in sent}
        # Words found here beyond the name, each with its place in the set's own iteration order.
        self.extra = {s: i for i, s in enumerate(self.found - self.words)}
        self.df: dict[str, int] = {}


def _places(world: Campaign) -> dict[str, _Place]:
    return remembered(world, "places", lambda: _place_index(
        tuple((loc.name, tuple(loc.connections), tuple(place_texts(loc))) for loc in world.locations)))


@lru_cache(maxsize=16)
def _place_index(key: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]) -> dict[str, _Place]:
    index = {name: _Place(name, connections, texts) for name, connections, texts in key}
    total = _Place("\0", (), ())
    total.words = {s for p in index.values() for s in p.words}
    for p in index.values():
        for s in p.found:
            total.df[s] = total.df.get(s, 0) + 1
    index["\0"] = total
    return index
