"""What a spell does at the table, read from its SRD text: the shape the rules resolve a cast from."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from engine.models.world import Condition


class Delivery(StrEnum):
    ATTACK = "attack"      # a spell attack roll against AC
    SAVE = "save"          # each target makes a saving throw
    AUTO = "auto"          # hits without a roll (Magic Missile's darts)
    HEAL = "heal"          # a creature regains hit points
    NARRATED = "narrated"  # cast and described; the DM adjudicates the effect


class SpellMechanics(BaseModel):
    name: str
    level: int = Field(ge=0, le=9)
    delivery: Delivery
    ranged: bool = True
    save: str | None = Field(None, description="Ability key of the target's save")
    damage: str | None = Field(None, description="Dice at the spell's own level (per dart or ray)")
    damage_type: str = ""
    half_on_success: bool = False
    healing: str | None = Field(None, description="Healing dice or amount at the spell's own level")
    add_modifier: bool = Field(False, description="Healing adds the caster's spellcasting ability modifier")
    condition: Condition | None = Field(None, description="Imposed on a failed save (or a hit)")
    repeat_save: bool = False
    concentration: bool = False
    rounds: int | None = Field(None, description="How long it lasts in rounds; None: instantaneous or longer")
    upcast: str | None = Field(None, description="Dice added per slot level above the spell's level")
    upcast_count: bool = Field(False, description="A higher slot adds a dart, ray or beam rather than dice")
    count: int = Field(1, ge=1, description="Darts, rays or beams at the spell's own level")
    cantrip_scaling: bool = Field(False, description="One more damage die at character levels 5, 11 and 17")
    beam_scaling: bool = Field(False, description="One more beam at character levels 5, 11 and 17")
    area: bool = Field(False, description="Every creature in an area: each standing foe is assumed in it")
    summary: str = Field("", description="The card's first sentence, for narration")

    @property
    def mechanised(self) -> bool:
        return self.delivery != Delivery.NARRATED
