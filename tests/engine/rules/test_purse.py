"""Coins (SRD 5.2: 1 gp = 10 sp = 100 cp, 1 ep = 5 sp, 1 pp = 10 gp): prices, change, handing over, sharing."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.errors import InvalidInputError
from engine.models.coins import Coins, amounts_in, cp_text, parse_amount
from engine.models.wares import Ware
from engine.models.world import Character, HitPoints
from engine.rules import purse


def pc(name: str = "Bram", **coins: int) -> Character:
    return Character(name=name, **{"class": "fighter"}, hp=HitPoints(current=10, max=10), coins=Coins(**coins))


def test_prices_as_campaigns_and_the_srd_write_them():
    assert parse_amount("4 cp") == 4
    assert parse_amount("1 gp 5 sp") == 150
    assert parse_amount("5 GP") == 500  # dndwright's weapons.json / armor.json
    assert parse_amount("1,500 GP") == 150_000
    assert parse_amount("2 gold pieces and 3 copper") == 203
    assert parse_amount("1 ep") == 50 and parse_amount("1 pp") == 1000
    assert parse_amount("a handful") is None
    assert amounts_in("pay Hesper 2 gp and 5 sp") == {"gp": 2, "sp": 5}
    assert amounts_in("tip Hesper a copper") == {"cp": 1}
    assert amounts_in("give three gold to Wren") == {"gp": 3}
    # A coin word before another noun describes it: no money in these.
    assert amounts_in("sell the 2 gold rings") == {} and amounts_in("a silver mirror") == {}
    assert amounts_in("I buy an asp") == {}


def test_purse_text_and_the_fewest_coins():
    assert Coins(gp=14, sp=7, cp=9).text() == "14 gp, 7 sp, 9 cp"
    assert Coins().text() == "no coin"
    assert Coins(pp=1, ep=2).total_cp() == 1100
    assert Coins.of_cp(1234) == Coins(gp=12, sp=3, cp=4)  # change is never paid in electrum or platinum
    assert cp_text(1500) == "15 gp" and cp_text(0) == "nothing"


def test_exact_coins_are_paid_when_the_purse_has_them():
    bram = pc(gp=14, sp=7, cp=9)
    change = purse.pay(bram, 250, "Hesper Quill")
    assert bram.coins == Coins(gp=12, sp=2, cp=9)
    assert change.kind == "coins" and change.before == Coins(gp=14, sp=7, cp=9).model_dump()
    assert change.after == bram.coins.model_dump()
    assert "gets" not in change.description


def test_change_is_made_across_denominations():
    bram = pc(gp=3)
    change = purse.pay(bram, 4, "Hesper Quill")  # a 4 cp ale paid with a gold piece
    assert bram.coins == Coins(gp=2, sp=9, cp=6)
    assert "hands over 1 gp, gets 9 sp, 6 cp back" in change.description


def test_a_needless_small_coin_stays_in_the_purse():
    # 9 cp with 1 sp and 5 cp: hand over the silver, get 1 cp back, keep the five coppers.
    wren = pc("Wren", sp=1, cp=5)
    purse.pay(wren, 9, "Pim Lowrie")
    assert wren.coins == Coins(cp=6)


def test_electrum_and_platinum_are_spent_like_any_coin():
    idris = pc("Idris", pp=1, ep=1, sp=3)
    purse.pay(idris, 50, "Hesper Quill")  # 5 sp: the electrum piece is exactly that
    assert idris.coins == Coins(pp=1, sp=3)
    purse.pay(idris, 250, "Osric Vell")  # 2 gp 5 sp: the platinum piece is broken
    assert idris.coins == Coins(gp=7, sp=8)
    assert idris.coins.total_cp() == 1000 + 30 - 250


def test_too_little_coin_is_refused_and_changes_nothing():
    tova = pc("Tova", sp=3)
    with pytest.raises(InvalidInputError, match="has 3 sp, not the 5 sp"):
        purse.pay(tova, 50, "Hesper Quill")
    assert tova.coins == Coins(sp=3)


def test_handing_over_moves_the_very_coins_named():
    tova, wren = pc("Tova", gp=17, sp=5), pc("Wren", cp=2)
    changes = purse.hand_over(tova, wren, {"gp": 3})
    assert (tova.coins, wren.coins) == (Coins(gp=14, sp=5), Coins(gp=3, cp=2))
    assert [c.target for c in changes] == ["Tova", "Wren"]
    with pytest.raises(InvalidInputError, match="not 1 pp"):
        purse.hand_over(tova, wren, {"pp": 1})
    assert tova.coins == Coins(gp=14, sp=5)


def test_sharing_out_leaves_the_odd_coins_with_the_holder():
    holder = pc("Idris", gp=17, sp=3, cp=8)
    others = [pc("Bram"), pc("Wren"), pc("Tova", gp=1)]
    changes, odd = purse.share_out(holder, [holder, *others])
    assert [o.coins for o in others] == [Coins(gp=4, cp=2), Coins(gp=4, cp=2), Coins(gp=5, cp=2)]
    assert holder.coins == Coins(gp=5, sp=3, cp=2)  # own share of 4 gp 2 cp plus the odd 1 gp, 3 sp
    assert odd == {"gp": 1, "sp": 3}
    assert len(changes) == 4
    total = holder.coins.total_cp() + sum(o.coins.total_cp() for o in others)
    assert total == 1738 + 100, "sharing neither makes nor loses a coin"


def test_a_ware_needs_a_price_written_as_coins():
    assert Ware(name="Ale", price="2 cp", round="2 sp").round_cp() == 20
    assert Ware(name="Arms", srd="weapons").cost_cp() == 0
    with pytest.raises(ValidationError, match="needs a price"):
        Ware(name="Ale")
    with pytest.raises(ValidationError, match="write coins such as"):
        Ware(name="Ale", price="cheap")
