"""Resistance, immunity and vulnerability (SRD 5.2 "Damage and Healing"), and condition immunities.

Applied before the damage reaches apply_damage: immunity makes it 0, resistance halves it (round down),
vulnerability doubles it. Characters carry no defenses on the sheet yet, so only monsters have them.
"""

from __future__ import annotations

from engine.models.world import Combatant, Condition
from engine.rules.helpers import Target


def adjust_damage(target: Target, amount: int, damage_type: str | None) -> tuple[int, str | None]:
    """The damage the target really takes, and a note for the DM when its defenses changed it."""
    if not isinstance(target, Combatant) or not damage_type or amount <= 0:
        return amount, None
    kind = damage_type.strip().lower()
    defenses = target.defenses
    if kind in defenses.immunities:
        return 0, f"{target.name} is immune to {kind} damage ({amount} -> 0)"
    if kind in defenses.resistances:
        return amount // 2, f"{target.name} resists {kind} damage ({amount} -> {amount // 2})"
    if kind in defenses.vulnerabilities:
        return amount * 2, f"{target.name} is vulnerable to {kind} damage ({amount} -> {amount * 2})"
    return amount, None


def immune_to(target: Target, condition: Condition | str) -> bool:
    name = condition.value if isinstance(condition, Condition) else str(condition).strip().lower()
    return isinstance(target, Combatant) and name in target.defenses.condition_immunities
