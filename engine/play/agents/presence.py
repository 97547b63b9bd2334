"""Who is here to be attacked: an action never summons a creature the DM did not place.

The parse names its target against the whole world (every NPC, every stat block). When that target
is not at the party's location, or not in the running fight, the combat agent says so and stops: no
fight starts, nothing is rolled, the turn is not spent. The DM (not the player's words) brings
monsters in, by placing an encounter (or a spawn command where the console has one).
"""

from __future__ import annotations

from engine.models.world import Campaign
from engine.play import lexicon as lx
from engine.play.agents.base import AgentContext
from engine.play.entities import NAME_WEIGHT
from engine.play.intent import parse
from engine.play.intent_result import ONLY_FOE
from engine.text import stem, stems, words

# A stat block counts as named only by a word of its name ("the crab"), not by its kind ("the beast").
_NAMED = NAME_WEIGHT


def absent_target(ctx: AgentContext) -> tuple[str, str] | None:
    """(warning for the DM, beat for the table) when the target the parse resolved is not here to fight."""
    # An agent called on its own (no orchestrator) reads the same parse the orchestrator would give it.
    intent = ctx.intent or parse(ctx.action, ctx.world, ctx.actor)
    ref = intent.target_ref
    if ref is None or ref.via == ONLY_FOE:
        return _unknown_creature(ctx)
    if ref.via == "pronoun":
        return None
    world = ctx.world
    here = world.game_state.party_location
    if ref.kind == "npc":
        npc = world.npc(ref.name)
        if npc is None or (npc.location or "").casefold() == here.casefold():
            return None
        seen = f" (last seen at {npc.location})" if npc.location else ""
        return (f"{npc.name} is not at {here}{seen}. Nothing was rolled and no fight started.",
                f"{npc.name} is not here.")
    if ref.kind != "monster" or ref.score < _NAMED:
        return None
    combat = world.game_state.combat
    if combat is not None and combat.active:
        foes = ", ".join(c.name for c in combat.order if c.kind == "monster" and not c.defeated) or "none"
        if any(c.defeated and ref.name in (c.name, c.monster) for c in combat.order):
            return (f"{ref.name} is already down; still standing: {foes}. Nothing was rolled and the turn is not "
                    f"spent.", f"{ref.name} is already down. Still standing: {foes}.")
        return (f"No {ref.name} is in this fight (foes: {foes}). Nothing was rolled and the turn is not spent; "
                f"only the DM brings a {ref.name} in.",
                f"There is no {ref.name} in this fight.")
    location = world.location(here)
    if location is not None and ref.name in location.encounter:
        return None
    seen = _last_seen(world, ref.name)
    where = f" (last seen at {seen})" if seen else ""
    return (f"No {ref.name} is at {here}{where}. Nothing was rolled and no fight started; "
            f"only the DM brings a {ref.name} in (an encounter placed here).",
            f"There is no {ref.name} here.")


def _last_seen(world: Campaign, monster: str) -> str | None:
    """A place the party has been where the DM placed this monster; unvisited places are not given away."""
    return next((loc.name for loc in world.locations if loc.visited and monster in loc.encounter), None)


def _unknown_creature(ctx: AgentContext) -> tuple[str, str] | None:
    """A kind of creature named ("the goblin") that nothing in this world is: not a foe to be found here."""
    world = ctx.world
    known = " ".join([m.name + " " + m.kind for m in world.monsters] + [n.name + " " + n.role for n in world.npcs])
    said = [w for w in words(ctx.action) if w in lx.CREATURES and stem(w) not in stems(known)]
    if not said:
        return None
    creature = said[0]
    combat = world.game_state.combat
    if combat is not None and combat.active:
        foes = ", ".join(c.name for c in combat.order if c.kind == "monster" and not c.defeated) or "none"
        return (f"There is no {creature} in this fight (foes: {foes}). Nothing was rolled and the turn is not spent.",
                f"There is no {creature} here.")
    return (f"There is no {creature} at {world.game_state.party_location}, and no {creature} in this campaign's "
            f"stat blocks. Nothing was rolled and no fight started.", f"There is no {creature} here.")
