"""An LLM narrator gets the NPC's topic, voice and what they can speak of; a reply that ignores the
question falls back to the offline answer with a warning (issue 16). Real SDKs against the fake servers."""

from __future__ import annotations

import pytest

from engine.models.actions import ActionType, DiceRoll, NPCResponse, StateChange
from engine.narration.base import NarrationRequest
from engine.narration.offline import OfflineNarrator
from engine.narration.resilient import ResilientNarrator
from tests.engine.narration.llm_fakes import FakeLLMServer, Reply
from tests.engine.narration.test_llm_providers import PROVIDERS, make_provider

pytestmark = pytest.mark.anyio
KNOWS = ("Crowe? Drinks at the end of my bar when he's ashore, love, and lately he pays in silver "
         "I don't know the face of.")


@pytest.fixture
def question() -> NarrationRequest:
    return NarrationRequest(
        session_seed=4, turn=2, action="Hesper, where is Silas Crowe?", actor="Bram",
        action_type=ActionType.ROLEPLAY, location="Tarred Gull Inn",
        dice_rolls=[DiceRoll(notation="1d20+0", total=4, purpose="Persuasion vs Hesper Quill", roller="Bram",
                             dc=12, success=False)],
        state_changes=[StateChange(target="Bram", kind="setback", after={"type": "wary", "npc": "Hesper Quill",
                                                                         "topic": "Silas Crowe"},
                                   description="Setback: Hesper Quill is on guard with Bram (remembered).")],
        npc_responses=[NPCResponse(npc="Hesper Quill", text=f'"{KNOWS}"', topic="Silas Crowe",
                                   topic_words=["captain", "crowe", "silas", "silver", "wrecker"],
                                   voice="Warm and brisk; calls everyone 'love'.",
                                   topics=["Silas Crowe", "Aldous Penn", "the lighthouse"],
                                   gesture="wipes her floury hands on her apron")])


def narrator(kind: str, server: FakeLLMServer) -> ResilientNarrator:
    return ResilientNarrator(make_provider(kind, server), OfflineNarrator(), max_retries=0, backoff_base_s=0.01)


def prompt_of(kind: str, server: FakeLLMServer) -> str:
    sent = server.requests[0]
    return sent["system"] + sent["messages"][0]["content"] if kind == "anthropic" else \
        sent["messages"][0]["content"] + sent["messages"][1]["content"]


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_the_prompt_carries_the_topic_the_voice_and_the_cost_of_the_failure(kind, fake_llm, question):
    fake_llm.reply_with(Reply(text=f"Bram leans on the bar. Hesper Quill wipes her hands: \"{KNOWS}\""))
    result = await narrator(kind, fake_llm).narrate(question)
    prompt = prompt_of(kind, fake_llm)
    assert "Hesper Quill was asked about Silas Crowe" in prompt
    assert "calls everyone 'love'" in prompt and "can speak of: Silas Crowe, Aldous Penn, the lighthouse" in prompt
    assert "Hesper Quill is on guard with Bram" in prompt and "wipes her floury hands" in prompt
    assert result.warnings == [] and "Crowe" in result.text


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_a_reply_that_ignores_the_question_falls_back_to_the_offline_answer_with_a_warning(
        kind, fake_llm, question):
    fake_llm.reply_with(Reply(text="Bram asks, and Hesper Quill only talks about the weather and her stew."))
    result = await narrator(kind, fake_llm).narrate(question)
    assert result.text == OfflineNarrator().render(question)
    assert "Crowe" in result.text
    [warning] = result.warnings
    assert "asked about Silas Crowe" in warning and "offline" in warning
