"""Coins changing hands: paying with change, receiving, handing coins over, sharing a purse out.

Every function changes the character's purse in place (the agent's copy of the world, which the
orchestrator diffs into the journal) and returns the StateChange a person reads, with the purse
before and after, so an undo puts back exactly the coins that were there.
"""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.models.actions import StateChange
from engine.models.coins import CP_VALUE, DENOMINATIONS, Coins, coins_text, cp_text
from engine.models.world import Character

# Smallest first: loose copper goes before a gold piece is broken.
_SMALL_FIRST = tuple(reversed(DENOMINATIONS))


def _change(pc: Character, before: Coins, what: str) -> StateChange:
    return StateChange(target=pc.name, kind="coins", before=before.model_dump(), after=pc.coins.model_dump(),
                       description=f"{pc.name} {what} ({before.text()} -> {pc.coins.text()}).")


def can_pay(pc: Character, copper: int) -> bool:
    return pc.coins.total_cp() >= copper


def pay(pc: Character, copper: int, to: str) -> StateChange:
    """Pay `copper` out of the purse; when no exact coins fit, hand over the smallest coin that covers the
    rest and take the change back in the fewest coins (never in electrum)."""
    if copper < 0:
        raise InvalidInputError("A price cannot be negative.")
    if not can_pay(pc, copper):
        raise InvalidInputError(f"{pc.name} has {pc.coins.text()}, not the {cp_text(copper)} it costs.")
    before = pc.coins.model_copy()
    have = pc.coins.model_dump()
    handed = dict.fromkeys(DENOMINATIONS, 0)
    rest = copper
    for coin in DENOMINATIONS:  # largest first: the exact sum in as few coins as the purse allows
        use = min(have[coin], rest // CP_VALUE[coin])
        handed[coin] += use
        rest -= use * CP_VALUE[coin]
    if rest:
        # Every coin still in the purse is now worth more than what is left (else it was used above): the
        # smallest of them covers it, and the smaller coins it makes needless go back into the purse.
        coin = next(c for c in _SMALL_FIRST if have[c] > handed[c])
        handed[coin] += 1
        over = sum(n * CP_VALUE[c] for c, n in handed.items()) - copper
        for small in _SMALL_FIRST:
            back_n = min(handed[small], over // CP_VALUE[small]) if small != coin else 0
            handed[small] -= back_n
            over -= back_n * CP_VALUE[small]
    change = sum(n * CP_VALUE[c] for c, n in handed.items()) - copper
    back = Coins.of_cp(change).model_dump()
    pc.coins = Coins(**{c: have[c] - handed[c] + back[c] for c in DENOMINATIONS})
    told = f"pays {cp_text(copper)} to {to}"
    if change:
        told += f" (hands over {coins_text(handed)}, gets {cp_text(change)} back)"
    return _change(pc, before, told)


def receive(pc: Character, copper: int, source: str) -> StateChange:
    """Coins paid to the character, in the fewest coins."""
    before = pc.coins.model_copy()
    got = Coins.of_cp(copper).model_dump()
    pc.coins = Coins(**{c: getattr(before, c) + got[c] for c in DENOMINATIONS})
    return _change(pc, before, f"receives {cp_text(copper)} from {source}")


def pocket(pc: Character, amounts: dict[str, int], source: str) -> StateChange:
    """The very coins named go into the purse (loot picked up, a reward counted out)."""
    before = pc.coins.model_copy()
    pc.coins = Coins(**{c: getattr(before, c) + amounts.get(c, 0) for c in DENOMINATIONS})
    return _change(pc, before, f"pockets {coins_text(amounts)} {source}".rstrip())


def hand_over(giver: Character, taker: Character, amounts: dict[str, int]) -> list[StateChange]:
    """The very coins named ('3 gp, 5 sp') move from one purse to another; refused when they are not there."""
    short = {c: n for c, n in amounts.items() if getattr(giver.coins, c) < n}
    if short:
        raise InvalidInputError(f"{giver.name} has {giver.coins.text()}: not {coins_text(short)} to hand over.")
    before_giver, before_taker = giver.coins.model_copy(), taker.coins.model_copy()
    giver.coins = Coins(**{c: getattr(before_giver, c) - amounts.get(c, 0) for c in DENOMINATIONS})
    taker.coins = Coins(**{c: getattr(before_taker, c) + amounts.get(c, 0) for c in DENOMINATIONS})
    told = coins_text(amounts)
    return [_change(giver, before_giver, f"hands {told} to {taker.name}"),
            _change(taker, before_taker, f"gets {told} from {giver.name}")]


def share_out(holder: Character, party: list[Character]) -> tuple[list[StateChange], dict[str, int]]:
    """The holder's coins divided evenly among `party` (the holder among them), kind by kind, as coins are
    really shared at a table: nobody breaks a gold piece. Returns the changes and the odd coins left over,
    which stay with the holder."""
    if holder not in party:
        party = [holder, *party]
    heads = len(party)
    pool = holder.coins.model_dump()
    each = {c: pool[c] // heads for c in DENOMINATIONS}
    odd = {c: pool[c] % heads for c in DENOMINATIONS if pool[c] % heads}
    if not any(each.values()):
        return [], odd
    changes: list[StateChange] = []
    others = [pc for pc in party if pc is not holder]
    before = holder.coins.model_copy()
    holder.coins = Coins(**{c: pool[c] - each[c] * len(others) for c in DENOMINATIONS})
    changes.append(_change(holder, before, f"shares out {coins_text(each)} to each of {heads}"))
    for pc in others:
        was = pc.coins.model_copy()
        pc.coins = Coins(**{c: getattr(was, c) + each[c] for c in DENOMINATIONS})
        changes.append(_change(pc, was, f"gets a share of {coins_text(each)} from {holder.name}"))
    return changes, odd
