"""Claude as a narrator, through the official `anthropic` SDK (optional extra `gm-console[llm]`).

Retries are left to ResilientNarrator (the SDK's own are switched off) so a DM waits a bounded,
known time. The 2.x SDK's messages API takes no temperature, so that setting does not apply here.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Mapping
from types import ModuleType
from typing import Any

from engine.errors import NarratorUnavailableError
from engine.narration.base import NarrationRequest, NarrationResult
from engine.narration.prompting import FactsBlockFilter, Prompt, build_prompt
from engine.narration.resilient import (
    Chunk,
    Done,
    NarratorCallError,
    StreamEvent,
    call_error_from_sdk,
    result_from_reply,
)

DEFAULT_MODEL = "claude-haiku-4-5"
DEFAULT_KEY_ENV = "ANTHROPIC_API_KEY"


def _import_sdk() -> ModuleType:
    try:
        import anthropic
    except ImportError as exc:
        raise NarratorUnavailableError(
            "The anthropic narrator needs the optional LLM extra: pip install 'gm-console[llm]' "
            "(or use --narrator offline)") from exc
    return anthropic


class AnthropicNarrator:
    """Narrates through the Anthropic messages API; raises NarratorCallError when a call fails."""

    def __init__(self, *, model: str | None = None, api_key: str | None = None,
                 api_key_env: str = DEFAULT_KEY_ENV, base_url: str | None = None,
                 max_output_tokens: int = 400, timeout_s: float = 20.0, context_window: int | None = 8000,
                 env: Mapping[str, str] | None = None) -> None:
        sdk = _import_sdk()
        key = api_key or (os.environ if env is None else env).get(api_key_env)
        if not key:
            raise NarratorUnavailableError(
                f"The anthropic narrator needs an API key in the environment variable {api_key_env}: "
                f"export {api_key_env}=sk-ant-… (or name another variable with --api-key-env), "
                "or use --narrator offline")
        self.model = model or DEFAULT_MODEL
        self.name = f"anthropic:{self.model}"
        self._sdk = sdk
        self._key_env = api_key_env
        self._endpoint = base_url or "api.anthropic.com"
        self._timeout_s = timeout_s
        self._max_output_tokens = max_output_tokens
        self._context_window = context_window
        # Constructing the client does no I/O; the first request opens the connection.
        self._client = sdk.AsyncAnthropic(api_key=key, base_url=base_url, timeout=timeout_s, max_retries=0)

    def _prompt(self, request: NarrationRequest) -> Prompt:
        return build_prompt(request, context_window=self._context_window, max_output_tokens=self._max_output_tokens)

    def _params(self, prompt: Prompt) -> dict[str, Any]:
        return {"model": self.model, "max_tokens": self._max_output_tokens, "system": prompt.system,
                "messages": [{"role": "user", "content": prompt.user}]}

    def _error(self, exc: BaseException) -> NarratorCallError:
        return call_error_from_sdk(exc, self._sdk, timeout_s=self._timeout_s, endpoint=self._endpoint,
                                   key_env=self._key_env)

    def _result(self, message: Any, prompt: Prompt) -> NarrationResult:
        if message.stop_reason is None:
            raise NarratorCallError("the reply stream was cut off", retryable=True)
        if message.stop_reason == "refusal":
            raise NarratorCallError("the model declined to narrate this turn", retryable=False)
        warnings = list(prompt.warnings)
        if message.stop_reason == "max_tokens":
            warnings.append("The narration hit max_output_tokens and may end mid-sentence")
        raw = "".join(block.text for block in message.content if block.type == "text")
        usage = message.usage
        return result_from_reply(raw, warnings=warnings, prompt_tokens=usage.input_tokens,
                                 completion_tokens=usage.output_tokens)

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        prompt = self._prompt(request)
        try:
            message = await self._client.messages.create(**self._params(prompt))
        except Exception as exc:
            raise self._error(exc) from exc
        return self._result(message, prompt)

    async def stream_events(self, request: NarrationRequest) -> AsyncIterator[StreamEvent]:
        prompt = self._prompt(request)
        prose = FactsBlockFilter()
        try:
            async with self._client.messages.stream(**self._params(prompt)) as stream:
                async for text in stream.text_stream:
                    if out := prose.feed(text):
                        yield Chunk(out)
                message = await stream.get_final_message()
        except Exception as exc:
            raise self._error(exc) from exc
        result = self._result(message, prompt)
        if tail := prose.finish():
            yield Chunk(tail)
        yield Done(result)

    async def stream(self, request: NarrationRequest) -> AsyncIterator[str]:
        async for event in self.stream_events(request):
            if isinstance(event, Chunk):
                yield event.text
