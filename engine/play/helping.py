"""Helping a companion in a fight is the Help action (SRD 5.2: the ally's next attack roll against a foe
within 5 feet of you has Advantage), a fight manoeuvre like Dodge: "I help Bram by waving my cloak in the
crab's eyes". Out of a fight, help with a task is part of that task's check, so nothing is added there."""

from __future__ import annotations

from engine.models.world import Campaign
from engine.play.reading import Reading
from engine.text import stem, words

HELP_WEIGHT = 3.0
_HELP = {stem(w) for w in ("help", "aid", "assist")}
# Who a companion may be called besides their name.
_COMPANION = {"ally", "friend", "buddy", "mate", "pal", "companion", "him", "her", "them"}


def helped_clause(reading: Reading, world: Campaign, actor: str | None) -> int | None:
    """The clause where the actor helps another party member, or None."""
    allies = {w for c in world.characters if actor is None or c.name.casefold() != actor.casefold()
              for w in words(c.name)} | _COMPANION
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        if token.stem not in _HELP or token.noun or token.negated or token.factor <= 0:
            continue
        after = [t.word for t in tokens[i + 1:i + 3] if t.clause == token.clause]
        if after and after[0] in allies | {"out"} and (after[0] != "out" or after[1:2] and after[1] in allies):
            return token.clause
    return None
