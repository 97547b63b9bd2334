"""The Help action in a fight (SRD 5.2.1, Rules Glossary, "Help [Action]"): "Assist an Attack Roll. You
momentarily distract an enemy within 5 feet of you, giving Advantage to the next attack roll by one of your
allies against that enemy. This benefit expires at the start of your next turn."

The distraction is kept on the foe's place in the initiative order, so whichever way the ally attacks (a
weapon, a spell attack) the next roll against that foe reads it once."""

from __future__ import annotations

from engine.models.world import Character, Combatant, CombatState


def distract(foe: Combatant, helper: str, ally: str | None) -> None:
    """`helper` distracts `foe`: `ally`'s (or, with no ally named, any ally's) next attack roll against it has
    Advantage."""
    foe.distracted_by, foe.distracted_for = helper, ally


def helped(target: Character | Combatant, attacker: str) -> bool:
    """Whether this attack roll has the Advantage of a Help; the help is spent by asking."""
    if not isinstance(target, Combatant) or target.distracted_by is None \
            or target.distracted_by.casefold() == attacker.casefold():
        return False
    if target.distracted_for is not None and target.distracted_for.casefold() != attacker.casefold():
        return False
    target.distracted_by = target.distracted_for = None
    return True


def help_expires(combat: CombatState | None, helper: str) -> None:
    """The helper's new turn has begun: whatever they distracted is no longer."""
    for foe in combat.order if combat is not None else []:
        if (foe.distracted_by or "").casefold() == helper.casefold():
            foe.distracted_by = foe.distracted_for = None
