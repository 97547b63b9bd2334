"""A question whose answer is one of the place's discoveries ("how long until the tide comes in and floods
this place?" is the Tide line's to tell, not the clock's): answered from what the party found, or, while it is
still hidden, with the check that would find it out. A question rolls nothing, so the check is offered, named
with its skill, for the player to make.
"""

from __future__ import annotations

from engine.models.world import Campaign, Discovery
from engine.play.agents.base import AgentContext
from engine.play.agents.finding import common, score, topic
from engine.text import stem, words

# Name words that say nothing of which discovery is meant.
_VAGUE = {stem(w) for w in ("the", "of", "on", "in", "marks", "thing")}


def asked_discovery(world: Campaign, question: str) -> Discovery | None:
    """The discovery at the party's place that the question names (a word of its name), best fit first."""
    here = world.location(world.game_state.party_location)
    if here is None:
        return None
    said = topic(question)
    named = [d for d in here.discoveries if ({stem(w) for w in words(d.name) if len(w) > 2} - _VAGUE) & said]
    return max(named, key=lambda d: (score(d, said, None), -named.index(d))) if named else None


def answer(ctx: AgentContext) -> tuple[str, list[str]] | None:
    """The answer (a beat) and the follow-up that makes the check, or None when no discovery here is asked."""
    found = asked_discovery(ctx.world, ctx.action)
    if found is None:
        return None
    if found.found:
        return f"The party has found out already: {found.text}", []
    skill = " ".join(w if w == "of" else w.capitalize() for w in found.skill.split("_"))
    name = common(found.name, ctx)
    return (f"Nobody has worked that out yet: it is for a {skill} check here to tell (DC {found.dc}), on {name}.",
            [f"{skill} check on {name}"])
