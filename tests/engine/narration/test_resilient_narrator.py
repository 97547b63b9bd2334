"""ResilientNarrator with scripted primaries (no HTTP), and build_narrator from settings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.errors import NarratorUnavailableError
from engine.narration.base import NarrationRequest, NarrationResult
from engine.narration.providers import build_narrator
from engine.narration.resilient import (
    Chunk,
    Done,
    NarratorCallError,
    Replace,
    ResilientNarrator,
    StreamEvent,
    narration_events,
)
from engine.settings import load_settings
from tests.engine.narration.llm_fakes import Reply, StubNarrator

pytestmark = pytest.mark.anyio

GOOD = "Brakka's axe bites deep into the Goblin, and it crumples."


class Scripted:
    """A primary that fails as scripted, then succeeds."""

    name = "scripted:model"

    def __init__(self, *failures: BaseException, text: str = GOOD, fail_after_chunks: int | None = None) -> None:
        self.failures = list(failures)
        self.text = text
        self.fail_after_chunks = fail_after_chunks
        self.calls = 0

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        self.calls += 1
        if self.failures:
            raise self.failures.pop(0)
        return NarrationResult(text=self.text, prompt_tokens=10, completion_tokens=5)

    async def stream_events(self, request: NarrationRequest) -> AsyncIterator[StreamEvent]:
        self.calls += 1
        for n, word in enumerate(self.text.split(" ")):
            if self.fail_after_chunks is not None and n == self.fail_after_chunks:
                raise NarratorCallError("connection lost", retryable=True)
            yield Chunk(word + " ")
        if self.failures:
            raise self.failures.pop(0)
        yield Done(NarrationResult(text=self.text))

    async def stream(self, request: NarrationRequest) -> AsyncIterator[str]:
        yield self.text


def wrap(primary: Scripted, max_retries: int = 2) -> ResilientNarrator:
    return ResilientNarrator(primary, StubNarrator("Plain fallback: Brakka fells the Goblin."),
                             max_retries=max_retries, backoff_base_s=0.001)


async def test_retryable_failures_are_retried_up_to_the_limit(turn: NarrationRequest) -> None:
    primary = Scripted(NarratorCallError("HTTP 503", retryable=True), NarratorCallError("HTTP 503", retryable=True))
    result = await wrap(primary).narrate(turn)
    assert result.text == GOOD and result.warnings == [] and primary.calls == 3


async def test_zero_retries_means_one_try(turn: NarrationRequest) -> None:
    primary = Scripted(NarratorCallError("HTTP 503", retryable=True))
    result = await wrap(primary, max_retries=0).narrate(turn)
    assert result.warnings == ["Narrator scripted:model failed (HTTP 503 after 1 try); offline narration used"]
    assert primary.calls == 1


async def test_unexpected_exception_falls_back_without_retry(turn: NarrationRequest) -> None:
    primary = Scripted(RuntimeError("boom"))
    result = await wrap(primary).narrate(turn)
    assert result.text.startswith("Plain fallback")
    assert "RuntimeError: boom after 1 try" in result.warnings[0]


async def test_failure_before_any_chunk_streams_the_fallback_plainly(turn: NarrationRequest) -> None:
    primary = Scripted(fail_after_chunks=0)
    events = [e async for e in narration_events(wrap(primary, max_retries=1), turn)]
    assert [type(e) for e in events] == [Chunk, Done]
    assert events[0].text.startswith("Plain fallback") and primary.calls == 2


async def test_failure_mid_stream_asks_for_a_replace(turn: NarrationRequest) -> None:
    events = [e async for e in narration_events(wrap(Scripted(fail_after_chunks=2)), turn)]
    assert [type(e) for e in events] == [Chunk, Chunk, Replace, Done]
    assert events[2].text == events[3].result.text
    assert "failed mid-reply (connection lost after 1 try)" in events[2].warning


async def test_plain_stream_only_yields_the_final_text(turn: NarrationRequest) -> None:
    narrator = wrap(Scripted(fail_after_chunks=2))
    assert [c async for c in narrator.stream(turn)] == ["Plain fallback: Brakka fells the Goblin."]


async def test_narrator_without_stream_events_arrives_as_one_chunk(turn: NarrationRequest) -> None:
    events = [e async for e in narration_events(StubNarrator("Hello."), turn)]
    assert events == [Chunk("Hello."), Done(NarrationResult(text="Hello."))]


async def test_build_offline_narrator(tmp_path: Path) -> None:
    pytest.importorskip("engine.narration.offline")
    narrator = build_narrator(load_settings(env={}, config_path=tmp_path / "none.toml"))
    assert narrator.name == "offline"


def test_build_provider_is_wrapped_and_offline(tmp_path: Path) -> None:
    pytest.importorskip("engine.narration.offline")
    settings = load_settings({"narrator": "openai", "model": "llama3.1", "base_url": "http://127.0.0.1:9/v1"},
                             env={}, config_path=tmp_path / "none.toml")
    narrator = build_narrator(settings, env={})  # port 9 is never contacted: construction does no I/O
    assert isinstance(narrator, ResilientNarrator)
    assert narrator.name == "openai:llama3.1" and narrator.fallback.name == "offline"


def test_build_anthropic_without_key_is_refused(tmp_path: Path) -> None:
    settings = load_settings({"narrator": "anthropic"}, env={}, config_path=tmp_path / "none.toml")
    with pytest.raises(NarratorUnavailableError, match="ANTHROPIC_API_KEY"):
        build_narrator(settings, env={})


async def test_built_narrator_falls_back_to_the_real_offline_narrator(tmp_path: Path, fake_llm,
                                                                      turn: NarrationRequest) -> None:
    pytest.importorskip("engine.narration.offline")

    fake_llm.reply_with(Reply(status=500))
    settings = load_settings({"narrator": "openai", "model": "llama3.1", "base_url": f"{fake_llm.root}/v1",
                              "max_retries": 1}, env={}, config_path=tmp_path / "none.toml")
    narrator = build_narrator(settings, env={}, backoff_base_s=0.001)
    result = await narrator.narrate(turn)
    assert result.text.strip()
    assert result.warnings[0] == "Narrator openai:llama3.1 failed (HTTP 500 after 2 tries); offline narration used"
    events = [e async for e in narration_events(narrator, turn)]
    assert isinstance(events[-1], Done) and events[-1].result.text == result.text
