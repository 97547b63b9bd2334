"""Combat encounter difficulty by the SRD 5.2 / 2024 XP-budget rules.

Each character's level gives an XP budget for a Low, Moderate and High difficulty encounter; the party's
budget is the sum over its characters. The encounter's cost is the plain sum of its monsters' XP (the 2024
rules dropped the 2014 group multiplier). The encounter is rated by the smallest budget it fits.
"""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.models.catalogue import EncounterDifficulty, EncounterMonster
from engine.models.world import Campaign

# Character level -> (Low, Moderate, High) XP budget per character.
XP_BUDGET: dict[int, tuple[int, int, int]] = {
    1: (50, 75, 100), 2: (100, 150, 200), 3: (150, 225, 400), 4: (250, 375, 500), 5: (500, 750, 1100),
    6: (600, 1000, 1400), 7: (750, 1300, 1700), 8: (1000, 1700, 2100), 9: (1300, 2000, 2600),
    10: (1600, 2300, 3100), 11: (1900, 2900, 4100), 12: (2200, 3700, 4700), 13: (2600, 4200, 5400),
    14: (2900, 4900, 6200), 15: (3300, 5400, 7800), 16: (3800, 6100, 9800), 17: (4500, 7200, 11700),
    18: (5000, 8700, 14200), 19: (5500, 10700, 17200), 20: (6400, 13200, 22000),
}
RATINGS = ("low", "moderate", "high")


def party_budget(levels: list[int]) -> dict[str, int]:
    if not levels:
        raise InvalidInputError("The party has no living characters to build an encounter for.")
    bad = [lvl for lvl in levels if lvl not in XP_BUDGET]
    if bad:
        raise InvalidInputError(f"Character levels run 1 to 20; got {bad}.")
    return {rating: sum(XP_BUDGET[lvl][i] for lvl in levels) for i, rating in enumerate(RATINGS)}


def rate(levels: list[int], monsters: list[EncounterMonster]) -> EncounterDifficulty:
    if not monsters:
        raise InvalidInputError("Name at least one monster, e.g. 'goblin warrior x4, bugbear warrior'.")
    budgets = party_budget(levels)
    total = sum(m.xp * m.count for m in monsters)
    rating = next((r for r in RATINGS if total <= budgets[r]), "beyond high")
    listing = ", ".join(f"{m.name} x{m.count}" if m.count > 1 else m.name for m in monsters)
    party = f"{len(levels)} character{'s' if len(levels) != 1 else ''} of level " + \
        "/".join(str(lvl) for lvl in sorted(set(levels)))
    message = (f"{listing}: {total} XP against {party} — {rating.title()} (budgets: Low {budgets['low']}, "
               f"Moderate {budgets['moderate']}, High {budgets['high']}).")
    return EncounterDifficulty(party_levels=levels, monsters=monsters, total_xp=total, budgets=budgets,
                               difficulty=rating, message=message)


def rate_fight(world: Campaign) -> EncounterDifficulty | None:
    """The running fight's monsters against the living party; None when there is nothing to rate."""
    combat = world.game_state.combat
    levels = [pc.level for pc in world.characters if not pc.dead]
    counted: dict[str, EncounterMonster] = {}
    for c in (combat.order if combat else []):
        block = world.monster(c.monster or c.name) if c.kind == "monster" else None
        if block is None:
            continue
        if block.name in counted:
            counted[block.name].count += 1
        else:
            counted[block.name] = EncounterMonster(name=block.name, count=1, cr=block.challenge, xp=block.xp)
    if not counted or not levels:
        return None
    return rate(levels, list(counted.values()))
