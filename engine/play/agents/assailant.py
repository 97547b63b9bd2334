"""A foe told by what it is doing to someone ("Firebolt! The one swinging at Wren.", "shoot whoever is hitting
me"): the foe the fight's log says last attacked that party member (CombatState.last_attacker).

Such words describe whom an attack is aimed at; they are no attack of their own (engine.play.agents.two_part
does not read them as a second one).
"""

from __future__ import annotations

import re

from engine.models.world import Campaign, Combatant
from engine.text import words

# Who is being attacked, after the words that say so: "swinging at Wren", "on Bram", "attacking me".
_DOING = (r"(?:swinging|swings|attacking|attacks|hitting|hits|striking|strikes|clawing|claws|biting|bites|"
          r"fighting|fights|hacking|slashing|stabbing|menacing|mauling|going|coming|ganging up)")
# Said of a foe ("the one", "the sailor", "whoever", "that"), never of the speaker: "Bram attacks Wren" is no
# description of anyone.
_ON = re.compile(rf"\b(?:the (?:one|ones|\w+)|whoever|who|that|which)(?:'s| is| are)?\s+{_DOING}\s+"
                 rf"(?:at\s+|on\s+|after\s+|for\s+)?([a-z]+)\b|\bthe (?:one|ones|\w+) on ([a-z]+)\b")
# A clause that is only a description of a foe opens on one of these, with no one acting first.
_DESCRIBING = {"the", "that", "this", "whoever", "whichever", "which", "one"}


def victim(action: str, world: Campaign, actor: str | None) -> str | None:
    """The party member the words say a foe is attacking ("me" is the actor), or None."""
    party = {w: c.name for c in world.characters for w in words(c.name) if len(w) > 2}
    for found in _ON.finditer(action.casefold()):
        said = found.group(1) or found.group(2)
        if said in ("me", "myself") and actor:
            return actor
        if said in party:
            return party[said]
    return None


def assailant(action: str, world: Campaign, actor: str | None, foes: list[Combatant]) -> Combatant | None:
    """The standing foe that last attacked the party member the words name, or None (no such words, or no
    standing foe has attacked them)."""
    target = victim(action, world, actor)
    combat = world.game_state.combat
    if target is None or combat is None:
        return None
    last = combat.last_attacker.get(target)
    return next((f for f in foes if last is not None and f.name == last), None)


def describes_a_foe(clause: str) -> bool:
    """"the one swinging at Wren": a clause naming a foe by what it does, not an act of the speaker's."""
    said = list(words(clause))
    return bool(said) and said[0] in _DESCRIBING and _ON.search(clause.casefold()) is not None
