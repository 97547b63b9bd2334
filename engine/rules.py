"""5e mechanics as pure functions over the models: the one place callers import them from.

Every function that changes something mutates the model in place and returns the StateChanges a DM
reads ("Aria takes 7 damage: 12 -> 5 HP"). Dice come from a DiceRoller so sessions replay exactly.
Callers write `rules.apply_damage(...)`; the rules themselves live one concept per module:
  check_rules   ability checks, saving throws, attacks
  health_rules  damage, healing, temporary HP, conditions, dying and death saves
  combat_rules  initiative, turns and rounds, starting and ending combat
  rest_rules    short and long rests
"""

from __future__ import annotations

from engine.check_rules import AttackResult, CheckResult, ability_check, attack, saving_throw
from engine.combat_rules import end_combat, next_turn, roll_initiative, start_combat
from engine.health_rules import (
    MAX_EXHAUSTION,
    add_condition,
    apply_damage,
    apply_healing,
    death_save,
    grant_temp_hp,
    remove_condition,
    tick_conditions,
)
from engine.rest_rules import long_rest, short_rest
from engine.rule_helpers import Target

__all__ = [
    "MAX_EXHAUSTION", "AttackResult", "CheckResult", "Target", "ability_check", "add_condition", "apply_damage",
    "apply_healing", "attack", "death_save", "end_combat", "grant_temp_hp", "long_rest", "next_turn",
    "remove_condition", "roll_initiative", "saving_throw", "short_rest", "start_combat", "tick_conditions",
]
