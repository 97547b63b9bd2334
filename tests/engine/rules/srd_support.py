"""Shared pieces for the SRD rule tests: a roller with scripted d20 faces and small creatures."""

from __future__ import annotations

import re

from engine.models.actions import DiceRoll
from engine.models.session import RngState
from engine.models.world import ActiveCondition, Character, Combatant, Condition, HitPoints
from engine.rules.dice import DiceRoller


class Faces(DiceRoller):
    """d20s show the scripted natural faces in order (then 10s); other dice roll from a fixed seed.
    Every roll is kept in `calls`, so a test can read the advantage mode and modifier each d20 got."""

    def __init__(self, *naturals: int) -> None:
        super().__init__(RngState(seed=7))
        self.naturals = list(naturals)
        self.calls: list[DiceRoll] = []

    def roll(self, notation, *, purpose=None, roller=None, advantage=None, dc=None) -> DiceRoll:  # type: ignore[override]
        match = re.fullmatch(r"1d20([+-]\d+)?", notation)
        if match is None:
            result = super().roll(notation, purpose=purpose, roller=roller, advantage=advantage, dc=dc)
        else:
            natural = self.naturals.pop(0) if self.naturals else 10
            total = natural + int(match.group(1) or 0)
            result = DiceRoll(notation=notation, total=total, purpose=purpose, roller=roller, natural=natural,
                              advantage=advantage, critical=natural == 20, fumble=natural == 1, dc=dc,
                              success=None if dc is None else total >= dc)
        self.calls.append(result)
        return result


def cond(name: str, level: int = 1) -> ActiveCondition:
    return ActiveCondition(name=Condition(name), level=level)


def pc(name: str = "Aria", klass: str = "fighter", hp: int = 20, **extra: object) -> Character:
    return Character.model_validate({"name": name, "class": klass, "hp": {"current": hp, "max": 20}, **extra})


def monster(name: str = "Goblin", hp: int = 30, ac: int = 12, *conditions: str) -> Combatant:
    return Combatant(id=f"monster:{name}", name=name, kind="monster", initiative=10, monster=name, ac=ac,
                     hp=HitPoints(current=hp, max=hp), conditions=[cond(c) for c in conditions])
