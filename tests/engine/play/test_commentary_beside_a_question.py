"""Beside a question to the DM, words said by no one to no one ("my notes say 2", "asking for a friend's
sake") are the player's commentary, not talk: the message is the question. Talk to someone named is
still a part of its own."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at


@pytest.mark.parametrize("text", [
    "how many potions have I got left? my notes say two",
    "what's the date today in game? asking cos I'm keeping a diary",
])
def test_commentary_beside_a_question_adds_no_part(text):
    assert parse_at(text, "Tarred Gull Inn", "Idris").kind == IntentKind.QUESTION


def test_talk_to_someone_named_beside_a_question_is_still_a_part():
    # a control
    intent = parse_at("what time is it? and I ask Hesper whether Vell came in tonight", "Tarred Gull Inn", "Idris")
    assert (intent.kind, [p.kind for p in intent.parts]) == (IntentKind.MIXED, [IntentKind.QUESTION,
                                                                                IntentKind.ROLEPLAY])
