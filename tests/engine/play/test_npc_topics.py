"""NPCs with knowledge (issue 16): a question is matched to one of the NPC's topics by stems and typos,
answered in their voice, turned away by a cold NPC, and what they hide is told only on a successful
social check, when it becomes a fact. Played on the sample campaign's own NPCs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.models.actions import ActionType
from engine.models.world import NPC, Attitude, Campaign
from engine.play.agents.npc_topics import match_topic
from engine.play.agents.social import SocialAgent
from engine.text import stem, words
from tests.engine.play.intent_cases import ScriptedRoller
from tests.engine.play.intent_cases import agent_context as ctx

pytestmark = pytest.mark.anyio
CAMPAIGN = Path(__file__).resolve().parents[3] / "campaigns" / "dark-lantern" / "campaign.json"


@pytest.fixture
def anyio_backend():
    return "asyncio"


def sample(place: str) -> Campaign:
    world = Campaign.model_validate(json.loads(CAMPAIGN.read_text()))
    world.game_state.party_location = place
    return world


def on_topic(text: str, topic_words: list[str]) -> bool:
    said = {stem(w) for w in words(text)}
    return any(stem(w) in said for w in topic_words)


async def ask(world: Campaign, question: str, actor: str = "Bram", naturals: list[int] | None = None):
    roller = ScriptedRoller(naturals or [])
    result = await SocialAgent().handle(ctx(world, question, ActionType.ROLEPLAY, roller, actor=actor, turn=5))
    return result, roller


def test_every_sample_npc_has_topics_and_old_campaigns_still_load():
    world = sample("Tarred Gull Inn")
    assert all(len(n.topics) >= 4 and n.wants and n.mannerisms for n in world.npcs)
    old = NPC.model_validate({"name": "Old Tom", "secrets": [{"text": "He stole the bell."}]})
    assert old.topics == [] and old.wants == "" and old.mannerisms == []


def test_a_topic_pointing_at_a_missing_secret_is_refused_with_the_reason():
    with pytest.raises(ValidationError, match="points at secret 2, but Old Tom has 1 secret"):
        NPC.model_validate({"name": "Old Tom", "secrets": [{"text": "He stole the bell."}],
                            "topics": [{"name": "the bell", "secret": 2}]})


@pytest.mark.parametrize(("question", "topic"), [
    ("Hesper, where is Silas Crowe?", "Silas Crowe"),
    ("seen crowee lately, Hesper?", "Silas Crowe"),  # a typo
    ("what happened to the lighthouse keeper?", "Aldous Penn"),
    ("when did the light go out", "the lighthouse"),
    ("anyone survive the wreck of the Merrow's Luck?", "the Merrow's Luck"),
])
def test_questions_find_the_topic_by_stems_and_typos(question, topic):
    hesper = sample("Tarred Gull Inn").npc("Hesper Quill")
    assert match_topic(question, hesper).name == topic


def test_a_question_about_nothing_she_knows_matches_no_topic():
    assert match_topic("Hesper, nice weather?", sample("Tarred Gull Inn").npc("Hesper Quill")) is None


async def test_asked_where_silas_crowe_is_hesper_answers_about_crowe_in_her_voice():
    world = sample("Tarred Gull Inn")
    # Indifferent, she keeps the hidden part back unless persuaded (a friendly Hesper would just tell it).
    world.npc("Hesper Quill").attitude = Attitude.INDIFFERENT
    result, _ = await ask(world, "Hesper, where is Silas Crowe?", naturals=[2])  # the hidden part fails
    [reply] = result.npc_responses
    assert reply.npc == "Hesper Quill" and reply.topic == "Silas Crowe"
    assert "Crowe" in reply.text and "love" in reply.text  # her voice: calls everyone 'love'
    assert reply.revealed_secret is None and not world.npc("Hesper Quill").secrets[1].revealed
    # Failure costs something: Hesper remembers being pressed (a fact), told as a setback.
    assert any(c.kind == "setback" and c.after["type"] == "wary" for c in result.state_changes)
    assert any(f.text == "Hesper Quill will remember Bram pressing about Silas Crowe." for f in result.facts)


async def test_a_successful_check_reveals_the_secret_on_that_topic_and_it_becomes_a_fact():
    world = sample("Tarred Gull Inn")
    world.npc("Hesper Quill").attitude = Attitude.INDIFFERENT
    result, _ = await ask(world, "Hesper, who has been paying in foreign silver?", naturals=[19])
    [reply] = result.npc_responses
    secret = world.npc("Hesper Quill").secrets[1]
    assert secret.revealed and reply.revealed_secret == secret.text
    assert any(f.text == secret.text and f.subject == "Hesper Quill" for f in result.facts)
    again, roller = await ask(world, "Hesper, who has been paying in foreign silver?", naturals=[1])
    assert not roller.calls and again.npc_responses[0].revealed_secret is None  # told once, no roll again


async def test_a_hostile_npc_deflects_the_topic_by_name_and_keeps_what_he_knows():
    world = sample("Wrecker Caves")
    result, _ = await ask(world, "Silas, what do you want with the reliquary?", naturals=[3])
    [reply] = result.npc_responses
    knows = world.npc("Silas Crowe").topics[0].knows
    assert reply.topic == "the reliquary" and on_topic(reply.text, reply.topic_words)
    assert knows not in reply.text and reply.revealed_secret is None


async def test_a_warm_npc_answers_a_topic_with_no_secret_without_a_roll():
    world = sample("Kettlecove Docks")
    result, roller = await ask(world, "Pim, can you row us round to the caves?")
    [reply] = result.npc_responses
    assert reply.npc == "Pim Lowrie" and "rocks" in reply.text and not roller.calls


async def test_the_npc_named_first_is_the_one_asked_and_a_subject_they_do_not_know_is_still_named():
    world = sample("Kettlecove Docks")
    result, _ = await ask(world, "Pim, what do you know about Osric Vell?", naturals=[18])
    assert [r.npc for r in result.npc_responses] == ["Pim Lowrie"]
    result, roller = await ask(world, "Pim, what do you know about Brother Ambrose?")
    [reply] = result.npc_responses
    assert reply.npc == "Pim Lowrie" and "Brother Ambrose" in reply.text and not roller.calls


@pytest.mark.anyio
async def test_a_secret_kept_behind_a_knowledge_skill_is_asked_with_that_skill() -> None:
    from engine.play.orchestrator import ActionInput, Orchestrator
    from tests.engine.play.blind_world import case_world

    # The campaign keeps Ambrose's relic behind Religion (DC 14): asking him is a Religion check, not Persuasion.
    world = case_world({"location": "Drowned Chapel", "in_combat": False, "enemies": []})
    res = await Orchestrator().resolve(ActionInput(action="brother ambrose, what does the reliquary hold?",
                                                   actor="Tova", world=world, roller=ScriptedRoller([15]), turn=1))
    assert [r.purpose for r in res.dice_rolls] == ["Religion vs Brother Ambrose"]
