"""Habits the labelling guide settled for set 20, read by the rules alone (as when no second opinion is shipped):
a question a look will not answer, "inv" beside a check, a run of orders, a roll asked with "give me", courtly
English ("mine ear", "smiteth"), and what the hands and a kit do."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at

K = IntentKind


pytestmark = pytest.mark.usefixtures("rules_alone")


def _kinds(text: str, where: str, foes: list[str] | None = None) -> tuple[IntentKind, list[IntentKind]]:
    intent = parse_at(text, where, "Wren", foes)
    return intent.kind, [p.kind for p in intent.parts]


def test_a_question_the_look_will_not_answer_is_a_part_of_its_own():
    assert _kinds("sorry, where are we? ok I look at the altar", "Drowned Chapel") == (
        K.MIXED, [K.QUESTION, K.EXPLORATION])


@pytest.mark.parametrize("text", ["what's under the barrels? I go look", "is it locked? I check the door"])
def test_a_question_the_look_answers_is_what_the_look_is_for(text):
    assert _kinds(text, "Gannet Point")[0] == K.EXPLORATION  # a control


@pytest.mark.parametrize(("text", "kind"), [
    ("inv check on the desk", K.SKILL_CHECK),
    ("rolling inv for the desk", K.SKILL_CHECK),
    ("inv", K.QUESTION),  # alone it asks what you carry: a control
])
def test_inv_beside_a_check_is_investigation(text, kind):
    assert parse_at(text, "Kettlecove Docks", "Wren").kind == kind


def test_a_run_of_orders_is_a_list_of_steps():
    kind, parts = _kinds("search desk, grab ledger, search shelf", "Kettlecove Docks")
    assert kind == K.MIXED and parts[:2] == [K.EXPLORATION, K.INVENTORY]


def test_a_roll_asked_of_the_dm_with_give_me_is_the_check():
    assert parse_at("give me a perception check on the cliff", "Gannet Point", "Wren").kind == K.SKILL_CHECK


@pytest.mark.parametrize(("text", "where", "kind"), [
    ("Ere we knock, I press mine ear unto the door and hearken for any voice within.", "Kettlecove Docks",
     K.SKILL_CHECK),
    ("Prithee, good Hesper, a bowl of thy stew.", "Tarred Gull Inn", K.INVENTORY),
])
def test_courtly_english_is_read_as_todays(text, where, kind):
    assert parse_at(text, where, "Wren").kind == kind


@pytest.mark.parametrize(("text", "where", "foes", "kind"), [
    ("Tova pressed her ear to the harbor office door and listened.", "Kettlecove Docks", None, K.SKILL_CHECK),
    ("Idris: I use detect magic on the circle of silver in the floor", "Drowned Chapel", None, K.EXPLORATION),
    ("fine, I'll take second watch", "Gannet Point", None, K.REST),
    ("Healer's kit on Bram, 1 use, stabilise him", "Wrecker Caves", ["Giant Crab"], K.INVENTORY),
    ("I stabilise Bram", "Wrecker Caves", ["Giant Crab"], K.SKILL_CHECK),  # no kit: Medicine, a control
    ("I rolled Investigation on the coins in the tin", "Tarred Gull Inn", None, K.SKILL_CHECK),
])
def test_what_the_hands_and_the_kit_do(text, where, foes, kind):
    # An ear laid to a door works no door, a detection spell on a fixture looks at it, a watch by its turn is
    # the rest's, a kit named is the thing used to tend, and a roll told in the past is the check.
    actor, _, said = text.rpartition(": ")
    assert parse_at(said, where, actor or "Tova", foes).kind == kind
