"""Asking someone who is not here (QA run 6: "ask Hesper where Crowe's men drink" in the caves, mid-fight,
was answered by Silas Crowe and Bram's turn was spent). The table hears that they are not here (and
where they were, when the party has been there); nobody answers in their place, nothing is rolled, the
turn is not spent and the world does not change."""

from __future__ import annotations

import pytest

from engine.play.orchestrator import ActionInput, Orchestrator, Resolution
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def act(world, text: str, actor: str = "Bram") -> Resolution:
    return await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, turn=9,
                                                    roller=ScriptedRoller([15] * 10)))


async def test_mid_fight_asking_hesper_in_the_caves_says_she_is_not_here_and_costs_nothing():
    world = case_world({"location": "Wrecker Caves", "in_combat": True, "actor": "Bram",
                        "enemies": ["Silas Crowe", "Wrecker Thug"]})
    world.location("Tarred Gull Inn").visited = True  # the party has been to the inn
    before = world.model_dump(mode="json")
    res = await act(world, "ask Hesper where Crowe's men drink")
    assert res.npc_responses == [] and res.dice_rolls == []
    assert "Hesper Quill is not here to hear it (last seen at Tarred Gull Inn)" in res.narrative
    assert "Silas Crowe" not in res.narrative
    assert any("last seen at Tarred Gull Inn" in w and "turn is not spent" in w for w in res.warnings)
    assert res.world.game_state.combat.current.name == "Bram"  # still Bram's turn; no foe acted
    assert res.world.model_dump(mode="json") == before


async def test_where_she_was_is_not_given_away_when_the_party_has_never_been_there():
    world = case_world({"location": "Wrecker Caves", "in_combat": False})
    res = await act(world, "ask Nessa who keeps watch on the point")
    assert res.npc_responses == [] and res.dice_rolls == []
    assert "Nessa Rook is not here" in res.narrative
    assert not any("last seen" in w for w in res.warnings) and any("Nessa Rook is not at" in w for w in res.warnings)


async def test_the_person_asked_answers_when_here_though_someone_absent_is_named_after():
    world = case_world({"location": "Kettlecove Docks", "in_combat": False})
    res = await act(world, "Pim, where does Hesper get her fish?", actor="Wren")
    assert [r.npc for r in res.npc_responses] == ["Pim Lowrie"]


async def test_a_name_closing_the_question_after_a_comma_is_the_one_asked():
    world = case_world({"location": "Kettlecove Docks", "in_combat": False})
    res = await act(world, "what do you know about Hesper, Pim?", actor="Wren")
    assert [r.npc for r in res.npc_responses] == ["Pim Lowrie"]
