"""What each creature at the table wears and is, for the narrator (engine.narration.base.Build): the armour and
shield a character carries (SRD armor names on the sheet), and for a foe what its stat block says it is.

A stat block names no armour, so no foe is given any: a Giant Crab's shell is not "armour" a blade skids off,
and it has no shield's edge to turn one.
"""

from __future__ import annotations

from functools import cache

from engine.content import srd
from engine.models.world import Campaign, Character
from engine.narration.base import Build


@cache
def _armours() -> dict[str, str]:
    """SRD armor names (casefolded, with and without a trailing "armor") -> the SRD name; shields apart."""
    names = {a.name.casefold(): a.name for a in srd.gear("armor") if a.category != "Shield"}
    return names | {k.removesuffix(" armor"): v for k, v in names.items()}


def armor_worn(character: Character) -> str | None:
    """The SRD armor (not a shield) the character carries, taken to be worn: their AC counts it. The item's
    own name is returned ("Chain mail")."""
    return next((i.name for i in character.inventory if i.quantity > 0 and i.name.casefold() in _armours()), None)


def _shield(character: Character) -> bool:
    return any(i.quantity > 0 and i.name.casefold() == "shield" for i in character.inventory)


def builds(world: Campaign) -> dict[str, Build]:
    """Every party member and every creature in the fight, by name."""
    out = {c.name: Build(armour=(armor_worn(c) or "").lower() or None, shield=_shield(c)) for c in world.characters}
    combat = world.game_state.combat
    for fighter in combat.order if combat is not None else []:
        if fighter.kind != "monster":
            continue
        block = world.monster(fighter.monster or fighter.name)
        out[fighter.name] = Build(humanoid=block is not None and block.kind.casefold() == "humanoid")
    return out
