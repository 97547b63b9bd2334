"""The party member an action opens with does it, whoever the actor picker is on: "bram buys a round"
with Idris picked spends Bram's purse; a name followed by a comma is someone spoken to."""

from __future__ import annotations

import pytest

from engine.play.actor import resolve_actor
from tests.engine.play.blind_world import case_world

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("text, picked, doer", [
    ("bram buys a round for the house", "Idris", "Bram"),
    ("Tova leans in and tries to persuade Hesper", None, "Tova"),
    ("Tova: I ask Hesper about the lighthouse", "Wren", "Tova"),
    ("ok wren picks the lock while Bram keeps watch", "Idris", "Wren"),
    ("Bram, keep watch while I talk to Hesper", "Wren", "Wren"),
    ("Bram's shield is cracked, I look for another", "Wren", "Wren"),
    ("I hand the rope to Bram", "Tova", "Tova"),
])
def test_the_doer_the_action_opens_with_acts(text: str, picked: str | None, doer: str) -> None:
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    assert resolve_actor(world, text, picked, None) == doer


async def test_their_purse_pays_and_the_history_says_so(manager, campaign) -> None:
    sid = (await manager.start_session(campaign, seed=3)).session_id
    before = {c.name: c.coins for c in (await manager.get_session_state(sid)).party_status}
    res = await manager.player_action(sid, "bram buys a round for the house", character_name="Idris")
    after = {c.name: c.coins for c in (await manager.get_session_state(sid)).party_status}
    assert res.character_name == "Bram"
    assert after["Bram"] != before["Bram"] and after["Idris"] == before["Idris"]


def test_a_name_before_a_verb_of_theirs_is_no_hail():
    # "Hesper says ...": the name is the subject of what she says, so the turn is the character's own reading of her.
    from tests.engine.play.blind_world import parse_at
    intent = parse_at("Hesper says she saw nothing that night. I study her face while she talks", "Tarred Gull Inn",
                      "Tova")
    assert (intent.kind, intent.target) == ("skill_check", "Hesper Quill")


def test_a_clause_saying_who_someone_is_is_no_question():
    # "Bram, who ...," says who Bram is; with no question mark anywhere it asks nothing
    from tests.engine.play.blind_world import parse_at
    intent = parse_at("Tova, who never shuts up about the Tide Mother, walks down to the docks with us", "Gannet Point",
                      "Tova")
    assert (intent.kind, intent.destination) == ("exploration", "Kettlecove Docks")
