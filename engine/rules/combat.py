"""Combat flow: initiative, turns and rounds, the start and end of a fight (with XP for the party)."""

from __future__ import annotations

from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import (
    ActiveCondition,
    Campaign,
    Character,
    Combatant,
    CombatState,
    TurnUse,
)
from engine.rules.ammunition import recover as recover_ammunition
from engine.rules.checks import creature_save
from engine.rules.conditions import check_mode, effects
from engine.rules.dice import DiceRoller
from engine.rules.health import tick_conditions
from engine.rules.helpers import Target, state_change


def roll_initiative(roller: DiceRoller, name: str, dex_modifier: int,
                    conditions: list[ActiveCondition] | None = None) -> DiceRoll:
    """Initiative is a Dexterity check (SRD 5.2), so what affects checks (poisoned, exhaustion) affects it."""
    conditions = conditions or []
    return roller.d20(dex_modifier - effects(conditions).d20_penalty, advantage=check_mode(conditions),
                      purpose="initiative", roller=name)


def _combat(world: Campaign) -> CombatState:
    combat = world.game_state.combat
    if combat is None or not combat.active:
        raise InvalidInputError("No combat is running; start one first.")
    return combat


def start_combat(roller: DiceRoller, world: Campaign, monster_names: list[str],
                 initiatives: dict[str, int] | None = None) -> tuple[list[DiceRoll], list[StateChange]]:
    """Everyone rolls initiative, except those the DM gives a value for (`initiatives`, by name: a
    player's physical dice); the first turn belongs to the highest."""
    if world.game_state.combat is not None and world.game_state.combat.active:
        raise InvalidInputError("A combat is already running; end it before starting another.")
    blocks = []
    for wanted in monster_names:
        block = world.monster(wanted)
        if block is None:
            known = ", ".join(m.name for m in world.monsters) or "none"
            raise NotFoundError(f"No monster stat block named {wanted!r}. Known monsters: {known}.")
        blocks.append(block)
    rolls: list[DiceRoll] = []
    order: list[Combatant] = []
    given = {k.casefold(): v for k, v in (initiatives or {}).items()}

    def initiative(name: str, dex: int, conditions: list[ActiveCondition]) -> int:
        if name.casefold() in given:
            return given[name.casefold()]
        rolls.append(roll_initiative(roller, name, dex, conditions))
        return rolls[-1].total

    for pc in world.characters:
        if pc.dead or pc.hp.current <= 0:
            continue
        dex = pc.abilities.modifier("dex")
        order.append(Combatant(id=f"character:{pc.name}", name=pc.name, kind="character",
                               initiative=initiative(pc.name, dex, pc.conditions), dex_modifier=dex))
    seen: dict[str, int] = {}
    for block in blocks:
        count = sum(b.name == block.name for b in blocks)
        seen[block.name] = seen.get(block.name, 0) + 1
        name = f"{block.name} {seen[block.name]}" if count > 1 else block.name
        dex = block.abilities.modifier("dex")
        order.append(block.combatant(name, initiative(name, dex, [])))
    if not order:
        raise InvalidInputError("Nobody can fight: no conscious characters and no monsters named.")
    # Higher initiative first, then higher DEX; full ties keep party-then-monster order (stable sort).
    order.sort(key=lambda c: (-c.initiative, -c.dex_modifier))
    world.game_state.combat = CombatState(order=order)
    listing = ", ".join(f"{c.name} ({c.initiative})" for c in order)
    changes = [state_change("combat", "combat_start", None, "round 1", f"Combat begins. Initiative: {listing}.")]
    changes += [state_change(c.name, "initiative", None, c.initiative, f"{c.name} rolls {c.initiative} for initiative.")
                for c in order]
    return rolls, changes


def _is_out(world: Campaign, combatant: Combatant) -> bool:
    if combatant.kind == "monster":
        return combatant.defeated
    pc = world.character(combatant.name)
    return pc is None or pc.dead


def creature(world: Campaign, combatant: Combatant) -> Target:
    """Whom a place in the order stands for: the character sheet, or the monster instance itself."""
    pc = world.character(combatant.name) if combatant.kind == "character" else None
    return pc if pc is not None else combatant


def save_modifier(world: Campaign, target: Target, ability: str) -> int:
    """A character's save from the sheet; a monster's from its stat block's ability score."""
    if isinstance(target, Character):
        return target.save_modifier(ability)
    block = world.monster(target.monster or target.name)
    if block is None:
        return 0
    return block.saves.get(ability, block.abilities.modifier(ability))


def end_of_turn_saves(roller: DiceRoller, world: Campaign, target: Target) -> tuple[list[DiceRoll], list[StateChange]]:
    """"At the end of each of its turns, the target repeats the save, ending the spell on itself on a success"."""
    rolls: list[DiceRoll] = []
    changes: list[StateChange] = []
    for active in [c for c in target.conditions if c.save_ability and c.save_dc]:
        check = creature_save(roller, target.name, save_modifier(world, target, active.save_ability),
                              target.conditions, active.save_ability, active.save_dc or 10, boons=target.boons)
        check.roll.purpose = f"{check.roll.purpose} to end {active.name.value}"
        rolls.append(check.roll)
        if check.success:
            target.conditions.remove(active)
            changes.append(state_change(target.name, "condition_remove", active.name.value, None,
                                        f"{target.name} shakes off being {active.name.value} (save succeeds)."))
    return rolls, changes


def next_turn(world: Campaign) -> list[StateChange]:
    """The current creature's turn ends (its timed conditions tick) and the next one able to take a turn
    starts; one who already acted this round by a DM override is passed over, so nobody acts twice."""
    combat = _combat(world)
    ending = combat.order[combat.turn_index]
    ending.acted_round = max(ending.acted_round, combat.round)
    changes = tick_conditions(creature(world, ending))
    index, round_ = combat.turn_index, combat.round
    skipped: list[Combatant] = []
    for _ in range(2 * len(combat.order)):
        index += 1
        if index >= len(combat.order):
            index, round_ = 0, round_ + 1
        candidate = combat.order[index]
        if _is_out(world, candidate):
            continue
        if candidate.acted_round >= round_:
            skipped.append(candidate)
            continue
        break
    else:
        raise InvalidInputError("Every combatant is down or dead; end the combat.")
    changes += [state_change(c.name, "turn_skipped", None, None, f"{c.name} already acted this round; their turn "
                             f"is passed over.") for c in skipped]
    if round_ != combat.round:
        changes.append(state_change("combat", "round", combat.round, round_, f"Round {round_} begins."))
    combat.turn_index, combat.round = index, round_
    current = combat.order[index]
    current.used = TurnUse()  # a new turn: action, bonus action, movement and reaction are fresh
    changes.append(state_change("combat", "turn", ending.name, current.name, f"{current.name}'s turn (round {round_})."))
    return changes


def end_combat(world: Campaign) -> list[StateChange]:
    combat = _combat(world)
    defeated = [c for c in combat.order if c.kind == "monster" and c.defeated]
    xp = 0
    for c in defeated:
        block = world.monster(c.monster or c.name)
        xp += block.xp if block is not None else 0
    gathered = recover_ammunition(world)  # SRD: after a fight, half the ammunition used can be recovered
    world.game_state.combat = None
    changes = [state_change("combat", "combat_end", f"round {combat.round}", None,
                       f"Combat ends after {combat.round} rounds; {len(defeated)} monsters defeated, {xp} XP.")]
    living = [pc for pc in world.characters if not pc.dead]
    if xp and living:
        share = xp // len(living)
        for pc in living:
            before, pc.xp = pc.xp, pc.xp + share
            changes.append(state_change(pc.name, "xp", before, pc.xp, f"{pc.name} gains {share} XP ({before} -> {pc.xp})."))
    return changes + gathered



def fallen_npcs(world: Campaign, changes: list[StateChange]) -> list[StateChange]:
    """An NPC who fought under their own name and was defeated is dead: from now on they are placed
    nowhere and answer no one (monsters fall with the fight; an NPC stays dead after it)."""
    out = []
    for change in changes:
        npc = world.npc(change.target) if change.kind == "status" and change.after == "defeated" else None
        if npc is not None and npc.alive:
            npc.alive = False
            out.append(state_change(npc.name, "npc_status", "alive", "dead", f"{npc.name} is dead."))
    return out
