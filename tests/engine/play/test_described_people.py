"""People found the way a table points at them: by an everyday noun ("the kid", "the lady"), by a
description whose names only locate them ("the guy who jumped Idris"), and spells whatever way they are
typed ("firebolt", "ray of frost"). These sentences were written for this test, apart from every blind set."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.blind_world import case_world

CAVES_FIGHT = ["Silas Crowe", "Wrecker Thug", "Giant Crab"]


def _parse(text: str, location: str, actor: str = "Wren", enemies: list[str] | None = None):
    world = case_world({"location": location, "in_combat": bool(enemies), "enemies": enemies or [], "actor": actor})
    return parse(text, world, actor)


@pytest.mark.parametrize("text, location, target", [
    ("oi, kid, which boat went out last night?", "Kettlecove Docks", "Pim Lowrie"),
    ("give the lad a copper for his trouble", "Kettlecove Docks", "Pim Lowrie"),
    ("I ask the lass who pays her to watch the path", "Gannet Point", "Nessa Rook"),
    ("thank the lady for the stew", "Tarred Gull Inn", "Hesper Quill"),
    ("I ask the gent in the blue coat for the harbor log", "Kettlecove Docks", "Osric Vell"),
    ("untie the old man's hands", "Wrecker Caves", "Aldous Penn"),
    ("I ask the ghost why he lingers here", "Drowned Chapel", "Brother Ambrose"),
])
def test_an_everyday_noun_finds_the_one_person_here_it_fits(text: str, location: str, target: str) -> None:
    assert _parse(text, location).target == target


@pytest.mark.parametrize("text, enemies, target", [
    ("I stab the guy who cut Bram", ["Wrecker Thug", "Wrecker Thug"], "Wrecker Thug"),
    ("arrow into the one that's grabbing Idris by the collar", ["Wrecker Thug", "Wrecker Thug"], "Wrecker Thug"),
    ("hit the bloke standing by Tova", ["Wrecker Thug", "Wrecker Thug"], "Wrecker Thug"),
])
def test_a_name_inside_a_description_only_locates_the_foe(text: str, enemies: list[str], target: str) -> None:
    intent = _parse(text, "Kettlecove Docks", enemies=enemies)
    assert (intent.kind, intent.target) == ("combat", target)


def test_a_description_that_matches_someones_own_description_finds_them() -> None:
    # "the guy in the red sash" is Crowe by his description, not a name.
    assert _parse("I shoot the guy in the red sash", "Wrecker Caves", enemies=CAVES_FIGHT).target == "Silas Crowe"


@pytest.mark.parametrize("text, spell", [
    ("firebolt the crab", "Fire Bolt"),
    ("magicmissile on the thug!!", "Magic Missile"),
])
def test_a_spell_typed_as_one_word_is_the_spell(text: str, spell: str) -> None:
    intent = _parse(text, "Wrecker Caves", actor="Idris", enemies=CAVES_FIGHT)
    assert intent.kind == "combat" and (intent.spell or "").lower() == spell.lower()


def test_a_word_of_a_spells_name_is_not_a_creature_to_ask_about() -> None:
    # "frost" is also a word of SRD creatures (Frost Giant): in "ray of frost" it names no one.
    intent = _parse("ray of frost on the giant crab", "Wrecker Caves", actor="Idris", enemies=CAVES_FIGHT)
    assert intent.target == "Giant Crab" and intent.unresolved is None and intent.clarify is None


@pytest.mark.parametrize("text, location, destination", [
    ("lets go see the harbormaster", "Tarred Gull Inn", "Kettlecove Docks"),
    ("we head off to look for nessa", "Kettlecove Docks", "Gannet Point"),
])
def test_going_to_see_someone_next_door_moves_the_party_where_they_are(text: str, location: str,
                                                                       destination: str) -> None:
    assert _parse(text, location).destination == destination


def test_going_to_see_someone_who_is_not_next_door_names_no_destination() -> None:
    # Aldous is in the Wrecker Caves, two legs from the inn: the DM says which way, the engine does not jump.
    assert _parse("we head out to find the lighthouse keeper", "Tarred Gull Inn").destination is None
