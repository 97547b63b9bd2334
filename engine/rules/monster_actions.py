"""A monster's save-based action with a recharge (a dragon's breath, an ankheg's acid spray), SRD 5.2:
"Recharge 5-6: ... the monster can use the action again when it rolls a 5 or 6 on a d6 at the start of
each of its turns." It is used when it is charged; every target saves against its DC, half on a success
where the stat block says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.models.actions import DiceRoll, StateChange
from engine.models.world import Combatant, Monster, SaveAction
from engine.rules.checks import creature_save
from engine.rules.defenses import adjust_damage
from engine.rules.dice import DiceRoller
from engine.rules.health import apply_damage
from engine.rules.helpers import Target


@dataclass
class MonsterAction:
    rolls: list[DiceRoll] = field(default_factory=list)
    changes: list[StateChange] = field(default_factory=list)
    beats: list[str] = field(default_factory=list)
    damaged: list[tuple[Target, int]] = field(default_factory=list)


def _lowest(recharge: str) -> int:
    return int(recharge.split("-")[0])


def recharge(roller: DiceRoller, monster: Combatant, block: Monster) -> MonsterAction:
    """Start of the monster's turn: each spent recharge action rolls its d6 to come back."""
    out = MonsterAction()
    for action in [a for a in block.save_actions if a.recharge and a.name in monster.spent]:
        roll = roller.roll("1d6", purpose=f"{action.name} recharge ({action.recharge})", roller=monster.name)
        out.rolls.append(roll)
        if roll.total >= _lowest(action.recharge or "6"):
            monster.spent.remove(action.name)
            out.beats.append(f"{monster.name}'s {action.name} recharges.")
    return out


def charged(monster: Combatant, block: Monster) -> SaveAction | None:
    """The recharge action with damage the monster can use now, if any."""
    return next((a for a in block.save_actions if a.recharge and a.damage and a.name not in monster.spent), None)


def use(roller: DiceRoller, monster: Combatant, action: SaveAction, targets: list[tuple[Target, int]]) -> MonsterAction:
    """Every target saves against the action's DC; one damage roll, halved on a success if the block says."""
    out = MonsterAction()
    monster.spent.append(action.name)
    saves = []
    for target, modifier in targets:
        check = creature_save(roller, target.name, modifier, target.conditions, action.save_ability, action.save_dc,
                              boons=target.boons)
        check.roll.purpose = f"{check.roll.purpose} against {monster.name}'s {action.name}"
        out.rolls.append(check.roll)
        saves.append((target, check.success))
    damage = roller.roll(action.damage or "0", purpose=f"{action.name} {action.damage_type} damage", roller=monster.name)
    out.rolls.append(damage)
    out.beats.append(f"{monster.name} uses {action.name} (DC {action.save_dc} {action.save_ability.upper()} save).")
    for target, saved in saves:
        amount = max(0, damage.total)
        amount = amount if not saved else amount // 2 if action.half_on_success else 0
        amount, note = adjust_damage(target, amount, action.damage_type)
        out.changes += apply_damage(target, amount)
        if amount:
            out.damaged.append((target, amount))
        verdict = "succeeds" if saved else "fails"
        out.beats.append(f"{target.name} {verdict} the save and takes {amount} {action.damage_type} damage"
                         + (f" ({note})." if note else "."))
    return out
