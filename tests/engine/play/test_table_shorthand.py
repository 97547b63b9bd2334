"""The table's shorthand, read by the rules alone (as when no second opinion is shipped): chat commands ("/day",
"/pickup"), a rules question about a class, game abbreviations
("HD", "perc", "BA"), an interjection before a question ("ooh, is it ...?"), and a seller hailed at the end
of an order of several things ("two bowls of stew and a pint, Hesper")."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")


@pytest.mark.parametrize(("text", "where", "kind"), [
    ("burning 3 HD on the steps", "Gannet Point", IntentKind.REST),
    ("perc check at the office door", "Kettlecove Docks", IntentKind.SKILL_CHECK),
])
def test_game_abbreviations_are_read_as_their_words(text, where, kind):
    assert parse_at(text, where, "Tova").kind == kind


def test_an_interjection_before_a_question_leaves_it_a_question():
    intent = parse_at("ooh is the crab bloodied? I hit it again", "Wrecker Caves", "Tova", ["Giant Crab"])
    assert (intent.kind, [p.kind for p in intent.parts]) == (IntentKind.MIXED, [IntentKind.QUESTION, IntentKind.COMBAT])


def test_a_seller_hailed_after_an_order_of_several_things_is_sold_to():
    intent = parse_at("we would like two bowls of stew and a pint, Hesper", "Tarred Gull Inn", "Tova")
    assert (intent.kind, intent.target) == (IntentKind.INVENTORY, "Hesper Quill")


def test_a_seller_hailed_before_a_question_on_another_matter_is_still_talked_to():
    # a control: nothing is ordered
    assert parse_at("Hesper, who was that man in the green coat?", "Tarred Gull Inn", "Tova").kind == IntentKind.ROLEPLAY


@pytest.mark.parametrize("text", ["/day", "/quests"])
def test_a_chat_command_alone_that_names_no_act_asks_how_things_stand(text):
    assert parse_at(text, "Kettlecove Docks", "Tova").kind == IntentKind.QUESTION


def test_a_chat_command_run_together_is_its_act():
    assert parse_at("/pickup the handaxe", "Wrecker Caves", "Tova").kind == IntentKind.INVENTORY


@pytest.mark.parametrize("text", [
    "can clerics cast spells in heavy armour",
    "quick rules question: does a fighter get second wind back on a short rest",
])
def test_the_rules_asked_about_a_class_are_a_question(text):
    assert parse_at(text, "Wrecker Caves", "Tova").kind == IntentKind.QUESTION


def test_a_class_named_in_an_act_is_still_the_act():
    # a control: "a rogue's trick" asks nothing
    assert parse_at("I pick the lock on the chest like a proper rogue", "Wrecker Caves", "Wren").kind \
        == IntentKind.SKILL_CHECK


@pytest.mark.parametrize("text", ["hit points?", "my hit points?"])
def test_hit_points_asked_in_a_fight_are_a_question_not_a_blow(text):
    assert parse_at(text, "Wrecker Caves", "Bram", ["Giant Crab"]).kind == IntentKind.QUESTION


@pytest.mark.parametrize("text", ["x the ward", "x niche"])
def test_x_opening_a_message_examines(text):
    # the guide: looking at a puzzle piece without working it is exploration
    assert parse_at(text, "Drowned Chapel", "Tova").kind == IntentKind.EXPLORATION
