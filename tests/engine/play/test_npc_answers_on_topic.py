"""An NPC answers what was asked (QA run 6): the topic the question is about, not one that shares a
passing word; a question without its question mark is still a question; something the NPC sells is
answered with what it is and its price. Played through the orchestrator on the sample campaign, read
from the narration the table sees. The bench (bench/npc_topic_set.py) holds the wider set."""

from __future__ import annotations

import pytest

from bench.npc_topic_set import QUESTIONS
from engine.models.world import Campaign
from engine.play.agents.npc_topics import match_topic
from engine.play.orchestrator import ActionInput, Orchestrator, Resolution
from tests.engine.play.blind_world import sample_at as sample
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"



async def act(world: Campaign, text: str, actor: str = "Wren", naturals: list[int] | None = None) -> Resolution:
    return await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, turn=3,
                                                    roller=ScriptedRoller(naturals or [])))


async def test_asked_what_is_on_the_fire_hesper_offers_her_stew_with_its_price():
    res = await act(sample("Tarred Gull Inn"), "Evening, Hesper! What's on the fire tonight?", actor="Tova")
    [reply] = res.npc_responses
    assert reply.topic == "Stew"
    assert "Fish and barley, always on the fire. 1 cp" in res.narrative
    assert "bread" not in res.narrative.lower()
    assert res.dice_rolls == [] and res.state_changes == []  # offered, not sold
    assert "Buy stew" in res.follow_up_options


async def test_a_question_without_a_question_mark_gets_pims_storm_topic_not_a_stock_line():
    world = sample("Kettlecove Docks")
    res = await act(world, "pim did u see any boats out the night of the storm", naturals=[4])
    [reply] = res.npc_responses
    assert reply.topic == "the night of the storm"
    # Pim's storm topic keeps a secret (Persuasion DC 10): a 4 fails, so he tells only what he says freely.
    assert "rowing without lanterns" in res.narrative
    assert "buying me pie" not in res.narrative
    assert not world.npc("Pim Lowrie").secrets[0].revealed


async def test_where_were_you_the_night_the_ship_went_down_is_vells_alibi_not_his_salvage():
    res = await act(sample("Kettlecove Docks"),
                    "Harbormaster Vell, where were you the night the Merrow's Luck went down?", actor="Idris",
                    naturals=[18])
    [reply] = res.npc_responses
    assert reply.topic == "the night of the wreck"
    assert "harbor office" in res.narrative and "Salvage belongs to the harbor" not in res.narrative


async def test_a_word_of_a_two_word_keyword_alone_is_not_that_topic():
    # Hesper's Aldous topic has the keyword "old man": "that old chapel" is the chapel.
    hesper = sample("Tarred Gull Inn").npc("Hesper Quill")
    assert match_topic("Hesper what do folk say about that old chapel", hesper).name == "the Drowned Chapel"
    assert match_topic("what happened to the lighthouse keeper?", hesper).name == "Aldous Penn"


async def test_a_real_word_is_not_taken_for_a_typo_of_a_topic_word():
    aldous = sample("Wrecker Caves").npc("Aldous Penn")
    assert match_topic("Aldous, who dragged you down here?", aldous) is None or \
        match_topic("Aldous, who dragged you down here?", aldous).name != "the Drowned Chapel"  # down != drown
    assert match_topic("seen crowee lately, Hesper?", sample("Tarred Gull Inn").npc("Hesper Quill")).name == \
        "Silas Crowe"


async def test_a_question_about_a_person_is_never_answered_with_something_for_sale():
    # Vell sells a ship's lantern; "where were you when the ship broke up" asks after him, not his stock.
    res = await act(sample("Kettlecove Docks"), "so vell, where were you when the ship broke up on the reef",
                    naturals=[3])
    [reply] = res.npc_responses
    assert reply.topic != "Lantern" and "5 gp" not in res.narrative


async def test_a_statement_that_asks_nothing_gets_no_topic_and_no_roll():
    res = await act(sample("Gannet Point"), "Easy, girl, we're not here to hurt you.", actor="Tova")
    [reply] = res.npc_responses
    assert reply.topic is None and res.dice_rolls == []


def test_most_of_the_bench_questions_find_their_topic():
    # The bench's set, matched by topic alone (wares aside): a floor, so a change that loses ground shows.
    topical = [(npc, q, about) for npc, q, about in QUESTIONS if not about.startswith("ware:")]
    right = 0
    for npc, question, about in topical:
        person = sample("Tarred Gull Inn").npc(npc)
        found = match_topic(question, person)
        right += found is not None and found.name == about
    assert right / len(topical) >= 0.85, right
