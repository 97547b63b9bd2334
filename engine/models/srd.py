"""The SRD 5.2.1 content as this project reads it: our own models of what the dndwright package ships.

Validating every record through these models means an upstream change of shape (a renamed field, a
number become text) fails in tests/engine/content/test_srd_catalogue.py, not at the table. Unknown new
fields are ignored here and caught by the test that compares the upstream keys with these fields.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Srd(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class SrdDamage(_Srd):
    avg: int | None = None
    dice: str
    type: str


class SrdAction(_Srd):
    """An action, bonus action, reaction, legendary action or trait of a stat block."""

    name: str
    text: str = ""
    attack_type: str | None = Field(None, description="melee or ranged, for an attack roll")
    attack_bonus: int | None = None
    reach: str | None = None
    range: str | None = None
    damage: list[SrdDamage] = Field(default_factory=list)
    save_ability: str | None = None
    save_dc: int | None = None
    recharge: str | None = None
    uses: str | None = None


class SrdCreature(_Srd):
    name: str
    size: str
    creature_type: str
    creature_subtype: str | None = None
    alignment: str = ""
    ac: int = Field(ge=0)
    initiative: int = 0
    hp: int = Field(ge=1)
    hp_formula: str
    speed: dict[str, int | bool]
    abilities: dict[str, int]
    saving_throws: dict[str, int] = Field(default_factory=dict)
    skills: dict[str, int] = Field(default_factory=dict)
    senses: dict[str, int] = Field(default_factory=dict)
    languages: list[str] = Field(default_factory=list)
    cr: str
    cr_numeric: float = Field(ge=0)
    xp: int = Field(ge=0)
    proficiency_bonus: int = 2
    xp_lair: int | None = None
    traits: list[SrdAction] = Field(default_factory=list)
    actions: list[SrdAction] = Field(default_factory=list)
    bonus_actions: list[SrdAction] = Field(default_factory=list)
    reactions: list[SrdAction] = Field(default_factory=list)
    legendary_actions: list[SrdAction] = Field(default_factory=list)
    legendary_actions_intro: str | None = None
    damage_resistances: list[str] = Field(default_factory=list)
    damage_immunities: list[str] = Field(default_factory=list)
    damage_vulnerabilities: list[str] = Field(default_factory=list)
    condition_immunities: list[str] = Field(default_factory=list)
    gear: list[str] = Field(default_factory=list)
    swarm: bool = False


class SrdSpell(_Srd):
    name: str
    level: int = Field(ge=0, le=9)
    school: str
    casting_time: str
    range: str
    components: str
    duration: str
    classes: list[str] = Field(default_factory=list)
    description: str

    @property
    def concentration(self) -> bool:
        return self.duration.lower().startswith("concentration")


class SrdMagicItem(_Srd):
    name: str
    category: str
    rarity: str
    attunement_required: bool = False
    type_line: str = ""
    description: str


class SrdCondition(_Srd):
    name: str
    display_name: str
    description: str
    effects: list[str] = Field(default_factory=list)
    levels: dict[str, str] = Field(default_factory=dict)
    implies: list[str] = Field(default_factory=list)
    grants_immunity_to: list[str] = Field(default_factory=list)


class SrdGear(_Srd):
    """A weapon or an armor as a seller reads it: what it is and what it costs ('1 SP', '5 GP')."""

    name: str
    category: str = ""
    cost: str
    kind: str = Field("", description="A weapon's 'Melee' or 'Ranged'")
    damage: str = ""
    properties: list[str] = Field(default_factory=list, description="A weapon's properties: Finesse, Light...")


class SrdFeature(_Srd):
    """A class feature as the SRD states it ("Sneak Attack", "Second Wind")."""

    name: str
    class_name: str
    level: int
    description: str
