"""Players in a hurry and players who half-remember names, on the sample campaign: a way named in clipped
fragments is still the way taken, a flight in a fight goes where it names, "skip to" a place goes there, and
a name said again to put it right hails no one."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at

_FOES = {"Drowned Chapel": ["Drowned Sailor", "Drowned Sailor"], "Kettlecove Docks": ["Wrecker Thug"]}


def _parse(text: str, where: str, fight: bool = False):
    return parse_at(text, where, "Wren", _FOES[where] if fight else None)


@pytest.mark.parametrize(("text", "where", "arrives"), [
    ("point. now. before it gets dark", "Kettlecove Docks", "Gannet Point"),
    ("the inn, now, while Hesper's still up", "Kettlecove Docks", "Tarred Gull Inn"),
    ("aight head out", "Tarred Gull Inn", "Kettlecove Docks"),
    ("skip to the caves", "Kettlecove Docks", "Wrecker Caves"),
    ("ok skip ahead to the lighthouse", "Wrecker Caves", "Gannet Point"),
])
def test_a_way_named_in_a_hurry_is_the_way_taken(text, where, arrives):
    intent = _parse(text, where)
    assert (intent.kind, intent.destination) == ("exploration", arrives)


def test_a_flight_in_a_fight_goes_where_it_names():
    intent = _parse("retreat. caves. go go go", "Drowned Chapel", fight=True)
    assert (intent.kind, intent.destination) == ("exploration", "Wrecker Caves")


def test_a_place_named_in_a_fight_without_fleeing_is_no_flight():
    # Control: "other one. caves guy" names no way out; a place word in a fight is not a flight by itself.
    assert _parse("the docks one. hit him", "Kettlecove Docks", fight=True).destination is None


def test_skipping_a_place_still_refuses_it():
    # Control: "skip" without "to" is still leaving something out.
    intent = _parse("skip the lighthouse, we head for the caves", "Kettlecove Docks")
    assert intent.destination == "Wrecker Caves"


@pytest.mark.parametrize(("text", "kind"), [
    ("I buy a lantern off Mr Vel... Vellum? Vell.", "inventory"),
    ("I sell the scimitars to Osrik. Osric.", "inventory"),
])
def test_a_name_said_again_to_put_it_right_hails_no_one(text, kind):
    intent = _parse(text, "Kettlecove Docks")
    assert (intent.kind, intent.target) == (kind, "Osric Vell")


def test_a_name_said_alone_after_an_act_about_someone_else_still_hails():
    # Control: Pim was not named before; saying his name turns to him.
    intent = _parse("I wave at Vell. Pim. what did you see that night?", "Kettlecove Docks")
    assert (intent.kind, intent.target) == ("roleplay", "Pim Lowrie")
