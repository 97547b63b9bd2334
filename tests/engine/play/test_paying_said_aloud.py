"""Paying said aloud is still paying: a purchase said outright, or coin handed over as it is said, is the
purchase whoever is hailed (the guide: talk about the deal belongs to it). Written for this test apart from every
blind set and read by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")


@pytest.mark.parametrize(("text", "location", "target"), [
    ("ugh. fine, i'll buy the blasted form. one silver, Vell. happy?", "Kettlecove Docks", "Osric Vell"),
    ('"Here\'s two silver, Hesper. Keep it coming."', "Tarred Gull Inn", "Hesper Quill"),
])
def test_paying_said_to_the_seller_is_the_purchase(text: str, location: str, target: str) -> None:
    intent = parse_at(text, location, "Bram")
    assert (intent.kind, intent.target) == ("inventory", target)


def test_money_only_spoken_of_is_talk() -> None:
    assert parse_at('"Two silver for a room? Robbery, Hesper."', "Tarred Gull Inn", "Bram").kind == "roleplay"


@pytest.mark.parametrize("text", [
    "Hesper, dear. more wine, and a bowl of stew. and tell me, has Vell been in tonight?",
    "a round for the tables, Hesper! nobody talks dry. and while you pour: who has been paying in that odd silver?",
    "evening all. one ale, Hesper, the dark one. and has anyone seen Aldous this week?",
])
def test_an_order_in_a_longer_message_is_still_an_order(text: str) -> None:
    intent = parse_at(text, "Tarred Gull Inn", "Bram")
    assert intent.kind == "mixed" and list(dict.fromkeys(p.kind for p in intent.parts)) == ["inventory", "roleplay"]


def test_who_someone_is_said_before_a_purchase_asks_nothing_though_a_later_sentence_asks() -> None:
    # "Bram, who hates haggling, ..." says who Bram is; the question mark at the end is the price checked.
    intent = parse_at("Bram, who hates haggling, buys a coil of rope. that's 1 silver right?", "Kettlecove Docks", "Bram")
    assert (intent.kind, intent.target) == ("inventory", "Osric Vell")


@pytest.mark.parametrize("text", [
    "a room for the night please, love",
    "two rooms for the night please, Hesper",
])
def test_lodging_asked_for_a_span_is_the_purchase_not_a_rest(text: str) -> None:
    # "for the night" says how long the room is had: it is bought from Hesper, no time is spent resting yet.
    intent = parse_at(text, "Tarred Gull Inn", "Tova")
    assert (intent.kind, intent.target) == ("inventory", "Hesper Quill")


@pytest.mark.parametrize("text", [
    "more wine, Hesper",
    "another round please",
    "another bowl of your stew please Hesper",
])
def test_more_of_a_ware_asked_for_bare_is_an_order(text: str) -> None:
    intent = parse_at(text, "Tarred Gull Inn", "Bram")
    assert (intent.kind, intent.target) == ("inventory", "Hesper Quill")


def test_more_said_of_a_ware_is_no_order() -> None:
    assert parse_at("more of that stew would be a crime", "Tarred Gull Inn", "Bram").kind != "inventory"


@pytest.mark.parametrize("text", [
    "*slides two coppers across the bar* \"Ale, love. I'll drink it here.\"",
    "*puts a silver on the counter* \"Room for the night, please.\"",
])
def test_coin_laid_down_in_a_starred_act_before_words_in_quotes_is_the_purchase(text: str) -> None:
    intent = parse_at(text, "Tarred Gull Inn", "Bram")
    assert (intent.kind, intent.target) == ("inventory", "Hesper Quill")
