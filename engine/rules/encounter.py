"""The DM's hand on a running fight: enter an initiative value (physical dice), add or remove a
combatant mid-fight, delay a turn. Each keeps whoever is acting now as the current creature, so the
order never jumps under the table's feet; each returns the StateChanges to journal.
"""

from __future__ import annotations

from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Campaign, Combatant, CombatState
from engine.rules.combat import roll_initiative
from engine.rules.dice import DiceRoller
from engine.rules.helpers import state_change


def _fight(world: Campaign) -> CombatState:
    combat = world.game_state.combat
    if combat is None or not combat.active:
        raise InvalidInputError("No combat is running; start one first.")
    return combat


def _find(combat: CombatState, name: str) -> Combatant:
    found = combat.combatant(name)
    if found is None:
        raise NotFoundError(f"No combatant named {name!r}. In the fight: {', '.join(c.name for c in combat.order)}.")
    return found


def _resort(combat: CombatState) -> None:
    """Higher initiative first, then higher DEX; the creature acting now stays the current one."""
    current = combat.current
    combat.order.sort(key=lambda c: (-c.initiative, -c.dex_modifier))
    if current is not None:
        combat.turn_index = combat.order.index(current)


def set_initiative(world: Campaign, name: str, value: int) -> list[StateChange]:
    """The DM enters a rolled initiative (a player's physical dice) for any combatant."""
    combat = _fight(world)
    who = _find(combat, name)
    before, who.initiative = who.initiative, value
    _resort(combat)
    return [state_change(who.name, "initiative", before, value, f"{who.name}'s initiative is now {value} "
                                                                f"(was {before}).")]


def add_combatant(roller: DiceRoller, world: Campaign, monster: str, *, name: str | None = None,
                  initiative: int | None = None) -> tuple[list[DiceRoll], list[StateChange]]:
    """A monster from its stat block joins the fight; it rolls initiative unless the DM gives one."""
    combat = _fight(world)
    block = world.monster(monster)
    if block is None:
        known = ", ".join(m.name for m in world.monsters) or "none"
        raise NotFoundError(f"No monster stat block named {monster!r}. Known monsters: {known}.")
    label = name or block.name
    if combat.combatant(label) is not None:
        count = 2
        while combat.combatant(f"{block.name} {count}") is not None:
            count += 1
        label = f"{block.name} {count}"
    dex = block.abilities.modifier("dex")
    rolls = [] if initiative is not None else [roll_initiative(roller, label, dex)]
    value = initiative if initiative is not None else rolls[0].total
    combat.order.append(block.combatant(label, value))
    _resort(combat)
    return rolls, [state_change(label, "combatant_add", None, value, f"{label} joins the fight (initiative {value}).")]


def remove_combatant(world: Campaign, name: str) -> list[StateChange]:
    """A combatant leaves the fight (fled, dismissed); if it was acting, the next one in order is up."""
    combat = _fight(world)
    who = _find(combat, name)
    if len(combat.order) == 1:
        raise InvalidInputError(f"{who.name} is the last combatant; end the combat instead.")
    index = combat.order.index(who)
    current = combat.current
    combat.order.remove(who)
    if who is current:
        if index >= len(combat.order):
            combat.turn_index, combat.round = 0, combat.round + 1
        else:
            combat.turn_index = index
    else:
        combat.turn_index = combat.order.index(current)  # type: ignore[arg-type]
    return [state_change(who.name, "combatant_remove", who.initiative, None, f"{who.name} leaves the fight.")]


def delay_turn(world: Campaign) -> list[StateChange]:
    """The current creature waits: it moves to just after the next one in the order, which acts now."""
    combat = _fight(world)
    index = combat.turn_index
    if index + 1 >= len(combat.order):
        raise InvalidInputError("The last creature in the round cannot delay further; pass the turn instead.")
    waiting, following = combat.order[index], combat.order[index + 1]
    combat.order[index], combat.order[index + 1] = following, waiting
    before, waiting.initiative = waiting.initiative, following.initiative
    return [state_change(waiting.name, "initiative", before, waiting.initiative,
                         f"{waiting.name} delays until after {following.name}."),
            state_change("combat", "turn", waiting.name, following.name, f"{following.name}'s turn (round {combat.round}).")]
