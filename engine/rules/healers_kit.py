"""The Healer's Kit (SRD 5.2.1, Adventuring Gear): "A Healer's Kit has ten uses. As a Utilize action, you can
expend one of its uses to stabilize a creature that has 0 Hit Points, without needing to make a Wisdom
(Medicine) check."

The uses left are kept on the item itself (`Item.uses`); a kit written without them is a full one.
"""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.models.actions import StateChange
from engine.models.world import Character, Item
from engine.rules.health import make_stable
from engine.rules.helpers import state_change

KIT_USES = 10


def is_healers_kit(item: Item) -> bool:
    name = item.name.casefold().replace("’", "'")
    return "kit" in name and "healer" in name


def kit_of(character: Character) -> Item | None:
    """The character's Healer's Kit, one with uses left first."""
    kits = [i for i in character.inventory if i.quantity > 0 and is_healers_kit(i)]
    return next((k for k in kits if uses_left(k) > 0), kits[0] if kits else None)


def uses_left(kit: Item) -> int:
    return KIT_USES if kit.uses is None else kit.uses


def why_not_kit(healer: Character) -> str | None:
    """Why the healer cannot stabilize with a kit (none carried, or used up); None when they can."""
    kit = kit_of(healer)
    if kit is None:
        return f"{healer.name} carries no Healer's Kit"
    if uses_left(kit) <= 0:
        return f"{healer.name}'s {kit.name} is used up (0 of {KIT_USES} uses left)"
    return None


def stabilize_with_kit(healer: Character, patient: Character) -> list[StateChange]:
    """Expend one use of the healer's kit: the patient, dying at 0 HP, is stable; nothing is rolled.
    Raises (changing nothing) when the patient is not dying or the healer has no kit with a use left."""
    if patient.dead or patient.hp.current > 0 or patient.stable:
        state = "dead" if patient.dead else "already stable" if patient.stable else "not at 0 HP"
        raise InvalidInputError(f"{patient.name} is {state}; only a dying creature can be stabilized.")
    refusal = why_not_kit(healer)
    if refusal is not None:
        raise InvalidInputError(f"{refusal}.")
    kit = kit_of(healer)
    assert kit is not None
    before = uses_left(kit)
    kit.uses = before - 1
    spent = state_change(healer.name, "item_use", {"name": kit.name, "uses": before},
                         {"name": kit.name, "uses": kit.uses},
                         f"{healer.name} expends a use of the {kit.name} ({before} -> {kit.uses} uses left).")
    return [spent, *make_stable(patient)]
