"""Sounds typed around an act, and what someone else does while the character acts, written for this test
apart from every blind set and read by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from engine.play.typos import correct
from tests.engine.play.blind_world import case_world

pytestmark = pytest.mark.usefixtures("rules_alone")


def _kind(text: str, location: str, actor: str = "Wren") -> str:
    world = case_world({"location": location, "in_combat": False, "enemies": [], "actor": actor})
    return parse(text, world, actor).kind


@pytest.mark.parametrize(("text", "location", "kind"), [
    ("tsssk, tick, tick... I pick the lock on the harbor office", "Kettlecove Docks", "skill_check"),  # no code tried
    ("*WHAM* I kick the trapdoor till it gives", "Gannet Point", "skill_check"),  # "it gives" is the trapdoor's
    ("I check the coin tin while she talks", "Tarred Gull Inn", "exploration"),  # her talk is not my act
])
def test_a_sound_or_someone_elses_act_beside_the_act_adds_nothing(text: str, location: str, kind: str) -> None:
    assert _kind(text, location) == kind


def test_the_speakers_own_act_after_a_clause_of_time_still_counts() -> None:
    assert _kind("what time is it? if it's late we sleep", "Tarred Gull Inn") == "mixed"


def test_kicking_a_trapdoor_is_a_check_like_kicking_a_door() -> None:
    assert _kind("I kick the trapdoor", "Gannet Point", "Bram") == "skill_check"


def test_a_repeated_sequence_after_a_verb_is_still_tried() -> None:
    assert _kind("Bram yanks the lamp room chains left, left, right", "Gannet Point", "Bram") == "puzzle"


@pytest.mark.parametrize("sound", ["psst", "shhk", "bzzt"])
def test_a_sound_without_vowels_is_no_misspelt_word(sound: str) -> None:
    assert correct(sound, frozenset({"past", "shock", "buzz"})) == sound


@pytest.mark.parametrize("text", ["I whack the crab with an oar", "I clobber Crowe"])
def test_everyday_verbs_of_striking_are_attacks(text: str) -> None:
    # Out of a fight in the caves: a blow at someone standing there starts one.
    world = case_world({"location": "Wrecker Caves", "in_combat": False, "enemies": [], "actor": "Bram"})
    assert parse(text, world, "Bram").kind == "combat"


def test_a_weapon_named_in_two_words_and_drawn_before_the_blow_is_two_parts() -> None:
    world = case_world({"location": "Drowned Chapel", "in_combat": True, "enemies": ["Drowned Sailor"], "actor": "Tova"})
    intent = parse("i draw my war hammer and smack the drowned sailor", world, "Tova")
    assert (intent.kind, [p.kind for p in intent.parts]) == ("mixed", ["inventory", "combat"])
