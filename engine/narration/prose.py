"""Words for what a blow is: melee, ranged or spell; its damage type; the ground it happens on.

The offline narrator fills template slots from these pools. A slot given as a tuple of options is
picked per (seed, turn, event, slot), so the same beat reads differently from turn to turn while a
replay reads the same. Nothing here decides an outcome: it only says in kind what the engine did.
"""

from __future__ import annotations

import re
import zlib

DAMAGE_TYPES = ("acid bludgeoning cold fire force lightning necrotic piercing poison psychic radiant "
                "slashing thunder").split()

# Weapons that shoot or are thrown, and what they send flying.
_MISSILES = {"longbow": "arrow", "shortbow": "arrow", "bow": "arrow", "crossbow": "bolt", "sling": "stone",
             "dart": "dart", "javelin": "javelin", "blowgun": "needle", "net": "net", "spit": "spittle"}
# Attack spells a table meets at low level; any name with these words reads as magic too.
_SPELL_WORDS = re.compile(r"\b(bolt|ray|blast|touch|orb|missile|splash|flame|frost|spray|hex|smite|spell|"
                          r"word|lance|beam|grasp)\b", re.I)
_MAGIC_TYPES = {"fire", "cold", "lightning", "radiant", "necrotic", "force", "psychic", "thunder", "acid"}
# A weapon's usual damage type, for a miss (no damage roll says it).
_WEAPON_TYPES = {"sword": "slashing", "axe": "slashing", "scimitar": "slashing", "cutlass": "slashing",
                 "dagger": "piercing", "rapier": "piercing", "spear": "piercing", "bow": "piercing",
                 "crossbow": "piercing", "pike": "piercing", "bite": "piercing", "claw": "slashing",
                 "pincer": "bludgeoning", "hammer": "bludgeoning", "mace": "bludgeoning", "club": "bludgeoning",
                 "staff": "bludgeoning", "slam": "bludgeoning", "fist": "bludgeoning", "sling": "bludgeoning",
                 "fire": "fire", "frost": "cold", "ray of frost": "cold", "chill": "necrotic", "eldritch": "force",
                 "sacred": "radiant", "guiding": "radiant", "shocking": "lightning", "acid": "acid"}

# What each kind of damage does when it lands: verb phrases that take the target as object.
LANDS: dict[str, tuple[str, ...]] = {
    "slashing": ("opens a long cut across", "carves into", "slices along the arm of", "lays open the side of",
                 "rakes across"),
    "piercing": ("punches into", "sinks deep into", "drives into the shoulder of", "finds the ribs of",
                 "lodges in the thigh of"),
    "bludgeoning": ("crunches into", "slams into", "batters", "cracks against the ribs of", "hammers"),
    "fire": ("bursts in flame over", "scorches", "sets fire to the clothes of", "sears"),
    "cold": ("rimes", "bites into", "freezes the breath of", "numbs"),
    "lightning": ("arcs through", "jolts", "crackles across"),
    "radiant": ("blazes down on", "burns white across", "sears"),
    "necrotic": ("withers the flesh of", "drains the colour from", "rots into"),
    "force": ("slams into", "hammers", "knocks the wind from"),
    "thunder": ("booms against", "shakes", "batters"),
    "acid": ("eats into", "hisses across", "blisters the skin of"),
    "poison": ("sickens", "burns in the veins of", "turns the stomach of"),
    "psychic": ("claws at the mind of", "floods with dread the thoughts of", "stabs into the mind of"),
}
# What a spell is made of, as the table sees it fly.
ENERGY: dict[str, tuple[str, ...]] = {
    "fire": ("a mote of fire", "a streak of flame", "a hissing bolt of fire"),
    "cold": ("a pale ray of frost", "a shard of cold light", "a blue-white beam"),
    "lightning": ("a fork of lightning", "a crackling spark", "a jagged white arc"),
    "radiant": ("a column of light", "a flare of holy light", "a bright lance of radiance"),
    "necrotic": ("a grey tendril", "a cold, dead touch", "a smear of shadow"),
    "force": ("darts of glowing force", "a shimmering bolt", "a hammer of unseen force"),
    "thunder": ("a thunderclap", "a wave of sound", "a booming pulse"),
    "acid": ("a bubble of acid", "a green spatter", "a hissing globe"),
    "poison": ("a puff of green vapour", "a sickly mist", "a stinging spray"),
    "psychic": ("a silent scream", "a spike of dread", "a whisper of madness"),
}
# What a missed spell does to the place instead: verbs that take a surface.
SCARS: dict[str, tuple[str, ...]] = {
    "fire": ("scorches", "leaves a black smear on", "blackens"), "cold": ("frosts over", "cracks with ice"),
    "lightning": ("scars", "blackens"), "radiant": ("lights up", "washes white"), "necrotic": ("withers", "greys"),
    "force": ("cracks", "gouges"), "thunder": ("shakes dust from", "rattles"), "acid": ("pits", "etches"),
    "poison": ("drifts over", "settles on"), "psychic": ("leaves untouched", "passes through"),
}
# The ground a fight happens on, by the words in the place's name.
_GROUNDS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"cave|cavern|grotto|mine|tunnel", re.I),
     ("the wet rock", "a stack of salvage crates", "the dripping cave wall", "the crab pool", "a barrel of pitch")),
    (re.compile(r"dock|harbou?r|quay|pier|wharf|port", re.I),
     ("the quay stones", "a pile of crab pots", "an upturned boat", "the harbor wall", "a coil of wet rope")),
    (re.compile(r"chapel|church|temple|shrine|crypt|tomb", re.I),
     ("a barnacled pew", "the flooded floor", "the carved altar", "a pillar slick with weed")),
    (re.compile(r"inn|tavern|hall|house|gull", re.I),
     ("a table", "the hearthstones", "the bar", "a bench", "the floorboards")),
    (re.compile(r"point|cliff|lighthouse|tower|headland|hill", re.I),
     ("the lighthouse wall", "the gorse", "the cliff edge", "the wind-bitten turf", "the white stones")),
    (re.compile(r"forest|wood|grove|glade", re.I), ("a tree trunk", "the leaf litter", "a mossy log")),
    (re.compile(r"road|path|bridge|street|track", re.I), ("the road", "a milestone", "the verge")),
)
_GROUND = ("the ground", "the wall behind", "the floor", "the stones")


def pick(options: tuple[str, ...] | list[str], *key: object) -> str:
    """One option, the same for the same key: a replay, an undo or a reload says the same words."""
    return options[zlib.crc32(":".join(map(str, key)).encode()) % len(options)] if options else ""


def damage_type(text: str) -> str:
    low = text.casefold()
    return next((t for t in DAMAGE_TYPES if t in low), "")


def usual_type(weapon: str) -> str:
    low = weapon.casefold()
    return next((t for w, t in _WEAPON_TYPES.items() if w in low), "")


def attack_mode(weapon: str, dtype: str) -> str:
    """'spell', 'ranged' or 'melee' for a named attack; unknown names are melee unless magic does damage."""
    low = weapon.casefold()
    if _SPELL_WORDS.search(low) or (dtype in _MAGIC_TYPES and not any(w in low for w in _WEAPON_TYPES)):
        return "spell"
    if any(w in low for w in _MISSILES) or "thrown" in low:
        return "ranged"
    return "melee"


def missile(weapon: str) -> str:
    low = weapon.casefold()
    return next((m for w, m in _MISSILES.items() if w in low), "shot")


def grounds(location: str) -> tuple[str, ...]:
    return next((g for pattern, g in _GROUNDS if pattern.search(location or "")), _GROUND)
