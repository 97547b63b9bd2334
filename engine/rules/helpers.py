"""Plumbing shared by the rules modules: the creatures they act on and how a change is reported."""

from __future__ import annotations

from engine.models.actions import StateChange
from engine.models.world import Character, Combatant

# Anything with hit points and conditions: a character sheet or a monster in the initiative order.
Target = Character | Combatant


def state_change(target: str, kind: str, before: object, after: object, description: str) -> StateChange:
    return StateChange(target=target, kind=kind, before=before, after=after, description=description)


def rule_key(text: str) -> str:
    """The snake_case form names are looked up by: "Sleight-of-Hand " -> "sleight_of_hand"."""
    return "_".join(text.strip().lower().replace("-", " ").split())
