"""Several combat acts in one message, done in the order said as far as the turn allows ("healing word on
Wren, then I swing my warhammer at Crowe"; "I hit Crowe then healing word on Wren"; "I shoot the thug and
then the crab"). The acts are the intent's parts (engine.play.parts): each with its own words, target and
spell; no agent cuts the message again.

SRD 5.2.1: "On your turn, you can move a distance up to your Speed and take one action"; "You can take a
Bonus Action only when a special ability, a spell, or another feature states that you do something as a
Bonus Action", once a turn, and "You choose when to take a Bonus Action during your turn". A spell cast with
an action takes the action; the Attack action makes one attack, or as many as Extra Attack gives ("You can
attack twice instead of once whenever you take the Attack action on your turn"). An act the turn has no room
for is not done: the player is told it waits for the character's next turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import rules
from engine.content.attack_count import attacks_per_action
from engine.content.catalogue import find_spell
from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import ActionType
from engine.models.intent import IntentKind, IntentPart
from engine.models.world import Character, TurnUse
from engine.play.agents.assailant import describes_a_foe
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.agents.sheet_casting import cast_from_sheet, named_spell
from engine.play.cue_keys import LEXICON
from engine.text import stems, words

# Combat verbs that make no attack (the combat agent's other paths handle them).
_NOT_ATTACKS = {"dodg", "defend", "parry", "disengag", "fall", "retreat", "flee", "grappl", "shov", "tackl", "initiativ",
                "rag", "feint", "hid", "help", "dash", "readi"}
_ATTACK_WEIGHT = 1.5  # "fire at the crab" (1.5) attacks; a weapon's name alone (1.0) does not
_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four"}
_AGAIN = {"again", "another", "twice", "second"}  # "... then hit him again": a second attack, not the same one told twice


@dataclass
class Step:
    kind: str  # "spell" or "attack"
    part: int  # its index in the intent's parts
    ctx: AgentContext
    spell: str | None = None


def part_context(ctx: AgentContext, part: IntentPart) -> AgentContext:
    """The context of one act: its own words and its own intent. The same world, roller and turn: the acts
    change one world, one after the other."""
    assert ctx.intent is not None
    text = part.text or ctx.action
    return ctx.model_copy(update={"action": text, "normalized": text.lower(), "intent": ctx.intent.part_intent(part)})


def own_part(ctx: AgentContext) -> tuple[AgentContext, int | None]:
    """(the context to act on, the index of the combat act it tells): the one combat act of a compound action
    on its own ("I shout for Nessa to run, then fire bolt the thug" fights the thug); the whole action when it
    is a single act or holds several combat acts (see `plan`)."""
    intent = ctx.intent
    if intent is None or len(intent.parts) < 2:
        return ctx, None
    fights = [n for n, p in enumerate(intent.parts) if p.kind == IntentKind.COMBAT]
    if len(fights) != 1:
        return ctx, fights[0] if fights else None
    return part_context(ctx, intent.parts[fights[0]]), fights[0]


def plan(ctx: AgentContext, pc: Character) -> list[Step] | None:
    """The combat acts of the message in the order said (spells from the sheet and weapon attacks), or None
    when it holds fewer than two of them, or two spells (the engine does not rule on two castings a turn)."""
    intent = ctx.intent
    if intent is None or len(intent.parts) < 2:
        return None
    steps: list[Step] = []
    for n, part in enumerate(intent.parts):
        if part.kind != IntentKind.COMBAT:
            continue
        spell = named_spell(part.text, pc) if pc.spells.all() else None
        if spell is None and part.spell:
            if not pc.spells.all():
                return None  # a caster without a spell list casts by the older paths, on the whole message
            spell = next((s for s in pc.spells.all() if s.casefold() == part.spell.casefold()), part.spell)
        if spell is not None:
            steps.append(Step("spell", n, part_context(ctx, part), spell))
        elif _attacks(part):
            last = steps[-1] if steps else None
            if last is not None and last.kind == "attack" and _told_twice(last, part):
                # "I charge the crab and hit it with my longsword": one attack, told in two clauses.
                said = f"{last.ctx.action} {part.text}"
                last.ctx = last.ctx.model_copy(update={"action": said, "normalized": said.lower()})
            else:
                steps.append(Step("attack", n, part_context(ctx, part)))
    if len(steps) < 2 or sum(s.kind == "spell" for s in steps) > 1:
        return None
    return steps


def run(steps: list[Step], pc: Character, result: AgentResult, used: TurnUse | None, *, out_of_turn: bool,
        attack: Callable[[AgentContext, Character, AgentResult], bool]) -> list[str] | None:
    """Each act in order, as far as the turn allows (one refused does not stop the next); what the turn spent,
    or None when nothing happened. `attack` is the combat agent's weapon attack. Each act closes a part of the
    result, so the narration follows the order said."""
    real = used if used is not None else TurnUse()
    # A DM override acts now whatever the actor's own turn spent; the spending is still recorded.
    budget = TurnUse() if out_of_turn else real
    per_action, feature = attacks_per_action(pc.class_name, pc.level)
    attacks_left = 0
    cast_with_action: str | None = None
    spent: list[str] = []
    for step in steps:
        bonus = step.kind == "spell" and _bonus_action(step.spell or "")
        waits = _waits(step, pc, budget, bonus, attacks_left, per_action, feature, cast_with_action)
        if waits is not None:
            result.warnings.append(waits[0])
            result.beats.append(waits[1])
        elif step.kind == "spell":
            if cast_from_sheet(step.ctx, pc, result):
                spent += _spend(real, budget, step, out_of_turn, bonus)
                cast_with_action = None if bonus else step.spell
        elif attacks_left > 0:
            if attack(step.ctx, pc, result):
                attacks_left -= 1  # the same Attack action (Extra Attack)
        elif attack(step.ctx, pc, result):
            spent += _spend(real, budget, step, out_of_turn, False)
            attacks_left = per_action - 1
        result.close_part(step.part)
    return spent or None


def _waits(step: Step, pc: Character, budget: TurnUse, bonus: bool, attacks_left: int, per_action: int,
           feature: str | None, cast_with_action: str | None) -> tuple[str, str] | None:
    """(warning, beat) when the turn has no room left for this act; None when it may happen."""
    name = pc.name
    later = f"on {name}'s next turn"
    if step.kind == "spell":
        if bonus and budget.bonus_action:
            return (f"{name} has already taken a Bonus Action this turn (one a turn), so {step.spell} was not cast. "
                    f"Cast it {later}.", f"{step.spell} waits for {name}'s next turn.")
        if not bonus and budget.action:
            return (f"{step.spell} takes an action (casting time: Action) and {name} has already used the action "
                    f"this turn, so it was not cast. Cast it {later}.", f"{step.spell} waits for {name}'s next turn.")
        return None
    if attacks_left > 0 or not budget.action:
        return None
    at = step.ctx.intent.target if step.ctx.intent is not None and step.ctx.intent.target else None
    on = f" on {at}" if at else ""
    beat = f"{name}'s attack{on} waits for {name}'s next turn."
    if cast_with_action is not None:
        return (f"{cast_with_action} takes {name}'s action (casting time: Action) and a turn has one action, so the "
                f"attack in the same message was not made. Attack {later}.", beat)
    count = _COUNTS.get(per_action, str(per_action))
    allows = f"by {feature}" if feature else f"{name} has no Extra Attack"
    return (f"{name}'s Attack action makes {count} attack{'s' if per_action > 1 else ''} ({allows}), so the "
            f"attack{on} was not made. Attack {later}.", beat)


def _spend(real: TurnUse, budget: TurnUse, step: Step, out_of_turn: bool, bonus: bool) -> list[str]:
    spent = rules.spend_turn(real, step.ctx.action, out_of_turn=out_of_turn, bonus=bonus)
    if budget is not real:
        rules.spend_turn(budget, step.ctx.action, out_of_turn=out_of_turn, bonus=bonus)
    return spent


def _attacks(part: IntentPart) -> bool:
    """A weapon attack: a fighting verb (or one the lexicon does not know) at no one of the party."""
    if part.spell or not part.verb or (part.target_ref is not None and part.target_ref.kind == "character"):
        return False
    if describes_a_foe(part.text):
        return False  # "the one swinging at Wren" says whom the other act is at: no attack of its own
    if (stems(part.text) | {part.verb}) & _NOT_ATTACKS:
        return False
    cues = LEXICON.get(tuple(part.verb.split()))
    return cues is None or any(c.action_type == ActionType.COMBAT and c.weight >= _ATTACK_WEIGHT for c in cues)


def _told_twice(last: Step, part: IntentPart) -> bool:
    """The same attack said again at the same one ("charge the crab and hit it"), not a second attack."""
    wanted = last.ctx.intent.target if last.ctx.intent is not None else None
    return wanted == part.target and not set(words(part.text)) & _AGAIN


def _bonus_action(name: str) -> bool:
    try:
        return find_spell(name).casting_time.lower().startswith("bonus action")
    except (NotFoundError, InvalidInputError):
        return False
