"""Whom a compound action is aimed at: the one its first part acts on. "shoot the crab, then tell Crowe to
surrender" is aimed at the crab first; "I shout for Nessa to run, then fire bolt the thug" at Nessa. The
strongest name in the sentence ("Crowe") is only who the second part is for."""

from __future__ import annotations

from engine.models.intent import EntityRef
from engine.models.world import Campaign
from engine.play.entities import alias_stems
from engine.play.evidence import describes_a_thing
from engine.play.reading import Reading
from engine.text import stem


def first_named(reading: Reading, ranked: list[EntityRef], world: Campaign, actor: str | None) -> EntityRef | None:
    """The person or creature named first among those the words point at, when several are in different
    clauses; a word that only describes a thing ("the crab pool") names no one."""
    if len(ranked) < 2:
        return None
    placed: list[tuple[int, EntityRef]] = []
    titles = alias_stems(world, actor)[1]
    for ref in ranked:
        said = stem(ref.via.split()[0]) if ref.via else ""
        # Named by a name or title ("Crowe", "the crab"), not by words of a description ("the docks").
        if ref.score < 1.0 or said not in titles or describes_a_thing(reading, ref.via, world, actor):
            continue
        at = next((i for i, t in enumerate(reading.tokens) if t.stem == said and t.factor >= 0.5), None)
        if at is not None:
            placed.append((at, ref))
    if len(placed) < 2 or len({reading.tokens[at].clause for at, _ in placed}) < 2:
        return None  # all in one clause: the strongest link already is the one acted on
    return min(placed, key=lambda p: p[0])[1]
