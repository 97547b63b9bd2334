"""Two readings that come from the table's habits and the world, not from word lists tuned to a set:
a check asked for by name is a check, and handling something built into the place is a puzzle.
These sentences were written for this test, apart from every blind set."""

from __future__ import annotations

import pytest

from engine.play import second_opinion
from engine.play.intent import parse
from tests.engine.play.blind_world import case_world


def _kind(text: str, location: str, actor: str = "Wren") -> str:
    world = case_world({"location": location, "in_combat": False, "enemies": [], "actor": actor})
    return parse(text, world, actor).kind


@pytest.mark.parametrize("text, location", [
    ("can I make an athletics check to get up the rigging?", "Kettlecove Docks"),
    ("roll insight on osric", "Kettlecove Docks"),
    ("stealth roll as we cross the quay", "Kettlecove Docks"),
    ("history check on the carvings", "Drowned Chapel"),
    ("investigation: the barrels in the store room", "Gannet Point"),
    ("i wanna roll persuasion on hesper for a discount", "Tarred Gull Inn"),
])
def test_a_check_asked_for_by_name_is_a_check(text: str, location: str) -> None:
    assert _kind(text, location) == "skill_check"


@pytest.mark.parametrize("text, location, kind", [
    ("tell Hesper my history with Crowe is none of her business", "Tarred Gull Inn", "roleplay"),
    ("I ask Hesper if she thinks my persuasion works on Vell", "Tarred Gull Inn", "roleplay"),
])
def test_a_skill_named_without_asking_for_a_roll_is_not_a_check(text: str, location: str, kind: str) -> None:
    assert _kind(text, location) == kind


@pytest.mark.parametrize("text, location", [
    ("pull the sailcloth off the wick", "Gannet Point"),
    ("pour oil into the reservoir", "Gannet Point"),
    ("fit the silver pieces back into the circle", "Drowned Chapel"),
    ("slide the reliquary into the niche behind the altar", "Drowned Chapel"),
])
def test_handling_a_fixture_of_the_place_is_a_puzzle(text: str, location: str) -> None:
    assert _kind(text, location) == "puzzle"


def test_tearing_a_cover_off_a_fixture_is_working_it_by_the_rules_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(second_opinion, "_model", lambda: None)  # as with no weights shipped
    assert _kind("I tear the canvas off the wick", "Gannet Point") == "puzzle"


@pytest.mark.parametrize("text, location, kind", [
    ("ask brother ambrose how we mend the ward", "Drowned Chapel", "roleplay"),
    ("open the lamp room door", "Gannet Point", "exploration"),
    ("put the rope back in my pack", "Gannet Point", "inventory"),
    ("look closely at the wick", "Gannet Point", "exploration"),
])
def test_talking_opening_packing_or_looking_at_a_fixture_is_not_a_puzzle(text: str, location: str, kind: str) -> None:
    assert _kind(text, location) == kind


@pytest.mark.parametrize("text, kind", [
    ("I watch Pim's body language while he talks", "skill_check"),
    ("is osric being truthful about the storm?", "skill_check"),
    ("can I tell if Pim is a liar", "skill_check"),
    ("I tell Pim he is a liar", "roleplay"),  # said to him, not read off him
])
def test_reading_someone_is_insight_and_saying_it_is_speech(text: str, kind: str) -> None:
    assert _kind(text, "Kettlecove Docks") == kind


@pytest.mark.parametrize("text, kind", [
    ("Pim, can you row us round to the caves?", "roleplay"),  # his to do: asked of him, nobody moves yet
    ("Osric, could you take us up to the point?", "roleplay"),
    ("Pim, we row to the caves", "exploration"),  # the party's own going, told to him
])
def test_a_request_of_someone_hailed_is_said_to_them(text: str, kind: str) -> None:
    assert _kind(text, "Kettlecove Docks") == kind


@pytest.mark.parametrize("text, location, kind", [
    ("wren reads her - whats she scared of?", "Gannet Point", "skill_check"),
    ("I read nessa's face while she talks", "Gannet Point", "skill_check"),
    ("I read him carefully", "Kettlecove Docks", "skill_check"),
    ("I read the harbor ledger", "Kettlecove Docks", "exploration"),
    ("read her the letter", "Gannet Point", "exploration"),
])
def test_reading_a_person_is_insight_and_reading_a_page_is_not(text: str, location: str, kind: str) -> None:
    assert _kind(text, location) == kind
