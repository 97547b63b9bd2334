"""A phone's autocorrect slips ("short rust", "pick the lick") read as the phrase they break, a later step
that is only a way on ("SR then -> point") or goes down a way named here is the move, and listening for
something is a Perception check.
Written for this test apart from every blind set and read by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from engine.play.slips import mended_slips
from tests.engine.play.blind_world import parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")


@pytest.mark.parametrize(("typed", "meant"), [
    ("we take a long rust", "we take a long rest"),
    ("i pick the lick on the chest", "i pick the lock on the chest"),
    ("healing world on idris", "healing word on idris"),
])
def test_a_real_word_one_letter_off_a_phrase_is_the_phrase(typed: str, meant: str) -> None:
    assert " ".join(mended_slips(typed.split())) == meant


@pytest.mark.parametrize("typed", [
    "just open it",  # "bust open" is a phrase, but "just" is a little word said as meant
    "we rest a bit",  # nothing one letter off makes a phrase here
    "i pick up the lamp",  # already a phrase
    "i thumb the cork out of the potion",  # "work out" is a phrase, but its first word is not the one typed
])
def test_words_said_as_meant_are_left_alone(typed: str) -> None:
    assert mended_slips(typed.split()) == typed.split()


@pytest.mark.parametrize(("typed", "meant"), [
    ("listen mr veil", "listen mr vell"),
    ("thank you miss hasper", "thank you miss hesper"),
])
def test_a_word_one_letter_off_a_name_after_a_title_is_the_name(typed: str, meant: str) -> None:
    assert " ".join(mended_slips(typed.split(), frozenset({"osric", "vell", "hesper", "quill"}))) == meant


def test_a_hailed_name_typed_as_no_word_finds_the_one_standing_there() -> None:
    intent = parse_at("Pimm, mate, who rowed out the night the Merrow's Luck went down?", "Kettlecove Docks", "Wren")
    assert (intent.kind, intent.target) == ("roleplay", "Pim Lowrie")


@pytest.mark.parametrize("text", ["Well, that went badly. I search the crates.", "Well, I look around the quay."])
def test_a_word_opening_the_message_before_a_comma_is_no_name(text: str) -> None:
    # "Well" is one letter off Vell, "Look" off nothing here: a word opening a message is said as meant.
    intent = parse_at(text, "Kettlecove Docks", "Wren")
    assert (intent.kind, intent.target) == ("exploration", None)


def test_a_title_before_a_word_that_is_no_name_here_leaves_it() -> None:
    # Only the names of people standing here are guessed: "Mr Veil" with Vell away stays as typed.
    assert mended_slips("listen mr veil".split(), frozenset({"hesper", "quill"})) == ["listen", "mr", "veil"]


def test_a_title_with_a_slipped_name_finds_the_one_standing_there() -> None:
    intent = parse_at("I ask Mr Veil where he was the night the ship sank", "Kettlecove Docks", "Bram")
    assert (intent.kind, intent.target) == ("roleplay", "Osric Vell")


@pytest.mark.parametrize(("text", "location", "kind"), [
    ("we take a short rust, we're beat", "Kettlecove Docks", "rest"),
    ("I pick the lick on the harbormaster's office", "Kettlecove Docks", "skill_check"),
])
def test_a_slip_is_read_as_what_was_meant(text: str, location: str, kind: str) -> None:
    assert parse_at(text, location, "Wren").kind == kind


@pytest.mark.parametrize(("text", "location", "destination"), [
    ("LR then -> docks", "Tarred Gull Inn", "Kettlecove Docks"),
    ("buy two flasks of oil, then the point", "Kettlecove Docks", "Gannet Point"),
])
def test_a_later_step_that_only_names_a_way_on_is_the_move(text: str, location: str, destination: str) -> None:
    intent = parse_at(text, location, "Tova")
    assert (intent.kind, intent.destination) == ("mixed", destination)


@pytest.mark.parametrize("text", [
    "an hour's rest, and then we go down",  # down where? no way on is named
    "skip the small talk, lad, who was out in the boat",  # the caves' boat is a word of them, not their name
])
def test_a_later_step_that_names_no_way_moves_no_one(text: str) -> None:
    assert parse_at(text, "Kettlecove Docks", "Tova").destination is None


@pytest.mark.parametrize(("text", "kind"), [
    ("I lift the trapdoor and listen for footsteps on the stair", "mixed"),  # opening, then a Perception check
    ("listening for voices behind the office door", "skill_check"),
])
def test_listening_for_something_is_a_perception_check(text: str, kind: str) -> None:
    assert parse_at(text, "Gannet Point", "Wren").kind == kind


def test_going_down_a_way_named_here_takes_the_way_it_leads() -> None:
    # The Point's trapdoor opens on a stair down to the caves: named here, it points where it leads.
    intent = parse_at("lift the trapdoor, go down, we'll handle whatever waits", "Gannet Point", "Bram")
    assert (intent.kind, intent.destination) == ("exploration", "Wrecker Caves")
