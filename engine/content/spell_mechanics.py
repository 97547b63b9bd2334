"""Reading what an SRD spell does from its text: attack or save, damage, healing, conditions, upcasting.

The SRD 5.2.1 words spells in a small set of stock phrases ("Make a ranged spell attack", "must succeed
on a Dexterity saving throw or take 1d8 Radiant damage", "half as much damage on a successful one", "The
damage increases by 1d6 for each spell slot level above 3"); a spell whose effect is not in those phrases
is NARRATED: cast from the sheet, described from its card, and left to the DM.
"""

from __future__ import annotations

import re
from functools import cache

from engine.content import srd
from engine.content.catalogue import find_spell
from engine.models.spellcraft import Delivery, SpellMechanics
from engine.models.srd import SrdSpell
from engine.models.world import ABILITY_NAMES, Condition

_TYPES = "acid|bludgeoning|cold|fire|force|lightning|necrotic|piercing|poison|psychic|radiant|slashing|thunder"
_DAMAGE = re.compile(rf"(\d+d\d+)(?:\s*\+\s*(\d+))? ({_TYPES}) damage", re.IGNORECASE)
_ATTACK = re.compile(r"make an? (melee|ranged) spell attack", re.IGNORECASE)
_SAVE = re.compile(r"\b(strength|dexterity|constitution|intelligence|wisdom|charisma) saving throw", re.IGNORECASE)
_HALF = re.compile(r"half as much damage|\bhalf damage\b", re.IGNORECASE)
_HEAL = re.compile(r"regains? (?:a number of )?hit points equal to (\d+d\d+)( plus your spellcasting ability modifier)?"
                   r"|regains? (\d+d\d+)(?: \+ \d+)? hit points|restoring (\d+) hit points", re.IGNORECASE)
# "or have the Paralyzed condition", "has the Prone condition": imposed, not merely mentioned ("can't
# benefit from the Invisible condition").
_CONDITION = re.compile(r"\b(?:has|have|gains?|is given)\s+the (" + "|".join(c.value for c in Condition)
                        + r") condition", re.IGNORECASE)
# The effect read must sit close to the roll that causes it; damage far below (a web that burns, a curse's
# options) is another rule of the spell, left to the DM.
WINDOW = 240
_SELF_SAVE = re.compile(r"\byou (?:must )?make an? \w+ saving throw", re.IGNORECASE)
_REPEAT = re.compile(r"end of each of its turns,? the target repeats the save", re.IGNORECASE)
_UPCAST = re.compile(r"(?:damage|healing) increases by (\d+d\d+|\d+) for each (?:spell )?slot level above",
                     re.IGNORECASE)
_MORE = re.compile(r"(?:one more|one additional) (?:dart|ray|beam)", re.IGNORECASE)
_COUNT = re.compile(r"\b(two|three|four|five) (?:glowing |fiery )?(?:darts|rays|beams)\b", re.IGNORECASE)
_AUTO = re.compile(r"dart deals (\d+d\d+) \+ (\d+) (\w+) damage", re.IGNORECASE)
_AREA = re.compile(r"\beach creature (?:in|within)\b|\bcreatures? in (?:a|the|that) .{0,40}(sphere|cone|cube|line|"
                   r"cylinder|emanation)", re.IGNORECASE)
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}
_ROUNDS = {"1 round": 1, "1 minute": 10, "10 minutes": 100, "1 hour": 600}


def _split(text: str) -> tuple[str, str]:
    """The spell's own effect, and what a higher slot or character level adds (the rest is not read)."""
    for marker in ("Using a Higher-Level Spell Slot.", "Cantrip Upgrade."):
        if marker in text:
            main, rest = text.split(marker, 1)
            return main, rest.split(". ")[0]
    return text, ""


def _rounds(duration: str) -> int | None:
    lowered = duration.lower().replace("concentration, ", "").replace("up to ", "").strip()
    return _ROUNDS.get(lowered)


def parse(spell: SrdSpell) -> SpellMechanics:
    main, upgrade = _split(spell.description)
    base = {"name": spell.name, "level": spell.level, "concentration": spell.concentration,
            "rounds": _rounds(spell.duration), "summary": main.split(". ")[0].strip().rstrip(".") + "."}
    up = _UPCAST.search(upgrade)
    base["upcast"] = up.group(1) if up else None
    base["upcast_count"] = bool(_MORE.search(upgrade))
    base["cantrip_scaling"] = spell.level == 0 and "damage increases by" in upgrade.lower()
    base["beam_scaling"] = spell.level == 0 and "beams at level" in upgrade.lower()
    base["repeat_save"] = bool(_REPEAT.search(main))
    count = _COUNT.search(main)
    base["count"] = _WORDS[count.group(1).lower()] if count else 1
    base["area"] = bool(_AREA.search(main))
    auto = _AUTO.search(main)
    if auto:
        return SpellMechanics(**base, delivery=Delivery.AUTO, damage=f"{auto.group(1)}+{auto.group(2)}",
                              damage_type=auto.group(3).lower())
    attack = _ATTACK.search(main)
    save = _SAVE.search(main) if not _SELF_SAVE.search(main) else None
    trigger = attack or save
    near = main[trigger.start():trigger.start() + WINDOW] if trigger else ""
    damage = _DAMAGE.search(near)
    dice = damage and (damage.group(1) + (f"+{damage.group(2)}" if damage.group(2) else ""))
    kind = damage.group(3).lower() if damage else ""
    condition = _CONDITION.search(near)
    base["condition"] = Condition(condition.group(1).lower()) if condition else None
    if attack and damage:
        return SpellMechanics(**base, delivery=Delivery.ATTACK, ranged=attack.group(1).lower() == "ranged",
                              damage=dice, damage_type=kind)
    if save and (damage or base["condition"]):
        return SpellMechanics(**base, delivery=Delivery.SAVE, save=ABILITY_NAMES[save.group(1).lower()],
                              damage=dice, damage_type=kind, half_on_success=bool(_HALF.search(main)))
    heal = _HEAL.search(main)
    if heal:
        amount = heal.group(1) or heal.group(3) or heal.group(4)
        return SpellMechanics(**base, delivery=Delivery.HEAL, healing=amount, add_modifier=bool(heal.group(2)))
    return SpellMechanics(**base | {"condition": None, "count": 1}, delivery=Delivery.NARRATED)


@cache
def mechanics(name: str) -> SpellMechanics:
    """What the SRD spell of that name does (typo-tolerant; NotFoundError with the closest otherwise)."""
    return parse(find_spell(name))


def mechanised_count() -> tuple[int, int]:
    """(spells resolved from their data, all SRD spells)."""
    every = [parse(s) for s in srd.spells()]
    return sum(m.mechanised for m in every), len(every)
