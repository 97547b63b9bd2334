"""Ability checks, saving throws and attack rolls: the d20 tests of 5e."""

from __future__ import annotations

from pydantic import BaseModel

from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll
from engine.models.world import ABILITIES, ABILITY_NAMES, SKILLS, Attack, Character, Condition
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


# Conditions that give an attacker disadvantage, and those that give attackers advantage against a target.
_ATTACKER_DISADVANTAGE = {Condition.BLINDED, Condition.FRIGHTENED, Condition.POISONED, Condition.PRONE,
                          Condition.RESTRAINED}
_TARGET_ADVANTAGE = {Condition.BLINDED, Condition.PARALYZED, Condition.RESTRAINED, Condition.STUNNED,
                     Condition.UNCONSCIOUS}


def attack_advantage(attacker_conditions: list, target_conditions: list, dodging: bool, asked: set[str]) -> str | None:
    """"advantage", "disadvantage" or None for an attack, from both sides' conditions and what was asked."""
    adv = bool({c.name for c in target_conditions} & _TARGET_ADVANTAGE) or "advantage" in asked
    dis = bool({c.name for c in attacker_conditions} & _ATTACKER_DISADVANTAGE) or dodging or "disadvantage" in asked
    if adv == dis:
        return None  # both cancel out, as in 5e
    return "advantage" if adv else "disadvantage"
