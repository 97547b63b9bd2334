"""What the words of a rest, a kind of place and a thing set in place mean, on the sample campaign."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.blind_world import case_world


def _parse(text: str, where: str, actor: str = "Bram"):
    return parse(text, case_world({"location": where}), actor)


@pytest.mark.parametrize(("text", "where", "arrives"), [
    ("go to the pub", "Kettlecove Docks", "Tarred Gull Inn"),
    ("we head back to the tavern", "Kettlecove Docks", "Tarred Gull Inn"),
    ("let's get down to the harbour", "Tarred Gull Inn", "Kettlecove Docks"),
    ("we walk up to the headland", "Kettlecove Docks", "Gannet Point"),
])
def test_a_place_is_reached_by_the_everyday_word_for_its_kind(text, where, arrives):
    intent = _parse(text, where)
    assert (intent.kind, intent.destination) == ("exploration", arrives)


def test_the_bar_inside_the_inn_is_no_journey():
    intent = _parse("I lean on the bar and listen to the fishermen", "Tarred Gull Inn")
    assert intent.destination is None


@pytest.mark.parametrize("text", [
    "we hunker down for an hour and bind our wounds",
    "we sit on the upturned boats for an hour and patch ourselves up",
    "short rest, I bandage Wren's arm",
])
def test_wounds_tended_over_a_rest_are_the_rest(text):
    assert _parse(text, "Wrecker Caves").kind == "rest"


def test_binding_wounds_with_no_rest_is_its_own_act():
    assert _parse("I bind Wren's wounds", "Wrecker Caves").kind != "rest"


def test_a_count_of_hours_is_a_rest_span():
    assert _parse("we sit tight in the boathouse, eight hours", "Kettlecove Docks").kind == "rest"


@pytest.mark.parametrize("text", ["I wedge the reliquary into the cracked circle", "I lay the reliquary on the altar"])
def test_a_thing_set_into_a_fixture_works_the_puzzle(text):
    assert _parse(text, "Drowned Chapel", "Tova").kind == "puzzle"


def test_a_hand_laid_on_a_fixture_is_no_puzzle():
    assert _parse("I rest my hand on the altar and look at the carvings", "Drowned Chapel", "Tova").kind == "exploration"
