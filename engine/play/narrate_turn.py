"""Having a resolved turn narrated: one bounded call to the narrator, or its events streamed to a caller,
and the offline narrator's text whenever the narrator fails or stalls, so a turn is never lost to it.

With an `on_narration` callback the narration is streamed: the callback gets each `Chunk` and `Replace`
as it arrives, then one `Done` with the final result (see engine.narration.resilient).
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from contextlib import aclosing

from engine.narration.base import NarrationRequest, NarrationResult, Narrator
from engine.narration.offline import OfflineNarrator
from engine.narration.resilient import Chunk, Done, Replace, StreamEvent, fall_back, narration_events

# What a streaming caller receives: Chunk(text), Replace(text, warning), then Done(result).
NarrationEvent = StreamEvent
NarrationCallback = Callable[[NarrationEvent], Awaitable[None] | None]

NARRATION_TIMEOUT = 120.0


async def narrate(narrator: Narrator, request: NarrationRequest, timeout: float,
                  on_narration: NarrationCallback | None = None) -> NarrationResult:
    """The narration of one turn, within `timeout` seconds; streamed to `on_narration` when given."""
    if on_narration is not None:
        return await _stream(narrator, request, timeout, on_narration)
    try:
        return await asyncio.wait_for(narrator.narrate(request), timeout)
    except TimeoutError:
        problem = f"timed out after {timeout} s"
    except Exception as exc:  # a provider failure must never lose the turn
        problem = f"failed ({type(exc).__name__}: {exc})"
    return await _fallback(narrator, request, problem)


async def emit(callback: NarrationCallback, event: NarrationEvent) -> None:
    """Hand one event to a callback that may be sync or async."""
    outcome = callback(event)
    if inspect.isawaitable(outcome):
        await outcome


async def _fallback(narrator: Narrator, request: NarrationRequest, problem: str) -> NarrationResult:
    name = getattr(narrator, "name", type(narrator).__name__)
    return await fall_back(OfflineNarrator(), request,
                           f"Narrator {name} {problem}; used the offline narrator for this turn.")


async def _stream(narrator: Narrator, request: NarrationRequest, timeout: float,
                  on_narration: NarrationCallback) -> NarrationResult:
    """Narrate through `narration_events`, handing each event to the caller as it arrives.

    A narrator that fails or stalls is replaced by the offline text (a `Replace` if some of its
    text was already handed out), so the turn is never lost. A failing callback is the caller's
    own error and propagates; so does cancellation, which also closes the provider's stream.
    """
    shown = False
    result: NarrationResult | None = None
    callback_error: BaseException | None = None
    try:
        async with asyncio.timeout(timeout), aclosing(narration_events(narrator, request)) as events:
            async for event in events:
                if isinstance(event, Done):
                    result = event.result
                    break
                shown = True
                try:
                    await emit(on_narration, event)
                except BaseException as exc:
                    callback_error = exc
                    raise
        if result is None:
            raise RuntimeError("the narration stream ended without a result")
    except Exception as exc:  # a provider failure must never lose the turn
        if exc is callback_error:
            raise
        problem = (f"timed out after {timeout} s" if isinstance(exc, TimeoutError)
                   else f"failed ({type(exc).__name__}: {exc})")
        result = await _fallback(narrator, request, problem)
        await emit(on_narration, Replace(result.text, result.warnings[0]) if shown else Chunk(result.text))
    await emit(on_narration, Done(result))
    return result
