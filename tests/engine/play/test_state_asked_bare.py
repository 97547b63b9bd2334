"""How a creature stands, asked in a few bare words beside an act ("crowe bloodied yet? sneak attack him"), is
the player's own question: the guide makes it a part of its own. Written for this test apart from every blind
set and read by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")

_FIGHT = ["Silas Crowe", "Wrecker Thug", "Giant Crab"]


@pytest.mark.parametrize("text", [
    "thug poisoned still? ok I stab him",
    "crab still prone? I hit it again",
])
def test_a_state_asked_bare_beside_an_act_is_a_question_part(text: str) -> None:
    intent = parse_at(text, "Wrecker Caves", "Wren", _FIGHT)
    assert intent.kind == "mixed" and [p.kind for p in intent.parts][0] == "question"


@pytest.mark.parametrize(("text", "kind"), [
    ("I ask Aldous if he's hurt", "roleplay"),  # asked of someone, not of the DM
    ("I stab the thug. dead?", "mixed"),  # control: asked after the act still counts
])
def test_a_state_asked_of_someone_else_is_theirs_to_answer(text: str, kind: str) -> None:
    assert parse_at(text, "Wrecker Caves", "Wren", _FIGHT).kind == kind


@pytest.mark.parametrize("text", ["is Crowe bloodied? arrow at him", "is the crab slowed? dagger at it"])
def test_a_plain_blow_beside_a_question_in_a_fight_is_an_act(text: str) -> None:
    intent = parse_at(text, "Wrecker Caves", "Wren", _FIGHT)
    assert intent.kind == "mixed" and [p.kind for p in intent.parts][-1] == "combat"


def test_how_a_foe_is_told_beside_a_question_is_no_blow() -> None:
    assert parse_at("does Sleep even work on the drowned? they're undead", "Drowned Chapel", "Idris",
                    ["Drowned Sailor"]).kind == "question"


@pytest.mark.parametrize(("text", "actor", "kind"), [
    ("Tova stretches out on the bench and is asleep in moments", "Tova", "rest"),
    ("Wren pockets the coin and is out the door", "Wren", "inventory"),
])
def test_a_state_joined_on_with_its_subject_left_out_asks_nothing(text: str, actor: str, kind: str) -> None:
    # "... and is asleep": the subject said before, not a question put to the DM.
    assert parse_at(text, "Tarred Gull Inn", actor).kind == kind


@pytest.mark.parametrize("text", [
    "I go through the crates by the boat. is there a ledger, a letter, or any coin in them?",
    "I check the sea chest for traps: is there a needle, a blade or a spring?",
])
def test_a_question_of_what_a_search_finds_is_the_search_however_many_things_it_lists(text: str) -> None:
    # The list's later items ("a blade", "or a spring") belong to the question "is there ...", which the search answers.
    intent = parse_at(text, "Wrecker Caves", "Wren")
    assert (intent.kind, intent.parts) == ("exploration", [])
