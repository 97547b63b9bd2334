"""Casting a spell that forces saving throws (Sacred Flame, Burning Hands, Hold Person...) in play."""

from __future__ import annotations

from engine import rules
from engine.errors import InvalidInputError
from engine.models.world import Character, Combatant
from engine.play.agents.assailant import assailant
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.agents.turn_flow import everyone, standing_foes
from engine.text import overlap, stems


def _targets(ctx: AgentContext, pc: Character) -> list[Character | Combatant]:
    """The foe the text or parse names, else the first standing; outside a fight, a named party member."""
    standing = standing_foes(ctx.world)
    told = assailant(ctx.action, ctx.world, ctx.actor, standing)
    if told is not None:  # "sacred flame on the one clawing at Bram"
        return [told]
    foes: list[Character | Combatant] = list(standing)
    wanted = ctx.intent.target.casefold() if ctx.intent is not None and ctx.intent.target else None
    text = stems(ctx.action)
    named = [f for f in foes if (wanted and f.name.casefold() == wanted)
             or overlap(f.name, text) or (isinstance(f, Combatant) and overlap(f.monster or "", text))]
    return (named or foes)[:1]


def cast_save_spell(ctx: AgentContext, pc: Character, result: AgentResult) -> bool:
    """Resolve the save spell the action names against one target; True when it was cast."""
    spell = rules.find_save_spell(ctx.action)
    if spell is None:
        return False
    targets = _targets(ctx, pc)
    if not targets:
        result.warnings.append(f"{spell.name} needs a target; no enemy is standing.")
        return False
    try:
        outcome = rules.cast_save_spell(ctx.roller, pc, spell,
                                        [(t, rules.save_modifier(ctx.world, t, spell.save)) for t in targets],
                                        everyone(ctx.world))
    except InvalidInputError as exc:
        result.warnings.append(f"{exc}; nothing was cast.")
        result.beats.append(f"{pc.name} cannot cast {spell.name}.")
        return False
    result.dice_rolls += outcome.rolls
    result.state_changes += outcome.changes
    result.beats.append(f"{pc.name} casts {spell.name} (no attack roll: each target makes a "
                        f"{spell.save.upper()} saving throw).")
    result.beats += outcome.beats
    for target in targets:
        if isinstance(target, Combatant) and target.defeated:
            result.beats.append(f"{target.name} is slain by {pc.name}.")
    return True
