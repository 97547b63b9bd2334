"""Ability checks, saving throws and attack rolls: the d20 tests of 5e."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel

from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll
from engine.models.world import ABILITIES, ABILITY_NAMES, SKILLS, ActiveCondition, Attack, Boon, Character
from engine.rules.conditions import attack_mode, check_mode, effects, save_mode
from engine.rules.dice import DiceRoller, double_dice
from engine.rules.helpers import rule_key


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


def _ability(name: str) -> str:
    key = rule_key(name)
    key = ABILITY_NAMES.get(key, key)
    if key not in ABILITIES:
        raise InvalidInputError(f"Unknown ability {name!r}. Use one of: {', '.join(ABILITIES)}.")
    return key


def _check_modifier(character: Character, ability_or_skill: str) -> tuple[int, str]:
    key = rule_key(ability_or_skill)
    if key in SKILLS:
        return character.skill_modifier(key), key.replace("_", " ").title()
    key = ABILITY_NAMES.get(key, key)
    if key in ABILITIES:
        return character.abilities.modifier(key), key.upper()
    raise InvalidInputError(f"Unknown ability or skill {ability_or_skill!r}. Abilities: {', '.join(ABILITIES)}; "
                            f"skills: {', '.join(SKILLS)}.")


def _plain(roll: DiceRoll) -> DiceRoll:
    """SRD: a natural 20 or 1 matters only for attack rolls (and death saves), so a check or save shows
    no CRIT or FUMBLE; `natural` still tells which face came up."""
    roll.critical = roll.fumble = False
    return roll


def ability_check(roller: DiceRoller, character: Character, ability_or_skill: str, dc: int, *,
                  advantage: str | None = None, purpose: str | None = None) -> CheckResult:
    """A d20 + modifier against a DC; conditions (poisoned, frightened, exhaustion) apply, and asked-for
    advantage cancels a condition's disadvantage."""
    modifier, label = _check_modifier(character, ability_or_skill)
    mode = check_mode(character.conditions, advantage)
    modifier -= effects(character.conditions).d20_penalty
    roll = _plain(roller.d20(modifier, advantage=mode, purpose=purpose or f"{label} check",
                             roller=character.name, dc=dc))
    return CheckResult(roll=roll, success=bool(roll.success), dc=dc)


def creature_save(roller: DiceRoller, name: str, modifier: int, conditions: list[ActiveCondition], ability: str,
                  dc: int, *, advantage: str | None = None, boons: Sequence[Boon] = ()) -> CheckResult:
    """Any creature's saving throw: paralyzed, stunned, petrified and unconscious creatures fail STR and
    DEX saves outright (no die is rolled); restrained ones roll DEX saves with disadvantage."""
    key = _ability(ability)
    purpose = f"{key.upper()} saving throw"
    auto_fail, mode = save_mode(conditions, key, advantage)
    if auto_fail:
        roll = DiceRoll(notation="automatic failure", total=0, detail=f"{name} cannot resist ({purpose})",
                        purpose=purpose, roller=name, dc=dc, success=False)
        return CheckResult(roll=roll, success=False, dc=dc)
    modifier -= effects(conditions).d20_penalty
    roll = with_boons(roller, _plain(roller.d20(modifier, advantage=mode, purpose=purpose, roller=name, dc=dc)),
                      boons, "save")
    return CheckResult(roll=roll, success=bool(roll.success), dc=dc)


def saving_throw(roller: DiceRoller, character: Character, ability: str, dc: int, *,
                 advantage: str | None = None) -> CheckResult:
    key = _ability(ability)
    return creature_save(roller, character.name, character.save_modifier(key), character.conditions, key, dc,
                         advantage=advantage, boons=character.boons)


def _without_total(detail: str) -> str:
    """'1d20 (14) + 5 = 19' -> '1d20 (14) + 5'."""
    return detail.rsplit(" = ", 1)[0]


def with_boons(roller: DiceRoller, roll: DiceRoll, boons: Sequence[Boon], kind: str) -> DiceRoll:
    """Add each boon's die to a d20 roll of `kind` ("attack" or "save"): Bless +1d4, Bane -1d4. The die is
    rolled and shown in the roll's detail; the natural d20 face is untouched."""
    for boon in boons:
        if kind not in boon.rolls:
            continue
        die = roller.roll(boon.dice, purpose=boon.spell, roller=roll.roller)
        roll.total += boon.sign * die.total
        base, shown = _without_total(roll.detail or roll.notation), _without_total(die.detail or str(die.total))
        roll.detail = f"{base} {'+' if boon.sign > 0 else '-'} {boon.spell} {shown} = {roll.total}"
        if roll.dc is not None:
            roll.success = roll.total >= roll.dc
    return roll


def attack(roller: DiceRoller, attacker_name: str, attack: Attack, target_ac: int, *,
           advantage: str | None = None, penalty: int = 0, auto_critical: bool = False,
           boons: Sequence[Boon] = ()) -> AttackResult:
    """One attack roll and its damage. `penalty` comes off the d20 (exhaustion); `auto_critical` makes any
    hit a critical hit (a melee hit on a paralyzed or unconscious target); `boons` are the attacker's."""
    roll = with_boons(roller, roller.d20(attack.to_hit - penalty, advantage=advantage, purpose=f"{attack.name} attack",
                                         roller=attacker_name, dc=target_ac), boons, "attack")
    # A natural 20 always hits and a natural 1 always misses, whatever the total.
    hit = roll.critical or (not roll.fumble and roll.total >= target_ac)
    roll.success = hit
    if not hit:
        return AttackResult(attack_roll=roll, hit=False, critical=False)
    critical = roll.critical or auto_critical
    notation = double_dice(attack.damage, roller.max_dice * 2) if critical else attack.damage
    purpose = f"{attack.name} {attack.damage_type} damage" + (" (critical)" if critical else "")
    if critical:
        # Doubled dice may exceed the per-roll cap; a critical should still resolve.
        saved, roller.max_dice = roller.max_dice, roller.max_dice * 2
        try:
            damage_roll = roller.roll(notation, purpose=purpose, roller=attacker_name)
        finally:
            roller.max_dice = saved
    else:
        damage_roll = roller.roll(notation, purpose=purpose, roller=attacker_name)
    return AttackResult(attack_roll=roll, hit=True, critical=critical, damage_roll=damage_roll,
                        damage=max(0, damage_roll.total))


# Words that mark an attack as made from range: prone targets are then harder to hit, not easier.
_RANGED_WORDS = {"bow", "longbow", "shortbow", "crossbow", "sling", "dart", "bolt", "ray", "blast", "missile",
                 "orb", "thrown", "arrow", "arrows", "spray"}


def is_ranged(weapon: Attack) -> bool:
    if weapon.ranged is not None:
        return weapon.ranged
    return bool(set(re.findall(r"[a-z]+", weapon.name.lower())) & _RANGED_WORDS)


def attack_advantage(attacker_conditions: list, target_conditions: list, dodging: bool, asked: set[str], *,
                     ranged: bool = False) -> str | None:
    """"advantage", "disadvantage" or None for an attack, from both sides' conditions and what was asked."""
    wanted = [w for w in ("advantage", "disadvantage") if w in asked]
    return attack_mode(attacker_conditions, target_conditions, ranged=ranged, dodging=dodging, asked=wanted)
