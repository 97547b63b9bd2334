"""Any OpenAI-compatible chat-completions server as a narrator (official `openai` SDK, extra `[llm]`).

With `base_url` this covers local servers: Ollama (http://localhost:11434/v1), llama.cpp's
llama-server, vLLM and LM Studio. Retries are left to ResilientNarrator (the SDK's are off).
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

DEFAULT_MODEL = "gpt-4.1-mini"
DEFAULT_KEY_ENV = "OPENAI_API_KEY"
# Local servers ignore the key but the SDK refuses to start without one.
LOCAL_PLACEHOLDER_KEY = "not-needed"


def _import_sdk() -> ModuleType:
    try:
        import openai
    except ImportError as exc:
        raise NarratorUnavailableError(
            "The openai narrator needs the optional LLM extra: pip install 'gm-console[llm]' "
            "(or use --narrator offline)") from exc
    return openai


class OpenAICompatNarrator:
    """Narrates through /chat/completions; raises NarratorCallError when a call fails."""

    def __init__(self, *, model: str | None = None, api_key: str | None = None,
                 api_key_env: str = DEFAULT_KEY_ENV, base_url: str | None = None,
                 max_output_tokens: int = 400, temperature: float = 0.8, timeout_s: float = 20.0,
                 context_window: int | None = 8000, env: Mapping[str, str] | None = None) -> None:
        sdk = _import_sdk()
        if model is None:
            if base_url:
                raise NarratorUnavailableError(
                    f"Say which model the server at {base_url} should run: --model llama3.1 "
                    "(or GM_MODEL, or model = \"…\" under [narrator] in config.toml)")
            model = DEFAULT_MODEL
        key = api_key or (os.environ if env is None else env).get(api_key_env)
        if not key:
            if not base_url:
                raise NarratorUnavailableError(
                    f"The openai narrator needs an API key in the environment variable {api_key_env}: "
                    f"export {api_key_env}=sk-… (or name another variable with --api-key-env); for a "
                    "local server pass --base-url, e.g. http://localhost:11434/v1; or use --narrator offline")
            key = LOCAL_PLACEHOLDER_KEY
        self.model = model
        self.name = f"openai:{model}"
        self._sdk = sdk
        self._key_env = api_key_env
        self._endpoint = base_url or "api.openai.com"
        self._timeout_s = timeout_s
        self._max_output_tokens = max_output_tokens
        self._temperature = temperature
        self._context_window = context_window
        # OpenAI's newer models only take max_completion_tokens; local servers know max_tokens.
        self._token_param = "max_tokens" if base_url else "max_completion_tokens"
        self._client = sdk.AsyncOpenAI(api_key=key, base_url=base_url, timeout=timeout_s, max_retries=0)

    def _prompt(self, request: NarrationRequest) -> Prompt:
        return build_prompt(request, context_window=self._context_window, max_output_tokens=self._max_output_tokens)

    def _params(self, prompt: Prompt) -> dict[str, Any]:
        return {"model": self.model, "temperature": self._temperature,
                self._token_param: self._max_output_tokens,
                "messages": [{"role": "system", "content": prompt.system},
                             {"role": "user", "content": prompt.user}]}

    def _error(self, exc: BaseException) -> NarratorCallError:
        return call_error_from_sdk(exc, self._sdk, timeout_s=self._timeout_s, endpoint=self._endpoint,
                                   key_env=self._key_env)

    @staticmethod
    def _finish_warnings(prompt: Prompt, finish_reason: str | None) -> list[str]:
        if finish_reason is None:
            raise NarratorCallError("the reply stream was cut off", retryable=True)
        if finish_reason == "content_filter":
            raise NarratorCallError("the server's content filter stopped the reply", retryable=False)
        warnings = list(prompt.warnings)
        if finish_reason == "length":
            warnings.append("The narration hit max_output_tokens and may end mid-sentence")
        return warnings

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        prompt = self._prompt(request)
        try:
            completion = await self._client.chat.completions.create(**self._params(prompt))
        except Exception as exc:
            raise self._error(exc) from exc
        if not completion.choices:
            raise NarratorCallError("malformed reply (no choices)", retryable=True)
        choice = completion.choices[0]
        warnings = self._finish_warnings(prompt, choice.finish_reason)
        usage = completion.usage
        return result_from_reply(choice.message.content or "", warnings=warnings,
                                 prompt_tokens=usage.prompt_tokens if usage else None,
                                 completion_tokens=usage.completion_tokens if usage else None)

    async def stream_events(self, request: NarrationRequest) -> AsyncIterator[StreamEvent]:
        prompt = self._prompt(request)
        prose = FactsBlockFilter()
        raw: list[str] = []
        finish_reason: str | None = None
        usage: Any = None
        try:
            stream = await self._client.chat.completions.create(
                **self._params(prompt), stream=True, stream_options={"include_usage": True})
            async with stream:
                async for chunk in stream:
                    if chunk.usage is not None:
                        usage = chunk.usage  # the final chunk, with no choices
                    for choice in chunk.choices:
                        if choice.delta is not None and choice.delta.content:
                            raw.append(choice.delta.content)
                            if out := prose.feed(choice.delta.content):
                                yield Chunk(out)
                        if choice.finish_reason:
                            finish_reason = choice.finish_reason
        except Exception as exc:
            raise self._error(exc) from exc
        warnings = self._finish_warnings(prompt, finish_reason)
        result = result_from_reply("".join(raw), warnings=warnings,
                                   prompt_tokens=usage.prompt_tokens if usage else None,
                                   completion_tokens=usage.completion_tokens if usage else None)
        if tail := prose.finish():
            yield Chunk(tail)
        yield Done(result)

    async def stream(self, request: NarrationRequest) -> AsyncIterator[str]:
        async for event in self.stream_events(request):
            if isinstance(event, Chunk):
                yield event.text
