"""Chat layout, on the sample campaign: a turn planned as a list, or sent as short chat lines, is one turn whose lines are its steps, text
struck through is taken back, handing on the watch is part of the rest it is kept over, "i" or "inv"
alone asks what you carry, and a way out named alone ("the docks"), gone through or followed is the way taken."""

from __future__ import annotations

import pytest

from engine.play.chat_layout import laid_out
from engine.play.intent import parse
from tests.engine.play.blind_world import case_world, parse_at


def _parse(text: str, where: str, actor: str = "Tova"):
    return parse_at(text, where, actor)


def test_each_line_of_a_list_is_a_step():
    intent = _parse("plan:\n1. buy a coil of rope from Vell\n2. count my arrows\n"
                    "3. go up the cliff path to the point", "Kettlecove Docks")
    assert (intent.kind, [p.kind for p in intent.parts], intent.destination) == (
        "mixed", ["inventory", "inventory", "exploration"], "Gannet Point")


def test_a_list_typed_on_one_line_is_steps_each_counted():
    # a plain last step ("3. potion") still counts as a step, as "then" would make it
    intent = parse_at("1. I cut at the thug by the door 2. cut at him again 3. potion", "Gannet Point", "Bram",
                      ["Wrecker Thug", "Wrecker Thug"])
    assert intent.kind == "mixed" and intent.parts[-1].kind == "inventory"


@pytest.mark.parametrize(("text", "kind"), [
    ("- ~~take a short rest~~\n- search the net shed", "exploration"),
    ("~~I attack the lookout~~ I ask Nessa who pays her", "roleplay"),
])
def test_struck_through_text_is_taken_back(text, kind):
    assert _parse(text, "Kettlecove Docks" if "shed" in text else "Gannet Point").kind == kind


def test_a_paragraph_wrapped_over_lines_is_left_as_it_is():
    # Control: long lines with no list markers are a paragraph wrapped by the client; their breaks end nothing.
    text = ("I walk down to the quay with my hood up against the rain and the wind\n"
            "and look over the boats drawn up on the shingle for one that was out last night")
    assert laid_out(text) == text


@pytest.mark.parametrize(("text", "where", "kind", "dest"), [
    ("ok we go\nsecret stair\nup to the lighthouse", "Wrecker Caves", "exploration", "Gannet Point"),
    ("short rest\nwait\nno\nthe thugs could come back\nwe keep moving\nthrough the arch", "Wrecker Caves",
     "exploration", "Drowned Chapel"),
    ("cant stay here\nthe arch\nwe wade through", "Wrecker Caves", "exploration", "Drowned Chapel"),
    ("bed\nlong rest\nwake me at dawn", "Tarred Gull Inn", "rest", None),  # a guard
])
def test_short_chat_lines_are_pieces_of_one_turn(text, where, kind, dest):
    # Sent one short line after another, as in chat: each line ends its piece, so a line taken back ("actually
    # no") takes back the one before, and a way named on its own line is the way taken.
    intent = _parse(text, where, "Wren")
    assert (intent.kind, intent.destination) == (kind, dest)


def test_handing_on_the_watch_is_part_of_the_rest():
    intent = _parse("long rest in the net shed: I take first watch, Bram and I swap at midnight", "Kettlecove Docks")
    assert intent.kind == "rest"


def test_swapping_gear_is_still_handling_it():
    # Control: a swap with a thing after it is gear changed.
    assert _parse("I swap my dagger for the lantern in my pack", "Kettlecove Docks").kind == "inventory"


@pytest.mark.parametrize("text", ["i", "inv", "inv please"])
def test_the_text_adventure_command_for_what_you_carry_asks(text):
    intent = _parse(text, "Tarred Gull Inn")
    assert (intent.kind, intent.clarify) == ("question", None)


@pytest.mark.parametrize(("text", "where", "dest"), [
    ("the docks", "Tarred Gull Inn", "Kettlecove Docks"),
    ("back to the inn", "Kettlecove Docks", "Tarred Gull Inn"),
    ("lighthouse", "Kettlecove Docks", "Gannet Point"),  # a feature of the place, not its keeper's job
    ("down the trapdoor and the stair", "Gannet Point", "Wrecker Caves"),  # a way on from here, with a direction
    ("take us to the harbormaster", "Tarred Gull Inn", "Kettlecove Docks"),  # to wherever he is
    ("we head back to the innn", "Kettlecove Docks", "Tarred Gull Inn"),  # a place's name one letter off
    ("walk down to the docs", "Tarred Gull Inn", "Kettlecove Docks"),  # ... even when that is a word too
    ("up the cliff path", "Kettlecove Docks", "Gannet Point"),  # a noun that is also a climb's cue
])
def test_a_way_out_named_and_nothing_else_is_the_way_taken(text, where, dest):
    intent = _parse(text, where, "Bram")
    assert (intent.kind, intent.destination) == ("exploration", dest)


def test_a_place_named_alone_in_a_fight_is_no_flight():
    # Control: mid-fight a lone word is read as the fight's ("bolt" is no trip to the bolts of cloth in the caves).
    world = case_world({"location": "Drowned Chapel", "in_combat": True, "enemies": ["Drowned Sailor"]})
    assert parse("other one. bolt", world, "Tova").destination is None



@pytest.mark.parametrize(("text", "where", "kind", "dest"), [
    ("we go through the flooded arch", "Wrecker Caves", "exploration", "Drowned Chapel"),
    ("we follow the green glow", "Wrecker Caves", "exploration", "Drowned Chapel"),
    # controls: through a thing is a search, and prints followed are a Survival check, wherever they lead
    ("I go through Crowe's sea chest", "Wrecker Caves", "exploration", None),
    ("I follow the boot prints off the shingle", "Kettlecove Docks", "skill_check", None),
])
def test_going_through_or_following_a_way_on_is_going_there(text, where, kind, dest):
    intent = _parse(text, where)
    assert (intent.kind, intent.destination) == (kind, dest)


@pytest.mark.parametrize("text", ["out", "we head out", "time to move out"])
def test_heading_out_of_a_place_with_one_way_out_takes_it(text):
    intent = _parse(text, "Tarred Gull Inn", "Bram")
    assert (intent.kind, intent.destination) == ("exploration", "Kettlecove Docks")


@pytest.mark.parametrize("text", ["it's dark", "so dark in here", "brr, cold"])
def test_a_state_of_things_said_alone_goes_nowhere(text):
    # The lighthouse "went dark" in Gannet Point's text; saying it is dark in the caves is no way taken there.
    assert _parse(text, "Wrecker Caves", "Idris").destination is None
