"""Streaming narration in the console: text grows under the log while the narrator writes, the log
gets the finished turn once, and a narrator that degrades raises a visible banner."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from engine.api.manager import SessionManager
from engine.errors import InvalidInputError
from engine.narration.base import NarrationRequest, NarrationResult
from engine.narration.offline import OfflineNarrator
from engine.narration.resilient import Chunk, Done, ResilientNarrator, StreamEvent
from gm_console.tui.app import GMConsoleApp, create_app
from tests.console.conftest import CAMPAIGN, FIXED_NOW, send, sequential_ids, settle, until

pytestmark = pytest.mark.anyio

ACTION = "I ask the innkeeper what she saw"
PIECES = ["Hesper Quill ", "wipes the bar ", "and lowers her voice: ", "\"Lights on the marsh.\""]


class GatedNarrator:
    """Streams PIECES, each only once the test lets it through (`step`), after a short sleep."""

    name = "gated"

    def __init__(self, *, gated: bool = True, fail_first_after: int | None = None) -> None:
        self.gate = asyncio.Semaphore(0)
        self.gated = gated
        self.fail_first_after = fail_first_after
        self.calls = 0

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.gate.release()

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        return NarrationResult(text="".join(PIECES), prompt_tokens=321, completion_tokens=23)

    async def stream_events(self, request: NarrationRequest) -> AsyncIterator[StreamEvent]:
        self.calls += 1
        for n, piece in enumerate(PIECES):
            if self.calls == 1 and n == self.fail_first_after:
                raise ConnectionError("the connection dropped")
            if self.gated:
                await self.gate.acquire()
            await asyncio.sleep(0.01)
            yield Chunk(piece)
        yield Done(await self.narrate(request))

    async def stream(self, request: NarrationRequest) -> AsyncIterator[str]:
        async for event in self.stream_events(request):
            if isinstance(event, Chunk):
                yield event.text


async def make_app(data_dir: Path, narrator: object) -> tuple[GMConsoleApp, SessionManager]:
    manager = SessionManager(data_dir, narrator=narrator, clock=lambda: FIXED_NOW,  # type: ignore[arg-type]
                             id_factory=sequential_ids())
    sid = (await manager.start_session(CAMPAIGN, "table-one", seed=7)).session_id
    return create_app(manager, session=sid), manager


def screen_text(app: GMConsoleApp) -> str:
    """What the terminal shows, as plain text."""
    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")


async def type_line(pilot: Pilot, app: GMConsoleApp, text: str) -> None:
    """Enter a line without waiting for the turn to finish."""
    field = app.main.query_one("#action", Input)
    field.focus()
    field.value = text
    await pilot.press("enter")


def turn_entries(app: GMConsoleApp) -> int:
    return sum(e.kind == "turn" for e in app.main.narrative.entries)


async def test_text_grows_under_the_log_then_lands_in_it_once(data_dir: Path) -> None:
    narrator = GatedNarrator()
    app, manager = await make_app(data_dir, narrator)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        stream = app.main.stream
        assert not stream.display or not stream.has_class("-live")
        await type_line(pilot, app, ACTION)

        narrator.step()
        await until(pilot, lambda: stream.has_class("-live") and stream.text == PIECES[0])
        await pilot.pause()
        assert stream.region.height > 0
        assert "Hesper Quill" in screen_text(app) and "Narrating" in screen_text(app)
        assert turn_entries(app) == 0 and app.main.history.turns == []

        narrator.step()
        await until(pilot, lambda: stream.text == PIECES[0] + PIECES[1])
        await pilot.pause()
        assert "wipes the bar" in screen_text(app)
        assert turn_entries(app) == 0

        narrator.step(2)
        await settle(pilot, app)
        assert not stream.has_class("-live") and stream.text == ""
        assert turn_entries(app) == 1
        assert "".join(PIECES) in app.main.narrative.plain_text
        assert app.main.history.turns == [1]
        assert app.main.narrator_warnings == []
        # The provider's own token counts sit beside the estimate.
        assert "321 prompt + 23 reply" in screen_text(app) and "est." in screen_text(app)
    await manager.close()


async def test_a_narrator_failing_mid_reply_raises_the_banner_until_a_clean_turn(data_dir: Path) -> None:
    narrator = ResilientNarrator(GatedNarrator(gated=False, fail_first_after=1), OfflineNarrator(),
                                 backoff_base_s=0)
    app, manager = await make_app(data_dir, narrator)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        banner = app.main.query_one("#narrator-warning", Static)
        assert banner.region.height == 0

        await send(pilot, app, ACTION)
        [warning] = app.main.narrator_warnings
        assert warning.startswith("Narrator gated failed mid-reply (ConnectionError: the connection dropped")
        assert banner.region.height > 0
        assert "⚠ Narrator gated failed mid-reply" in screen_text(app)
        # The log holds the offline narration, not the withdrawn first chunk.
        [entry] = [e for e in app.main.narrative.entries if e.kind == "turn"]
        assert not entry.text.startswith(PIECES[0]) and warning in entry.warnings
        assert not app.main.stream.has_class("-live")

        await send(pilot, app, ACTION)
        assert app.main.narrator_warnings == []
        assert banner.region.height == 0
        assert turn_entries(app) == 2
    await manager.close()


async def test_a_failure_before_the_first_chunk_also_raises_the_banner(data_dir: Path) -> None:
    narrator = ResilientNarrator(GatedNarrator(gated=False, fail_first_after=0), OfflineNarrator(),
                                 max_retries=0, backoff_base_s=0)
    app, manager = await make_app(data_dir, narrator)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, ACTION)
        [warning] = app.main.narrator_warnings
        assert warning.startswith("Narrator gated failed (ConnectionError")
        assert "⚠ Narrator gated failed" in screen_text(app)
    await manager.close()


async def test_a_turn_failing_after_narration_began_clears_the_live_text(data_dir: Path) -> None:
    app, manager = await make_app(data_dir, GatedNarrator(gated=False))
    seen_live = asyncio.Event()

    async def half_then_fail(session: str, action: str, character: str | None = None, context: str | None = None,
                             *, on_narration: Callable[[StreamEvent], None], out_of_turn: bool = False) -> None:
        on_narration(Chunk("Hesper Quill "))
        # Fail only once the test has seen the live text: a fixed sleep was a window a busy machine missed.
        await seen_live.wait()
        raise InvalidInputError("The journal could not be written.")

    manager.player_action = half_then_fail  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await type_line(pilot, app, ACTION)
        await until(pilot, lambda: app.main.stream.has_class("-live"))
        seen_live.set()
        await until(pilot, lambda: not any(w.is_running for w in app.workers))
        await settle(pilot, app)
        assert not app.main.stream.has_class("-live") and app.main.stream.text == ""
        assert "The journal could not be written." in app.main.narrative.plain_text
        assert turn_entries(app) == 0
    del manager.player_action
    await manager.close()
