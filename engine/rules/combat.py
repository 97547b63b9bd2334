"""Combat flow: initiative, turns and rounds, the start and end of a fight (with XP for the party)."""

from __future__ import annotations

from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Campaign, Combatant, CombatState, HitPoints
from engine.rules.dice import DiceRoller
from engine.rules.health import tick_conditions
from engine.rules.helpers import state_change


def roll_initiative(roller: DiceRoller, name: str, dex_modifier: int) -> DiceRoll:
    return roller.d20(dex_modifier, purpose="initiative", roller=name)


def _combat(world: Campaign) -> CombatState:
    combat = world.game_state.combat
    if combat is None or not combat.active:
        raise InvalidInputError("No combat is running; start one first.")
    return combat


def start_combat(roller: DiceRoller, world: Campaign,
                 monster_names: list[str]) -> tuple[list[DiceRoll], list[StateChange]]:
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
    for pc in world.characters:
        if pc.dead or pc.hp.current <= 0:
            continue
        dex = pc.abilities.modifier("dex")
        rolls.append(roll_initiative(roller, pc.name, dex))
        order.append(Combatant(id=f"character:{pc.name}", name=pc.name, kind="character",
                               initiative=rolls[-1].total, dex_modifier=dex))
    seen: dict[str, int] = {}
    for block in blocks:
        count = sum(b.name == block.name for b in blocks)
        seen[block.name] = seen.get(block.name, 0) + 1
        name = f"{block.name} {seen[block.name]}" if count > 1 else block.name
        dex = block.abilities.modifier("dex")
        rolls.append(roll_initiative(roller, name, dex))
        order.append(Combatant(id=f"monster:{name}", name=name, kind="monster", initiative=rolls[-1].total,
                               dex_modifier=dex, monster=block.name, ac=block.ac,
                               hp=HitPoints(current=block.hp, max=block.hp)))
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


def next_turn(world: Campaign) -> list[StateChange]:
    combat = _combat(world)
    ending = combat.order[combat.turn_index]
    pc = world.character(ending.name) if ending.kind == "character" else None
    changes = tick_conditions(pc if pc is not None else ending)
    index, round_ = combat.turn_index, combat.round
    for _ in range(len(combat.order)):
        index += 1
        if index >= len(combat.order):
            index, round_ = 0, round_ + 1
        if not _is_out(world, combat.order[index]):
            break
    else:
        raise InvalidInputError("Every combatant is down or dead; end the combat.")
    if round_ != combat.round:
        changes.append(state_change("combat", "round", combat.round, round_, f"Round {round_} begins."))
    combat.turn_index, combat.round = index, round_
    current = combat.order[index]
    changes.append(state_change("combat", "turn", ending.name, current.name, f"{current.name}'s turn (round {round_})."))
    return changes


def end_combat(world: Campaign) -> list[StateChange]:
    combat = _combat(world)
    defeated = [c for c in combat.order if c.kind == "monster" and c.defeated]
    xp = 0
    for c in defeated:
        block = world.monster(c.monster or c.name)
        xp += block.xp if block is not None else 0
    world.game_state.combat = None
    changes = [state_change("combat", "combat_end", f"round {combat.round}", None,
                       f"Combat ends after {combat.round} rounds; {len(defeated)} monsters defeated, {xp} XP.")]
    living = [pc for pc in world.characters if not pc.dead]
    if xp and living:
        share = xp // len(living)
        for pc in living:
            before, pc.xp = pc.xp, pc.xp + share
            changes.append(state_change(pc.name, "xp", before, pc.xp, f"{pc.name} gains {share} XP ({before} -> {pc.xp})."))
    return changes

