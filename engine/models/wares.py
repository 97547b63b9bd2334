"""What an NPC or a place sells, as the campaign writes it: `wares` on an NPC or a location."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engine.models.coins import parse_amount


class Ware(BaseModel):
    """One thing for sale, or (with `srd`) a whole SRD list: every weapon or every armor at its SRD cost."""

    name: str
    price: str | None = Field(None, description="The price of one, as coins: '4 cp', '1 gp 5 sp'")
    description: str = ""
    keywords: list[str] = Field(default_factory=list, description="Other words a buyer may use: 'mug', 'beer'")
    srd: Literal["weapons", "armor"] | None = Field(
        None, description="The seller stocks every SRD weapon (or armor) at the SRD's cost; `name` labels it")
    bundle: int = Field(1, ge=1, description="How many one purchase gives: 20 for 'Arrows' sold by the score")
    service: bool = Field(False, description="Used on the spot (a meal, a drink, a night's room): paid for, "
                                             "nothing goes in the pack")
    round: str | None = Field(None, description="What one for everyone in the room costs ('a round for the "
                                                "house'); without it a round is priced per head")

    @model_validator(mode="after")
    def _priced(self) -> Ware:
        if self.srd is None and self.price is None:
            raise ValueError(f"ware {self.name!r} needs a price such as '4 cp' (or srd: 'weapons' / 'armor')")
        for label, value in (("price", self.price), ("round", self.round)):
            if value is not None and parse_amount(value) is None:
                raise ValueError(f"ware {self.name!r} has {label} {value!r}; write coins such as '4 cp' or "
                                 f"'1 gp 5 sp' (cp, sp, ep, gp, pp)")
        return self

    def cost_cp(self) -> int:
        return parse_amount(self.price or "") or 0

    def round_cp(self) -> int | None:
        return parse_amount(self.round) if self.round else None
