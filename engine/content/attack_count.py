"""How many attacks one Attack action makes, read from the SRD's class features.

SRD 5.2.1, Extra Attack (Barbarian, Fighter, Monk, Paladin, Ranger at level 5): "You can attack twice
instead of once whenever you take the Attack action on your turn"; the Fighter's Two and Three Extra
Attacks (levels 11 and 20) say "three times" and "four times". Without such a feature, one attack.
"""

from __future__ import annotations

import re
from functools import cache

from engine.content import srd

_TIMES = re.compile(r"\battack (twice|three times|four times) instead of once\b", re.I)
_COUNT = {"twice": 2, "three times": 3, "four times": 4}


def attacks_per_action(class_name: str, level: int) -> tuple[int, str | None]:
    """(attacks one Attack action makes, the feature that grants them) for a class at a level."""
    best: tuple[int, str | None] = (1, None)
    for count, feature, at in _extra_attacks().get(class_name.strip().casefold(), ()):
        if at <= level and count > best[0]:
            best = (count, feature)
    return best


@cache
def _extra_attacks() -> dict[str, tuple[tuple[int, str, int], ...]]:
    """class (lower case) -> (attacks, feature name, level gained) for each feature that adds attacks."""
    found: dict[str, list[tuple[int, str, int]]] = {}
    for feature in srd.class_features():
        said = _TIMES.search(feature.description)
        if said is not None:
            found.setdefault(feature.class_name.casefold(), []).append(
                (_COUNT[said.group(1).lower()], feature.name, feature.level))
    return {name: tuple(entries) for name, entries in found.items()}
