"""The DM brings monsters in: any campaign stat block or SRD creature, into the scene or the running fight.

In a fight each one rolls initiative and gets a numbered name (Goblin Warrior 1, 2, 3); outside one they
wait in the party's location's encounter, and the fight that starts there numbers them the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.content.bestiary import to_monster
from engine.content.catalogue import find_creature
from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Campaign, CombatState, Monster
from engine.rules.dice import DiceRoller
from engine.rules.encounter import add_combatant
from engine.rules.helpers import state_change

MAX_SPAWN = 20
HP_MODES = ("average", "roll")


@dataclass
class Spawned:
    names: list[str]
    in_fight: bool
    rolls: list[DiceRoll] = field(default_factory=list)
    changes: list[StateChange] = field(default_factory=list)


def stat_block(world: Campaign, name: str) -> tuple[Monster, list[StateChange]]:
    """The campaign's block of that name, else the SRD creature's (added to the campaign's blocks)."""
    own = world.monster(name)
    if own is not None:
        return own, []
    block = to_monster(find_creature(name))
    existing = world.monster(block.name)  # a typo of a name the campaign already has
    if existing is not None:
        return existing, []
    world.monsters.append(block)
    return block, [state_change(block.name, "stat_block_add", None, block.srd,
                                f"The SRD stat block of {block.name} (CR {block.challenge}) joins the campaign.")]


def _labels(combat: CombatState, base: str, count: int) -> list[str]:
    taken = {c.name.casefold() for c in combat.order}
    if count == 1 and base.casefold() not in taken:
        return [base]
    labels, number = [], 1
    while len(labels) < count:
        label = f"{base} {number}"
        if label.casefold() not in taken:
            labels.append(label)
        number += 1
    return labels


def spawn(roller: DiceRoller, world: Campaign, name: str, count: int = 1, hp: str = "average") -> Spawned:
    """`count` of the creature join the fight (or wait in the scene); HP average or rolled per creature."""
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_SPAWN:
        raise InvalidInputError(f"Spawn 1 to {MAX_SPAWN} creatures at a time (asked for {count}); "
                                f"for a horde, spawn it in groups.")
    if hp not in HP_MODES:
        raise InvalidInputError(f"hp must be 'average' or 'roll', not {hp!r}.")
    combat = world.game_state.combat
    in_fight = combat is not None and combat.active
    if hp == "roll" and not in_fight:
        raise InvalidInputError("Rolled HP are for creatures joining a fight; outside one they wait in the scene "
                                "with average HP. Spawn with hp 'average', or spawn once the fight is on.")
    block, changes = stat_block(world, name)
    out = Spawned(names=[], in_fight=in_fight, changes=changes)
    if not in_fight:
        place = world.location(world.game_state.party_location)
        if place is None:
            raise InvalidInputError(f"The party's location {world.game_state.party_location!r} is not in the "
                                    f"campaign; move the party first.")
        before = list(place.encounter)
        place.encounter += [block.name] * count
        out.names = [block.name] * count
        out.changes.append(state_change(place.name, "encounter", before, list(place.encounter),
                                        f"{count} x {block.name} wait at {place.name}."))
        return out
    for label in _labels(combat, block.name, count):  # type: ignore[arg-type]
        rolls, added = add_combatant(roller, world, block.name, name=label)
        out.rolls += rolls
        out.changes += added
        if hp == "roll":
            roll = roller.roll(block.hit_dice, purpose=f"{label}'s hit points", roller="DM")
            out.rolls.append(roll)
            who = combat.combatant(label)  # type: ignore[union-attr]
            top = max(1, roll.total)
            who.hp.current = who.hp.max = top  # type: ignore[union-attr]
            out.changes.append(state_change(label, "hp", block.hp, top, f"{label} has {top} HP (rolled {block.hit_dice})."))
        out.names.append(label)
    return out
