"""Orders at a counter, written for this test apart from every blind set and read by the rules alone (the
second opinion switched off): an order told in short pieces around the seller's name is the purchase, so is
standing a round, and a purchase told as the story so far orders nothing now."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from engine.play.intent import parse, rule_view
from tests.engine.play.blind_world import case_world

pytestmark = pytest.mark.usefixtures("rules_alone")


def _kind(text: str, location: str = "Tarred Gull Inn", actor: str = "Tova") -> str:
    world = case_world({"location": location, "in_combat": False, "enemies": [], "actor": actor})
    return parse(text, world, actor).kind


@pytest.mark.parametrize("text", [
    "Hesper. Ale. Please. Long road today.",  # five pieces, one of them empty after the last stop
    "Right. Hesper. Two stews. Thanks, love.",
])
def test_an_order_told_in_pieces_is_the_purchase(text: str) -> None:
    assert _kind(text) == "inventory"


@pytest.mark.parametrize("text", [
    "hesper a round on me",
    "Hesper! a round, on us!",
])
def test_standing_a_round_is_the_purchase(text: str) -> None:
    assert _kind(text) == "inventory"


def test_a_purchase_told_as_the_story_so_far_orders_nothing_now() -> None:
    text = "Yesterday we rowed in and bought lamp oil off the harbormaster. Today I walk up to the point."
    world = case_world({"location": "Kettlecove Docks", "in_combat": False, "enemies": [], "actor": "Bram"})
    intent = parse(text, world, "Bram")
    assert (intent.kind, intent.destination) == ("exploration", "Gannet Point")
    # Not even a faint second act the second opinion could bring back.
    assert rule_view(text, world, "Bram").leaders == (IntentKind.EXPLORATION,)


@pytest.mark.parametrize("text", [
    "I order a bowl of stew and ask Hesper where Vell was last night",  # "night" is when, not a rest
    "ale for me please Hesper, and has anyone seen the keeper lately?",  # the ware, then whom it is for
])
def test_an_order_beside_talk_on_another_matter_is_two_acts(text: str) -> None:
    assert _kind(text) == "mixed"
