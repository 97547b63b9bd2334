"""A narrator that never loses a turn: bounded retries, then the offline fallback, always said aloud.

Streaming protocol (what the console consumes, via `narration_events`):

- `Chunk(text)`: append `text` to what is on screen.
- `Replace(text, warning)`: the text shown so far must go; show `text` instead and surface
  `warning`. Sent when the primary fails mid-reply or the guard rejects the finished reply.
- `Done(result)`: always last, exactly once. `result.text` is the final text on screen and
  `result.warnings` holds every warning (including the one a `Replace` carried).

Before anything is shown, failures are retried (timeouts, connection errors, 429, 5xx, malformed or
empty replies); once a chunk is on screen, the only way out is a `Replace` with the fallback.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from types import ModuleType

from engine.errors import EngineError
from engine.narration.base import NarrationRequest, NarrationResult, Narrator
from engine.narration.guard import check_narration
from engine.narration.prompting import parse_reply

log = logging.getLogger(__name__)


class NarratorCallError(EngineError):
    """One provider call failed; `reason` is short and plain ("HTTP 500", "timed out after 20s")."""

    def __init__(self, reason: str, *, retryable: bool, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retryable = retryable
        self.retry_after = retry_after


@dataclass(frozen=True)
class Chunk:
    text: str


@dataclass(frozen=True)
class Replace:
    text: str
    warning: str


@dataclass(frozen=True)
class Done:
    result: NarrationResult


StreamEvent = Chunk | Replace | Done


def _retry_after(headers: object) -> float | None:
    get = getattr(headers, "get", None)
    if get is None:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = get(name)
        if value is not None:
            try:
                return max(0.0, float(value) * scale)
            except ValueError:
                return None  # an HTTP date: treat as unknown and use our own backoff
    return None


def call_error_from_sdk(exc: BaseException, sdk: ModuleType, *, timeout_s: float, endpoint: str,
                        key_env: str | None) -> NarratorCallError:
    """Translate an anthropic/openai SDK exception (same class names in both) into a NarratorCallError."""
    if isinstance(exc, NarratorCallError):
        return exc
    if isinstance(exc, sdk.APITimeoutError):
        return NarratorCallError(f"timed out after {timeout_s:g}s", retryable=True)
    if isinstance(exc, sdk.APIConnectionError):
        return NarratorCallError(f"could not connect to {endpoint}", retryable=True)
    if isinstance(exc, sdk.APIStatusError):
        code = exc.status_code
        if code == 429:
            return NarratorCallError("HTTP 429, rate limited", retryable=True,
                                     retry_after=_retry_after(exc.response.headers))
        if code >= 500 or code in (408, 409):
            return NarratorCallError(f"HTTP {code}", retryable=True, retry_after=_retry_after(exc.response.headers))
        if code in (401, 403):
            where = f"the key in {key_env}" if key_env else "the API key"
            return NarratorCallError(f"HTTP {code}, {where} was refused", retryable=False)
        if code == 404:
            return NarratorCallError(f"HTTP 404, model or endpoint not found at {endpoint}", retryable=False)
        return NarratorCallError(f"HTTP {code}, {getattr(exc, 'message', exc)}", retryable=False)
    if isinstance(exc, sdk.APIError | json.JSONDecodeError | KeyError | ValueError | AssertionError):
        return NarratorCallError("malformed reply", retryable=True)
    return NarratorCallError(f"{type(exc).__name__}: {exc}", retryable=False)


def result_from_reply(raw: str, *, warnings: list[str], prompt_tokens: int | None,
                      completion_tokens: int | None) -> NarrationResult:
    """The NarrationResult for a raw model reply; an empty reply is a (retryable) failure."""
    parsed = parse_reply(raw)
    if not parsed.prose:
        raise NarratorCallError("empty reply", retryable=True)
    return NarrationResult(text=parsed.prose, warnings=[*warnings, *parsed.warnings], proposed_facts=parsed.facts,
                           prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)


async def narration_events(narrator: Narrator, request: NarrationRequest) -> AsyncIterator[StreamEvent]:
    """Stream any narrator as StreamEvents; one without `stream_events` arrives as one chunk."""
    events = getattr(narrator, "stream_events", None)
    if events is not None:
        async for event in events(request):
            yield event
        return
    result = await narrator.narrate(request)
    if result.text:
        yield Chunk(result.text)
    yield Done(result)


def _tries(n: int) -> str:
    return f"{n} try" if n == 1 else f"{n} tries"


async def fall_back(fallback: Narrator, request: NarrationRequest, warning: str,
                    spent: NarrationResult | None = None) -> NarrationResult:
    """The fallback narrator's text for a turn the primary could not narrate, the warning said first.

    The one way a turn falls back, for provider failures (ResilientNarrator) and for the orchestrator's
    own timeout alike. Tokens the primary spent are still reported: they are what the provider bills."""
    result = await fallback.narrate(request)
    return result.model_copy(update={
        "warnings": [warning, *result.warnings],
        "prompt_tokens": spent.prompt_tokens if spent else result.prompt_tokens,
        "completion_tokens": spent.completion_tokens if spent else result.completion_tokens,
    })


class ResilientNarrator:
    """Wraps a provider narrator with retries, the guard, and a fallback narrator."""

    def __init__(self, primary: Narrator, fallback: Narrator, *, max_retries: int = 2,
                 backoff_base_s: float = 0.5, max_retry_after_s: float = 5.0,
                 guard: Callable[[str, NarrationRequest], list[str]] = check_narration) -> None:
        self.primary = primary
        self.fallback = fallback
        self.name = primary.name
        self.max_retries = max_retries
        self.backoff_base_s = backoff_base_s
        self.max_retry_after_s = max_retry_after_s
        self.guard = guard

    def _delay(self, exc: NarratorCallError, tries: int) -> float | None:
        """Seconds to wait before the next try, or None to give up."""
        if not exc.retryable or tries > self.max_retries:
            return None
        if exc.retry_after is not None:
            # A long retry-after means the turn would stall; the fallback is better for the table.
            return exc.retry_after if exc.retry_after <= self.max_retry_after_s else None
        return self.backoff_base_s * 2 ** (tries - 1)

    def _failed(self, exc: BaseException, tries: int, *, mid_stream: bool = False) -> str:
        if isinstance(exc, NarratorCallError):
            reason = exc.reason
            if exc.retry_after is not None and exc.retry_after > self.max_retry_after_s:
                reason += f", retry-after {exc.retry_after:g}s"
        else:
            reason = f"{type(exc).__name__}: {exc}"
        verb = "failed mid-reply" if mid_stream else "failed"
        message = (f"Narrator {self.name} {verb} ({reason} after {_tries(tries)}); "
                   f"{self.fallback.name} narration used")
        log.warning(message)
        return message

    def _contradicted(self, problems: list[str]) -> str:
        message = (f"Narrator {self.name} contradicted the resolved outcome ({'; '.join(problems)}); "
                   f"{self.fallback.name} narration used")
        log.warning(message)
        return message

    async def _fall_back(self, request: NarrationRequest, warning: str,
                         spent: NarrationResult | None = None) -> NarrationResult:
        return await fall_back(self.fallback, request, warning, spent)

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        tries = 0
        while True:
            tries += 1
            try:
                result = await self.primary.narrate(request)
            except NarratorCallError as exc:
                delay = self._delay(exc, tries)
                if delay is None:
                    return await self._fall_back(request, self._failed(exc, tries))
                await asyncio.sleep(delay)
                continue
            except Exception as exc:  # an SDK surprise must not cost the table its turn
                return await self._fall_back(request, self._failed(exc, tries))
            problems = self.guard(result.text, request)
            if problems:
                return await self._fall_back(request, self._contradicted(problems), spent=result)
            return result

    async def _fallback_events(self, request: NarrationRequest, warning: str, shown: bool,
                               spent: NarrationResult | None = None) -> AsyncIterator[StreamEvent]:
        result = await self._fall_back(request, warning, spent)
        yield Replace(result.text, warning) if shown else Chunk(result.text)
        yield Done(result)

    async def stream_events(self, request: NarrationRequest) -> AsyncIterator[StreamEvent]:
        tries = 0
        shown = False
        while True:
            tries += 1
            result: NarrationResult | None = None
            failure: BaseException | None = None
            try:
                async for event in narration_events(self.primary, request):
                    if isinstance(event, Done):
                        result = event.result
                    else:
                        shown = True
                        yield event
                if result is None:
                    raise NarratorCallError("the reply ended early", retryable=True)
            except NarratorCallError as exc:
                delay = None if shown else self._delay(exc, tries)
                if delay is not None:
                    await asyncio.sleep(delay)
                    continue
                failure = exc
            except Exception as exc:  # an SDK surprise must not cost the table its turn
                failure = exc
            if failure is not None:
                warning = self._failed(failure, tries, mid_stream=shown)
                async for event in self._fallback_events(request, warning, shown):
                    yield event
                return
            assert result is not None
            problems = self.guard(result.text, request)
            if problems:
                async for event in self._fallback_events(request, self._contradicted(problems), shown, result):
                    yield event
                return
            yield Done(result)
            return

    async def stream(self, request: NarrationRequest) -> AsyncIterator[str]:
        """The protocol's plain form: waits for the guard's verdict so it never yields text that is
        later withdrawn. Use `stream_events` to show text as it arrives."""
        final: NarrationResult | None = None
        async for event in self.stream_events(request):
            if isinstance(event, Done):
                final = event.result
        if final is not None and final.text:
            yield final.text
