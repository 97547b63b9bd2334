"""Any OpenAI-compatible chat-completions server as a narrator (official `openai` SDK, extra `[llm]`).

With `base_url` this covers local servers: Ollama (http://localhost:11434/v1), llama.cpp's
llama-server, vLLM and LM Studio.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import ModuleType
from typing import Any

from engine.errors import NarratorUnavailableError
from engine.narration.base import NarrationRequest, NarrationResult
from engine.narration.prompting import FactsBlockFilter, Prompt
from engine.narration.provider_base import ProviderNarrator
from engine.narration.resilient import Chunk, Done, NarratorCallError, StreamEvent, result_from_reply

DEFAULT_MODEL = "gpt-4.1-mini"
DEFAULT_KEY_ENV = "OPENAI_API_KEY"
# Local servers ignore the key but the SDK refuses to start without one.
LOCAL_PLACEHOLDER_KEY = "not-needed"


class OpenAICompatNarrator(ProviderNarrator):
    """Narrates through /chat/completions; raises NarratorCallError when a call fails.

    Takes ProviderNarrator's settings plus `temperature`.
    """

    provider = "openai"
    default_model = DEFAULT_MODEL
    default_key_env = DEFAULT_KEY_ENV
    default_endpoint = "api.openai.com"

    def __init__(self, *, temperature: float = 0.8, **settings: Any) -> None:
        self._temperature = temperature
        # OpenAI's newer models only take max_completion_tokens; local servers know max_tokens.
        self._token_param = "max_tokens" if settings.get("base_url") else "max_completion_tokens"
        super().__init__(**settings)

    def _pick_model(self, model: str | None, base_url: str | None) -> str:
        if model is None and base_url:
            raise NarratorUnavailableError(
                f"Say which model the server at {base_url} should run: --model llama3.1 "
                "(or GM_MODEL, or model = \"…\" under [narrator] in config.toml)")
        return model or DEFAULT_MODEL

    def _without_key(self, key_env: str, base_url: str | None) -> str:
        if not base_url:
            raise NarratorUnavailableError(
                f"The openai narrator needs an API key in the environment variable {key_env}: "
                f"export {key_env}=sk-… (or name another variable with --api-key-env); for a "
                "local server pass --base-url, e.g. http://localhost:11434/v1; or use --narrator offline")
        return LOCAL_PLACEHOLDER_KEY

    def _make_client(self, sdk: ModuleType, *, key: str, base_url: str | None, timeout_s: float) -> Any:
        return sdk.AsyncOpenAI(api_key=key, base_url=base_url, timeout=timeout_s, max_retries=0)

    def _params(self, prompt: Prompt) -> dict[str, Any]:
        return {"model": self.model, "temperature": self._temperature,
                self._token_param: self._max_output_tokens,
                "messages": [{"role": "system", "content": prompt.system},
                             {"role": "user", "content": prompt.user}]}

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

    async def complete(self, system: str, user: str, *, max_tokens: int = 400, json_reply: bool = False) -> str:
        """One plain request (no narration prompt): the reply's text. Used by the LLM intent parser."""
        params: dict[str, Any] = {"model": self.model, "temperature": 0.0, self._token_param: max_tokens,
                                  "messages": [{"role": "system", "content": system},
                                               {"role": "user", "content": user}]}
        if json_reply:
            params["response_format"] = {"type": "json_object"}
        try:
            completion = await self._client.chat.completions.create(**params)
        except Exception as exc:
            raise self._error(exc) from exc
        if not completion.choices:
            raise NarratorCallError("malformed reply (no choices)", retryable=True)
        return completion.choices[0].message.content or ""

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
