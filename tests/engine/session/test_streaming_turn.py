"""Streaming a turn's narration through player_action(on_narration=...): events arrive in order
before the turn is recorded, a cancelled turn leaves no trace, a failing narrator costs a warning."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from engine.api.manager import SessionManager
from engine.narration.base import NarrationRequest, NarrationResult
from engine.narration.offline import OfflineNarrator
from engine.narration.providers import build_narrator
from engine.narration.resilient import Chunk, Done, Replace, ResilientNarrator, StreamEvent
from engine.settings import NarratorSettings
from tests.conftest import FIXED_NOW
from tests.engine.narration.llm_fakes import FakeLLMServer, Reply

pytestmark = pytest.mark.anyio

CAMPAIGN = "dark-lantern"
ACTION = "I ask the innkeeper what she saw"
PIECES = ["The innkeeper ", "leans over the bar ", "and lowers her voice: ", "\"Lights on the marsh.\""]


class ScriptedNarrator:
    """Streams PIECES with a pause between them; can fail or stall after `fail_after` pieces."""

    name = "scripted"

    def __init__(self, *, delay: float = 0.0, fail_after: int | None = None, stall: bool = False) -> None:
        self.delay, self.fail_after, self.stall = delay, fail_after, stall
        self.closed = 0

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        return NarrationResult(text="".join(PIECES), prompt_tokens=120, completion_tokens=30)

    async def stream_events(self, request: NarrationRequest) -> AsyncIterator[StreamEvent]:
        try:
            for n, piece in enumerate(PIECES):
                if n == self.fail_after:
                    if self.stall:
                        await asyncio.sleep(30)
                    raise ConnectionError("the connection dropped")
                await asyncio.sleep(self.delay)
                yield Chunk(piece)
            yield Done(await self.narrate(request))
        finally:
            self.closed += 1

    async def stream(self, request: NarrationRequest) -> AsyncIterator[str]:
        async for event in self.stream_events(request):
            if isinstance(event, Chunk):
                yield event.text


async def start(data_dir: Path, narrator: object) -> tuple[SessionManager, str]:
    mgr = SessionManager(data_dir, narrator=narrator, clock=lambda: FIXED_NOW)  # type: ignore[arg-type]
    return mgr, (await mgr.start_session(CAMPAIGN, "table", seed=7)).session_id


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


async def test_chunks_arrive_in_order_before_the_turn_is_recorded(data_dir: Path) -> None:
    mgr, sid = await start(data_dir, ScriptedNarrator())
    seen: list[tuple[StreamEvent, int]] = []

    async def on_narration(event: StreamEvent) -> None:
        view = await mgr.get_session_state(sid, include_history=True)
        seen.append((event, len(view.recent_history or [])))

    response = await mgr.player_action(sid, ACTION, on_narration=on_narration)
    events = [e for e, _ in seen]
    assert events[:-1] == [Chunk(p) for p in PIECES]
    assert isinstance(events[-1], Done) and events[-1].result.text == response.narrative
    assert "".join(e.text for e in events if isinstance(e, Chunk)) == response.narrative
    # Every event, Done included, came while the session still had no recorded turn.
    assert [recorded for _, recorded in seen] == [0] * len(seen)
    view = await mgr.get_session_state(sid, include_history=True)
    assert [e.narrative for e in view.recent_history or []] == [response.narrative]
    assert view.context_usage is not None and view.context_usage.provider_prompt_tokens == 120
    await mgr.close()


async def test_offline_narrator_streams_the_same_text_as_without_a_callback(tmp_path: Path) -> None:
    plain_mgr, plain_sid = await start(tmp_path / "a", OfflineNarrator())
    streamed_mgr, streamed_sid = await start(tmp_path / "b", OfflineNarrator())
    events: list[StreamEvent] = []
    plain = await plain_mgr.player_action(plain_sid, ACTION)
    streamed = await streamed_mgr.player_action(streamed_sid, ACTION, on_narration=events.append)
    assert streamed.narrative == plain.narrative
    assert events == [Chunk(plain.narrative), Done(NarrationResult(text=plain.narrative))]
    await plain_mgr.close()
    await streamed_mgr.close()


async def test_cancelling_mid_stream_records_nothing(data_dir: Path) -> None:
    narrator = ScriptedNarrator(delay=0.05)
    mgr, sid = await start(data_dir, narrator)
    first_chunk = asyncio.Event()
    before_view = await mgr.get_session_state(sid, "full", include_history=True)
    before_files = files(data_dir)

    async def on_narration(event: StreamEvent) -> None:
        first_chunk.set()
        await asyncio.sleep(10)  # the cancellation lands here, while the narrator waits at a yield

    task = asyncio.create_task(mgr.player_action(sid, ACTION, on_narration=on_narration))
    await first_chunk.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    for _ in range(10):  # the event loop finalizes the abandoned stream within a few ticks
        if narrator.closed:
            break
        await asyncio.sleep(0)
    assert narrator.closed == 1  # the provider's stream was closed, not left running
    assert await mgr.get_session_state(sid, "full", include_history=True) == before_view
    assert files(data_dir) == before_files
    # The session is not wedged: the next action plays as turn 1.
    response = await mgr.player_action(sid, ACTION, on_narration=lambda e: None)
    assert response.turn_number == 1 and response.narrative == "".join(PIECES)
    await mgr.close()


async def test_failure_mid_stream_is_replaced_by_offline_text_and_the_turn_commits(data_dir: Path) -> None:
    mgr, sid = await start(data_dir, ScriptedNarrator(fail_after=2))
    events: list[StreamEvent] = []
    response = await mgr.player_action(sid, ACTION, on_narration=events.append)

    assert events[:2] == [Chunk(PIECES[0]), Chunk(PIECES[1])]
    replace, done = events[2], events[3]
    assert isinstance(replace, Replace) and isinstance(done, Done) and len(events) == 4
    assert replace.text == response.narrative == done.result.text
    assert "".join(PIECES) not in response.narrative
    assert "Narrator scripted failed (ConnectionError: the connection dropped)" in replace.warning
    assert replace.warning in response.warnings
    view = await mgr.get_session_state(sid, include_history=True)
    assert [e.narrative for e in view.recent_history or []] == [response.narrative]
    await mgr.close()


async def test_resilient_narrator_failing_mid_reply_replaces_the_text(data_dir: Path) -> None:
    narrator = ResilientNarrator(ScriptedNarrator(fail_after=1), OfflineNarrator(), backoff_base_s=0)
    mgr, sid = await start(data_dir, narrator)
    events: list[StreamEvent] = []
    response = await mgr.player_action(sid, ACTION, on_narration=events.append)

    assert events[0] == Chunk(PIECES[0])
    assert isinstance(events[1], Replace) and events[1].text == response.narrative
    assert "failed mid-reply" in events[1].warning and events[1].warning in response.warnings
    assert isinstance(events[2], Done) and len(events) == 3
    assert len((await mgr.get_session_state(sid, include_history=True)).recent_history or []) == 1
    await mgr.close()


async def test_a_stalled_stream_falls_back_after_the_time_limit(data_dir: Path) -> None:
    mgr, sid = await start(data_dir, ScriptedNarrator(fail_after=1, stall=True))
    mgr.orchestrator.narration_timeout = 0.2
    events: list[StreamEvent] = []
    response = await mgr.player_action(sid, ACTION, on_narration=events.append)
    assert [type(e) for e in events] == [Chunk, Replace, Done]
    assert any("Narrator scripted timed out after 0.2 s" in w for w in response.warnings)
    assert response.turn_number == 1
    await mgr.close()


async def test_a_failing_callback_fails_the_turn_and_records_nothing(data_dir: Path) -> None:
    mgr, sid = await start(data_dir, ScriptedNarrator())

    def broken(event: StreamEvent) -> None:
        raise ValueError("the screen went away")

    with pytest.raises(ValueError, match="the screen went away"):
        await mgr.player_action(sid, ACTION, on_narration=broken)
    assert (await mgr.get_session_state(sid, include_history=True)).recent_history == []
    await mgr.close()


@pytest.fixture
def fake_openai() -> Iterator[FakeLLMServer]:
    server = FakeLLMServer().start()
    yield server
    server.stop()


def openai_narrator(server: FakeLLMServer) -> object:
    settings = NarratorSettings(narrator="openai", model="fake", base_url=f"{server.root}/v1", max_retries=0)
    return build_narrator(settings, env={}, backoff_base_s=0)


async def test_real_sdk_stream_over_http(data_dir: Path, fake_openai: FakeLLMServer) -> None:
    text = "Hesper Quill leans over the bar and lowers her voice about lights on the marsh."
    fake_openai.reply_with(Reply(text=text, prompt_tokens=321, completion_tokens=23))
    mgr, sid = await start(data_dir, openai_narrator(fake_openai))
    events: list[StreamEvent] = []
    response = await mgr.player_action(sid, ACTION, on_narration=events.append)

    chunks = [e.text for e in events if isinstance(e, Chunk)]
    assert len(chunks) > 5 and "".join(chunks) == response.narrative == text
    assert fake_openai.requests[0]["stream"] is True
    usage = (await mgr.get_session_state(sid)).context_usage
    assert usage is not None and (usage.provider_prompt_tokens, usage.provider_completion_tokens) == (321, 23)
    await mgr.close()


async def test_real_sdk_stream_cut_off_is_replaced(data_dir: Path, fake_openai: FakeLLMServer) -> None:
    fake_openai.reply_with(Reply(text="Hesper Quill leans over the bar and whispers.", cut_after=3))
    mgr, sid = await start(data_dir, openai_narrator(fake_openai))
    events: list[StreamEvent] = []
    response = await mgr.player_action(sid, ACTION, on_narration=events.append)

    assert [type(e) for e in events] == [Chunk, Chunk, Chunk, Replace, Done]
    assert events[3].text == response.narrative  # type: ignore[union-attr]
    assert any("Narrator openai:fake failed mid-reply" in w for w in response.warnings)
    assert response.turn_number == 1
    await mgr.close()
