"""Both LLM providers through their real SDKs, over real HTTP, against local fake servers."""

from __future__ import annotations

import sys

import pytest

from engine.errors import NarratorUnavailableError
from engine.models.facts import FactCategory, FactInput
from engine.narration.anthropic import AnthropicNarrator
from engine.narration.base import NarrationRequest
from engine.narration.openai_compat import OpenAICompatNarrator
from engine.narration.resilient import Chunk, Done, Replace, ResilientNarrator, StreamEvent, narration_events
from tests.engine.narration.llm_fakes import FakeLLMServer, Reply, StubNarrator, pieces

pytestmark = pytest.mark.anyio

PROVIDERS = ["anthropic", "openai"]
GOOD = "Brakka's axe bites deep into the Goblin. It crumples to the floor and does not rise."
FALLBACK = "Brakka strikes the Goblin down; it falls and lies still."


def make_provider(kind: str, server: FakeLLMServer, *, timeout_s: float = 5.0):
    if kind == "anthropic":
        return AnthropicNarrator(model="claude-test", base_url=server.root, timeout_s=timeout_s,
                                 env={"ANTHROPIC_API_KEY": "sk-ant-test-key-0000"})
    return OpenAICompatNarrator(model="llama-test", base_url=f"{server.root}/v1", timeout_s=timeout_s, env={})


def resilient(kind: str, server: FakeLLMServer, *, timeout_s: float = 5.0) -> ResilientNarrator:
    return ResilientNarrator(make_provider(kind, server, timeout_s=timeout_s), StubNarrator(FALLBACK),
                             max_retries=2, backoff_base_s=0.01)


async def collect(narrator, request: NarrationRequest) -> list[StreamEvent]:
    return [event async for event in narration_events(narrator, request)]


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_normal_turn_returns_text_and_token_counts(kind: str, fake_llm: FakeLLMServer,
                                                         turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(text=GOOD, prompt_tokens=120, completion_tokens=33))
    result = await resilient(kind, fake_llm).narrate(turn)
    assert result.text == GOOD
    assert result.warnings == []
    assert (result.prompt_tokens, result.completion_tokens) == (120, 33)
    sent = fake_llm.requests[0]
    prompt = sent["system"] + sent["messages"][0]["content"] if kind == "anthropic" else \
        sent["messages"][0]["content"] + sent["messages"][1]["content"]
    assert "1d20+5 = 22 (natural 17) vs AC 13 — HIT" in prompt
    assert "Goblin hit points: 7 → 0" in prompt
    assert "grim and terse" in prompt
    assert sent["max_tokens"] == 400
    if kind == "openai":
        assert sent["temperature"] == 0.8
        assert fake_llm.paths == ["/v1/chat/completions"]
    else:
        assert fake_llm.paths == ["/v1/messages"]


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_streamed_turn_arrives_in_order_and_joins_to_the_text(kind: str, fake_llm: FakeLLMServer,
                                                                     turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(text=GOOD, prompt_tokens=120, completion_tokens=33))
    events = await collect(resilient(kind, fake_llm), turn)
    chunks = [e.text for e in events if isinstance(e, Chunk)]
    assert len(chunks) > 3
    assert "".join(chunks) == GOOD
    assert chunks[0].startswith("Brakka's")
    done = events[-1]
    assert isinstance(done, Done)
    assert done.result.text == GOOD
    assert (done.result.prompt_tokens, done.result.completion_tokens) == (120, 33)
    assert fake_llm.requests[0]["stream"] is True
    if kind == "openai":
        assert fake_llm.requests[0]["stream_options"] == {"include_usage": True}


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_plain_provider_stream_yields_the_same_prose(kind: str, fake_llm: FakeLLMServer,
                                                           turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(text=GOOD))
    narrator = make_provider(kind, fake_llm)
    assert "".join([c async for c in narrator.stream(turn)]) == (await narrator.narrate(turn)).text


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_timeout_falls_back_with_a_warning(kind: str, fake_llm: FakeLLMServer,
                                                 turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(text=GOOD, delay_s=3.0))
    result = await resilient(kind, fake_llm, timeout_s=0.2).narrate(turn)
    assert result.text == FALLBACK
    name = "anthropic:claude-test" if kind == "anthropic" else "openai:llama-test"
    assert result.warnings == [f"Narrator {name} failed (timed out after 0.2s after 3 tries); offline narration used"]
    assert len(fake_llm.requests) == 3


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_rate_limit_then_success_is_retried(kind: str, fake_llm: FakeLLMServer,
                                                  turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(status=429, headers={"retry-after": "0"}), Reply(text=GOOD))
    result = await resilient(kind, fake_llm).narrate(turn)
    assert result.text == GOOD
    assert result.warnings == []
    assert len(fake_llm.requests) == 2


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_long_retry_after_falls_back_at_once(kind: str, fake_llm: FakeLLMServer,
                                                   turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(status=429, headers={"retry-after": "120"}))
    result = await resilient(kind, fake_llm).narrate(turn)
    assert result.text == FALLBACK
    assert "HTTP 429, rate limited, retry-after 120s after 1 try" in result.warnings[0]
    assert len(fake_llm.requests) == 1


@pytest.mark.parametrize("kind", PROVIDERS)
@pytest.mark.parametrize("streamed", [False, True])
async def test_server_error_every_time_is_bounded_then_falls_back(kind: str, streamed: bool,
                                                                  fake_llm: FakeLLMServer,
                                                                  turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(status=500))
    narrator = resilient(kind, fake_llm)
    if streamed:
        events = await collect(narrator, turn)
        assert [type(e) for e in events] == [Chunk, Done]  # nothing shown before, so no Replace
        result = events[-1].result
    else:
        result = await narrator.narrate(turn)
    assert result.text == FALLBACK
    assert result.warnings == [f"Narrator {narrator.name} failed (HTTP 500 after 3 tries); offline narration used"]
    assert len(fake_llm.requests) == 3


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_refused_key_is_not_retried(kind: str, fake_llm: FakeLLMServer, turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(status=401))
    result = await resilient(kind, fake_llm).narrate(turn)
    assert result.text == FALLBACK
    assert "HTTP 401" in result.warnings[0] and "after 1 try" in result.warnings[0]
    assert len(fake_llm.requests) == 1


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_reply_contradicting_the_dice_is_replaced(kind: str, fake_llm: FakeLLMServer,
                                                        turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(text="Brakka swings hard but misses the Goblin, who cackles and dances away."))
    result = await resilient(kind, fake_llm).narrate(turn)
    assert result.text == FALLBACK
    assert "contradicted the resolved outcome" in result.warnings[0]
    assert '"misses"' in result.warnings[0]
    assert result.warnings[0].endswith("offline narration used")
    assert result.prompt_tokens == 42  # spent tokens are still reported


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_streamed_contradiction_tells_the_caller_to_replace(kind: str, fake_llm: FakeLLMServer,
                                                                  turn: NarrationRequest) -> None:
    bad = "Brakka swings hard but misses the Goblin, who cackles and dances away."
    fake_llm.reply_with(Reply(text=bad))
    events = await collect(resilient(kind, fake_llm), turn)
    assert "".join(e.text for e in events if isinstance(e, Chunk)) == bad
    replace, done = events[-2], events[-1]
    assert isinstance(replace, Replace) and isinstance(done, Done)
    assert replace.text == done.result.text == FALLBACK
    assert replace.warning == done.result.warnings[0]


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_stream_cut_mid_reply_is_replaced_not_retried(kind: str, fake_llm: FakeLLMServer,
                                                            turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(text=GOOD, cut_after=3))
    events = await collect(resilient(kind, fake_llm), turn)
    assert "".join(e.text for e in events if isinstance(e, Chunk)) == "".join(pieces(GOOD)[:3]).strip()
    assert isinstance(events[-2], Replace) and events[-2].text == FALLBACK
    assert "failed mid-reply (the reply stream was cut off after 1 try)" in events[-1].result.warnings[0]
    assert len(fake_llm.requests) == 1


@pytest.mark.parametrize("kind", PROVIDERS)
@pytest.mark.parametrize("streamed", [False, True])
async def test_proposed_facts_are_parsed_out_of_the_prose(kind: str, streamed: bool, fake_llm: FakeLLMServer,
                                                          turn: NarrationRequest) -> None:
    block = ('\n\n```facts\n[{"text": "The cellar floods at high tide.", "category": "location", '
             '"subject": "Cellar of the Drowned Lantern"}]\n```\n')
    fake_llm.reply_with(Reply(text=GOOD + block))
    narrator = resilient(kind, fake_llm)
    if streamed:
        events = await collect(narrator, turn)
        assert "".join(e.text for e in events if isinstance(e, Chunk)) == GOOD
        result = events[-1].result
    else:
        result = await narrator.narrate(turn)
    assert result.text == GOOD
    assert result.proposed_facts == [FactInput(text="The cellar floods at high tide.", category=FactCategory.LOCATION,
                                               subject="Cellar of the Drowned Lantern")]


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_malformed_facts_block_is_ignored_with_a_warning(kind: str, fake_llm: FakeLLMServer,
                                                               turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(text=GOOD + "\n```facts\n[{not json}]\n```"))
    result = await resilient(kind, fake_llm).narrate(turn)
    assert result.text == GOOD
    assert result.proposed_facts == []
    assert any("not valid JSON" in w for w in result.warnings)


@pytest.mark.parametrize("kind", PROVIDERS)
async def test_empty_reply_is_retried_then_falls_back(kind: str, fake_llm: FakeLLMServer,
                                                      turn: NarrationRequest) -> None:
    fake_llm.reply_with(Reply(text="   "))
    result = await resilient(kind, fake_llm).narrate(turn)
    assert result.text == FALLBACK
    assert "empty reply after 3 tries" in result.warnings[0]


def test_missing_anthropic_key_names_the_variable() -> None:
    with pytest.raises(NarratorUnavailableError, match="MY_CLAUDE_KEY"):
        AnthropicNarrator(model="claude-test", api_key_env="MY_CLAUDE_KEY", env={})


def test_openai_without_key_needs_a_local_server() -> None:
    with pytest.raises(NarratorUnavailableError, match="OPENAI_API_KEY"):
        OpenAICompatNarrator(model="gpt-test", env={})
    local = OpenAICompatNarrator(model="llama3.1", base_url="http://127.0.0.1:9/v1", env={})
    assert local.name == "openai:llama3.1"


def test_local_server_without_a_model_says_how_to_set_one() -> None:
    with pytest.raises(NarratorUnavailableError, match="--model"):
        OpenAICompatNarrator(base_url="http://127.0.0.1:9/v1", env={})


@pytest.mark.parametrize("kind", PROVIDERS)
def test_missing_sdk_says_how_to_install_it(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, kind, None)  # makes `import <kind>` raise ImportError
    with pytest.raises(NarratorUnavailableError, match=r"pip install 'gm-console\[llm\]'"):
        if kind == "anthropic":
            AnthropicNarrator(env={"ANTHROPIC_API_KEY": "k"})
        else:
            OpenAICompatNarrator(env={"OPENAI_API_KEY": "k"})
