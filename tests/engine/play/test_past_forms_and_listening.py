"""Strong verbs told in the past are the same verbs ("knelt", "caught", "leapt"), but what was done to a thing
describes it ("the rope we bought") and what befell someone or happened somewhere names neither ("held
captive", "made"); listening at a door or with an ear to a wall is a Perception check, and losing track of
something follows no tracks. On the sample campaign."""

from __future__ import annotations

import pytest

from engine.text import stem, strong_past
from tests.engine.play.blind_world import parse_at


def _parse(text: str, where: str, actor: str = "Wren"):
    return parse_at(text, where, actor)


@pytest.mark.parametrize(("word", "base"), [("leapt", "leap"), ("knelt", "kneel"), ("caught", "catch"),
                                            ("sold", "sell"), ("heard", "hear")])
def test_a_strong_past_is_its_verb(word, base):
    assert stem(word) == stem(base)


@pytest.mark.parametrize("word", ["saw", "left", "ground", "wound", "could", "was", "got", "hidden", "searched"])
def test_words_that_are_more_than_a_past_keep_their_own_stem(word):
    # Control: nouns, adjectives, grammar words and regular pasts are not rewritten here.
    assert strong_past(word) is None


@pytest.mark.parametrize(("text", "where", "kind"), [
    ("Wren ran at the gap where the rail had rotted and leapt", "Gannet Point", "skill_check"),
    ("I backed up three steps and leapt for the far side of the gallery", "Gannet Point", "skill_check"),
    ("Wren sold the cutlass to Hesper", "Tarred Gull Inn", "inventory"),
])
def test_a_turn_told_with_strong_pasts_is_read_as_its_acts(text, where, kind):
    assert _parse(text, where).kind == kind


@pytest.mark.parametrize("text", [
    "fill the lamp with the oil we bought",
    "Idris topped up the reservoir with the oil flasks we bought off Vell",
])
def test_what_was_bought_describes_the_thing_used(text):
    # A guard: "bought" now reads as "buy", but what was bought only says which oil.
    assert _parse(text, "Gannet Point", "Idris").kind == "puzzle"


def test_what_befell_someone_does_not_name_them():
    # A guard: the strong pasts must not make description words of deeds. Aldous is "held captive" in the caves: holding a light up names nobody.
    assert _parse("I hold my lantern up to the dripping cave wall", "Wrecker Caves").target is None


def test_what_was_made_somewhere_does_not_point_there():
    # A guard likewise: "made" in the docks' text is no thing there once it reads as "make".
    intent = _parse("I make a perception check to find the trapdoor, then we go down it", "Gannet Point")
    assert intent.destination == "Wrecker Caves"


@pytest.mark.parametrize(("text", "where"), [
    ("can I listen at the store room door?", "Gannet Point"),
    ("I press my ear against the net shed wall", "Kettlecove Docks"),
    ("I put my ear to the trapdoor for a while", "Gannet Point"),
    # the listening said in a clause of its own is the same check
    ("Tova kneels, puts her ear against the chapel door and listens hard", "Wrecker Caves"),
    ("ear to the net shed wall... listening for voices inside", "Kettlecove Docks"),
])
def test_listening_at_a_door_or_wall_is_a_perception_check(text, where):
    assert _parse(text, where).kind == "skill_check"


@pytest.mark.parametrize(("text", "kind"), [
    ("how many arrows do I have left? I've lost track", "question"),
    ("I look for tracks along the shingle", "skill_check"),  # control: tracks looked for are tracking
    ("we follow the drag marks", "skill_check"),  # control
])
def test_losing_track_follows_nothing(text, kind):
    assert _parse(text, "Kettlecove Docks").kind == kind
