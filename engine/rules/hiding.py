"""The Hide action (SRD 5.2.1 Rules Glossary): "you must succeed on a DC 15 Dexterity (Stealth) check ...
On a successful check, you have the Invisible condition. ... The condition ends on you immediately after
any of the following occurs: you make a sound louder than a whisper, an enemy finds you, you make an
attack roll, or you cast a spell with a Verbal component." Invisible: attacks against you have
Disadvantage, your attack rolls have Advantage (engine.rules.conditions)."""

from __future__ import annotations

from engine.models.actions import StateChange
from engine.models.world import ActiveCondition, Character, Condition
from engine.rules.checks import CheckResult, ability_check
from engine.rules.dice import DiceRoller
from engine.rules.helpers import state_change

HIDE_DC = 15
HIDDEN = "Hide"  # the source that marks Invisible as won by hiding (a spell's invisibility is another)


def hide(roller: DiceRoller, pc: Character, *, advantage: str | None = None) -> tuple[CheckResult, list[StateChange]]:
    check = ability_check(roller, pc, "stealth", HIDE_DC, advantage=advantage, purpose="Stealth check to hide")
    if not check.success or any(c.name == Condition.INVISIBLE for c in pc.conditions):
        return check, []
    pc.conditions.append(ActiveCondition(name=Condition.INVISIBLE, source=HIDDEN))
    return check, [state_change(pc.name, "condition_add", None, "invisible",
                                f"{pc.name} is hidden (Invisible until they attack, cast a spell or are found).")]


def reveal(name: str, conditions: list[ActiveCondition], why: str) -> list[StateChange]:
    """A hidden creature attacks or casts: it is hidden no longer."""
    hidden = [c for c in conditions if c.name == Condition.INVISIBLE and c.source == HIDDEN]
    for c in hidden:
        conditions.remove(c)
    return [state_change(name, "condition_remove", "invisible", None, f"{name} {why} and is hidden no longer.")
            for _ in hidden]
