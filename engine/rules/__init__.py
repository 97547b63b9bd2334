"""5e mechanics as pure functions over the models: the one place callers import them from.

Every function that changes something mutates the model in place and returns the StateChanges a DM
reads ("Aria takes 7 damage: 12 -> 5 HP"). Dice come from a DiceRoller so sessions replay exactly.
Callers write `rules.apply_damage(...)`; the rules themselves live one concept per module:
  dice     the d20 package behind a per-session random.Random, so rolls replay
  checks   ability checks, saving throws, attacks and what gives them (dis)advantage
  conditions  the SRD condition table: what each condition does to rolls, actions and speed
  defenses resistance, immunity, vulnerability and condition immunities
  monster_actions  a monster's recharge actions (breath weapons): recharge roll, saves, damage
  concentration  one concentration spell per caster, the CON save when damaged
  save_spells  spells that force a saving throw (Sacred Flame, Hold Person, ...)
  features class features: Sneak Attack
  difficulty  encounter difficulty from the SRD 5.2 XP budgets
  encounter  the DM's controls over a running fight: initiative values, add/remove, delay
  health   damage, healing, temporary HP, conditions, dying and death saves
  combat   initiative, turns and rounds, starting and ending combat
  rest     short and long rests
  spells   spell slots and healing magic
  casting  any spell on the sheet, resolved from its SRD mechanics
  clock    the game clock
  dm_ops   the DM's direct changes
"""

from __future__ import annotations

from engine.rules.casting import cast_spell
from engine.rules.checks import (
    AttackResult,
    CheckResult,
    ability_check,
    attack,
    attack_advantage,
    creature_save,
    is_ranged,
    saving_throw,
)
from engine.rules.combat import (
    creature,
    end_combat,
    end_of_turn_saves,
    fallen_npcs,
    next_turn,
    roll_initiative,
    save_modifier,
    start_combat,
)
from engine.rules.concentration import after_damage, begin_concentration, concentration_dc, end_concentration
from engine.rules.conditions import effects, is_auto_critical, why_cannot_act
from engine.rules.defenses import adjust_damage, immune_to
from engine.rules.encounter import add_combatant, delay_turn, remove_combatant, set_initiative
from engine.rules.features import sneak_attack_dice
from engine.rules.health import (
    MAX_EXHAUSTION,
    STABILIZE_DC,
    add_condition,
    apply_damage,
    apply_healing,
    death_save,
    grant_temp_hp,
    make_stable,
    remove_condition,
    stabilize,
    tick_conditions,
)
from engine.rules.helpers import Target
from engine.rules.rest import long_rest, short_rest
from engine.rules.save_spells import SAVE_SPELLS, cast_save_spell, find_save_spell, spell_save_dc
from engine.rules.spells import cast_healing
from engine.rules.turn_economy import spend_turn, turn_goes_on

__all__ = [
    "adjust_damage", "cast_spell", "immune_to", "MAX_EXHAUSTION", "SAVE_SPELLS", "STABILIZE_DC", "add_combatant", "after_damage", "delay_turn",
    "remove_combatant", "set_initiative", "begin_concentration", "cast_save_spell",
    "concentration_dc", "creature", "creature_save", "effects", "end_concentration", "end_of_turn_saves", "fallen_npcs",
    "find_save_spell", "is_auto_critical", "is_ranged", "make_stable", "save_modifier", "sneak_attack_dice", "spell_save_dc",
    "stabilize", "why_cannot_act", "AttackResult", "CheckResult", "Target", "ability_check", "add_condition", "attack_advantage", "apply_damage",
    "apply_healing", "attack", "cast_healing", "death_save", "end_combat", "grant_temp_hp", "long_rest", "next_turn",
    "remove_condition", "roll_initiative", "saving_throw", "short_rest", "spend_turn", "start_combat", "tick_conditions", "turn_goes_on",
]
