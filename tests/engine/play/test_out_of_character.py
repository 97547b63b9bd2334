"""What a player says out of character beside an act told in character is talk to the table: it adds no part
unless it asks the DM something, and whoever it names is not aimed at. Written for this test apart from every
blind set and read by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")


@pytest.mark.parametrize(("text", "location", "enemies", "kind"), [
    ("OOC: wow, did not expect that. IC: Wren stabs the thug", "Gannet Point", ["Wrecker Thug"], "combat"),
    ("IC: Tova searches the desk. OOC: doesn't matter if it takes a while, we've got all night",
     "Kettlecove Docks", None, "exploration"),
    ("OOC: I know this is a bad idea. I'm doing it anyway. IC: Bram climbs down the cliff", "Gannet Point", None,
     "skill_check"),
])
def test_a_remark_out_of_character_adds_no_part(text, location, enemies, kind) -> None:
    assert parse_at(text, location, "Wren", enemies).kind == kind


def test_a_question_out_of_character_is_still_put_to_the_dm() -> None:
    intent = parse_at("Sacred flame on the thug. OOC: how long until the tide comes in?", "Gannet Point", "Tova",
                      ["Wrecker Thug"])
    assert (intent.kind, [p.kind for p in intent.parts]) == ("mixed", ["combat", "question"])


@pytest.mark.parametrize("text", [
    "IC: Wren picks through the crates by the boat. OOC: I bet Crowe hid something in here",
    "OOC: Aldous mentioned a ledger last time. IC: I search the crates by the boat",
])
def test_someone_named_out_of_character_is_not_the_target(text: str) -> None:
    assert parse_at(text, "Wrecker Caves", "Wren").target is None


def test_a_note_out_of_character_that_is_the_whole_message_is_the_act() -> None:
    intent = parse_at("OOC: we're heading down to the docks now", "Tarred Gull Inn", "Wren")
    assert (intent.kind, intent.destination) == ("exploration", "Kettlecove Docks")
