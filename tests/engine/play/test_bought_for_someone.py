"""Buying for someone else, thanks said beside an act, and someone else's going told inside the act, written
for this test apart from every blind set and read by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from engine.models.intent import ActionIntent
from engine.play.intent import parse
from tests.engine.play.blind_world import case_world

pytestmark = pytest.mark.usefixtures("rules_alone")


def _parse(text: str, location: str, actor: str = "Idris") -> ActionIntent:
    world = case_world({"location": location, "in_combat": False, "enemies": [], "actor": actor})
    return parse(text, world, actor)


@pytest.mark.parametrize(("text", "location", "seller"), [
    ("I buy Wren a coil of rope", "Kettlecove Docks", "Osric Vell"),  # Wren gets it; Vell sells it
    ("purchasing tova some crossbow bolts", "Kettlecove Docks", "Osric Vell"),
    ("I'll buy a lantern then, Bram's is cracked", "Kettlecove Docks", "Osric Vell"),  # Bram only owns
    ("I buy the burned sailor by the fire a pint", "Tarred Gull Inn", "Hesper Quill"),  # no stat block sells
    ("a bowl of stew for the lad by the fire, Hesper", "Tarred Gull Inn", "Hesper Quill"),
])
def test_a_purchase_for_someone_else_is_made_from_the_seller(text: str, location: str, seller: str) -> None:
    intent = _parse(text, location)
    assert (intent.kind, intent.target) == ("inventory", seller)


def test_something_handed_over_from_ones_own_pack_is_for_the_one_named() -> None:
    intent = _parse("I get Bram the rope from my pack", "Kettlecove Docks")
    assert (intent.kind, intent.target) == ("inventory", "Bram")


@pytest.mark.parametrize(("text", "kind"), [
    ("thanks for the stew, Hesper, I'm turning in for a long rest", "rest"),
    ("Thank you for your help. We head down to the docks", "exploration"),
])
def test_thanks_for_a_thing_beside_an_act_adds_no_part(text: str, kind: str) -> None:
    assert _parse(text, "Tarred Gull Inn", "Tova").kind == kind


def test_thanks_alone_is_still_said_to_someone() -> None:
    assert _parse("thanks for the stew, Hesper", "Tarred Gull Inn", "Tova").kind == "roleplay"


def test_where_the_tracks_go_is_found_out_not_gone_to() -> None:
    intent = _parse("I follow the prints up the shingle and see where they go", "Gannet Point", "Wren")
    assert (intent.kind, intent.destination) == ("skill_check", None)


def test_the_partys_own_going_still_moves_it() -> None:
    intent = _parse("we go down to the docks and see what they want", "Gannet Point", "Wren")
    assert (intent.kind, intent.destination) == ("exploration", "Kettlecove Docks")


def test_a_purchase_typed_as_a_form_is_for_the_one_after_for() -> None:
    intent = _parse("BUY: crossbow bolts x20 | FOR: Tova | FROM: harbor store | PAY: 1gp", "Kettlecove Docks")
    assert (intent.kind, intent.target) == ("inventory", "Osric Vell")


def test_a_purchase_said_before_a_move_is_made_from_the_seller() -> None:
    # The purchase is said first, though the move weighs more: the first part's target is the seller.
    intent = _parse("ok buying the lantern and a flask of oil, then we go up to the Point. go", "Kettlecove Docks")
    assert (intent.kind, intent.target, intent.destination) == ("mixed", "Osric Vell", "Gannet Point")


def test_a_purchase_beside_a_trip_is_from_the_seller_and_goes_where_the_trip_goes() -> None:
    # The lighthouse's keeper is away: no purchase from him; the rope bought is no word of where to go.
    intent = _parse("could i buy some rope and then go up to the lighthouse", "Kettlecove Docks", "Bram")
    assert (intent.kind, intent.target, intent.destination) == ("mixed", "Osric Vell", "Gannet Point")
