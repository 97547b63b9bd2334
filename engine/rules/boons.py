"""Spells that add a die to (or take one from) their targets' attack rolls and saving throws (SRD 5.2.1).

Bless: "Whenever a target makes an attack roll or a saving throw before the spell ends, the target adds
1d4 to the attack roll or save." Bane: targets that fail a Charisma save "must subtract 1d4 from the
attack roll or save". Both: "up to three creatures ... You can target one additional creature for each
spell slot level above 1." Both are concentration spells: the boon ends with the caster's concentration.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Boon
from engine.rules.checks import creature_save
from engine.rules.dice import DiceRoller
from engine.rules.helpers import Target, state_change


@dataclass(frozen=True)
class BoonSpell:
    name: str
    dice: str
    sign: int
    save: str | None = None  # the save a target makes to resist (Bane: Charisma); None: it just takes hold
    targets: int = 3  # at the spell's own level; one more per slot level above
    rolls: tuple[str, ...] = ("attack", "save")


BOON_SPELLS: dict[str, BoonSpell] = {s.name.lower(): s for s in (
    BoonSpell("Bless", "1d4", 1),
    BoonSpell("Bane", "1d4", -1, save="cha"),
)}


@dataclass
class BoonOutcome:
    rolls: list[DiceRoll] = field(default_factory=list)
    changes: list[StateChange] = field(default_factory=list)
    beats: list[str] = field(default_factory=list)


def boon_spell(name: str) -> BoonSpell | None:
    return BOON_SPELLS.get(name.strip().lower())


def most_targets(spell: BoonSpell, above: int) -> int:
    return spell.targets + max(0, above)


def grant(roller: DiceRoller, spell: BoonSpell, source: str, dc: int, targets: Sequence[tuple[Target, int]]
          ) -> BoonOutcome:
    """Put the spell's boon on each (target, its save modifier); a target that resists keeps none (the
    caller checks the number of targets the slot allows)."""
    out = BoonOutcome()
    for target, modifier in targets:
        if spell.save is not None:
            check = creature_save(roller, target.name, modifier, target.conditions, spell.save, dc,
                                  boons=target.boons)
            check.roll.purpose = f"{check.roll.purpose} against {spell.name}"
            out.rolls.append(check.roll)
            if check.success:
                out.beats.append(f"{target.name} shrugs off {spell.name}.")
                continue
        target.boons = [b for b in target.boons if b.source != source]
        target.boons.append(Boon(spell=spell.name, dice=spell.dice, sign=spell.sign, rolls=list(spell.rolls),
                                 source=source))
        sign = "+" if spell.sign > 0 else "-"
        out.changes.append(state_change(target.name, "boon_add", None, spell.name,
                                        f"{target.name} is under {spell.name} ({sign}{spell.dice} to attack rolls "
                                        f"and saving throws)."))
    return out
