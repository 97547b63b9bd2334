"""The DM hailed to open a message ("hey DM can I...", "DM, inv", "ok DM: I rest") is no one in the scene
spoken to: the rest is read as if typed alone. "Remind me ..." asks the DM to retell. Written for this test
apart from every blind set and read by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")


@pytest.mark.parametrize(("text", "kind"), [
    ("hey DM could I roll insight on Hesper?", "skill_check"),
    ("DM, inventory", "question"),
    ("ok GM: we take a short rest", "rest"),
    ("DM - remind me what Pim told us about the boats?", "question"),
    ("remind us who the harbormaster is again", "question"),
])
def test_words_to_the_dm_are_read_as_the_act_or_question_they_carry(text: str, kind: str) -> None:
    assert parse_at(text, "Tarred Gull Inn", "Idris").kind == kind


def test_the_dm_spoken_of_is_not_hailed() -> None:
    # "DM said ...": the DM is the subject of what is recalled; the act is the search.
    assert parse_at("DM's description mentioned a loose board, so I search under it", "Tarred Gull Inn",
                    "Idris").kind == "exploration"


@pytest.mark.parametrize("text", ["Q: time? tide?", "rules q: sneak attack w/ a handaxe or finesse only?",
                                  "quick question - can I hide as a bonus action"])
def test_a_message_labelled_a_question_is_asked_whole(text: str) -> None:
    assert parse_at(text, "Wrecker Caves", "Wren").kind == "question"


def test_a_q_that_is_a_word_of_the_act_labels_nothing() -> None:
    assert parse_at("quaff my potion", "Wrecker Caves", "Wren").kind == "inventory"
