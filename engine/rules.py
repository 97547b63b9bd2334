"""5e mechanics as pure functions over the models.

Every function that changes something mutates the model in place and returns the StateChanges a DM
reads ("Aria takes 7 damage: 12 -> 5 HP"). Dice come from a DiceRoller so sessions replay exactly.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.dice import DiceRoller, double_dice
from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import (
    ABILITIES,
    SKILLS,
    ActiveCondition,
    Attack,
    Campaign,
    Character,
    Combatant,
    CombatState,
    Condition,
    DeathSaves,
    HitPoints,
)

Target = Character | Combatant

_ABILITY_NAMES = {"strength": "str", "dexterity": "dex", "constitution": "con",
                  "intelligence": "int", "wisdom": "wis", "charisma": "cha"}
MAX_EXHAUSTION = 6


class CheckResult(BaseModel):
    roll: DiceRoll
    success: bool
    dc: int


class AttackResult(BaseModel):
    attack_roll: DiceRoll
    hit: bool
    critical: bool
    damage_roll: DiceRoll | None = None
    damage: int = 0


def _change(target: str, kind: str, before: object, after: object, description: str) -> StateChange:
    return StateChange(target=target, kind=kind, before=before, after=after, description=description)


def _key(text: str) -> str:
    return "_".join(text.strip().lower().replace("-", " ").split())


def _ability(name: str) -> str:
    key = _key(name)
    key = _ABILITY_NAMES.get(key, key)
    if key not in ABILITIES:
        raise InvalidInputError(f"Unknown ability {name!r}. Use one of: {', '.join(ABILITIES)}.")
    return key


def _check_modifier(character: Character, ability_or_skill: str) -> tuple[int, str]:
    key = _key(ability_or_skill)
    if key in SKILLS:
        return character.skill_modifier(key), key.replace("_", " ").title()
    key = _ABILITY_NAMES.get(key, key)
    if key in ABILITIES:
        return character.abilities.modifier(key), key.upper()
    raise InvalidInputError(f"Unknown ability or skill {ability_or_skill!r}. Abilities: {', '.join(ABILITIES)}; "
                            f"skills: {', '.join(SKILLS)}.")


def ability_check(roller: DiceRoller, character: Character, ability_or_skill: str, dc: int, *,
                  advantage: str | None = None, purpose: str | None = None) -> CheckResult:
    modifier, label = _check_modifier(character, ability_or_skill)
    roll = roller.d20(modifier, advantage=advantage, purpose=purpose or f"{label} check",
                      roller=character.name, dc=dc)
    return CheckResult(roll=roll, success=bool(roll.success), dc=dc)


def saving_throw(roller: DiceRoller, character: Character, ability: str, dc: int, *,
                 advantage: str | None = None) -> CheckResult:
    key = _ability(ability)
    roll = roller.d20(character.save_modifier(key), advantage=advantage,
                      purpose=f"{key.upper()} saving throw", roller=character.name, dc=dc)
    return CheckResult(roll=roll, success=bool(roll.success), dc=dc)


def attack(roller: DiceRoller, attacker_name: str, attack: Attack, target_ac: int, *,
           advantage: str | None = None) -> AttackResult:
    roll = roller.d20(attack.to_hit, advantage=advantage, purpose=f"{attack.name} attack",
                      roller=attacker_name, dc=target_ac)
    # A natural 20 always hits and a natural 1 always misses, whatever the total.
    hit = roll.critical or (not roll.fumble and roll.total >= target_ac)
    roll.success = hit
    if not hit:
        return AttackResult(attack_roll=roll, hit=False, critical=False)
    notation = double_dice(attack.damage, roller.max_dice * 2) if roll.critical else attack.damage
    purpose = f"{attack.name} {attack.damage_type} damage" + (" (critical)" if roll.critical else "")
    if roll.critical:
        # Doubled dice may exceed the per-roll cap; a critical should still resolve.
        saved, roller.max_dice = roller.max_dice, roller.max_dice * 2
        try:
            damage_roll = roller.roll(notation, purpose=purpose, roller=attacker_name)
        finally:
            roller.max_dice = saved
    else:
        damage_roll = roller.roll(notation, purpose=purpose, roller=attacker_name)
    return AttackResult(attack_roll=roll, hit=True, critical=roll.critical, damage_roll=damage_roll,
                        damage=max(0, damage_roll.total))


# ---- hit points ----

def _hp(target: Target) -> HitPoints:
    if target.hp is None:
        raise InvalidInputError(f"{target.name} is a character in the initiative order; "
                                f"change HP on the character sheet instead.")
    return target.hp


def _check_amount(amount: int, what: str) -> None:
    if amount < 0:
        raise InvalidInputError(f"{what} must be 0 or more, got {amount}.")


def _saves_text(saves: DeathSaves) -> str:
    return f"{saves.successes} successes, {saves.failures} failures"


def _set_death_saves(character: Character, successes: int, failures: int, why: str) -> list[StateChange]:
    before = _saves_text(character.death_saves)
    character.death_saves = DeathSaves(successes=min(successes, 3), failures=min(failures, 3))
    after = _saves_text(character.death_saves)
    if before == after:
        return []
    return [_change(character.name, "death_save", before, after, f"{character.name}: {why} ({after}).")]


def _die(character: Character, why: str) -> list[StateChange]:
    character.dead = True
    character.stable = False
    return [_change(character.name, "status", "dying", "dead", f"{character.name} dies ({why}).")]


def _take_temp(target: Target, amount: int) -> tuple[int, list[StateChange]]:
    hp = _hp(target)
    absorbed = min(hp.temp, amount)
    if not absorbed:
        return amount, []
    before, hp.temp = hp.temp, hp.temp - absorbed
    return amount - absorbed, [_change(target.name, "temp_hp", before, hp.temp,
                                       f"{target.name}'s temporary HP absorb {absorbed} damage "
                                       f"({before} -> {hp.temp}).")]


def apply_damage(target: Target, amount: int, *, critical: bool = False) -> list[StateChange]:
    _check_amount(amount, "Damage")
    hp = _hp(target)
    if amount == 0 or (isinstance(target, Character) and target.dead) or (
            isinstance(target, Combatant) and target.defeated):
        return []  # nothing left to hurt: an area effect may still list the fallen
    remaining, changes = _take_temp(target, amount)
    if remaining == 0:
        return changes
    name, before = target.name, hp.current
    if isinstance(target, Combatant):
        hp.current = max(0, before - remaining)
        changes.append(_change(name, "hp", before, hp.current,
                               f"{name} takes {amount} damage ({before} -> {hp.current} HP)."))
        if hp.current == 0:
            target.defeated = True
            changes.append(_change(name, "status", "fighting", "defeated", f"{name} is defeated."))
        return changes
    if before == 0:
        # Already dying: massive damage kills, anything else costs death saves (a crit costs two).
        if remaining >= hp.max:
            return changes + _die(target, f"took {remaining} damage at 0 HP, at least their maximum HP")
        was_stable, target.stable = target.stable, False
        if was_stable:
            changes.append(_change(name, "status", "stable", "dying", f"{name} is hit and is dying again."))
        saves = target.death_saves
        changes += _set_death_saves(target, saves.successes, saves.failures + (2 if critical else 1),
                                    f"takes {remaining} damage while at 0 HP")
        if target.death_saves.failures >= 3:
            changes += _die(target, "three failed death saves")
        return changes
    hp.current = max(0, before - remaining)
    changes.append(_change(name, "hp", before, hp.current,
                           f"{name} takes {amount} damage ({before} -> {hp.current} HP)."))
    if hp.current > 0:
        return changes
    overflow = remaining - before
    if overflow >= hp.max:
        return changes + _die(target, f"massive damage: {overflow} past 0 HP, at least max HP {hp.max}")
    target.stable = False
    changes += _set_death_saves(target, 0, 0, "death saves reset")
    changes += add_condition(target, Condition.UNCONSCIOUS, source="0 HP")
    changes.append(_change(name, "status", "conscious", "dying", f"{name} drops to 0 HP and is dying."))
    return changes


def apply_healing(target: Target, amount: int) -> list[StateChange]:
    _check_amount(amount, "Healing")
    hp = _hp(target)
    if isinstance(target, Character) and target.dead:
        raise InvalidInputError(f"{target.name} is dead; healing cannot bring them back.")
    name, before = target.name, hp.current
    hp.current = min(hp.max, before + amount)
    if hp.current == before:
        return []
    changes = [_change(name, "hp", before, hp.current,
                       f"{name} regains {hp.current - before} HP ({before} -> {hp.current} HP).")]
    if before == 0 and isinstance(target, Combatant) and target.defeated:
        target.defeated = False
        changes.append(_change(name, "status", "defeated", "fighting", f"{name} is back in the fight."))
    elif before == 0 and isinstance(target, Character):
        target.stable = False
        changes += _set_death_saves(target, 0, 0, "death saves reset")
        changes += remove_condition(target, Condition.UNCONSCIOUS)
        changes.append(_change(name, "status", "dying", "conscious", f"{name} regains consciousness."))
    return changes


def grant_temp_hp(target: Target, amount: int) -> list[StateChange]:
    _check_amount(amount, "Temporary HP")
    hp = _hp(target)
    if isinstance(target, Character) and target.dead:
        raise InvalidInputError(f"{target.name} is dead; temporary HP would do nothing.")
    if amount <= hp.temp:
        return []  # temporary HP never stack: the higher pool stays
    before, hp.temp = hp.temp, amount
    return [_change(target.name, "temp_hp", before, amount,
                    f"{target.name} gains {amount} temporary HP ({before} -> {amount}).")]


# ---- conditions ----

def _condition(condition: Condition | str) -> Condition:
    try:
        return Condition(_key(str(condition)))
    except ValueError:
        raise InvalidInputError(f"Unknown condition {condition!r}. Valid conditions: "
                                f"{', '.join(c.value for c in Condition)}.") from None


def _label(active: ActiveCondition) -> str:
    text = active.name.value
    if active.name == Condition.EXHAUSTION:
        text += f" {active.level}"
    return text + (f" ({active.rounds_remaining} rounds)" if active.rounds_remaining is not None else "")


def add_condition(target: Target, condition: Condition | str, *, rounds: int | None = None,
                  source: str | None = None) -> list[StateChange]:
    cond = _condition(condition)
    if rounds is not None and rounds < 1:
        raise InvalidInputError(f"A condition lasts at least 1 round, got {rounds}; omit rounds for 'until removed'.")
    name = target.name
    existing = next((c for c in target.conditions if c.name == cond), None)
    if existing is None:
        active = ActiveCondition(name=cond, rounds_remaining=rounds, source=source)
        target.conditions.append(active)
        by = f" from {source}" if source else ""
        return [_change(name, "condition_add", None, _label(active), f"{name} is now {_label(active)}{by}.")]
    before = _label(existing)
    if cond == Condition.EXHAUSTION:
        # Exhaustion stacks in levels; level 6 kills a character.
        existing.level = min(MAX_EXHAUSTION, existing.level + 1)
    elif existing.rounds_remaining is not None:
        existing.rounds_remaining = None if rounds is None else max(rounds, existing.rounds_remaining)
    if _label(existing) == before:
        return []
    changes = [_change(name, "condition_add", before, _label(existing), f"{name}: {before} -> {_label(existing)}.")]
    if isinstance(target, Character) and existing.level >= MAX_EXHAUSTION and not target.dead:
        changes += _die(target, "exhaustion level 6")
    return changes


def remove_condition(target: Target, condition: Condition | str) -> list[StateChange]:
    cond = _condition(condition)
    existing = next((c for c in target.conditions if c.name == cond), None)
    if existing is None:
        return []
    target.conditions.remove(existing)
    return [_change(target.name, "condition_remove", _label(existing), None,
                    f"{target.name} is no longer {cond.value}.")]


def tick_conditions(target: Target) -> list[StateChange]:
    """End of the target's turn: timed conditions lose a round and expire at 0."""
    changes = []
    for active in list(target.conditions):
        if active.rounds_remaining is None:
            continue
        before = _label(active)
        active.rounds_remaining -= 1
        if active.rounds_remaining <= 0:
            target.conditions.remove(active)
            changes.append(_change(target.name, "condition_remove", before, None,
                                   f"{target.name} is no longer {active.name.value} (duration ended)."))
        else:
            changes.append(_change(target.name, "condition_tick", before, _label(active),
                                   f"{target.name}: {active.name.value}, {active.rounds_remaining} rounds left."))
    return changes


# ---- dying ----

def death_save(roller: DiceRoller, character: Character) -> tuple[DiceRoll, list[StateChange]]:
    name = character.name
    if character.dead or character.stable or character.hp.current > 0:
        state = "dead" if character.dead else "stable" if character.stable else "not at 0 HP"
        raise InvalidInputError(f"{name} is {state}; only a dying character makes death saves.")
    roll = roller.d20(purpose="death saving throw", roller=name, dc=10)
    saves = character.death_saves
    if roll.critical:
        changes = apply_healing(character, 1)
        changes[0].description = f"{name} rolls a natural 20 on a death save and regains 1 HP."
        return roll, changes
    if roll.fumble:
        changes = _set_death_saves(character, saves.successes, saves.failures + 2, "natural 1, two failures")
    elif roll.total >= 10:
        changes = _set_death_saves(character, saves.successes + 1, saves.failures, "death save succeeds")
    else:
        changes = _set_death_saves(character, saves.successes, saves.failures + 1, "death save fails")
    if character.death_saves.failures >= 3:
        changes += _die(character, "three failed death saves")
    elif character.death_saves.successes >= 3:
        character.stable = True
        changes += _set_death_saves(character, 0, 0, "stable, death saves reset")
        changes.append(_change(name, "status", "dying", "stable", f"{name} is stable at 0 HP."))
    return roll, changes


# ---- combat ----

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
    changes = [_change("combat", "combat_start", None, "round 1", f"Combat begins. Initiative: {listing}.")]
    changes += [_change(c.name, "initiative", None, c.initiative, f"{c.name} rolls {c.initiative} for initiative.")
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
        changes.append(_change("combat", "round", combat.round, round_, f"Round {round_} begins."))
    combat.turn_index, combat.round = index, round_
    current = combat.order[index]
    changes.append(_change("combat", "turn", ending.name, current.name, f"{current.name}'s turn (round {round_})."))
    return changes


def end_combat(world: Campaign) -> list[StateChange]:
    combat = _combat(world)
    defeated = [c for c in combat.order if c.kind == "monster" and c.defeated]
    xp = 0
    for c in defeated:
        block = world.monster(c.monster or c.name)
        xp += block.xp if block is not None else 0
    world.game_state.combat = None
    changes = [_change("combat", "combat_end", f"round {combat.round}", None,
                       f"Combat ends after {combat.round} rounds; {len(defeated)} monsters defeated, {xp} XP.")]
    living = [pc for pc in world.characters if not pc.dead]
    if xp and living:
        share = xp // len(living)
        for pc in living:
            before, pc.xp = pc.xp, pc.xp + share
            changes.append(_change(pc.name, "xp", before, pc.xp, f"{pc.name} gains {share} XP ({before} -> {pc.xp})."))
    return changes


# ---- rest ----

def short_rest(roller: DiceRoller, character: Character,
               hit_dice: int) -> tuple[list[DiceRoll], list[StateChange]]:
    name, dice = character.name, character.hit_dice
    if character.dead:
        raise InvalidInputError(f"{name} is dead and cannot rest.")
    if character.hp.current == 0 and not character.stable:
        raise InvalidInputError(f"{name} is dying; stabilize or heal them before a rest.")
    if not 0 <= hit_dice <= dice.remaining:
        raise InvalidInputError(f"{name} can spend 0 to {dice.remaining} hit dice (d{dice.die}), not {hit_dice}.")
    con = character.abilities.modifier("con")
    notation = f"1d{dice.die}{con:+d}" if con else f"1d{dice.die}"
    rolls = [roller.roll(notation, purpose="hit die", roller=name) for _ in range(hit_dice)]
    changes = [_change(name, "rest", None, "short rest", f"{name} takes a short rest, spending {hit_dice} hit dice.")]
    if hit_dice:
        before, dice.remaining = dice.remaining, dice.remaining - hit_dice
        changes.append(_change(name, "hit_dice", before, dice.remaining,
                               f"{name} spends {hit_dice} hit dice ({before} -> {dice.remaining} left)."))
        changes += apply_healing(character, sum(max(0, r.total) for r in rolls))
    return rolls, changes


def long_rest(character: Character) -> list[StateChange]:
    name = character.name
    if character.dead:
        raise InvalidInputError(f"{name} is dead and cannot rest.")
    changes = [_change(name, "rest", None, "long rest", f"{name} finishes a long rest.")]
    # A character at 0 HP would stabilize and wake during 8 hours, so the rest restores them too.
    changes += apply_healing(character, character.hp.max)
    if character.hp.temp:
        before, character.hp.temp = character.hp.temp, 0
        changes.append(_change(name, "temp_hp", before, 0, f"{name}'s temporary HP fade ({before} -> 0)."))
    dice = character.hit_dice
    regained = min(dice.total - dice.remaining, max(1, dice.total // 2))
    if regained:
        before, dice.remaining = dice.remaining, dice.remaining + regained
        changes.append(_change(name, "hit_dice", before, dice.remaining,
                               f"{name} regains {regained} hit dice ({before} -> {dice.remaining})."))
    for level, slots in sorted(character.spell_slots.items()):
        if slots.used:
            before, slots.used = slots.max - slots.used, 0
            changes.append(_change(name, "spell_slot", before, slots.max,
                                   f"{name} recovers level {level} spell slots ({before} -> {slots.max})."))
    changes += _set_death_saves(character, 0, 0, "death saves reset")
    exhaustion = next((c for c in character.conditions if c.name == Condition.EXHAUSTION), None)
    if exhaustion is not None and exhaustion.level > 1:
        before = _label(exhaustion)
        exhaustion.level -= 1
        changes.append(_change(name, "condition_remove", before, _label(exhaustion),
                               f"{name}'s exhaustion eases ({before} -> {_label(exhaustion)})."))
    elif exhaustion is not None:
        changes += remove_condition(character, Condition.EXHAUSTION)
    return changes
