"""The SRD 5.2 conditions as one table: each condition declares its effects, and every roll asks here.

Checks, saves and attacks read `effects(conditions)` instead of testing condition names themselves,
so a condition's rule lives in exactly one row. Positioning is theatre of the mind: a melee attacker
is taken to be within 5 feet of its target, a ranged one farther away.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.models.world import ActiveCondition, Condition

ADV, DIS = "advantage", "disadvantage"
# SRD 5.2: "each level of Exhaustion ... subtract 2 times your Exhaustion level from d20 Tests;
# your Speed is reduced by 5 feet times your level"; level 6 kills (rules.health).
EXHAUSTION_D20_PER_LEVEL = 2
EXHAUSTION_SPEED_PER_LEVEL = 5


@dataclass(frozen=True)
class Effects:
    """What a set of conditions does to its creature; rows combine by union."""

    incapacitated: bool = False                      # no actions, bonus actions or reactions
    speed_zero: bool = False
    auto_fail_saves: frozenset[str] = frozenset()    # ability keys: "str", "dex"
    save_disadvantage: frozenset[str] = frozenset()
    own_attacks: frozenset[str] = frozenset()        # ADV/DIS on the creature's own attack rolls
    attacked_melee: frozenset[str] = frozenset()     # ADV/DIS on attacks against it from within 5 ft
    attacked_ranged: frozenset[str] = frozenset()    # ... and from farther away
    melee_hits_crit: bool = False                    # a hit from within 5 ft is a critical hit
    check_disadvantage: bool = False
    resist_all_damage: bool = False
    d20_penalty: int = 0                             # subtracted from every d20 test (exhaustion)
    speed_penalty: int = 0
    reasons: tuple[str, ...] = field(default=())     # conditions that make it incapacitated, for messages

    def __or__(self, other: Effects) -> Effects:
        return Effects(
            incapacitated=self.incapacitated or other.incapacitated,
            speed_zero=self.speed_zero or other.speed_zero,
            auto_fail_saves=self.auto_fail_saves | other.auto_fail_saves,
            save_disadvantage=self.save_disadvantage | other.save_disadvantage,
            own_attacks=self.own_attacks | other.own_attacks,
            attacked_melee=self.attacked_melee | other.attacked_melee,
            attacked_ranged=self.attacked_ranged | other.attacked_ranged,
            melee_hits_crit=self.melee_hits_crit or other.melee_hits_crit,
            check_disadvantage=self.check_disadvantage or other.check_disadvantage,
            resist_all_damage=self.resist_all_damage or other.resist_all_damage,
            d20_penalty=self.d20_penalty + other.d20_penalty,
            speed_penalty=self.speed_penalty + other.speed_penalty,
            reasons=self.reasons + other.reasons,
        )


_ADV_SET = frozenset({ADV})
_STR_DEX = frozenset({"str", "dex"})
_INCAPACITATED = Effects(incapacitated=True)
_PRONE = Effects(own_attacks=frozenset({DIS}), attacked_melee=frozenset({ADV}), attacked_ranged=frozenset({DIS}))

# One row per SRD condition (exhaustion scales with its level, below). Paralyzed, petrified, stunned and
# unconscious include Incapacitated; unconscious includes Prone, as the SRD text says.
TABLE: dict[Condition, Effects] = {
    Condition.BLINDED: Effects(own_attacks=frozenset({DIS}), attacked_melee=_ADV_SET, attacked_ranged=_ADV_SET),
    Condition.CHARMED: Effects(),   # limits whom it may attack: the DM's call, no roll changes
    Condition.DEAFENED: Effects(),  # fails checks that need hearing: the DM's call
    Condition.EXHAUSTION: Effects(),
    Condition.FRIGHTENED: Effects(own_attacks=frozenset({DIS}), check_disadvantage=True),
    Condition.GRAPPLED: Effects(speed_zero=True),
    Condition.INCAPACITATED: _INCAPACITATED,
    Condition.INVISIBLE: Effects(own_attacks=frozenset({ADV}), attacked_melee=frozenset({DIS}),
                                 attacked_ranged=frozenset({DIS})),
    Condition.PARALYZED: _INCAPACITATED | Effects(speed_zero=True, auto_fail_saves=_STR_DEX, attacked_melee=_ADV_SET,
                                                  attacked_ranged=_ADV_SET, melee_hits_crit=True),
    Condition.PETRIFIED: _INCAPACITATED | Effects(speed_zero=True, auto_fail_saves=_STR_DEX, attacked_melee=_ADV_SET,
                                                  attacked_ranged=_ADV_SET, resist_all_damage=True),
    Condition.POISONED: Effects(own_attacks=frozenset({DIS}), check_disadvantage=True),
    Condition.PRONE: _PRONE,
    Condition.RESTRAINED: Effects(speed_zero=True, own_attacks=frozenset({DIS}), attacked_melee=_ADV_SET,
                                  attacked_ranged=_ADV_SET, save_disadvantage=frozenset({"dex"})),
    Condition.STUNNED: _INCAPACITATED | Effects(speed_zero=True, auto_fail_saves=_STR_DEX, attacked_melee=_ADV_SET,
                                                attacked_ranged=_ADV_SET),
    Condition.UNCONSCIOUS: _INCAPACITATED | _PRONE | Effects(
        speed_zero=True, auto_fail_saves=_STR_DEX, attacked_melee=_ADV_SET, attacked_ranged=_ADV_SET, melee_hits_crit=True),
}
INCAPACITATING = frozenset(c for c, e in TABLE.items() if e.incapacitated)


def effects(conditions: Iterable[ActiveCondition]) -> Effects:
    """The combined effects of everything a creature suffers."""
    total = Effects()
    for active in conditions:
        row = TABLE[active.name]
        if active.name == Condition.EXHAUSTION:
            row = Effects(d20_penalty=EXHAUSTION_D20_PER_LEVEL * active.level,
                          speed_penalty=EXHAUSTION_SPEED_PER_LEVEL * active.level)
        if row.incapacitated:
            row = row | Effects(reasons=(active.name.value,))
        total = total | row
    return total


def why_cannot_act(conditions: Iterable[ActiveCondition]) -> str | None:
    """The condition that stops the creature acting ("paralyzed"), or None when it can act."""
    found = effects(conditions)
    return found.reasons[0] if found.incapacitated else None


def combine(sources: Iterable[str | None]) -> str | None:
    """SRD: several sources of advantage and disadvantage cancel to a plain roll if both are present."""
    found = {s for s in sources if s}
    adv, dis = ADV in found, DIS in found
    if adv == dis:
        return None
    return ADV if adv else DIS


def attack_mode(attacker: Iterable[ActiveCondition], target: Iterable[ActiveCondition], *, ranged: bool = False,
                dodging: bool = False, asked: Iterable[str] = ()) -> str | None:
    """Advantage, disadvantage or None for one attack roll, from both creatures' conditions."""
    mine, theirs = effects(attacker), effects(target)
    against = theirs.attacked_ranged if ranged else theirs.attacked_melee
    return combine([*mine.own_attacks, *against, DIS if dodging else None, *asked])


def is_auto_critical(target: Iterable[ActiveCondition], *, ranged: bool = False) -> bool:
    """A hit from within 5 feet on a paralyzed or unconscious creature is a critical hit."""
    return not ranged and effects(target).melee_hits_crit


def check_mode(conditions: Iterable[ActiveCondition], asked: str | None = None) -> str | None:
    return combine([DIS if effects(conditions).check_disadvantage else None, asked])


def save_mode(conditions: Iterable[ActiveCondition], ability: str, asked: str | None = None) -> tuple[bool, str | None]:
    """(automatically fails, advantage mode) for a saving throw of `ability`."""
    found = effects(conditions)
    return ability in found.auto_fail_saves, combine([DIS if ability in found.save_disadvantage else None, asked])


def speed(base: int, conditions: Iterable[ActiveCondition]) -> int:
    found = effects(conditions)
    return 0 if found.speed_zero else max(0, base - found.speed_penalty)
