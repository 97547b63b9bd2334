"""Two readings from the world and the table, written for this test apart from every blind set: a thing
sold here asked for with a verb of ordering is a purchase, and a question tacked on after an act
("also what time is it") is a question part, filler words or not; asking someone for a thing sold is the order."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.blind_world import case_world


def _kind(text: str, location: str, actor: str = "Bram") -> str:
    world = case_world({"location": location, "in_combat": False, "enemies": [], "actor": actor})
    return parse(text, world, actor).kind


@pytest.mark.parametrize("text, location", [
    ("I'll have the stew, whatever's in it", "Tarred Gull Inn"),
    ("order us a pitcher of the red", "Tarred Gull Inn"),
    ("can I get a hooded lantern and some oil", "Kettlecove Docks"),
    ("I grab a coil of hemp rope off the chandler's hook", "Kettlecove Docks"),
])
def test_ordering_what_is_sold_here_is_a_purchase(text: str, location: str) -> None:
    assert _kind(text, location) == "inventory"


@pytest.mark.parametrize("text, location", [
    ("we ask Hesper for two bowls of the stew", "Tarred Gull Inn"),
    ("I ask the harbormaster for a flask of lamp oil", "Kettlecove Docks"),
])
def test_asking_for_what_is_sold_here_is_the_order(text: str, location: str) -> None:
    assert _kind(text, location) == "inventory"


def test_asking_for_news_is_still_talk() -> None:
    # a control: nothing sold is asked for
    assert _kind("I ask Hesper for any news of the old keeper", "Tarred Gull Inn") == "roleplay"


@pytest.mark.parametrize("text", ["same again, Hesper", "ale x3", "2x bread please", "Hesper, stew please"])
def test_an_order_typed_as_a_tally_or_a_repeat_is_a_purchase(text: str) -> None:
    assert _kind(text, "Tarred Gull Inn") == "inventory"


@pytest.mark.parametrize("text, location", [
    ("we take a room and turn in for the night", "Tarred Gull Inn"),  # the room is part of the rest
    ("I have a look at the stew pot", "Tarred Gull Inn"),  # "have a look": no ware ordered
])
def test_a_ware_named_without_ordering_it_is_no_purchase(text: str, location: str) -> None:
    assert _kind(text, location) != "inventory"


@pytest.mark.parametrize("text", [
    "Hesper, pour me a shot of whatever burns",  # the seller hailed beside the order
    "a mug of your darkest for me, Hesper",
    "\"Two ales, love, and keep them coming\"",  # an order said in quotes is still the order
    "'Another bowl of that stew, Hesper, and a loaf for the road'",
    "I should very much like a flagon of your darkest, good woman",  # a measure of it ordered, formally
])
def test_an_order_put_to_the_seller_is_a_purchase_not_talk(text: str) -> None:
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": [], "actor": "Bram"})
    intent = parse(text, world, "Bram")
    assert (intent.kind, intent.target) == ("inventory", "Hesper Quill")


@pytest.mark.parametrize("text", [
    "\"A pint? In this weather?\" I ask Hesper",  # asked in quotes: talk about it
    "buy a round and ask Hesper who paid in foreign silver",  # the seller talked to in a clause of their own
])
def test_a_ware_spoken_of_to_the_seller_keeps_the_talk(text: str) -> None:
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": [], "actor": "Bram"})
    intent = parse(text, world, "Bram")
    assert intent.kind == "roleplay" or "roleplay" in [p.kind for p in intent.parts]


@pytest.mark.parametrize("text", ["I search the upturned boats. also, what day is it?",
                                  "I search the harbor office. btw how late is it"])
def test_a_question_tacked_on_after_an_act_makes_it_mixed(text: str) -> None:
    world = case_world({"location": "Kettlecove Docks", "in_combat": False, "enemies": [], "actor": "Wren"})
    intent = parse(text, world, "Wren")
    assert intent.kind == "mixed" and "question" in [p.kind for p in intent.parts]


@pytest.mark.parametrize("text", ["I scan the quay, who's about this early?",
                                  "I look over the upturned boats. what's under them?"])
def test_asking_what_a_look_will_find_is_the_look(text: str) -> None:
    world = case_world({"location": "Kettlecove Docks", "in_combat": False, "enemies": [], "actor": "Wren"})
    intent = parse(text, world, "Wren")
    assert (intent.kind, intent.question) == ("exploration", False)


@pytest.mark.parametrize("text", ["asdf qwerty zxcv", "kkkk"])
def test_nonsense_is_asked_back_not_guessed(text: str) -> None:
    world = case_world({"location": "Wrecker Caves", "in_combat": True,
                        "enemies": ["Silas Crowe", "Wrecker Thug", "Giant Crab"], "actor": "Idris"})
    intent = parse(text, world, "Idris")
    assert intent.confidence == 0.0 and "didn't catch that" in (intent.clarify or "")


def test_a_misspelt_name_alone_is_still_offered_back() -> None:
    world = case_world({"location": "Wrecker Caves", "in_combat": True,
                        "enemies": ["Silas Crowe", "Wrecker Thug", "Giant Crab"], "actor": "Idris"})
    intent = parse("Silus?", world, "Idris")
    assert intent.confidence > 0 and "didn't catch that" not in (intent.clarify or "")


@pytest.mark.parametrize("text", ["so nessa, is there a way down to the caves from here?",
                                  "Nessa, where does that trapdoor lead?",
                                  "Nessa, tell me, who climbed down there last night?"])
def test_a_question_put_to_someone_hailed_is_theirs_to_answer_and_moves_no_one(text: str) -> None:
    world = case_world({"location": "Gannet Point", "in_combat": False, "enemies": [], "actor": "Tova"})
    intent = parse(text, world, "Tova")
    assert (intent.kind, intent.target, intent.destination) == ("roleplay", "Nessa Rook", None)
