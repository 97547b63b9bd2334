"""Money or a thing passed to someone, with words to them beside it, on the sample campaign: talk about the
deal is the purchase; a question about anything else is a second act (the guide's "trade with talk"); going
somewhere unnamed to do a thing ("go up to sleep") is doing it."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at


def _parse(text: str, where: str, actor: str = "Bram"):
    return parse_at(text, where, actor)


@pytest.mark.parametrize(("text", "where", "target"), [
    ("I flick Pim a copper. 'Right, who went out in that rowboat last night?'", "Kettlecove Docks", "Pim Lowrie"),
    ("I give Hesper a silver. 'Did Silas Crowe come in here this week?'", "Tarred Gull Inn", "Hesper Quill"),
])
def test_money_passed_and_a_question_on_another_matter_are_two_acts(text, where, target):
    intent = _parse(text, where)
    assert (intent.kind, [p.kind for p in intent.parts], intent.target) == (
        "mixed", ["inventory", "roleplay"], target)


def test_money_and_a_question_told_as_a_paragraph_are_still_two_acts():
    # Two sentences read like a told scene, but the guide's trade-with-talk rule makes them two acts.
    intent = _parse("Here's a silver for the ale, Hesper. While you're here, has anyone seen the old keeper this week?",
                    "Tarred Gull Inn")
    assert (intent.kind, [p.kind for p in intent.parts]) == ("mixed", ["inventory", "roleplay"])


def test_a_tag_on_the_price_is_no_second_question():
    # Control: "was it?" asks about the price just named.
    assert _parse("Hesper, could I get a bowl of the stew? Three copper, was it?", "Tarred Gull Inn").kind == "inventory"


def test_words_about_the_price_belong_to_the_purchase():
    # Control: the change is part of the deal.
    assert _parse("one ale please, here's a silver, keep the change", "Tarred Gull Inn").kind == "inventory"



def test_going_somewhere_unnamed_to_sleep_is_the_rest():
    intent = _parse("I put two silver on the bar for a room and go straight up to sleep", "Tarred Gull Inn")
    assert (intent.kind, [p.kind for p in intent.parts]) == ("mixed", ["inventory", "rest"])


def test_going_to_a_named_place_to_do_something_is_still_the_move():
    # Control: a place named is where the party goes.
    intent = _parse("we go down to the docks to buy rope", "Tarred Gull Inn")
    assert (intent.kind, intent.destination) == ("exploration", "Kettlecove Docks")


@pytest.mark.parametrize("text", [
    "hesper, two ales, and who's been spending that foreign silver round here?",
    "a bowl of stew please, Hesper. and where did Vell get the money for that coat?",
])
def test_an_order_and_a_question_on_another_matter_are_two_acts(text):
    # Money words in the question ("silver", "money") are the news asked for, not the deal.
    intent = _parse(text, "Tarred Gull Inn")
    assert (intent.kind, [p.kind for p in intent.parts]) == ("mixed", ["inventory", "roleplay"])


@pytest.mark.parametrize("text", [
    "Hesper, your stew could raise the dead. What do you put in it?",
    "two ales please, love?",
])
def test_a_ware_praised_or_a_word_of_address_is_no_second_act(text):
    # Control: a ware talked of is no order; "love?" closing an order asks nothing.
    assert _parse(text, "Tarred Gull Inn").kind in ("roleplay", "inventory")
    assert _parse(text, "Tarred Gull Inn").parts == []
