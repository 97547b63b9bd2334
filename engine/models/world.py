"""The world of a campaign: characters, NPCs, places, quests, monsters, game state."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field, computed_field, model_validator

from engine.models.coins import Coins

# Quests live in their own module; imported here so `engine.models.world` still offers them.
from engine.models.quest import Objective, Quest, QuestStatus  # noqa: F401
from engine.models.spell_effect import SpellEffect
from engine.models.wares import Ware

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


class Attitude(StrEnum):
    HOSTILE = "hostile"
    UNFRIENDLY = "unfriendly"
    INDIFFERENT = "indifferent"
    FRIENDLY = "friendly"
    HELPFUL = "helpful"


ATTITUDE_ORDER = [Attitude.HOSTILE, Attitude.UNFRIENDLY, Attitude.INDIFFERENT,
                  Attitude.FRIENDLY, Attitude.HELPFUL]


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


class Character(BaseModel):
    name: str
    player: str | None = None
    race: str = "human"
    class_name: str = Field(alias="class")
    level: int = Field(1, ge=1, le=20)
    abilities: AbilityScores = Field(default_factory=AbilityScores)
    skill_proficiencies: list[str] = Field(default_factory=list)
    save_proficiencies: list[str] = Field(default_factory=list)
    ac: int = Field(10, ge=0)
    hp: HitPoints
    hit_dice: HitDice = Field(default_factory=HitDice)
    speed: int = 30
    conditions: list[ActiveCondition] = Field(default_factory=list)
    boons: list[Boon] = Field(default_factory=list)
    death_saves: DeathSaves = Field(default_factory=DeathSaves)
    dead: bool = False
    stable: bool = False
    spell_slots: dict[str, SpellSlots] = Field(default_factory=dict, description="Keyed by spell level")
    inventory: list[Item] = Field(default_factory=list)
    coins: Coins = Field(default_factory=Coins, description="The purse; campaigns written before coins have none")
    attacks: list[Attack] = Field(default_factory=list)
    spells: SpellList = Field(default_factory=SpellList)
    xp: int = 0
    concentration: str | None = Field(None, description="The spell the character is concentrating on")
    effects: list[SpellEffect] = Field(default_factory=list, description="Spells lasting on the sheet (Mage Armor)")
    features_used: dict[str, int] = Field(default_factory=dict, description="Uses spent of class features with "
                                          "limited uses, by name (\"Second Wind\"); rests give them back")

    model_config = {"populate_by_name": True, "serialize_by_alias": True}

    @computed_field
    @property
    def proficiency_bonus(self) -> int:
        return 2 + (self.level - 1) // 4

    def skill_modifier(self, skill: str) -> int:
        mod = self.abilities.modifier(SKILLS[skill])
        return mod + (self.proficiency_bonus if skill in self.skill_proficiencies else 0)

    def save_modifier(self, ability: str) -> int:
        mod = self.abilities.modifier(ability)
        return mod + (self.proficiency_bonus if ability in self.save_proficiencies else 0)

    def has_condition(self, condition: Condition | str) -> bool:
        return any(c.name == condition for c in self.conditions)

    @property
    def unconscious(self) -> bool:
        return self.has_condition(Condition.UNCONSCIOUS)


class Secret(BaseModel):
    text: str
    skill: str = "persuasion"
    dc: int = 15
    revealed: bool = False


class Topic(BaseModel):
    """Something an NPC can be asked about: what they say freely, and what they hold back on it."""

    name: str = Field(description="What the topic is, as a player would name it: 'Silas Crowe', 'the lighthouse'")
    keywords: list[str] = Field(default_factory=list, description="Other words that point to it: 'crowe', 'captain'")
    knows: str = Field("", description="What the NPC says about it freely, in their own voice")
    secret: int | None = Field(None, ge=0, description="Index into the NPC's secrets: what they keep back on "
                                                       "this topic, told only on a successful social check")


class NPC(BaseModel):
    name: str
    description: str = ""
    role: str = ""
    attitude: Attitude = Attitude.INDIFFERENT
    location: str | None = None
    voice: str = Field("", description="How the NPC speaks: a short style note")
    lines: dict[str, list[str]] = Field(
        default_factory=dict, description="Sample lines keyed by attitude, used by the offline narrator")
    secrets: list[Secret] = Field(default_factory=list)
    alive: bool = True
    captive: bool = Field(False, description="Held prisoner: freed by a player who frees, unties or releases them")
    # Issue 16: what an NPC can be asked about; campaigns written before have none and still load.
    topics: list[Topic] = Field(default_factory=list)
    wants: str = Field("", description="What the NPC wants: the way to win them over")
    mannerisms: list[str] = Field(default_factory=list, description="Small gestures told before they speak, "
                                                                    "e.g. 'wipes her hands on her apron'")
    wares: list[Ware] = Field(default_factory=list, description="What this NPC sells (trade)")

    @model_validator(mode="after")
    def _topic_secrets_exist(self) -> NPC:
        for topic in self.topics:
            if topic.secret is not None and topic.secret >= len(self.secrets):
                raise ValueError(f"{self.name}'s topic {topic.name!r} points at secret {topic.secret}, but "
                                 f"{self.name} has {len(self.secrets)} secret(s) (numbered from 0).")
        return self


class Discovery(BaseModel):
    name: str
    text: str = Field(description="What the party learns when it is found")
    skill: str = "investigation"
    dc: int = 12
    found: bool = False


class Location(BaseModel):
    name: str
    description: str = ""
    connections: list[str] = Field(default_factory=list)
    discoveries: list[Discovery] = Field(default_factory=list)
    encounter: list[str] = Field(default_factory=list, description="Monster stat-block names lurking here")
    wares: list[Ware] = Field(default_factory=list, description="What is sold here with no NPC to name (a stall)")
    visited: bool = False


class Monster(BaseModel):
    """A monster stat block (the template, not an instance in a fight).

    With `srd` set, the block is that SRD creature's, and the fields this one sets override it ("Silas
    Crowe" is a Bandit Captain of Medium size); engine.content.bestiary fills it in when a session starts.
    """

    name: str
    srd: str | None = Field(None, description="The SRD creature this block is based on")
    size: str = "Medium"
    kind: str = "humanoid"
    ac: int = 12
    hp: int = Field(0, ge=0, description="Average HP; required unless `srd` gives it")
    hit_dice: str = "2d8"
    speed: int = 30
    abilities: AbilityScores = Field(default_factory=AbilityScores)
    saves: dict[str, int] = Field(default_factory=dict, description="Save bonuses the stat block lists")
    attacks: list[Attack] = Field(default_factory=list)
    multiattack: int = Field(1, ge=1, le=10, description="Attacks it makes with one Attack action (Multiattack)")
    save_actions: list[SaveAction] = Field(default_factory=list)
    defenses: Defenses = Field(default_factory=Defenses)
    challenge: str = "1/4"
    xp: int = 50

    @model_validator(mode="after")
    def _has_hp(self) -> Monster:
        if self.hp < 1 and self.srd is None:
            raise ValueError(f"stat block {self.name!r} needs hp of 1 or more (or an srd creature to take it from)")
        return self

    def combatant(self, label: str, initiative: int, *, ident: str | None = None, hp: int | None = None) -> Combatant:
        """An instance of this block in the initiative order, carrying its own HP, AC and defenses."""
        top = hp if hp is not None else self.hp
        return Combatant(id=ident or f"monster:{label}", name=label, kind="monster", initiative=initiative,
                         dex_modifier=self.abilities.modifier("dex"), monster=self.name, ac=self.ac,
                         hp=HitPoints(current=top, max=top), defenses=self.defenses.model_copy(deep=True))


class TurnUse(BaseModel):
    """What the combatant has spent this turn; reset when its turn starts."""

    action: bool = False
    bonus_action: bool = False
    movement: bool = False
    reaction: bool = False


class Combatant(BaseModel):
    """One place in the initiative order: a character or a monster instance."""

    id: str
    name: str
    kind: str = Field(description="'character' or 'monster'")
    initiative: int
    dex_modifier: int = 0
    # Monster instances carry their own HP, AC and conditions; characters use their sheet.
    monster: str | None = None
    hp: HitPoints | None = None
    ac: int | None = None
    conditions: list[ActiveCondition] = Field(default_factory=list)
    boons: list[Boon] = Field(default_factory=list)
    defeated: bool = False
    # Took the Dodge action: attacks against it have disadvantage until its next turn.
    dodging: bool = False
    # Distracted by a Help action: `distracted_for`'s (None: any ally's) next attack roll against it has
    # Advantage, until the start of `distracted_by`'s next turn.
    distracted_by: str | None = None
    distracted_for: str | None = None
    concentration: str | None = None
    # The round this combatant last took a turn, so an out-of-turn override never gives a second one.
    acted_round: int = 0
    used: TurnUse = Field(default_factory=TurnUse)
    defenses: Defenses = Field(default_factory=Defenses)
    spent: list[str] = Field(default_factory=list, description="Recharge actions used and not yet recharged")
    ammunition_spent: dict[str, int] = Field(default_factory=dict, description="Pieces of each pack item (Arrows) "
                                             "a character shot this fight: half come back when it ends")


class CombatState(BaseModel):
    active: bool = True
    round: int = 1
    turn_index: int = 0
    order: list[Combatant] = Field(default_factory=list)
    xp_pool: int = 0
    last_attacker: dict[str, str] = Field(default_factory=dict, description="The fight's log of who last made an "
                                          "attack roll against each creature (target name -> attacker name)")

    @property
    def current(self) -> Combatant | None:
        return self.order[self.turn_index] if self.order else None

    def combatant(self, name: str, kind: str | None = None) -> Combatant | None:
        """The place in the order with that name (any case), optionally only of one kind."""
        key = name.casefold()
        return next((c for c in self.order if c.name.casefold() == key and kind in (None, c.kind)), None)


class GameState(BaseModel):
    party_location: str
    day: int = 1
    minutes: int = Field(8 * 60, description="Minutes since midnight of the current day")
    combat: CombatState | None = None


class Campaign(BaseModel):
    schema_version: int = 1
    name: str
    description: str = ""
    style: str = Field("", description="Tone and style guidance for the narrator")
    characters: list[Character] = Field(default_factory=list)
    npcs: list[NPC] = Field(default_factory=list)
    locations: list[Location] = Field(default_factory=list)
    quests: list[Quest] = Field(default_factory=list)
    monsters: list[Monster] = Field(default_factory=list)
    game_state: GameState

    def character(self, name: str) -> Character | None:
        key = name.casefold()
        return next((c for c in self.characters if c.name.casefold() == key), None)

    def npc(self, name: str) -> NPC | None:
        key = name.casefold()
        return next((n for n in self.npcs if n.name.casefold() == key), None)

    def npcs_at(self, location: str) -> list[NPC]:
        """The living NPCs at a place, matched without regard to case as every other name is."""
        key = location.casefold()
        return [n for n in self.npcs if n.alive and (n.location or "").casefold() == key]

    def location(self, name: str) -> Location | None:
        key = name.casefold()
        return next((loc for loc in self.locations if loc.name.casefold() == key), None)

    def quest(self, name: str) -> Quest | None:
        key = name.casefold()
        return next((q for q in self.quests if q.name.casefold() == key), None)

    def monster(self, name: str) -> Monster | None:
        key = name.casefold()
        return next((m for m in self.monsters if m.name.casefold() == key), None)
