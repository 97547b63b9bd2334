"""A character's pack: finding a carried item by the words that name it, and items going in and out."""

from __future__ import annotations

from engine.models.actions import StateChange
from engine.models.world import Character, Item
from engine.text import overlap


def find_item(pc: Character, text_stems: set[str], prefer: str | None = None) -> Item | None:
    scored = [(overlap(i.name, text_stems) + (2 if prefer and prefer in i.name.lower() else 0), n, i)
              for n, i in enumerate(pc.inventory) if i.quantity > 0]
    scored = [s for s in scored if s[0] > 0]
    return max(scored, key=lambda s: (s[0], -s[1]))[2] if scored else None


def take_item(pc: Character, item: Item, count: int = 1) -> StateChange:
    before = item.quantity
    item.quantity = max(0, item.quantity - count)
    if item.quantity == 0:
        pc.inventory.remove(item)
    # Name and count on both sides, so a reader can tell "one of six candles" from "the last potion".
    return StateChange(target=pc.name, kind="inventory_remove", before={"name": item.name, "quantity": before},
                       after={"name": item.name, "quantity": item.quantity},
                       description=f"{pc.name} loses {count} {item.name} ({before} -> {item.quantity}).")


def add_item(pc: Character, name: str, count: int = 1) -> StateChange:
    item = next((i for i in pc.inventory if i.name.casefold() == name.casefold()), None)
    before = item.quantity if item else 0
    if item is None:
        item = Item(name=name, quantity=0)
        pc.inventory.append(item)
    item.quantity += count
    return StateChange(target=pc.name, kind="inventory_add", before={"name": item.name, "quantity": before},
                       after={"name": item.name, "quantity": item.quantity},
                       description=f"{pc.name} gains {count} {item.name} ({before} -> {item.quantity}).")
