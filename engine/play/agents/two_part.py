"""A Bonus Action spell and an attack in one message ("healing word on Wren, then I swing my warhammer at
Crowe", "I hit Crowe then healing word on Wren"): both happen on the turn, in the order said.

SRD 5.2.1 (Bonus Actions): "You can take a Bonus Action only when a special ability, a spell, or another
feature states that you do something as a Bonus Action", and "You choose when to take a Bonus Action during
your turn"; the Action is still there for the attack. The message is cut where the parser's own reading cuts
its clauses, and each clause is read by the intent parser (its target and spell), so no agent guesses what
the words mean.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import rules
from engine.content.catalogue import find_spell
from engine.errors import InvalidInputError, NotFoundError
from engine.models.intent import IntentKind
from engine.models.world import Character, TurnUse
from engine.play.agents.assailant import describes_a_foe
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.agents.sheet_casting import cast_from_sheet, named_spell
from engine.play.classifier import read
from engine.play.intent import parse

# The parser's cue for "a fight is on", which makes any clause read as combat.
_IN_A_FIGHT = "combat active"


@dataclass
class Part:
    kind: str  # "spell" (the Bonus Action spell) or "attack"
    ctx: AgentContext


def _bonus_action_spell(name: str) -> bool:
    try:
        return find_spell(name).casting_time.lower().startswith("bonus action")
    except (NotFoundError, InvalidInputError):
        return False


def _clause(ctx: AgentContext, text: str) -> AgentContext:
    intent = parse(text, ctx.world, ctx.actor)
    # The same world, roller and turn: the parts change one world, one after the other.
    return ctx.model_copy(update={"action": text, "normalized": text, "intent": intent})


def _attacks(part: AgentContext) -> bool:
    """The parse reads the clause as an attack of its own: a fighting cue (a verb, a weapon) decided it, not
    only the fight being on ("... on Bram and Wren" names a friend, and attacks no one)."""
    intent = part.intent
    if intent is None or intent.kind != IntentKind.COMBAT or intent.spell or describes_a_foe(part.action):
        return False  # "the one swinging at Wren" says whom the spell is at: no attack of its own
    cued = [m for m in intent.matched if m != _IN_A_FIGHT and not m.startswith("foe:")]
    return bool(cued) and (intent.target_ref is None or intent.target_ref.kind != "character")


def _spell_clause(ctx: AgentContext, pc: Character) -> tuple[list[str], int, str] | None:
    """The message's clauses, and which one names the one sheet spell it casts (with that spell's name)."""
    if not pc.spells.all() or named_spell(ctx.action, pc) is None:
        return None  # most attacks name no spell: no clause needs reading
    clauses = [" ".join(c.words) for c in read(ctx.action, frozenset()).clauses if c.words and not c.quoted]
    if len(clauses) < 2:
        return None
    spells = [(i, name) for i, text in enumerate(clauses) if (name := named_spell(text, pc)) is not None]
    return (clauses, *spells[0]) if len(spells) == 1 else None


def attack_left_out(ctx: AgentContext, pc: Character) -> str | None:
    """After a spell that takes the Action: the warning for an attack in the same message, which must wait
    (SRD: on your turn you take one action), or None when the message asks for no attack."""
    found = _spell_clause(ctx, pc)
    if found is None or _bonus_action_spell(found[2]):
        return None
    clauses, at, name = found
    if not any(_attacks(_clause(ctx, text)) for i, text in enumerate(clauses) if i != at):
        return None
    return (f"{name} takes {pc.name}'s action (casting time: Action) and a turn has one action, so the attack in "
            f"the same message was not made. Attack on {pc.name}'s next turn.")


def plan(ctx: AgentContext, pc: Character) -> list[Part] | None:
    """The spell part and the attack part in the order said, or None when the message is not one Bonus Action
    spell from the sheet plus a weapon attack."""
    found = _spell_clause(ctx, pc)
    if found is None or not _bonus_action_spell(found[2]):
        return None
    clauses = found[0]
    at = found[1]
    parts: list[Part] = []
    for i, text in enumerate(clauses):
        if i == at:
            parts.append(Part("spell", _clause(ctx, text)))
            continue
        part = _clause(ctx, text)
        if _attacks(part) and not any(p.kind == "attack" for p in parts):
            parts.append(Part("attack", part))
    return parts if any(p.kind == "attack" for p in parts) else None


def run(parts: list[Part], pc: Character, result: AgentResult, used: TurnUse | None, *, out_of_turn: bool,
        attack: Callable[[AgentContext, Character, AgentResult], bool]) -> list[str] | None:
    """Each part in order (one refused does not stop the other); what the turn spent, or None when neither
    part happened. `attack` is the combat agent's weapon attack."""
    spent: list[str] = []
    scratch = TurnUse()
    for part in parts:
        if part.kind == "spell":
            done = bool(cast_from_sheet(part.ctx, pc, result))
        else:
            done = attack(part.ctx, pc, result)
        if done:
            spent += rules.spend_turn(used if used is not None else scratch, part.ctx.action,
                                      out_of_turn=out_of_turn, bonus=part.kind == "spell")
    return spent or None
