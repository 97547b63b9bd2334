"""Freeing a captive: a player who frees, unties, unchains or releases an NPC held prisoner where the party is.

No roll: bonds come off when nobody stops it. While a fight is on nobody is freed (the captors are still
standing between the party and the prisoner); the player is told why.
"""

from __future__ import annotations

from engine.models.actions import StateChange
from engine.models.world import NPC, Campaign
from engine.text import words

_FREEING = {"free", "frees", "freed", "freeing", "untie", "unties", "untied", "untying", "unchain", "unchains",
            "unchained", "unchaining", "release", "releases", "released", "releasing", "rescue", "rescues",
            "rescued", "rescuing", "unshackle", "unshackles", "unshackled", "unbind", "unbinds", "unbound"}
_CUTTING = {"cut", "cuts", "cutting", "slice", "slices", "saw", "saws", "snap", "snaps", "break", "breaks"}
_BONDS = {"bonds", "ropes", "rope", "chains", "chain", "bindings", "shackles", "manacles", "gag", "cords"}
_SOMEONE = {"him", "her", "them", "prisoner", "captive", "hostage"}


def wants_to_free(action: str) -> bool:
    ws = set(words(action))
    return bool(ws & _FREEING or (ws & _CUTTING and ws & _BONDS))


def _named(npc: NPC, ws: set[str]) -> bool:
    own = {w for w in words(npc.name) if len(w) > 2} | {w for w in words(npc.role) if len(w) > 3}
    return bool(own & ws)


def free_captives(world: Campaign, action: str, actor: str | None) -> tuple[list[StateChange], list[str], list[str]]:
    """Free the captive(s) the action means; changes `world` in place. Returns (changes, narrative lines,
    warnings); all empty when the action frees nobody."""
    if not wants_to_free(action):
        return [], [], []
    here = world.game_state.party_location
    captives = [n for n in world.npcs_at(here) if n.captive]
    if not captives:
        return [], [], []
    ws = set(words(action))
    chosen = [n for n in captives if _named(n, ws)]
    if not chosen and len(captives) == 1 and ws & (_SOMEONE | _BONDS):  # "I untie him", "I cut the ropes"
        chosen = captives
    if not chosen:
        return [], [], []
    fight = world.game_state.combat
    if fight is not None and fight.active and any(c.kind == "monster" and not c.defeated for c in fight.order):
        names = ", ".join(n.name for n in chosen)
        return [], [], [f"{names} cannot be freed while the fight goes on: the captors still stand in the way."]
    who = actor or "The party"
    changes, lines = [], []
    for npc in chosen:
        npc.captive = False
        said = f"{who} frees {npc.name}."
        changes.append(StateChange(target=npc.name, kind="freed", before="captive", after="free", description=said))
        lines.append(said)
    return changes, lines, []
