"""The DM's controls of a fight, each one operation on a working copy of the world: start an encounter
with chosen foes, enter an initiative value, add or remove a combatant, delay, next turn, end.

Whenever a control leaves a monster up (it rolled highest, the one acting left, a delay), the
monsters take their turns until a character can act, exactly as after a player's action.
"""

from __future__ import annotations

from rapidfuzz import process

from engine import rules
from engine.errors import InvalidInputError, NotFoundError
from engine.models.combat import COMBAT_OPERATIONS
from engine.models.world import Attitude, Campaign, Combatant, CombatState, TurnUse
from engine.play.agents import turn_order
from engine.play.agents.base import ActionBasics, AgentResult
from engine.play.entities import stat_block_for
from engine.rules.helpers import state_change
from engine.text import words

MIN_INITIATIVE, MAX_INITIATIVE = -10, 60
MAX_START = 20


def control(basics: ActionBasics, operation: str, name: str | None = None, value: int | None = None,
            combatants: list[str] | None = None) -> AgentResult:
    """Run one DM control on `basics.world` (changed in place); bad input raises before anything changes."""
    handler = _HANDLERS.get(operation)
    if handler is None:
        raise InvalidInputError(f"Unknown combat operation {operation!r}. Use one of: {', '.join(COMBAT_OPERATIONS)}.")
    result = AgentResult(agent="dm")
    handler(basics, result, name, value, combatants)
    return result


# ---- names ----

def _closest(name: str, choices: list[str]) -> str:
    best = process.extractOne(name, choices, score_cutoff=60) if choices else None
    return f" Did you mean {best[0]!r}?" if best else ""


def _word_match(name: str, choices: list[str]) -> str | None:
    """The one choice whose name holds every word typed ('thug' -> 'Wrecker Thug'), if exactly one does."""
    typed = set(words(name))
    hits = [c for c in choices if typed and typed <= set(words(c))]
    return hits[0] if len(hits) == 1 else None


def _foe(world: Campaign, name: str) -> tuple[str, str]:
    """('monster', stat block) or ('npc', NPC standing here) for a name the DM typed."""
    wanted = name.strip()
    if not wanted:
        raise InvalidInputError("A combatant's name is empty.")
    block = world.monster(wanted)
    if block is not None:
        return "monster", block.name
    here = [n.name for n in world.npcs_at(world.game_state.party_location)]
    npc = world.npc(wanted)
    if npc is not None and npc.name in here:
        return "npc", npc.name
    if npc is not None:
        raise InvalidInputError(f"{npc.name} is not here ({world.game_state.party_location}); only NPCs present "
                                f"can join a fight. Here: {', '.join(here) or 'nobody'}.")
    monsters = [m.name for m in world.monsters]
    for kind, pool in (("monster", monsters), ("npc", here)):
        found = _word_match(wanted, pool)
        if found is not None:
            return kind, found
    raise NotFoundError(f"No monster stat block or NPC here named {wanted!r}.{_closest(wanted, monsters + here)} "
                        f"Monsters: {', '.join(monsters) or 'none'}; NPCs here: {', '.join(here) or 'none'}.")


def _fight(world: Campaign) -> CombatState:
    combat = world.game_state.combat
    if combat is None or not combat.active:
        raise InvalidInputError("No fight is running. Start one first (combat_control 'start', /fight in the console).")
    return combat


def _combatant(world: Campaign, name: str | None) -> Combatant:
    combat = _fight(world)
    if name is None or not name.strip():
        raise InvalidInputError("Name the combatant.")
    found = combat.combatant(name.strip())
    names = [c.name for c in combat.order]
    found = found or combat.combatant(_word_match(name, names) or "")
    if found is None:
        raise NotFoundError(f"No combatant named {name.strip()!r}.{_closest(name.strip(), names)} "
                            f"In the fight: {', '.join(names)}.")
    return found


# ---- the operations ----

def _start(basics: ActionBasics, result: AgentResult, name: str | None, value: int | None,
           combatants: list[str] | None) -> None:
    world = basics.world
    if world.game_state.combat is not None and world.game_state.combat.active:
        raise InvalidInputError("A fight is already running; end it first, or add combatants to it.")
    wanted = [c for c in (combatants or ([name] if name else [])) if c and c.strip()]
    if not wanted:
        here = world.location(world.game_state.party_location)
        wanted = list(here.encounter) if here else []
    if not wanted:
        known = ", ".join(m.name for m in world.monsters) or "none"
        raise InvalidInputError(f"Name who fights: monster stat blocks (known: {known}) or NPCs present.")
    if len(wanted) > MAX_START:
        raise InvalidInputError(f"At most {MAX_START} foes start a fight; add more once it runs.")
    foes = [_foe(world, w) for w in wanted]
    npcs = [n for kind, n in foes if kind == "npc"]
    for npc in npcs:  # checked before anything changes
        if stat_block_for(world, npc) is None:
            raise InvalidInputError(f"{npc} has no stat block to fight with; add a monster stat block first.")
    rolls, changes = rules.start_combat(basics.roller, world, [n for kind, n in foes if kind == "monster"])
    result.dice_rolls += rolls
    result.state_changes += changes
    for npc in dict.fromkeys(npcs):
        _join_npc(basics, result, npc, None)
    combat = _fight(world)
    # The first turn belongs to the top of the initiative order, whoever joined last.
    combat.turn_index = 0
    combat.order[0].used = TurnUse()
    order = ", ".join(f"{c.name} {c.initiative}" for c in combat.order)
    result.beats.append(f"Combat begins! Initiative: {order}. {combat.order[0].name} goes first.")
    result.state_changes.append(state_change("combat", "turn", None, combat.order[0].name,
                                             f"{combat.order[0].name}'s turn (round 1)."))
    _settle(basics, result)


def _join_npc(basics: ActionBasics, result: AgentResult, npc_name: str, initiative: int | None) -> None:
    """An NPC present fights under their own name with the stat block that fits them, and turns hostile."""
    world = basics.world
    block = stat_block_for(world, npc_name)
    if block is None:
        raise InvalidInputError(f"{npc_name} has no stat block to fight with; add a monster stat block first.")
    rolls, changes = rules.add_combatant(basics.roller, world, block, name=npc_name, initiative=initiative)
    result.dice_rolls += rolls
    result.state_changes += changes
    npc = world.npc(npc_name)
    if npc is not None and npc.attitude != Attitude.HOSTILE:
        result.state_changes.append(state_change(npc.name, "attitude", npc.attitude.value, "hostile",
                                                 f"{npc.name} turns hostile."))
        npc.attitude = Attitude.HOSTILE


def _initiative(basics: ActionBasics, result: AgentResult, name: str | None, value: int | None,
                combatants: list[str] | None) -> None:
    who = _combatant(basics.world, name)
    if value is None or isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"Give {who.name}'s initiative as a whole number (e.g. 17).")
    if not MIN_INITIATIVE <= value <= MAX_INITIATIVE:
        raise InvalidInputError(f"An initiative of {value} is out of range ({MIN_INITIATIVE} to {MAX_INITIATIVE}).")
    result.state_changes += rules.set_initiative(basics.world, who.name, value)
    _first_waiting(basics.world, result)
    _settle(basics, result)


def _first_waiting(world: Campaign, result: AgentResult) -> None:
    """After a new initiative value the turn belongs to the first in the new order who has not acted
    this round (a value entered before anyone acted puts the right creature first)."""
    combat = _fight(world)
    current = combat.current
    for index, c in enumerate(combat.order):
        out = c.defeated if c.kind == "monster" else (world.character(c.name) is None or world.character(c.name).dead)
        if not out and c.acted_round < combat.round:
            if c is not current:
                combat.turn_index = index
                c.used = TurnUse()
                result.state_changes.append(state_change("combat", "turn", current.name if current else None, c.name,
                                                         f"{c.name}'s turn (round {combat.round})."))
            return


def _add(basics: ActionBasics, result: AgentResult, name: str | None, value: int | None,
         combatants: list[str] | None) -> None:
    world = basics.world
    combat = _fight(world)
    if name is None:
        raise InvalidInputError("Name the monster stat block (or an NPC here) who joins the fight.")
    if value is not None and not MIN_INITIATIVE <= value <= MAX_INITIATIVE:
        raise InvalidInputError(f"An initiative of {value} is out of range ({MIN_INITIATIVE} to {MAX_INITIATIVE}).")
    kind, found = _foe(world, name)
    if kind == "npc":
        if combat.combatant(found) is not None:
            raise InvalidInputError(f"{found} is already in the fight.")
        _join_npc(basics, result, found, value)
    else:
        rolls, changes = rules.add_combatant(basics.roller, world, found, initiative=value)
        result.dice_rolls += rolls
        result.state_changes += changes
    joined = combat.combatant(result.state_changes[-1].target if kind == "monster" else found)
    if joined is not None and combat.order.index(joined) < combat.turn_index:
        joined.acted_round = combat.round  # its count has passed this round: it first acts next round


def _remove(basics: ActionBasics, result: AgentResult, name: str | None, value: int | None,
            combatants: list[str] | None) -> None:
    world = basics.world
    who = _combatant(world, name)
    combat = _fight(world)
    acting = combat.current is who
    result.state_changes += rules.remove_combatant(world, who.name)
    if acting:
        _turn_moved(combat, result, who.name)
        _settle(basics, result)
    if combat.active and not any(c.kind == "monster" and not c.defeated for c in combat.order):
        result.warnings.append("No foe is left standing in the fight; end it when the table is done.")


def _turn_moved(combat: CombatState, result: AgentResult, before: str) -> None:
    current = combat.current
    if current is not None:
        current.used = TurnUse()
        result.state_changes.append(state_change("combat", "turn", before, current.name,
                                                 f"{current.name}'s turn (round {combat.round})."))


def _delay(basics: ActionBasics, result: AgentResult, name: str | None, value: int | None,
           combatants: list[str] | None) -> None:
    combat = _fight(basics.world)
    if name is not None and name.strip() and combat.current is not None \
            and _combatant(basics.world, name) is not combat.current:
        raise InvalidInputError(f"Only the creature whose turn it is can delay: it is {combat.current.name}'s turn.")
    changes = rules.delay_turn(basics.world)
    result.state_changes += changes
    if combat.current is not None:
        combat.current.used = TurnUse()
    _settle(basics, result)


def _next(basics: ActionBasics, result: AgentResult, name: str | None, value: int | None,
          combatants: list[str] | None) -> None:
    _fight(basics.world)
    turn = turn_order.dm_next_turn(basics, basics.world)
    _merge(result, turn)


def _end(basics: ActionBasics, result: AgentResult, name: str | None, value: int | None,
         combatants: list[str] | None) -> None:
    _fight(basics.world)
    result.state_changes += rules.end_combat(basics.world)


def _settle(basics: ActionBasics, result: AgentResult) -> None:
    """A monster now up (or a character who cannot act) takes its turn, and the ones after it, until a
    character can act; a character able to act keeps the turn."""
    _merge(result, turn_order.settle(basics, basics.world))


def _merge(result: AgentResult, other: AgentResult) -> None:
    result.state_changes += other.state_changes
    result.dice_rolls += other.dice_rolls
    result.beats += other.beats
    result.facts += other.facts
    result.warnings += other.warnings


_HANDLERS = {"start": _start, "initiative": _initiative, "add": _add, "remove": _remove, "delay": _delay,
             "next": _next, "end": _end}
