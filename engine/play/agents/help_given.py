"""The Help action taken in a fight: the helper distracts a foe so an ally's next attack roll against it has
Advantage (the rule itself is engine.rules.help_action). The parse says it is a Help ("the Help action",
"I help Bram by ..."); this finds the ally and the foe, and spends the helper's Action."""

from __future__ import annotations

from engine.models.world import Character, Combatant
from engine.play.agents.base import AgentContext, AgentResult
from engine.rules.help_action import distract
from engine.text import words

_SAID = ("the Help action", "help action")


def gives_help(ctx: AgentContext) -> bool:
    return ctx.intent is not None and any(m in _SAID for m in ctx.intent.matched)


def take_help(ctx: AgentContext, pc: Character, foe: Combatant | None, foes: list[Combatant],
              result: AgentResult) -> bool:
    """Distract the foe for the ally named (or for whichever ally attacks it next); False when it is unclear
    which foe, so nothing is spent and the player is asked."""
    if foe is None and len(foes) == 1:
        foe = foes[0]
    if foe is None:
        result.warnings.append(f"Which foe does {pc.name} distract? " + ", ".join(f.name for f in foes) + ".")
        return False
    said = set(words(ctx.action))
    ally = next((c for c in ctx.world.characters if c.name != pc.name and not c.dead
                 and said & set(words(c.name))), None)
    distract(foe, pc.name, ally.name if ally is not None else None)
    whom = ally.name if ally is not None else "an ally"
    result.beats.append(f"{pc.name} takes the Help action, distracting {foe.name}: the next attack roll by {whom} "
                        f"against {foe.name} has Advantage, if it comes before {pc.name}'s next turn.")
    return True
