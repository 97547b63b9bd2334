"""Class features the engine resolves itself: Sneak Attack (SRD 5.2 Rogue)."""

from __future__ import annotations

import re

from engine.models.world import Attack, Character
from engine.rules.checks import is_ranged

# SRD weapons with the Finesse property; Sneak Attack also works with any ranged weapon.
FINESSE = {"dagger", "rapier", "scimitar", "shortsword", "whip"}


def sneak_attack_dice(character: Character, weapon: Attack, mode: str | None, ally_near_target: bool,
                      used_this_turn: bool = False) -> str | None:
    """SRD: "Once per turn, you can deal an extra 1d6 damage to one creature you hit with an attack roll if
    you have Advantage on the roll and the attack uses a Finesse or a Ranged weapon", or when an ally is
    within 5 feet of the target and you don't have Disadvantage. The d6s grow every odd Rogue level."""
    if character.class_name.lower() != "rogue" or used_this_turn:
        return None
    names = set(re.findall(r"[a-z]+", weapon.name.lower()))
    if not (names & FINESSE or is_ranged(weapon)):
        return None
    if mode == "advantage" or (ally_near_target and mode != "disadvantage"):
        return f"{(character.level + 1) // 2}d6"
    return None
