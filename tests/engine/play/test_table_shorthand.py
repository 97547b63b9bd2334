"""The table's shorthand, read by the rules alone (as when no second opinion is shipped): game abbreviations
("HD", "perc", "BA"), an interjection before a question ("ooh, is it ...?"), and a seller hailed at the end
of an order of several things ("two bowls of stew and a pint, Hesper")."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from engine.play import second_opinion
from tests.engine.play.blind_world import parse_at


@pytest.fixture(autouse=True)
def _rules_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(second_opinion, "_model", lambda: None)


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
