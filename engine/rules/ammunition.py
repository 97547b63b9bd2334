"""Ammunition (SRD 5.2.1 weapon property): each shot spends a piece; after the fight half comes back.

SRD: "You can use a weapon that has the Ammunition property to make a ranged attack only if you have
ammunition to fire from the weapon. ... Each attack expends one piece of ammunition. ... After a fight,
you can spend 1 minute to recover half the ammunition (round down) you used in the fight; the rest is lost."

The kind a weapon fires ("Arrow", "Bolt") comes from the SRD catalogue (engine.content.ammunition); here it
is only matched against the attacker's pack. The pieces shot are counted on the shooter's place in the
initiative order, so the count lives and dies with the fight and an undo takes it back with the rest.
The engine takes the minute of gathering for the party as the fight ends (`recover`), the way most tables
wave it through; the DM can undo it like any change.
"""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.models.actions import StateChange
from engine.models.world import Campaign, Character, Combatant, Item
from engine.rules.clock import advance_time
from engine.rules.helpers import state_change
from engine.text import stem, stems

RECOVERY_MINUTES = 1


def _plural(kind: str) -> str:
    return kind.lower() + "s"


def pouch(pc: Character, kind: str) -> Item | None:
    """The pack item holding that ammunition ("Arrows", "Crossbow bolts"), the first with any left first."""
    key = stem(kind)
    held = [i for i in pc.inventory if key in stems(i.name)]
    return next((i for i in held if i.quantity > 0), held[0] if held else None)


def spend(pc: Character, shooter: Combatant | None, kind: str, weapon: str) -> StateChange:
    """One piece of `kind` leaves `pc`'s pack for a shot with `weapon`; refused (nothing changes) when none is left."""
    item = pouch(pc, kind)
    if item is None or item.quantity <= 0:
        had = "has no" if item is None else "is out of"
        raise InvalidInputError(
            f"{pc.name} {had} {_plural(kind)} for the {weapon}: a weapon with the Ammunition property fires only "
            f"with ammunition to fire from it. Nothing was rolled. Attack with another weapon, or get "
            f"{_plural(kind)} first (buy them, or the DM adds them to the pack).")
    before = item.quantity
    item.quantity -= 1
    if shooter is not None:
        shooter.ammunition_spent[item.name] = shooter.ammunition_spent.get(item.name, 0) + 1
    return state_change(pc.name, "ammunition", before, item.quantity,
                        f"{pc.name} shoots one of the {item.name} ({before} -> {item.quantity} left).")


def recover(world: Campaign) -> list[StateChange]:
    """As the fight ends: each shooter gathers half the ammunition they used (round down); the rest is lost.
    A minute passes when anything was gathered."""
    combat = world.game_state.combat
    if combat is None:
        return []
    changes: list[StateChange] = []
    for place in combat.order:
        pc = world.character(place.name) if place.kind == "character" else None
        if pc is None or pc.dead:
            continue
        for name, used in sorted(place.ammunition_spent.items()):
            back = used // 2
            if back <= 0:
                changes.append(state_change(pc.name, "ammunition", None, None,
                                            f"{pc.name} used 1 of the {name} in the fight; it is lost."))
                continue
            item = next((i for i in pc.inventory if i.name == name), None)
            if item is None:  # sold or given away mid-fight: the gathered pieces go back as a new stack
                item = Item(name=name, quantity=0)
                pc.inventory.append(item)
            before = item.quantity
            item.quantity += back
            changes.append(state_change(pc.name, "ammunition", before, item.quantity,
                                        f"After the fight {pc.name} gathers {back} of the {used} {name} used "
                                        f"(half, rounded down; the rest are lost): {before} -> {item.quantity}."))
        place.ammunition_spent.clear()
    if any(c.after is not None for c in changes):
        gathering = advance_time(world, RECOVERY_MINUTES, "Gathering spent ammunition")
        gathering.description = gathering.description.replace("1 minutes pass", "1 minute passes")
        changes.append(gathering)
    return changes
