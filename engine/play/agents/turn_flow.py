"""Turn flow in a fight: what follows a character's turn until a character can act again.

Shared by the combat agent (after an attack or a Dodge) and the rules agent (after a heal), so
neither has to import the other.
"""

from __future__ import annotations

import re

from engine import rules
from engine.errors import EngineError
from engine.models.actions import StateChange
from engine.models.facts import FactCategory, FactInput
from engine.models.world import ActiveCondition, Attack, Campaign, Character, Combatant, Monster
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.agents.manoeuvres import start_turn
from engine.rules import monster_actions
from engine.rules.help_action import help_expires, helped
from engine.rules.hiding import reveal
from engine.rules.manoeuvres import grappled_by_another


def pass_turn(ctx: AgentContext, result: AgentResult) -> None:
    """The acting character's turn is done: the order moves on and the monsters take theirs."""
    if _advance(ctx.world, result, ctx):
        run_others(ctx, result)
        _follow_ups(ctx.world, result)


def turn_begins(world: Campaign, current: Combatant) -> None:
    """What lasts "until the start of your next turn" ends: a Dodge taken, a Help given."""
    current.dodging = False
    help_expires(world.game_state.combat, current.name)


def standing_foes(world: Campaign) -> list[Combatant]:
    combat = world.game_state.combat
    return [c for c in combat.order if c.kind == "monster" and not c.defeated] if combat else []


def resolve_hit(ctx: AgentContext, result: AgentResult, attacker: str, target: Character | Combatant,
                 weapon: Attack, outcome: rules.AttackResult) -> None:
    result.dice_rolls.append(outcome.attack_roll)
    if not outcome.hit:
        result.beats.append(f"{attacker} attacks {target.name} with {weapon.name} "
                            f"({outcome.attack_roll.total} vs AC {outcome.attack_roll.dc}) and misses.")
        return
    if outcome.damage_roll is not None:
        result.dice_rolls.append(outcome.damage_roll)
    damage, note = rules.adjust_damage(target, outcome.damage, weapon.damage_type)
    result.state_changes += rules.apply_damage(target, damage, critical=outcome.critical)
    concentration_check(ctx, result, target, damage)
    crit = "a critical hit" if outcome.critical else "a hit"
    result.beats.append(f"{attacker} attacks {target.name} with {weapon.name}: {crit} for {damage} "
                        f"{weapon.damage_type} damage" + (f" ({note})." if note else "."))
    down = target.defeated if isinstance(target, Combatant) else target.dead
    if down:
        place = ctx.world.game_state.party_location
        result.beats.append(f"{target.name} is slain by {attacker}.")
        result.facts.append(FactInput(text=f"{target.name} was slain by {attacker} at {place}.",
                                      category=FactCategory.EVENT, subject=target.name))
    elif isinstance(target, Character) and target.hp.current == 0:
        result.beats.append(f"{target.name} falls unconscious and is dying.")


def everyone(world: Campaign) -> list[Character | Combatant]:
    """Every creature a spell can touch: the party and the monsters in the fight."""
    combat = world.game_state.combat
    return [*world.characters, *(c for c in (combat.order if combat else []) if c.kind == "monster")]


def concentration_check(ctx: AgentContext, result: AgentResult, target: Character | Combatant, damage: int) -> None:
    """A damaged caster keeps its concentration spell only on a CON save (DC max(10, half the damage))."""
    roll, changes = rules.after_damage(ctx.roller, target, damage, rules.save_modifier(ctx.world, target, "con"),
                                       everyone(ctx.world))
    if roll is not None:
        result.dice_rolls.append(roll)
    result.state_changes += changes
    if changes:
        result.beats.append(changes[0].description)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def check_victory(ctx: AgentContext, result: AgentResult) -> bool:
    world = ctx.world
    if standing_foes(world):
        return False
    combat = world.game_state.combat
    defeated = [c for c in combat.order if c.kind == "monster"]  # type: ignore[union-attr]
    rounds = combat.round  # type: ignore[union-attr]
    changes = rules.end_combat(world)
    for change in changes:
        if change.kind == "combat_end":  # say it the way a person would: "1 round", "2 monsters"
            xp = re.search(r"(\d+) XP", change.description)
            change.description = (f"Combat ends after {_plural(rounds, 'round')}; "
                                  f"{_plural(len(defeated), 'monster')} defeated"
                                  + (f", {xp.group(1)} XP." if xp else "."))
    result.state_changes += changes
    here = world.location(world.game_state.party_location)
    if here is not None and here.encounter:
        gone = {c.monster for c in defeated}
        before = list(here.encounter)
        here.encounter = [m for m in here.encounter if m not in gone]
        result.state_changes.append(StateChange(
            target=here.name, kind="encounter", before=before, after=list(here.encounter),
            description=f"The foes at {here.name} are dealt with."))
    result.beats.append("The last enemy falls. The fight is over.")
    result.follow_up_options += ["Search the bodies", "Take a short rest", "Look around"]
    return True


def _advance(world: Campaign, result: AgentResult, ctx: AgentContext | None = None) -> bool:
    """End the current turn: "until saved" conditions roll their save, durations tick, the next creature is up."""
    combat = world.game_state.combat
    if ctx is not None and combat is not None and combat.current is not None:
        rolls, changes = rules.end_of_turn_saves(ctx.roller, world, rules.creature(world, combat.current))
        result.dice_rolls += rolls
        result.state_changes += changes
    try:
        result.state_changes += rules.next_turn(world)
        return True
    except EngineError as exc:
        result.warnings.append(str(exc))
        return False


def run_others(ctx: AgentContext, result: AgentResult) -> None:
    """Monsters act, dying characters roll death saves, until a character who can act is up."""
    world = ctx.world
    combat = world.game_state.combat
    for _ in range(4 * len(combat.order) + 4 if combat else 0):
        combat = world.game_state.combat
        if combat is None or not combat.active:
            return
        if not any(not c.dead and c.hp.current > 0 for c in world.characters):
            result.beats.append("The whole party is down.")
            return
        current = combat.current
        if current is None:
            return
        if current.kind == "character":
            pc = world.character(current.name)
            stopped = rules.why_cannot_act(pc.conditions) if pc is not None and pc.hp.current > 0 else None
            if pc is not None and not pc.dead and pc.hp.current > 0 and stopped is None:
                turn_begins(world, current)  # a Dodge, or a Help given, lasts until the next turn
                return
            if stopped is not None:
                turn_begins(world, current)
                result.beats.append(f"{current.name} is {stopped} and loses the turn.")
                if not any(_may_act_again(c) for c in world.characters):
                    # Everyone is held with nothing to end it: more monster rounds would only repeat. The DM decides.
                    result.beats.append("Nobody in the party can act; the fight waits on the DM.")
                    return
            elif pc is not None and not pc.dead and not pc.stable and pc.hp.current <= 0:
                roll, changes = rules.death_save(ctx.roller, pc)
                result.dice_rolls.append(roll)
                result.state_changes += changes
                result.beats.append(f"{pc.name} makes a death saving throw: {roll.total}.")
                if pc.hp.current > 0:
                    turn_begins(world, current)
                    return
        elif not current.defeated:
            turn_begins(world, current)
            stopped = rules.why_cannot_act(current.conditions)
            if stopped is not None:
                result.beats.append(f"{current.name} is {stopped} and loses its turn.")
            else:
                start_turn(ctx, current, result)
                _monster_turn(ctx, current, result)
                if check_victory(ctx, result):
                    return
        if not _advance(world, result, ctx):
            return


def _may_act_again(pc: Character) -> bool:
    """Standing and free to act, or held by something a save at the end of their turn can end."""
    if pc.dead or pc.hp.current <= 0:
        return False
    return rules.why_cannot_act(pc.conditions) is None or any(c.save_ability or c.rounds_remaining
                                                              for c in pc.conditions)


def _monster_turn(ctx: AgentContext, monster: Combatant, result: AgentResult) -> None:
    world = ctx.world
    block = world.monster(monster.monster or monster.name)
    targets = [c for c in world.characters if not c.dead and c.hp.current > 0]
    if block is not None and targets:
        charged_up = monster_actions.recharge(ctx.roller, monster, block)
        result.dice_rolls += charged_up.rolls
        result.beats += charged_up.beats
    if block is None or not (block.attacks or monster_actions.charged(monster, block)) or not targets:
        result.beats.append(f"{monster.name} hesitates.")
        return
    if _breathes(ctx, monster, block, targets, result):
        return
    if len(targets) > 1:
        # Kept in the roll log so the table can see the choice was random; the narrator does not tell it.
        choices = ", ".join(f"{i} {t.name}" for i, t in enumerate(targets, 1))
        pick = ctx.roller.roll(f"1d{len(targets)}", purpose=f"{monster.name} picks a target ({choices})",
                               roller=monster.name)
        result.dice_rolls.append(pick)
        target = targets[pick.total - 1]
    else:
        target = targets[0]
    combatant = world.game_state.combat.combatant(target.name)  # type: ignore[union-attr]
    dodging = combatant.dodging if combatant is not None else False
    weapon = block.attacks[0]
    monster.used.action = True
    # Multiattack: the stat block's attacks for one Attack action, at the same target while it stands.
    for _ in range(block.multiattack):
        roll_attack(ctx, result, monster.name, monster.conditions, weapon, target, dodging)
        if target.dead or target.hp.current <= 0:
            break


def _breathes(ctx: AgentContext, monster: Combatant, block: Monster, targets: list[Character],
              result: AgentResult) -> bool:
    """A charged recharge action (a breath weapon) is used before attacks: at every standing character
    when it covers an area ("each creature"), else at one picked at random. True when it was used."""
    action = monster_actions.charged(monster, block)
    if action is None:
        return False
    if "each creature" not in action.text.lower() and len(targets) > 1:
        pick = ctx.roller.roll(f"1d{len(targets)}", purpose=f"{monster.name} picks a target", roller=monster.name)
        result.dice_rolls.append(pick)
        targets = [targets[pick.total - 1]]
    monster.used.action = True
    out = monster_actions.use(ctx.roller, monster, action,
                              [(t, rules.save_modifier(ctx.world, t, action.save_ability)) for t in targets])
    result.dice_rolls += out.rolls
    result.state_changes += out.changes
    result.beats += out.beats
    for target, amount in out.damaged:
        concentration_check(ctx, result, target, amount)
    return True


def roll_attack(ctx: AgentContext, result: AgentResult, attacker: str, conditions: list[ActiveCondition],
                weapon: Attack, target: Character | Combatant, dodging: bool, asked: set[str] | None = None,
                ) -> rules.AttackResult:
    """One attack with every condition on both sides applied (SRD table in rules.conditions)."""
    ranged = rules.is_ranged(weapon)
    asked = set(asked or ())
    if grappled_by_another(conditions, target.name):
        asked.add("disadvantage")
    if helped(target, attacker):
        asked.add("advantage")
        result.beats.append(f"{attacker} attacks with Advantage: the help given opened {target.name} up.")
    adv = rules.attack_advantage(conditions, target.conditions, dodging, asked, ranged=ranged)
    outcome = rules.attack(ctx.roller, attacker, weapon, target.ac or 10, advantage=adv, boons=_boons_of(ctx.world, attacker),
                           penalty=rules.effects(conditions).d20_penalty,
                           auto_critical=rules.is_auto_critical(target.conditions, ranged=ranged))
    result.state_changes += reveal(attacker, conditions, "attacks")
    combat = ctx.world.game_state.combat
    if combat is not None:  # "the one swinging at Wren" is read from this (engine.play.agents.assailant)
        combat.last_attacker[target.name] = attacker
    resolve_hit(ctx, result, attacker, target, weapon, outcome)
    return outcome


def _boons_of(world: Campaign, name: str) -> list:
    """The attacker's Bless or Bane, whoever they are (a character or a creature in the fight)."""
    pc = world.character(name)
    if pc is not None:
        return pc.boons
    combat = world.game_state.combat
    fighter = combat.combatant(name) if combat is not None else None
    return fighter.boons if fighter is not None else []


def _follow_ups(world: Campaign, result: AgentResult) -> None:
    foes = standing_foes(world)
    if foes:
        result.follow_up_options += [f"Attack {foes[0].name}", "Dodge", "Drink a healing potion"]
