"""A shot with an Ammunition weapon (a Shortbow, a Light Crossbow) takes one piece from the shooter's pack
before the attack is rolled; with none left the attack is refused and nothing is rolled."""

from __future__ import annotations

from engine.content.ammunition import ammunition_for
from engine.errors import InvalidInputError
from engine.models.world import Attack, Character
from engine.play.agents.base import AgentContext, AgentResult
from engine.rules import ammunition


def load(ctx: AgentContext, pc: Character, weapon: Attack, result: AgentResult) -> bool:
    """True when the attack may go ahead (no ammunition needed, or one piece spent); False with a warning."""
    kind = ammunition_for(weapon.name)
    if kind is None:
        return True
    combat = ctx.world.game_state.combat
    shooter = combat.combatant(pc.name, "character") if combat is not None else None
    try:
        result.state_changes.append(ammunition.spend(pc, shooter, kind, weapon.name))
    except InvalidInputError as exc:
        result.warnings.append(str(exc))
        result.beats.append(f"{pc.name} reaches for {kind.lower()}s for the {weapon.name} and finds none.")
        return False
    return True
