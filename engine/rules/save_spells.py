"""Spells that force a saving throw instead of an attack roll (SRD 5.2), and their resolution.

A small table of the SRD spells the offline parser can name; each row is read from the spell's SRD text
(tests/engine/rules/test_srd_saves.py quotes them). The caster's save DC is 8 + proficiency bonus + the
spellcasting ability modifier; each target rolls its own save.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll, StateChange
from engine.models.world import ActiveCondition, Character, Condition
from engine.rules.checks import creature_save
from engine.rules.concentration import begin_concentration, spell_source
from engine.rules.defenses import adjust_damage, immune_to
from engine.rules.dice import DiceRoller
from engine.rules.health import apply_damage
from engine.rules.helpers import Target, state_change
from engine.rules.spells import spend_slot

# SRD spellcasting ability per class.
CASTING_ABILITY = {"bard": "cha", "cleric": "wis", "druid": "wis", "paladin": "cha", "ranger": "wis",
                   "sorcerer": "cha", "warlock": "cha", "wizard": "int"}
HOLD_PERSON_ROUNDS = 10  # "Concentration, up to 1 minute"


@dataclass(frozen=True)
class SaveSpell:
    name: str
    level: int
    save: str                              # ability key of the target's save
    damage: str | None = None              # dice at the spell's base level
    damage_type: str = ""
    half_on_success: bool = False          # "half as much damage on a successful one"
    condition: Condition | None = None     # imposed on a failed save
    concentration: bool = False
    repeat_save: bool = False              # the target repeats the save at the end of each of its turns
    classes: frozenset[str] = frozenset()


SAVE_SPELLS: dict[str, SaveSpell] = {s.name.lower(): s for s in (
    SaveSpell("Sacred Flame", 0, "dex", "1d8", "radiant", classes=frozenset({"cleric"})),
    SaveSpell("Burning Hands", 1, "dex", "3d6", "fire", half_on_success=True,
              classes=frozenset({"sorcerer", "wizard"})),
    SaveSpell("Thunderwave", 1, "con", "2d8", "thunder", half_on_success=True,
              classes=frozenset({"bard", "druid", "sorcerer", "wizard"})),
    SaveSpell("Hold Person", 2, "wis", condition=Condition.PARALYZED, concentration=True, repeat_save=True,
              classes=frozenset({"bard", "cleric", "druid", "sorcerer", "warlock", "wizard"})),
)}


def find_save_spell(text: str) -> SaveSpell | None:
    lowered = " ".join(text.lower().split())
    return next((s for key, s in SAVE_SPELLS.items() if key in lowered), None)


def spell_save_dc(caster: Character) -> int:
    ability = CASTING_ABILITY.get(caster.class_name.lower(), "wis")
    return 8 + caster.proficiency_bonus + caster.abilities.modifier(ability)


def _cantrip_dice(dice: str, level: int) -> str:
    """Cantrip Upgrade: one more die at character levels 5, 11 and 17."""
    count, size = dice.split("d")
    return f"{int(count) + sum(level >= n for n in (5, 11, 17))}d{size}"


@dataclass
class SaveSpellOutcome:
    rolls: list[DiceRoll]
    changes: list[StateChange]
    beats: list[str]


def cast_save_spell(roller: DiceRoller, caster: Character, spell: SaveSpell, targets: list[tuple[Target, int]],
                    everyone: list[Target]) -> SaveSpellOutcome:
    """Cast `spell` on each (target, its save modifier). `everyone` is every creature a concentration
    spell ending now could have affected. Raises InvalidInputError, changing nothing, when the caster
    cannot cast it or has no slot."""
    job = caster.class_name.lower()
    if job not in spell.classes:
        raise InvalidInputError(f"{caster.name} (a {job}) cannot cast {spell.name}")
    out = SaveSpellOutcome([], [], [])
    if spell.level:
        level = next((lvl for lvl, slots in sorted(caster.spell_slots.items(), key=lambda kv: int(kv[0]))
                      if int(lvl) >= spell.level and slots.used < slots.max), None)
        if level is None:
            raise InvalidInputError(f"{caster.name} has no level {spell.level}+ spell slot left for {spell.name}")
        out.changes.append(spend_slot(caster, level, spell.name))
    if spell.concentration:
        out.changes += begin_concentration(caster, spell.name, everyone)
    dc = spell_save_dc(caster)
    saves = []
    for target, modifier in targets:
        save = creature_save(roller, target.name, modifier, target.conditions, spell.save, dc, boons=target.boons)
        save.roll.purpose = f"{save.roll.purpose} against {spell.name}"
        out.rolls.append(save.roll)
        saves.append((target, save.success))
    # Damage dice are rolled once for every target, and only when someone can take damage: a roll that hurt
    # nobody would read as a hit in the log and the narration.
    damage_roll = None
    if spell.damage and any(not ok or spell.half_on_success for _, ok in saves):
        dice = _cantrip_dice(spell.damage, caster.level) if spell.level == 0 else spell.damage
        damage_roll = roller.roll(dice, purpose=f"{spell.name} {spell.damage_type} damage", roller=caster.name)
        out.rolls.append(damage_roll)
    for target, saved in saves:
        verdict = "succeeds" if saved else "fails"
        line = f"{target.name} {verdict} a DC {dc} {spell.save.upper()} save against {caster.name}'s {spell.name}"
        if spell.damage:
            total = damage_roll.total if damage_roll is not None else 0
            amount = total if not saved else total // 2 if spell.half_on_success else 0
            amount, note = adjust_damage(target, max(0, amount), spell.damage_type)
            out.changes += apply_damage(target, amount)
            line += f" and takes {amount} {spell.damage_type} damage" if amount else " and takes no damage"
            line += f" ({note})" if note else ""
        if spell.condition is not None and not saved and immune_to(target, spell.condition):
            line += f" but is immune to being {spell.condition.value}"
        elif spell.condition is not None and not saved:
            target.conditions.append(ActiveCondition(
                name=spell.condition, rounds_remaining=HOLD_PERSON_ROUNDS if spell.concentration else None,
                source=spell_source(caster.name, spell.name), save_ability=spell.save if spell.repeat_save else None,
                save_dc=dc if spell.repeat_save else None))
            out.changes.append(state_change(target.name, "condition_add", None, spell.condition.value,
                                            f"{target.name} is now {spell.condition.value} from {spell.name}."))
            line += f" and is {spell.condition.value}"
        out.beats.append(line + ".")
    return out
