"""What a player adds around a question to the DM, written for this test apart from every blind set and read
by the rules alone (the second opinion switched off): a spell told as already spent and options only weighed
are no acts, so the message stays a question; an act said beside it still makes two."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.blind_world import case_world

pytestmark = pytest.mark.usefixtures("rules_alone")


def _kind(text: str, location: str = "Wrecker Caves", enemies: list[str] | None = None) -> str:
    world = case_world({"location": location, "in_combat": bool(enemies), "enemies": enemies or [], "actor": "Idris"})
    return parse(text, world, "Idris").kind


@pytest.mark.parametrize("text", [
    "how many level one slots are left? I think I used one on Detect Magic this morning.",
    "Rules check: how many slots have I got? I reckon I burned one on Detect Magic earlier",
])
def test_a_spell_told_as_spent_is_no_cast(text: str) -> None:
    assert _kind(text, "Gannet Point") == "question"


def test_options_only_weighed_beside_a_question_are_no_act() -> None:
    text = "how many hit points has the crab got left? deciding between Sleep and Magic Missile"
    assert _kind(text, enemies=["Giant Crab"]) == "question"


def test_an_option_taken_after_the_question_is_still_an_act() -> None:
    text = "how hurt is the crab? torn between sleep and magic missile. magic missile the crab"
    assert _kind(text, enemies=["Giant Crab"]) == "mixed"


@pytest.mark.parametrize(("text", "kind"), [
    ("Ray of Frost on the crab. Does it get a saving throw or is it an attack roll?", "combat"),
    ("I stab the crab with my shortsword. do I get advantage on it?", "combat"),
    ("I swing at the crab, 16 on the attack roll, does that hit it?", "combat"),
    ("can I take my helmet off? what's my AC without it", "inventory"),
])
def test_a_question_of_how_the_act_works_adds_no_part(text: str, kind: str) -> None:
    assert _kind(text, enemies=["Giant Crab"] if kind == "combat" else None) == kind


@pytest.mark.parametrize("text", [
    "Ray of Frost on the crab. how many hit points has it got left?",  # how things stand, not how the act works
    "is the crab bloodied yet? I stab it with my shortsword",
    "is Crowe close enough to hear us? I ask Aldous who tied him up",
])
def test_a_question_of_how_things_stand_beside_an_act_is_a_part(text: str) -> None:
    assert _kind(text, enemies=["Giant Crab"] if "crab" in text.lower() else None) == "mixed"
