"""A purchase that names no seller is made with whoever sells it here: coin slapped on the bar at the inn is
for Hesper, a lantern bought at the docks is the harbormaster's. A role typed as two words ("harbor master")
and a count spelt out ("fifty feet of rope") read as they are meant."""

from __future__ import annotations

import pytest

from engine.play.intent import parse, rule_view
from tests.engine.play.test_understanding import _world


@pytest.mark.parametrize(("text", "where", "seller"), [
    ("The door bangs open. Idris strides to the bar and slaps down two silver. \"Wine,\" he growls.",
     "Tarred Gull Inn", "Hesper Quill"),
    ("*lays five silver on the counter* a room for the night, one without a leak", "Tarred Gull Inn", "Hesper Quill"),
    ("Purchasing: hooded lantern + 2 flasks of oil. Take it out of my purse pls", "Kettlecove Docks", "Osric Vell"),
    ("i by fifty feet of rope from the harbor master", "Kettlecove Docks", "Osric Vell"),
    ("I'd like to purchase one flask of lamp oil, please and thank you", "Kettlecove Docks", "Osric Vell"),
])
def test_a_purchase_with_no_seller_named_is_made_with_the_one_who_sells_it(text, where, seller):
    intent = parse(text, _world(where), "Idris")
    assert (intent.kind, intent.target) == ("inventory", seller), (text, intent)


def test_a_role_typed_as_two_words_is_the_role():
    intent = parse("I ask the harbor master where he was the night the ship went down", _world("Kettlecove Docks"),
                   "Wren")
    assert (intent.kind, intent.target) == ("roleplay", "Osric Vell")


def test_coin_shared_out_in_the_party_is_sold_by_no_one():
    # Control: money passed among the party out in the caves has no seller to find.
    intent = parse("we split the forty silver from the chest four ways", _world("Wrecker Caves"), "Wren")
    assert intent.target is None


def test_two_everyday_words_are_not_joined_into_a_world_word():
    # "look out" is no lookout, "long" and "sword" far apart stay apart.
    intent = parse("I look out over the harbor for the boat", _world("Kettlecove Docks"), "Wren")
    assert intent.kind == "exploration"


@pytest.mark.parametrize(("text", "kind"), [("hesper, can I get a pint?", "inventory"),
                                            ("Hesper, could we get two bowls of stew?", "inventory"),
                                            ("Hesper, can you tell me where Crowe drinks?", "roleplay")])
def test_an_order_asked_of_the_seller_is_the_order_by_the_rules_alone(text, kind):
    # The rules, not the learned second opinion, read "can I get ..." said to the seller as the purchase.
    assert [k.value for k in rule_view(text, _world("Tarred Gull Inn"), "Bram").kinds] == [kind], text
