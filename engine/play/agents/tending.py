"""Tending a dying companion: a Healer's Kit stabilizes with no roll, bare hands take a DC 10 Medicine check.

SRD 5.2.1, Healer's Kit: "As a Utilize action, you can expend one of its uses to stabilize a creature that has
0 Hit Points, without needing to make a Wisdom (Medicine) check." Without one (Rules Glossary, Stabilizing
a Character): "you can take the Help action to try to stabilize a creature with 0 Hit Points, which requires
a successful DC 10 Wisdom (Medicine) check." In a fight either one is the tender's action; the turn
order spends it after the agents (engine.play.agents.turn_order.finish).
"""

from __future__ import annotations

import re

from engine import rules
from engine.models.world import Character
from engine.play.agents.base import AgentContext, AgentResult, acting_character
from engine.rules.healers_kit import kit_of, stabilize_with_kit, why_not_kit
from engine.text import words

_KIT = re.compile(r"\b(?:healer'?s'?|healing|medic(?:al|ine)?)\s+(?:kit|bag|supplies)\b|\bbandages?\b|\bkit\b")
_STABILIZING = re.compile(r"\bstabili[sz](?:e|es|ed|ing)\b|\bstop(?:s|ping)? (?:the|her|his|their) bleeding\b|"
                          r"\bbind(?:s)? (?:her|his|their) wounds?\b|\bpatch(?:es)? (?:her|him|them) up\b")


def dying(ctx: AgentContext) -> list[Character]:
    return [c for c in ctx.world.characters if not c.dead and c.hp.current == 0 and not c.stable]


def patient_of(ctx: AgentContext, pc: Character) -> Character | None:
    """Who is tended: the companion the parse aims at ("her" included), one named, or the only one dying."""
    down = [c for c in dying(ctx) if c is not pc]
    aimed = ctx.intent.target if ctx.intent is not None else None
    said = set(words(ctx.action))
    named = [c for c in ctx.world.characters if c is not pc and ({w for w in words(c.name) if len(w) > 2} & said
                                                                 or c.name == aimed)]
    if named:  # someone named who is not dying is not tended in the place of someone who is
        return next((c for c in named if c in down), None)
    return down[0] if len(down) == 1 else None


def tend(ctx: AgentContext, result: AgentResult) -> bool:
    """Stabilize a dying companion when the words say so (a kit named, or stabilizing said) and someone is
    dying; False (nothing done) otherwise, for the other handlers."""
    text = ctx.action.casefold().replace("’", "'")
    with_kit = bool(_KIT.search(text))
    if not (with_kit or _STABILIZING.search(text)) or not dying(ctx):
        return False
    pc = acting_character(ctx, result)
    if pc is None:
        return True
    patient = patient_of(ctx, pc)
    if patient is None:
        return False
    # The kit only when named: "I stabilize her" is the bare-handed Medicine check, kit or no kit.
    refusal = why_not_kit(pc) if with_kit else None
    if with_kit and refusal is None:
        kit = kit_of(pc)
        assert kit is not None
        result.state_changes += stabilize_with_kit(pc, patient)
        result.beats.append(f"{pc.name} kneels over {patient.name} with the {kit.name} and stops the bleeding; "
                            "no roll is needed.")
        return True
    if refusal is not None:
        result.warnings.append(f"{refusal}: a DC {rules.STABILIZE_DC} Medicine check instead.")
    medicine(ctx, pc, patient, result)
    return True


def medicine(ctx: AgentContext, pc: Character, patient: Character, result: AgentResult) -> None:
    """The bare-handed try: a DC 10 Wisdom (Medicine) check, stable on a success."""
    said = set(words(ctx.action))
    advantage = rules.conditions.combine(w for w in ("advantage", "disadvantage") if w in said)
    roll, changes = rules.stabilize(ctx.roller, pc, patient, advantage=advantage)
    result.dice_rolls.append(roll)
    result.state_changes += changes
    outcome = f"{patient.name} is stable" if changes else f"{patient.name} is still dying"
    result.beats.append(f"{pc.name} tends to {patient.name} (Medicine DC {rules.STABILIZE_DC}), rolls {roll.total}: "
                        f"{outcome}.")
