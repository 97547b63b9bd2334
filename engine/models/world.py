"""The world of a campaign: characters, NPCs, places, quests, monsters, game state."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field, computed_field, model_validator

from engine.models.coins import Coins

# Sheets, stat blocks, fights and quests live in their own modules; imported here so `engine.models.world`
# still offers every model of the world.
from engine.models.initiative import Combatant, CombatState, TurnUse  # noqa: F401
from engine.models.monster import Monster
from engine.models.quest import Objective, Quest, QuestStatus  # noqa: F401
from engine.models.sheet import (  # noqa: F401
    ABILITIES,
    ABILITY_NAMES,
    SKILLS,
    AbilityScores,
    ActiveCondition,
    Attack,
    Boon,
    Condition,
    DeathSaves,
    Defenses,
    HitDice,
    HitPoints,
    Item,
    SaveAction,
    SpellList,
    SpellSlots,
)
from engine.models.spell_effect import SpellEffect
from engine.models.wares import Ware


class Attitude(StrEnum):
    HOSTILE = "hostile"
    UNFRIENDLY = "unfriendly"
    INDIFFERENT = "indifferent"
    FRIENDLY = "friendly"
    HELPFUL = "helpful"


ATTITUDE_ORDER = [Attitude.HOSTILE, Attitude.UNFRIENDLY, Attitude.INDIFFERENT,
                  Attitude.FRIENDLY, Attitude.HELPFUL]


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
