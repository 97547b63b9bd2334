"""The parts of a creature's sheet, shared by player characters, stat blocks and the creatures in a fight:
abilities and skills, conditions, hit points and dice, attacks, defenses, spells and gear."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
# Full names as players and stat blocks write them -> the short keys above.
ABILITY_NAMES = {"strength": "str", "dexterity": "dex", "constitution": "con", "intelligence": "int",
                 "wisdom": "wis", "charisma": "cha"}

# SRD skills and the ability each one uses.
SKILLS: dict[str, str] = {
    "acrobatics": "dex", "animal_handling": "wis", "arcana": "int", "athletics": "str",
    "deception": "cha", "history": "int", "insight": "wis", "intimidation": "cha",
    "investigation": "int", "medicine": "wis", "nature": "int", "perception": "wis",
    "performance": "cha", "persuasion": "cha", "religion": "int", "sleight_of_hand": "dex",
    "stealth": "dex", "survival": "wis",
}


class Condition(StrEnum):
    """The 15 SRD 5.2 conditions (exhaustion has levels)."""

    BLINDED = "blinded"
    CHARMED = "charmed"
    DEAFENED = "deafened"
    EXHAUSTION = "exhaustion"
    FRIGHTENED = "frightened"
    GRAPPLED = "grappled"
    INCAPACITATED = "incapacitated"
    INVISIBLE = "invisible"
    PARALYZED = "paralyzed"
    PETRIFIED = "petrified"
    POISONED = "poisoned"
    PRONE = "prone"
    RESTRAINED = "restrained"
    STUNNED = "stunned"
    UNCONSCIOUS = "unconscious"


class AbilityScores(BaseModel):
    str_: int = Field(10, alias="str", ge=1, le=30)
    dex: int = Field(10, ge=1, le=30)
    con: int = Field(10, ge=1, le=30)
    int_: int = Field(10, alias="int", ge=1, le=30)
    wis: int = Field(10, ge=1, le=30)
    cha: int = Field(10, ge=1, le=30)

    model_config = {"populate_by_name": True, "serialize_by_alias": True}

    def score(self, ability: str) -> int:
        return {"str": self.str_, "dex": self.dex, "con": self.con, "int": self.int_,
                "wis": self.wis, "cha": self.cha}[ability]

    def modifier(self, ability: str) -> int:
        return (self.score(ability) - 10) // 2


class ActiveCondition(BaseModel):
    name: Condition
    # Rounds left; None lasts until removed.
    rounds_remaining: int | None = None
    # Exhaustion has levels 1-6; other conditions keep 1.
    level: int = 1
    source: str | None = None
    # "Until saved" conditions (Hold Person): the creature repeats this save at the end of each of its turns.
    save_ability: str | None = None
    save_dc: int | None = None
    # Grappled: the DC of an escape attempt (8 + the grappler's STR modifier + proficiency bonus).
    escape_dc: int | None = None


class Boon(BaseModel):
    """A die a spell adds to a creature's d20 rolls while it lasts: Bless adds 1d4 to attack rolls and
    saving throws, Bane takes 1d4 off them."""

    spell: str
    dice: str = Field(description="The die rolled and added each time, e.g. 1d4")
    sign: int = Field(1, description="1 adds the die, -1 subtracts it")
    rolls: list[str] = Field(description="Which d20 rolls it touches: 'attack', 'save'")
    source: str = Field(description="The concentration that holds it (\"Tova's Bless\"): it ends with it")


class HitPoints(BaseModel):
    current: int
    max: int = Field(ge=1)
    temp: int = Field(0, ge=0)


class HitDice(BaseModel):
    die: int = Field(8, description="Die size: 6, 8, 10 or 12")
    total: int = Field(1, ge=1)
    remaining: int = Field(1, ge=0)


class DeathSaves(BaseModel):
    successes: int = Field(0, ge=0, le=3)
    failures: int = Field(0, ge=0, le=3)


class SpellSlots(BaseModel):
    max: int = Field(0, ge=0)
    used: int = Field(0, ge=0)


class Item(BaseModel):
    name: str
    quantity: int = Field(1, ge=0)
    description: str = ""
    uses: int | None = Field(None, ge=0, description="Uses left of an item that has them (a Healer's Kit: 10); "
                                                     "None: not counted, or full")


class Attack(BaseModel):
    name: str
    to_hit: int = Field(description="Total attack bonus")
    damage: str = Field(description="Damage dice, e.g. 1d8+3")
    damage_type: str = "slashing"
    ranged: bool | None = Field(None, description="From the stat block; None: judged by the weapon's name")


class SaveAction(BaseModel):
    """A stat block action that forces a saving throw instead of an attack roll (a breath, a gaze)."""

    name: str
    save_ability: str
    save_dc: int = Field(ge=1)
    damage: str | None = None
    damage_type: str = ""
    half_on_success: bool = False
    recharge: str | None = None
    text: str = ""


class Defenses(BaseModel):
    """Damage types and conditions a creature shrugs off, as its stat block lists them (lower case)."""

    resistances: list[str] = Field(default_factory=list)
    immunities: list[str] = Field(default_factory=list)
    vulnerabilities: list[str] = Field(default_factory=list)
    condition_immunities: list[str] = Field(default_factory=list)


class SpellList(BaseModel):
    """The spells on a sheet: cantrips and spells known (a bard, a sorcerer) or prepared (a cleric)."""

    cantrips: list[str] = Field(default_factory=list)
    prepared: list[str] = Field(default_factory=list, description="Spells known or prepared (level 1+)")
    ability: str | None = Field(None, description="Spellcasting ability; None: the class's SRD ability")

    def all(self) -> list[str]:
        return self.cantrips + self.prepared
