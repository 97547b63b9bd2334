"""Grappling, shoving and breaking free in a fight, and what a creature does first on its turn (stand up
from prone, let go of a grapple its grappler can no longer hold). The rules live in engine.rules.manoeuvres."""

from __future__ import annotations

import re

from engine.errors import InvalidInputError
from engine.models.world import Character, Combatant, Condition
from engine.play.agents.base import AgentContext, AgentResult
from engine.rules import manoeuvres
from engine.rules.combat import save_modifier
from engine.rules.conditions import why_cannot_act
from engine.rules.health import remove_condition
from engine.text import words

_GRAPPLE = re.compile(r"\b(?:grapple|grapples|grappling|grab|grabs|grabbing|seize|seizes|wrestle|wrestles|"
                      r"tackle|tackles|pin|pins|headlock|bear[- ]hug|get hold of|take hold of)\b")
_SHOVE = re.compile(r"\b(?:shove|shoves|shoving|(?:push|pushes|pushing)(?! (?:past|through|on|forward|ahead|in))|trip|trips|tripping|barge|barges|"
                    r"sweep (?:the |their |his |her |its )?legs?|knock(?:s|ing)? \w+(?: \w+)? (?:down|over|flat|prone)|"
                    r"knock(?:s|ing)? (?:down|over)|knock(?:s|ing)? [\w ]{0,20}?off (?:his|her|its|their) feet|bowl(?:s)? \w+ over|shoulder[- ]charge)\b")
# Where a shove sends its target: a direction means "push it 5 feet"; otherwise it goes down.
_PUSH_AWAY = re.compile(r"\b(?:into|away|back|backwards|off|out of|over the edge|toward|towards|against|from)\b")
_PRONE = re.compile(r"\b(?:prone|down|over|flat|trip|trips|tripping|sweep|floor|ground|off (?:his|her|its|their) feet)\b")
_ESCAPE = re.compile(r"\b(?:break|breaks|slip|slips|wriggle|wriggles|twist|twists|pull|pulls|wrench|wrenches)"
                     r"(?: \w+)? (?:free|loose|out)\b|\bescape(?:s)? (?:the |from )?(?:grapple|grip|hold)\b")


_PRONOUNS = frozenset({"him", "her", "it", "them", "one", "someone", "whoever"})


def asked_option(action: str, foes: list[Combatant]) -> manoeuvres.Option | None:
    """The Unarmed Strike option the words ask for, or None for an ordinary attack. The creature must be
    what the verb takes ("grab the ogre", "trip him"), not something else ("grab the poker and hit the ogre")."""
    text = action.lower()
    found = _GRAPPLE.search(text) or _SHOVE.search(text)
    if found is None:
        return None
    after = re.findall(r"[a-z0-9']+", text[found.start():])[1:6]
    foe_words = {w for f in foes for w in words(f"{f.name} {f.monster or ''}") if len(w) > 2}
    if not (set(after) & (foe_words | _PRONOUNS)):
        return None
    if found.re is _GRAPPLE:
        return "grapple"
    return "shove_prone" if _PRONE.search(text) or not _PUSH_AWAY.search(text) else "shove_push"


def wants_escape(action: str, pc: Character) -> bool:
    return any(c.name == Condition.GRAPPLED for c in pc.conditions) and bool(_ESCAPE.search(action.lower()))


def grapple_or_shove(ctx: AgentContext, pc: Character, option: manoeuvres.Option, target: Combatant,
                     result: AgentResult) -> bool:
    """Resolve the option against `target`; False (a warning says why, nothing changed) when not possible."""
    block = ctx.world.monster(target.monster or target.name)
    try:
        out = manoeuvres.unarmed_option(ctx.roller, pc, target, option, target_size=block.size if block else "Medium",
                                        str_mod=save_modifier(ctx.world, target, "str"),
                                        dex_mod=save_modifier(ctx.world, target, "dex"))
    except InvalidInputError as exc:
        result.warnings.append(str(exc))
        result.beats.append(f"{pc.name} cannot get a grip on {target.name}.")
        return False
    result.dice_rolls += out.rolls
    result.state_changes += out.changes
    if option == "shove_push" and out.landed:
        # The save and any condition are told from the rolls and changes; a push changes nothing to tell by.
        result.beats.append(f"{pc.name} drives {target.name} back five feet.")
    return True


def break_free(ctx: AgentContext, pc: Character, result: AgentResult) -> None:
    skill = "acrobatics" if re.search(r"\b(?:slip|wriggle|twist|acrobatics)\b", ctx.action.lower()) else \
        "athletics" if re.search(r"\b(?:break|wrench|athletics)\b", ctx.action.lower()) else None
    check, changes = manoeuvres.escape_grapple(ctx.roller, pc, skill=skill)
    result.dice_rolls.append(check.roll)
    result.state_changes += changes
    result.beats.append(f"{pc.name} breaks free of the grapple." if check.success else
                        f"{pc.name} strains against the grip and stays held.")


def start_turn(ctx: AgentContext, creature: Character | Combatant, result: AgentResult) -> None:
    """What happens before anything else on a creature's turn: a grapple whose grappler is down or
    incapacitated ends, and a prone creature that can move stands up."""
    grip = next((c for c in creature.conditions if c.name == Condition.GRAPPLED and c.source), None)
    if grip is not None and not _can_hold(ctx, grip.source or ""):
        result.state_changes += remove_condition(creature, Condition.GRAPPLED)
    if isinstance(creature, Character):
        base = creature.speed
    else:
        block = ctx.world.monster(creature.monster or creature.name)
        base = block.speed if block is not None else 30
    result.state_changes += manoeuvres.stand_up(creature, base)


def _can_hold(ctx: AgentContext, grappler: str) -> bool:
    """SRD: the grapple ends "if the grappler has the Incapacitated condition"; a fallen grappler holds nobody."""
    pc = ctx.world.character(grappler)
    if pc is not None:
        return not pc.dead and pc.hp.current > 0 and why_cannot_act(pc.conditions) is None
    combat = ctx.world.game_state.combat
    held_by = combat.combatant(grappler) if combat is not None else None
    return held_by is not None and not held_by.defeated and why_cannot_act(held_by.conditions) is None
