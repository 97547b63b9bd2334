"""Which ammunition an SRD weapon fires, read from its Ammunition property.

The SRD lists the ammunition type with the weapon's range: the Shortbow's property is
"Ammunition (Range 80/320; Arrow)", so a Shortbow fires Arrows.
"""

from __future__ import annotations

import re
from functools import cache

from engine.content import srd
from engine.content.catalogue import normalise

_AMMUNITION = re.compile(r"^Ammunition\b.*;\s*([A-Za-z ]+?)\s*\)?$")


@cache
def _by_weapon() -> dict[str, str]:
    kinds: dict[str, str] = {}
    for weapon in srd.gear("weapons"):
        for prop in weapon.properties:  # type: ignore[attr-defined]
            found = _AMMUNITION.match(prop.strip())
            if found:
                kinds[normalise(weapon.name)] = found.group(1).strip()  # type: ignore[attr-defined]
    return kinds


def ammunition_for(weapon: str) -> str | None:
    """The ammunition ("Arrow", "Bolt", "Bullet", "Needle") the named weapon fires, or None when it has no
    Ammunition property. A sheet's "Shortbow +1" or "Light crossbow (loaded)" is the SRD weapon it names."""
    kinds = _by_weapon()
    key = normalise(weapon)
    if key in kinds:
        return kinds[key]
    # The longest SRD name inside the sheet's name: "hand crossbow" before "crossbow"-like overlaps.
    inside = sorted((k for k in kinds if re.search(rf"\b{re.escape(k)}\b", key)), key=len, reverse=True)
    return kinds[inside[0]] if inside else None
