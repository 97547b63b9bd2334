"""Coins (SRD 5.2: cp, sp, ep, gp, pp) and prices written the way a campaign or the SRD writes them.

1 gp = 10 sp = 100 cp, 1 ep = 5 sp, 1 pp = 10 gp. Every sum is done in copper, so no rounding ever
loses a coin; the purse keeps real coins of each kind, and paying makes change (engine.rules.purse).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

# Largest first: the order a purse is read out and change is counted back.
DENOMINATIONS = ("pp", "gp", "ep", "sp", "cp")
CP_VALUE = {"pp": 1000, "gp": 100, "ep": 50, "sp": 10, "cp": 1}
COIN_NAMES = {"pp": "platinum", "gp": "gold", "ep": "electrum", "sp": "silver", "cp": "copper"}
# What a player or a campaign may write for each coin.
_ALIASES = {
    "cp": "cp", "copper": "cp", "coppers": "cp", "penny": "cp", "pennies": "cp",
    "sp": "sp", "silver": "sp", "silvers": "sp",
    "ep": "ep", "electrum": "ep", "electrums": "ep",
    "gp": "gp", "gold": "gp", "golds": "gp",
    "pp": "pp", "platinum": "pp", "platinums": "pp",
}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "twenty": 20, "fifty": 50, "hundred": 100}
_ABBREVIATED = ("cp", "sp", "ep", "gp", "pp")
# Words that may follow a coin named in words: "3 gold to Wren", "a silver for the room"; any other word
# makes the coin word an adjective ("2 gold rings", "a silver mirror"), not money.
_AFTER_WORD = r"(?!\s+(?!(?:and|to|for|from|each|apiece|in|on|with|at|as|or|then|please|if)\b)[a-z])"
_AMOUNT = re.compile(
    r"\b(\d[\d,]*\s*|(?:" + "|".join(_NUMBERS) + r")\s+)(?:(" + "|".join(_ABBREVIATED) + r")\b(?:\s+(?:pieces?|coins?))?|("
    + "|".join(sorted(set(_ALIASES) - set(_ABBREVIATED), key=len, reverse=True))
    + r")\b(?:(?:\s+(?:pieces?|coins?))|" + _AFTER_WORD + r"))", re.IGNORECASE)


def _found(text: str) -> list[tuple[int, str]]:
    """(count, coin) for every amount of coins the text names."""
    found = []
    for said, short, word in _AMOUNT.findall(text):
        n = said.strip()
        count = _NUMBERS[n.lower()] if n.lower() in _NUMBERS else int(n.replace(",", ""))
        found.append((count, _ALIASES[(short or word).lower()]))
    return found


class Coins(BaseModel):
    """A purse: how many coins of each kind. A campaign written before coins existed loads with none."""

    cp: int = Field(0, ge=0)
    sp: int = Field(0, ge=0)
    ep: int = Field(0, ge=0)
    gp: int = Field(0, ge=0)
    pp: int = Field(0, ge=0)

    @classmethod
    def of_cp(cls, copper: int) -> Coins:
        """The fewest gold, silver and copper coins worth `copper`. Electrum and platinum are left out: the
        SRD calls them unusual coins, and prices and change are counted in gp, sp and cp."""
        left, found = copper, {}
        for coin in ("gp", "sp", "cp"):
            found[coin], left = divmod(left, CP_VALUE[coin])
        return cls(**found)

    def total_cp(self) -> int:
        return sum(getattr(self, coin) * CP_VALUE[coin] for coin in DENOMINATIONS)

    def text(self) -> str:
        """'12 gp, 5 sp' (largest first); 'no coin' for an empty purse."""
        return coins_text({coin: getattr(self, coin) for coin in DENOMINATIONS})


def coins_text(amounts: dict[str, int]) -> str:
    shown = [f"{amounts[c]} {c}" for c in DENOMINATIONS if amounts.get(c)]
    return ", ".join(shown) if shown else "no coin"


def cp_text(copper: int) -> str:
    """A price in copper as a person says it: 250 -> '2 gp, 5 sp'."""
    return Coins.of_cp(copper).text() if copper else "nothing"


def parse_amount(text: str) -> int | None:
    """The value in copper of every coin amount in `text` ('4 cp', '1 gp 5 sp', '5 GP', '2 gold pieces');
    None when it names no amount."""
    found = _found(text)
    if not found:
        return None
    return sum(n * CP_VALUE[coin] for n, coin in found)


def amounts_in(text: str) -> dict[str, int]:
    """Coins named in `text` by kind ('pay Hesper 2 gp and 5 sp' -> {'gp': 2, 'sp': 5})."""
    found: dict[str, int] = {}
    for n, coin in _found(text):
        found[coin] = found.get(coin, 0) + n
    return found
