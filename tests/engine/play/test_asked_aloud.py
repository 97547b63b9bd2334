"""A question put in quoted words beside a thing handled, worked or struck is a part of its own (the guide:
"actions in asterisks and quoted speech ... both in one message are two parts when their kinds differ");
settling down to talk is the talk's, and words said while paying for a thing are the purchase's."""

from __future__ import annotations

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at


def test_a_question_asked_aloud_beside_a_puzzle_step_is_its_own_part():
    intent = parse_at("*slides the reliquary back into its niche* 'Will they rest now, Brother?'",
                      "Drowned Chapel", "Tova")
    assert intent.kind == IntentKind.MIXED
    assert [p.kind for p in intent.parts] == [IntentKind.PUZZLE, IntentKind.ROLEPLAY]


def test_sitting_down_to_ask_is_the_asking():
    # a control: the gesture sets up the talk
    intent = parse_at("*sits on the bench next to the boy* 'Which boat went out without lanterns?'",
                      "Kettlecove Docks", "Tova")
    assert intent.kind == IntentKind.ROLEPLAY

