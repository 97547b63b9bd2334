"""A fight in the world's state: the initiative order, each place in it, and what a turn has spent."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.models.sheet import ActiveCondition, Boon, Defenses, HitPoints


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
