"""5e mechanics as pure functions over the models: the one place callers import them from.

Every function that changes something mutates the model in place and returns the StateChanges a DM
reads ("Aria takes 7 damage: 12 -> 5 HP"). Dice come from a DiceRoller so sessions replay exactly.
Callers write `rules.apply_damage(...)`; the rules themselves live one concept per module:
  dice     the d20 package behind a per-session random.Random, so rolls replay
  checks   ability checks, saving throws, attacks and what gives them (dis)advantage
  health   damage, healing, temporary HP, conditions, dying and death saves
  combat   initiative, turns and rounds, starting and ending combat
  rest     short and long rests
  spells   spell slots and healing magic
  clock    the game clock
  dm_ops   the DM's direct changes
"""

from __future__ import annotations

from engine.rules.checks import (
    AttackResult,
    CheckResult,
    ability_check,
    attack,
    attack_advantage,
    saving_throw,
)
from engine.rules.combat import end_combat, next_turn, roll_initiative, start_combat
from engine.rules.health import (
    MAX_EXHAUSTION,
    add_condition,
    apply_damage,
    apply_healing,
    death_save,
    grant_temp_hp,
    remove_condition,
    tick_conditions,
)
from engine.rules.helpers import Target
from engine.rules.rest import long_rest, short_rest
from engine.rules.spells import cast_healing

__all__ = [
    "MAX_EXHAUSTION", "AttackResult", "CheckResult", "Target", "ability_check", "add_condition", "attack_advantage", "apply_damage",
    "apply_healing", "attack", "cast_healing", "death_save", "end_combat", "grant_temp_hp", "long_rest", "next_turn",
    "remove_condition", "roll_initiative", "saving_throw", "short_rest", "start_combat", "tick_conditions",
]
