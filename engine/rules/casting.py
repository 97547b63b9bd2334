"""Casting a spell from the sheet (SRD 5.2): slot, attack roll or saves, damage, healing, conditions,
concentration and upcasting, all from the spell's mechanics; a spell the data does not mechanise is cast
(slot spent) and left to the DM, never silently dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import InvalidInputError
from engine.models.actions import DiceRoll, StateChange
from engine.models.spellcraft import Delivery, SpellMechanics
from engine.models.world import ActiveCondition, Attack, Character, Combatant
from engine.rules.boons import boon_spell, grant, most_targets
from engine.rules.checks import attack, attack_advantage, creature_save
from engine.rules.concentration import begin_concentration, spell_source
from engine.rules.conditions import effects, is_auto_critical
from engine.rules.defenses import adjust_damage, immune_to
from engine.rules.dice import DiceRoller
from engine.rules.health import apply_damage, apply_healing
from engine.rules.help_action import helped
from engine.rules.helpers import Target, state_change
from engine.rules.mage_armor import MAGE_ARMOR, ward
from engine.rules.save_spells import CASTING_ABILITY
from engine.rules.spells import spend_slot

CANTRIP_LEVELS = (5, 11, 17)


@dataclass
class CastOutcome:
    rolls: list[DiceRoll] = field(default_factory=list)
    changes: list[StateChange] = field(default_factory=list)
    beats: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def casting_ability(caster: Character) -> str:
    return caster.spells.ability or CASTING_ABILITY.get(caster.class_name.lower(), "int")


def spell_attack_bonus(caster: Character) -> int:
    return caster.proficiency_bonus + caster.abilities.modifier(casting_ability(caster))


def save_dc(caster: Character) -> int:
    return 8 + spell_attack_bonus(caster)


def slots_left(caster: Character) -> str:
    have = [f"level {lvl}: {s.max - s.used}/{s.max}" for lvl, s in sorted(caster.spell_slots.items(),
                                                                            key=lambda kv: int(kv[0]))]
    return ", ".join(have) or "no spell slots"


def on_sheet(caster: Character, spell: str) -> bool:
    return spell.casefold() in {s.casefold() for s in caster.spells.all()}


def refuse_off_sheet(caster: Character, spell: str) -> InvalidInputError:
    cantrips = ", ".join(caster.spells.cantrips) or "none"
    prepared = ", ".join(caster.spells.prepared) or "none"
    return InvalidInputError(f"{spell} is not on {caster.name}'s sheet; nothing was cast. Cantrips: {cantrips}. "
                             f"Prepared: {prepared}.")


def choose_slot(caster: Character, spell: SpellMechanics, wanted: int | None) -> str | None:
    """The sheet's key of the slot to spend: `wanted` when given, else the lowest free one at or above
    the spell's level; None for a cantrip. InvalidInputError (saying what is left) when none fits."""
    if spell.level == 0:
        if wanted:
            raise InvalidInputError(f"{spell.name} is a cantrip; it takes no spell slot.")
        return None
    if wanted is not None:
        if wanted < spell.level:
            raise InvalidInputError(f"{spell.name} is a level {spell.level} spell; it cannot use a level "
                                    f"{wanted} slot. Slots left: {slots_left(caster)}.")
        slots = caster.spell_slots.get(str(wanted))
        if slots is None or slots.used >= slots.max:
            raise InvalidInputError(f"{caster.name} has no level {wanted} spell slot left for {spell.name}. "
                                    f"Slots left: {slots_left(caster)}.")
        return str(wanted)
    free = next((lvl for lvl, s in sorted(caster.spell_slots.items(), key=lambda kv: int(kv[0]))
                 if int(lvl) >= spell.level and s.used < s.max), None)
    if free is None:
        raise InvalidInputError(f"{caster.name} has no level {spell.level}+ spell slot left for {spell.name}; "
                                f"a long rest restores them. Slots left: {slots_left(caster)}.")
    return free


def add_dice(base: str, extra: str | None, times: int) -> str:
    """"8d6" plus 2 x "1d6" -> "10d6"; different dice or flat amounts are added as terms."""
    if not extra or times <= 0:
        return base
    same = re.fullmatch(r"(\d+)d(\d+)(.*)", base)
    more = re.fullmatch(r"(\d+)d(\d+)", extra)
    if same and more and same.group(2) == more.group(2):
        return f"{int(same.group(1)) + times * int(more.group(1))}d{same.group(2)}{same.group(3)}"
    if base.isdigit() and extra.isdigit():
        return str(int(base) + times * int(extra))
    return base + "".join(f"+{extra}" for _ in range(times))


def _cantrip_tier(caster: Character) -> int:
    return sum(caster.level >= n for n in CANTRIP_LEVELS)


def damage_dice(caster: Character, spell: SpellMechanics, above: int) -> str:
    dice = spell.damage or "0"
    if spell.cantrip_scaling and "d" in dice:
        size = dice.split("d")[1].split("+")[0]
        dice = add_dice(dice, f"1d{size}", _cantrip_tier(caster))
    return dice if spell.upcast_count else add_dice(dice, spell.upcast, above)


def _count(caster: Character, spell: SpellMechanics, above: int) -> int:
    return spell.count + (above if spell.upcast_count else 0) + (_cantrip_tier(caster) if spell.beam_scaling else 0)


def _hurt(out: CastOutcome, target: Target, amount: int, spell: SpellMechanics) -> str:
    amount, note = adjust_damage(target, amount, spell.damage_type)
    out.changes += apply_damage(target, amount)
    return f"{amount} {spell.damage_type} damage" + (f" ({note})" if note else "")


def _impose(out: CastOutcome, caster: Character, target: Target, spell: SpellMechanics, dc: int) -> str:
    condition = spell.condition
    if condition is None:
        return ""
    if immune_to(target, condition):
        return f", but is immune to being {condition.value}"
    target.conditions.append(ActiveCondition(
        name=condition, rounds_remaining=spell.rounds, source=spell_source(caster.name, spell.name),
        save_ability=spell.save if spell.repeat_save else None, save_dc=dc if spell.repeat_save else None))
    out.changes.append(state_change(target.name, "condition_add", None, condition.value,
                                    f"{target.name} is now {condition.value} from {spell.name}."))
    return f" and is {condition.value}"


def cast_spell(roller: DiceRoller, caster: Character, spell: SpellMechanics, targets: list[tuple[Target, int]], *,
         slot: int | None = None, everyone: list[Target] | None = None, now: int = 0,
         armor_worn: str | None = None) -> CastOutcome:
    """Cast `spell` at each (target, its save modifier for the spell's save). Raises InvalidInputError,
    changing nothing, when no slot fits or a harmful spell has no target. `now` (the game-clock minute) and
    `armor_worn` (by the first target) serve Mage Armor, which lasts on the target's sheet."""
    if spell.delivery in (Delivery.ATTACK, Delivery.SAVE, Delivery.AUTO, Delivery.HEAL) and not targets:
        raise InvalidInputError(f"{spell.name} needs a target; nothing was cast.")
    warded = spell.name == MAGE_ARMOR
    if warded and (not targets or not isinstance(targets[0][0], Character)):
        raise InvalidInputError(f"{MAGE_ARMOR} is cast on a willing party member by touch; name one (or "
                                "'myself'). Nothing was cast.")
    if warded and armor_worn:
        ward(caster, targets[0][0], now, armor_worn)  # type: ignore[arg-type]  # raises: nothing spent
    level_key = choose_slot(caster, spell, slot)
    out = CastOutcome()
    cast_level = int(level_key) if level_key else 0
    above = max(0, cast_level - spell.level) if level_key else 0
    boon = boon_spell(spell.name)
    if boon is not None and not 0 < len(targets) <= most_targets(boon, above):
        raise InvalidInputError(f"{spell.name} takes 1 to {most_targets(boon, above)} creatures at that level; "
                                f"{len(targets)} were named. Nothing was cast.")
    if level_key:
        out.changes.append(spend_slot(caster, level_key, spell.name))
    if spell.concentration:
        out.changes += begin_concentration(caster, spell.name, everyone or [])
    at = f" with a level {cast_level} slot" if above else ""
    if spell.delivery == Delivery.ATTACK:
        _attacks(roller, caster, spell, targets, above, out, at)
    elif spell.delivery == Delivery.SAVE:
        _saves(roller, caster, spell, targets, above, out, at)
    elif spell.delivery == Delivery.AUTO:
        target = targets[0][0]
        darts = _count(caster, spell, above)
        roll = roller.roll(_many(spell.damage or "1", darts), purpose=f"{spell.name} ({darts} darts)",
                           roller=caster.name)
        out.rolls.append(roll)
        out.beats.append(f"{caster.name} casts {spell.name}{at}: {darts} darts strike {target.name} without "
                         f"an attack roll for {_hurt(out, target, max(0, roll.total), spell)}.")
    elif spell.delivery == Delivery.HEAL:
        _heal(roller, caster, spell, targets[0][0], above, out, at)
    elif warded:
        target = targets[0][0]
        out.changes += ward(caster, target, now)  # type: ignore[arg-type]
        out.beats.append(f"{caster.name} casts {MAGE_ARMOR}{at} on {'themself' if target is caster else target.name}"
                         ": a shimmering ward settles over them.")
    elif boon is not None:
        granted = grant(roller, boon, spell_source(caster.name, spell.name), save_dc(caster), targets)
        out.rolls += granted.rolls
        out.changes += granted.changes
        names = [t.name for t, _ in targets]
        on = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        out.beats += [f"{caster.name} casts {spell.name}{at} on {on}.",
                      *granted.beats]
    else:
        out.beats.append(f"{caster.name} casts {spell.name}{at}: \"{spell.summary}\"")
        # Recorded even for a cantrip that spends nothing: the cast is the caster's action in a fight.
        out.changes.append(state_change(caster.name, "spell_cast", None, spell.name,
                                        f"{spell.name}: its effect is left to the DM."))
        spent = [what for what, yes in (("slot spent", level_key), ("concentration begins", spell.concentration)) if yes]
        out.warnings.append(f"{spell.name} is cast{' (' + ', '.join(spent) + ')' if spent else ''}; its effect is "
                            f"the DM's to adjudicate: see /spell {spell.name}.")
    return out


def _many(dice: str, times: int) -> str:
    """Magic Missile's darts: "1d4+1" three times -> "3d4+3"."""
    found = re.fullmatch(r"(\d+)d(\d+)(?:\+(\d+))?", dice)
    if not found:
        return dice
    flat = int(found.group(3) or 0) * times
    return f"{int(found.group(1)) * times}d{found.group(2)}" + (f"+{flat}" if flat else "")


def _attacks(roller: DiceRoller, caster: Character, spell: SpellMechanics, targets: list[tuple[Target, int]],
             above: int, out: CastOutcome, at: str) -> None:
    target = targets[0][0]
    weapon = Attack(name=spell.name, to_hit=spell_attack_bonus(caster), damage=damage_dice(caster, spell, above),
                    damage_type=spell.damage_type, ranged=spell.ranged)
    for _ in range(_count(caster, spell, above)):
        dodging = isinstance(target, Combatant) and target.dodging
        mode = attack_advantage(caster.conditions, target.conditions, dodging,
                                {"advantage"} if helped(target, caster.name) else set(), ranged=spell.ranged)
        result = attack(roller, caster.name, weapon, target.ac or 10, advantage=mode,
                        penalty=effects(caster.conditions).d20_penalty,
                        auto_critical=is_auto_critical(target.conditions, ranged=spell.ranged), boons=caster.boons)
        out.rolls.append(result.attack_roll)
        versus = f"({result.attack_roll.total} vs AC {result.attack_roll.dc})"
        if not result.hit:
            # Worded as every attack beat is ("X attacks Y with Z"), so the narrator names the target.
            out.beats.append(f"{caster.name} attacks {target.name} with {spell.name}{at} {versus} and misses.")
            continue
        if result.damage_roll is not None:
            out.rolls.append(result.damage_roll)
        crit = "a critical hit" if result.critical else "a hit"
        line = f"{caster.name} attacks {target.name} with {spell.name}{at} {versus}: {crit} for " \
               f"{_hurt(out, target, result.damage, spell)}"
        out.beats.append(line + _impose(out, caster, target, spell, save_dc(caster)) + ".")


def _saves(roller: DiceRoller, caster: Character, spell: SpellMechanics, targets: list[tuple[Target, int]],
           above: int, out: CastOutcome, at: str) -> None:
    dc = save_dc(caster)
    ability = spell.save or "dex"
    results = []
    for target, modifier in targets:
        check = creature_save(roller, target.name, modifier, target.conditions, ability, dc, boons=target.boons)
        check.roll.purpose = f"{check.roll.purpose} against {spell.name}"
        out.rolls.append(check.roll)
        results.append((target, check.success))
    damage_total = None
    if spell.damage and any(not ok or spell.half_on_success for _, ok in results):
        roll = roller.roll(damage_dice(caster, spell, above), purpose=f"{spell.name} {spell.damage_type} damage",
                           roller=caster.name)
        out.rolls.append(roll)
        damage_total = max(0, roll.total)
    out.beats.append(f"{caster.name} casts {spell.name}{at} (no attack roll: a DC {dc} {ability.upper()} "
                     f"saving throw).")
    for target, saved in results:
        line = f"{target.name} {'succeeds' if saved else 'fails'} the {ability.upper()} save"
        if spell.damage:
            amount = damage_total or 0
            amount = amount if not saved else amount // 2 if spell.half_on_success else 0
            line += f" and takes {_hurt(out, target, amount, spell)}" if amount else " and takes no damage"
        if not saved:
            line += _impose(out, caster, target, spell, dc)
        out.beats.append(line + ".")


def _heal(roller: DiceRoller, caster: Character, spell: SpellMechanics, target: Target, above: int,
          out: CastOutcome, at: str) -> None:
    if isinstance(target, Character) and target.dead:
        raise InvalidInputError(f"{target.name} is dead; {spell.name} cannot help. Nothing was cast.")
    dice = add_dice(spell.healing or "0", spell.upcast, above)
    mod = caster.abilities.modifier(casting_ability(caster)) if spell.add_modifier else 0
    roll = roller.roll(f"{dice}{mod:+d}" if mod else dice, purpose=f"{spell.name} on {target.name}", roller=caster.name)
    out.rolls.append(roll)
    out.changes += apply_healing(target, max(1, roll.total))
    hp = target.hp
    now = f" (now {hp.current}/{hp.max})" if hp is not None else ""
    out.beats.append(f"{caster.name} casts {spell.name}{at} on {target.name}, who regains up to "
                     f"{max(1, roll.total)} HP{now}.")
