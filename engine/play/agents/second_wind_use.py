"""A fighter's Second Wind said in a message ("second wind, then I go for Crowe's throat"): taken first, as a
Bonus Action (SRD 5.2.1 Fighter), and the rest of the message is the turn's Action. With no use left it is
refused plainly, and the rest of the message still happens.
"""

from __future__ import annotations

import re

from engine.errors import InvalidInputError
from engine.models.world import Character, TurnUse
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.classifier import read
from engine.play.intent import parse
from engine.rules.second_wind import SECOND_WIND, second_wind, uses_at, uses_left

_SAID = re.compile(r"\bsecond[\s-]+wind\b", re.IGNORECASE)


def asked(action: str) -> bool:
    return bool(_SAID.search(action))


def take(ctx: AgentContext, pc: Character, result: AgentResult, used: TurnUse | None = None) -> bool:
    """Use Second Wind now; False (with the reason told) when it cannot be. `used`: the turn's tracker in a
    fight, whose Bonus Action it spends."""
    if used is not None and used.bonus_action:
        reason = f"{pc.name} has already taken a Bonus Action this turn; Second Wind must wait."
        result.warnings.append(reason)
        result.beats.append(reason)
        return False
    try:
        roll, changes = second_wind(ctx.roller, pc)
    except InvalidInputError as exc:
        result.warnings.append(f"{exc} Nothing was rolled for it.")
        result.beats.append(str(exc))
        return False
    result.dice_rolls.append(roll)
    result.state_changes += changes
    if used is not None:
        used.bonus_action = True
    result.beats.append(f"{pc.name} draws on a second wind and regains {max(0, roll.total)} HP "
                        f"(now {pc.hp.current}/{pc.hp.max}; {uses_left(pc)} of {uses_at(pc.level)} "
                        f"{SECOND_WIND} left).")
    return True


def rest_of(ctx: AgentContext) -> AgentContext | None:
    """The message without its Second Wind clause, read again by the parser; None when nothing else is asked."""
    clauses = [" ".join(c.words) for c in read(ctx.action, frozenset()).clauses if c.words and not c.quoted]
    rest = [c for c in clauses if not asked(c) and set(c.split()) - {"i", "then", "and", "we"}]
    if not rest:
        return None
    text = ", ".join(rest)
    return ctx.model_copy(update={"action": text, "normalized": text,
                                  "intent": parse(text, ctx.world, ctx.actor)})
