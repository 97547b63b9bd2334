"""Words that say when something happens, on the sample campaign: a time phrase ("before the next
fight") is no act of its own, and after a fronted time clause the main clause is the act."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.blind_world import case_world


def _parse(text: str, where: str = "Tarred Gull Inn", actor: str = "Bram", fight: bool = False):
    enemies = ["Silas Crowe", "Wrecker Thug", "Giant Crab"] if fight else []
    return parse(text, case_world({"location": where, "in_combat": fight, "enemies": enemies}), actor)


@pytest.mark.parametrize("text,kind", [("we need our hp back before the next fight", "rest"),
                                       ("I put my shield back on after the climb", "inventory"),
                                       ("after the fight we loot the bodies", "inventory"),
                                       ("before we go I buy some rope off Hesper", "inventory"),
                                       ("before we leave, let's short rest here", "rest")])
def test_a_time_phrase_is_no_act_of_its_own(text, kind):
    intent = _parse(text)
    assert intent.kind == kind and not intent.parts


def test_after_a_fronted_time_clause_the_main_clause_is_the_act():
    intent = _parse("when the thug looks away I slip past him", "Kettlecove Docks", "Wren")
    assert intent.kind == "skill_check"


@pytest.mark.parametrize("text,target", [("I help Tova go after the thug", "Wrecker Thug"),
                                         ("I run after the crab and hit it", "Giant Crab")])
def test_after_straight_after_a_verb_of_going_is_the_verbs_own(text, target):
    intent = _parse(text, "Wrecker Caves", fight=True)
    assert (intent.kind, intent.target) == ("combat", target)


@pytest.mark.parametrize("text,kind", [("lr", "rest"), ("ok sr here", "rest"), ("hp?", "question"), ("loot", "inventory"),
                                       ("I loot the body", "inventory")])
def test_the_tables_shorthand(text, kind):
    intent = _parse(text, "Gannet Point")
    assert intent.kind == kind and intent.clarify is None


def test_a_few_words_asked_beside_other_words_are_no_question_of_their_own():
    assert _parse("man, I'm beat. quick breather before the stair?", "Gannet Point").kind == "rest"
