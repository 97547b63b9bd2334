"""Questions to the DM through the whole API: answered from the world, nothing rolled, no time passing,
no fact recorded and no clue revealed, yet the turn is in the history like any other."""

from __future__ import annotations

import pytest

from engine.api import SessionManager

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.parametrize("question, answer", [
    ("What time is it?", "It is day 1, 08:00"),
    ("how far is the cave?", "Wrecker Caves is 2 legs from here: Tarred Gull Inn -> Kettlecove Docks"),
    ("how far to the docks", "Kettlecove Docks is one leg from here"),
    ("how do we get to the chapel from here", "Drowned Chapel is 3 legs from here"),
    ("where is Silas?", "Silas Crowe (Captain of the Kettlecove wreckers) was last seen at Wrecker Caves"),
    ("is there anything hidden here?", "The party is at"),
])
async def test_a_question_is_answered_from_the_world_and_changes_nothing(tmp_path, question, answer):
    manager = SessionManager(tmp_path)
    session = await manager.start_session("dark-lantern", name="questions")
    before = await manager.get_session_state(session.session_id, detail_level="full")
    response = await manager.player_action(session.session_id, question, character_name="Wren")
    assert answer in response.narrative, response.narrative
    assert response.dice_rolls == [] and response.state_changes == []
    after = await manager.get_session_state(session.session_id, detail_level="full")
    assert after.full_state["world"] == before.full_state["world"]  # no clue found, no clock moved
    assert after.recent_history[-1].action == question and after.recent_history[-1].facts_added == []
    facts = await manager.query_facts(session.session_id)
    assert facts.facts == []


@pytest.mark.parametrize("question, answer", [
    ("how many hit points do I have left?", "Wren is at 17/17 HP"),
    ("how hurt is Nessa?", "Nessa Rook still standing"),
])
async def test_in_a_fight_a_question_is_about_whom_it_names_not_the_foe(tmp_path, question, answer):
    # One kind of foe stands: an attack naming no one goes at it, a question does not ("hit points" is
    # neither a hit nor Gannet Point, which Nessa's description names).
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="fight-questions", seed=5)).session_id
    for action in ("we go to the docks", "we take the cliff path to gannet point", "I attack Nessa"):
        await manager.player_action(sid, action, character_name="Bram")
    state = await manager.get_session_state(sid)
    assert state.game_state.current_turn == "Wren"
    response = await manager.player_action(sid, question, character_name="Wren")
    assert answer in response.narrative, response.narrative
    assert response.dice_rolls == []
    assert (await manager.get_session_state(sid)).game_state.current_turn == "Wren"  # no turn spent


async def test_what_the_party_knows_is_what_it_has_seen_and_been_told(tmp_path):
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="knowledge", seed=4)).session_id

    async def ask(text: str) -> str:
        response = await manager.player_action(sid, text, character_name="Tova")
        assert response.dice_rolls == [] and response.state_changes == []
        return response.narrative

    chapel = await ask("what do I know about the Drowned Chapel?")
    # About the place (not the Drowned Sailor that shares a word with it), and nothing the party has not seen.
    assert chapel.startswith("The party has not been to Drowned Chapel yet") and "3 legs" in chapel, chapel
    assert "AC" not in chapel
    inn = await ask("do we know anything about the tarred gull?")
    assert inn.startswith("The party has been to Tarred Gull Inn: A low, smoky taproom"), inn
    silas = await ask("what do we know about Silas Crowe?")
    assert "has not met Silas Crowe" in silas and "Wrecker Caves" not in silas, silas  # no spoiler
