"""SRD creatures as our stat blocks: the conversion, and campaign blocks that name an SRD creature.

A campaign block with `srd` set takes everything from that creature and keeps what the campaign itself
wrote (its name, and any field it sets): Silas Crowe is a Bandit Captain, Medium rather than Small.
"""

from __future__ import annotations

import re

from engine.content.catalogue import find_creature
from engine.models.srd import SrdAction, SrdCreature
from engine.models.world import AbilityScores, Attack, Campaign, Defenses, Monster, SaveAction

_HALF = re.compile(r"\bSuccess:\s*Half\b|half as much damage", re.IGNORECASE)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_MAKES = re.compile(r"makes (two|three|four|five|six) ", re.IGNORECASE)
_EACH = re.compile(r"\b(one|two|three|four)\b[^.,;]*?\battacks?\b", re.IGNORECASE)


def multiattack(creature: SrdCreature) -> int:
    """How many attacks its Multiattack makes ("makes two Claw attacks"; "one Bite attack and two Tail
    attacks" -> 3); 1 without one."""
    action = next((a for a in creature.actions if a.name.startswith("Multiattack")), None)
    if action is None:
        return 1
    first = action.text.split(". ")[0]
    found = _MAKES.search(first)
    if found:
        return _NUMBERS[found.group(1).lower()]
    return max(1, sum(_NUMBERS[m.group(1).lower()] for m in _EACH.finditer(first)))


def _dice(text: str) -> str:
    return text.replace(" ", "")


def _attack(action: SrdAction) -> Attack | None:
    if action.attack_bonus is None or not action.damage:
        return None
    first = action.damage[0]
    return Attack(name=action.name, to_hit=action.attack_bonus, damage=_dice(first.dice), damage_type=first.type,
                  ranged=action.attack_type == "ranged")


def _save_action(action: SrdAction) -> SaveAction | None:
    if not action.save_ability or not action.save_dc:
        return None
    first = action.damage[0] if action.damage else None
    return SaveAction(name=action.name, save_ability=action.save_ability, save_dc=action.save_dc,
                      damage=_dice(first.dice) if first else None, damage_type=first.type if first else "",
                      half_on_success=bool(_HALF.search(action.text)), recharge=action.recharge, text=action.text)


def _lower(values: list[str]) -> list[str]:
    return [v.strip().lower() for v in values]


def to_monster(creature: SrdCreature, name: str | None = None) -> Monster:
    """Our stat block for an SRD creature: attacks with bonus and damage, save actions, saves, defenses."""
    walk = creature.speed.get("walk", 0)
    return Monster(
        name=name or creature.name, srd=creature.name, size=creature.size, kind=creature.creature_type,
        ac=creature.ac, hp=creature.hp, hit_dice=_dice(creature.hp_formula),
        speed=walk if isinstance(walk, int) and not isinstance(walk, bool) else 0,
        abilities=AbilityScores.model_validate(creature.abilities), saves=dict(creature.saving_throws),
        attacks=[a for a in map(_attack, creature.actions) if a is not None], multiattack=multiattack(creature),
        save_actions=[a for a in map(_save_action, creature.actions) if a is not None],
        defenses=Defenses(resistances=_lower(creature.damage_resistances),
                          immunities=_lower(creature.damage_immunities),
                          vulnerabilities=_lower(creature.damage_vulnerabilities),
                          condition_immunities=_lower(creature.condition_immunities)),
        challenge=creature.cr, xp=creature.xp)


def resolve(block: Monster) -> Monster:
    """A campaign block naming an SRD creature, filled in from it; the campaign's own fields win."""
    if block.srd is None:
        return block
    base = to_monster(find_creature(block.srd), name=block.name)
    own = {field: getattr(block, field) for field in block.model_fields_set - {"name", "srd"}}
    return base.model_copy(update=own)


def resolve_campaign(world: Campaign) -> None:
    """Fill in every block of the campaign that names an SRD creature (in place)."""
    world.monsters = [resolve(block) for block in world.monsters]
