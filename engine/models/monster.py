"""A monster stat block: the template a fight's creatures are made from."""

from __future__ import annotations

from pydantic import BaseModel, Field, model_validator

from engine.models.initiative import Combatant
from engine.models.sheet import AbilityScores, Attack, Defenses, HitPoints, SaveAction


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
