"""The exploration agent: searching a place, travelling along its exits, and working at puzzles."""

from __future__ import annotations

from engine import rules
from engine.models.actions import ActionType, StateChange
from engine.models.world import Location
from engine.play.agents.base import AgentContext, AgentResult, acting_character
from engine.play.agents.finding import LOOKING, common, reveal, score, topic
from engine.play.agents.questions import answer
from engine.play.agents.rules_agent import skill_check
from engine.play.agents.setbacks import add_setback
from engine.play.agents.sheet_casting import cast_from_sheet
from engine.play.cues import infer_skill
from engine.play.intent import match_place
from engine.play.intent_result import GOING_NOWHERE_NAMED
from engine.rules.clock import advance_time
from engine.text import stem, stems

TRAVEL_MINUTES = 30
PUZZLE_DC = 15
_MOVEMENT = {stem(w) for w in "go goes went head travel walk ride return enter leave proceed venture journey "
             "march sail run move descend climb cross".split()}
_SEARCH = {stem(w) for w in "search investigate examine inspect look check listen study peer rummage".split()}
_ARCANE = {stem(w) for w in "glyph rune runes sigil magic arcane spell enchantment ward".split()}
# Skills a search uses; any other skill named ("I pray", "I climb the wall") is a plain skill check.
_SEARCH_SKILLS = LOOKING

class ExplorationAgent:
    name = "exploration"

    async def handle(self, ctx: AgentContext) -> AgentResult:
        result = AgentResult(agent=self.name)
        here = ctx.world.location(ctx.world.game_state.party_location)
        if here is None:
            result.warnings.append(f"The party's location {ctx.world.game_state.party_location!r} is not in the "
                                   f"campaign; move the party to a known place.")
            return result
        text_stems = stems(ctx.action)
        other_skill = infer_skill(ctx.action)
        intent = ctx.intent
        if intent is not None and intent.question:
            # Answered from the state, nothing rolled or advanced; a move asked in the same breath still goes.
            answer(ctx, result)
            if intent.kind == "question" or ctx.action_type not in (ActionType.EXPLORATION, ActionType.PUZZLE):
                return result
        if intent is not None and intent.spell and not _is_travel(ctx, here, text_stems):
            # "I cast detect magic": the spell is cast from the sheet (slot spent, or refused with what the
            # caster has), then the looking it helps with; a spell the caster lacks finds nothing.
            pc = acting_character(ctx, result)
            if pc is None or cast_from_sheet(ctx, pc, result) is False:
                return result
        if ctx.action_type == ActionType.PUZZLE:
            _puzzle(ctx, here, result)
        elif _is_travel(ctx, here, text_stems):
            _travel(ctx, here, result)
        elif other_skill is not None and other_skill not in _SEARCH_SKILLS + ("arcana",) \
                and not text_stems & _SEARCH:
            skill_check(ctx, result)
        else:
            _search(ctx, here, result)
        return result


def _destination(ctx: AgentContext, here: Location) -> str | None:
    if ctx.intent is not None and ctx.intent.destination:
        return ctx.intent.destination
    return match_place(ctx.action, here.connections) or match_place(
        ctx.action, [loc.name for loc in ctx.world.locations if loc.name != here.name])


def _is_travel(ctx: AgentContext, here: Location, text_stems: set[str]) -> bool:
    if ctx.intent is not None:
        # The parse read the going: "go through the sea chest" searches it, "we set off" asks where to.
        return bool(ctx.intent.destination) or GOING_NOWHERE_NAMED in ctx.intent.matched
    moving = bool(text_stems & _MOVEMENT)
    return moving and (_destination(ctx, here) is not None or not text_stems & _SEARCH)


def _travel(ctx: AgentContext, here: Location, result: AgentResult) -> None:
    world = ctx.world
    exits = ", ".join(here.connections) or "none"
    if world.game_state.combat is not None and world.game_state.combat.active:
        result.warnings.append("The party is in a fight; nobody travels until it ends.")
        return
    dest_name = _destination(ctx, here)
    if dest_name is None:
        result.warnings.append(f"Where to? Exits from {here.name}: {exits}.")
        result.follow_up_options += [f"Go to {c}" for c in here.connections]
        return
    if dest_name not in here.connections:
        result.warnings.append(f"{dest_name} cannot be reached from {here.name}. Exits: {exits}.")
        result.follow_up_options += [f"Go to {c}" for c in here.connections]
        return
    dest = world.location(dest_name)
    if dest is None:
        result.warnings.append(f"{dest_name} is listed as an exit but is not described in the campaign.")
        return
    world.game_state.party_location = dest.name
    here.visited = True  # where the party leaves from it has been, the place a session starts in too
    result.state_changes.append(StateChange(target="party", kind="location", before=here.name, after=dest.name,
                                            description=f"The party moves from {here.name} to {dest.name}."))
    first = not dest.visited
    dest.visited = True
    result.state_changes.append(advance_time(world, TRAVEL_MINUTES, f"Travel to {dest.name}"))
    result.beats.append(f"The party travels from {here.name} to {dest.name}.")
    if first and dest.description:
        result.beats.append(f"{dest.name}: {dest.description}")
    present = [n.name for n in world.npcs_at(dest.name)]
    if present:
        result.beats.append(f"Here: {', '.join(present)}.")
    if dest.encounter:
        result.beats.append("Something hostile lurks here.")
        result.follow_up_options.append("Attack!")
    result.follow_up_options += ["Look around"] + [f"Talk to {n}" for n in present[:2]]


def _search(ctx: AgentContext, here: Location, result: AgentResult) -> None:
    pc = acting_character(ctx, result)
    if pc is None:
        return
    text_stems = topic(ctx.action)
    wanted = infer_skill(ctx.action)
    skill = wanted if wanted in _SEARCH_SKILLS else "investigation"
    hidden = [d for d in here.discoveries if not d.found]
    if not hidden:
        # Still a roll: the table should not learn that nothing is there from the absence of dice.
        check = rules.ability_check(ctx.roller, pc, skill, 10)
        result.dice_rolls.append(check.roll)
        if check.success:
            result.beats.append(f"{pc.name} finds nothing new at {here.name}.")
        else:  # the setback tells it: time spent, nothing to show
            add_setback(ctx, result, pc, skill, check.roll.total - 10)
        result.follow_up_options += [f"Go to {c}" for c in here.connections[:2]]
        return
    best = max(hidden, key=lambda d: (score(d, text_stems, skill), -hidden.index(d)))
    check = rules.ability_check(ctx.roller, pc, best.skill, best.dc)
    result.dice_rolls.append(check.roll)
    if check.success:
        # One good roll turns up everything of that kind it beats.
        found = [d for d in hidden if d.skill == best.skill and d.dc <= check.roll.total]
        reveal(ctx, pc, here, found, result)
    else:
        add_setback(ctx, result, pc, best.skill, check.roll.total - best.dc, clue=common(best.name, ctx))
    result.follow_up_options += ["Search somewhere else", "Look around"]


def _puzzle(ctx: AgentContext, here: Location, result: AgentResult) -> None:
    pc = acting_character(ctx, result)
    if pc is None:
        return
    text_stems = topic(ctx.action)
    skill = "arcana" if text_stems & _ARCANE else "investigation"
    hidden = [d for d in here.discoveries if not d.found and d.skill in ("investigation", "arcana")]
    best = max(hidden, key=lambda d: (score(d, text_stems, skill), -hidden.index(d))) if hidden else None
    if best is not None and score(best, text_stems, skill) > 0:
        check = rules.ability_check(ctx.roller, pc, best.skill, best.dc, purpose=_puzzle_purpose(best.skill))
        result.dice_rolls.append(check.roll)
        if check.success:
            reveal(ctx, pc, here, [best], result)
        else:
            result.beats.append(f"{pc.name} works at it, but the solution stays out of reach.")
            add_setback(ctx, result, pc, best.skill, check.roll.total - best.dc, clue=common(best.name, ctx))
        return
    check = rules.ability_check(ctx.roller, pc, skill, PUZZLE_DC, purpose=_puzzle_purpose(skill))
    result.dice_rolls.append(check.roll)
    if check.success:
        result.beats.append(f"{pc.name} works out how it fits together.")
    else:
        result.beats.append(f"{pc.name} cannot make sense of it yet.")
        add_setback(ctx, result, pc, skill, check.roll.total - PUZZLE_DC)
    result.follow_up_options += ["Try a different approach", "Look for clues"]


def _puzzle_purpose(skill: str) -> str:
    return f"{skill.replace('_', ' ').title()} check on the puzzle"
