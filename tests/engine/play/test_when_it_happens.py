"""Words that say when something happens, on the sample campaign: a time phrase ("before the next
fight") is no act of its own, and after a fronted time clause the main clause is the act."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at


def _parse(text: str, where: str = "Tarred Gull Inn", actor: str = "Bram", fight: bool = False):
    return parse_at(text, where, actor, ["Silas Crowe", "Wrecker Thug", "Giant Crab"] if fight else None)


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


@pytest.mark.parametrize("text,where,kind", [
    ("we head over to the docks, I forgot to ask Pim something", "Tarred Gull Inn", "exploration"),
    ("healing word on Wren, she just dropped", "Wrecker Caves", "combat"),
    ("we've already searched the crates, so we go back up to the Gull", "Wrecker Caves", "exploration"),
    ("what's the tide doing? Pim told us he only rows at low water", "Kettlecove Docks", "question"),
])
def test_a_clause_told_in_the_past_is_the_reason_not_a_second_act(text, where, kind):
    intent = _parse(text, where, "Tova", fight="healing" in text)
    assert intent.kind == kind and not intent.parts


@pytest.mark.parametrize("text,kind", [("I went down to the docks and asked Pim about the boats", "mixed"),
                                       ("I read the letter, then I cast light", "mixed")])
def test_a_turn_told_wholly_in_the_past_or_in_base_forms_keeps_its_acts(text, kind):
    # Nothing is told "now" beside the past, so nothing is taken for a recap; "read" and "cast" may be now.
    assert _parse(text, "Tarred Gull Inn", "Idris").kind == kind


def test_would_and_could_are_no_past():
    assert _parse("Tova would like to spend a hit die, she's on 9", actor="Tova").kind == "rest"


def test_a_span_of_time_asked_about_is_no_rest():
    assert _parse("does the stew give temp hp? like +2 for an hour?", actor="Wren").kind == "question"

