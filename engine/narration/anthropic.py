"""Claude as a narrator, through the official `anthropic` SDK (optional extra `gm-console[llm]`).

The 2.x SDK's messages API takes no temperature, so that setting does not apply here.
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

DEFAULT_MODEL = "claude-haiku-4-5"
DEFAULT_KEY_ENV = "ANTHROPIC_API_KEY"


class AnthropicNarrator(ProviderNarrator):
    """Narrates through the Anthropic messages API; raises NarratorCallError when a call fails."""

    provider = "anthropic"
    default_model = DEFAULT_MODEL
    default_key_env = DEFAULT_KEY_ENV
    default_endpoint = "api.anthropic.com"

    def _without_key(self, key_env: str, base_url: str | None) -> str:
        raise NarratorUnavailableError(
            f"The anthropic narrator needs an API key in the environment variable {key_env}: "
            f"export {key_env}=sk-ant-… (or name another variable with --api-key-env), "
            "or use --narrator offline")

    def _make_client(self, sdk: ModuleType, *, key: str, base_url: str | None, timeout_s: float) -> Any:
        return sdk.AsyncAnthropic(api_key=key, base_url=base_url, timeout=timeout_s, max_retries=0)

    def _params(self, prompt: Prompt) -> dict[str, Any]:
        return {"model": self.model, "max_tokens": self._max_output_tokens, "system": prompt.system,
                "messages": [{"role": "user", "content": prompt.user}]}

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

    async def complete(self, system: str, user: str, *, max_tokens: int = 400, json_reply: bool = False) -> str:
        """One plain request (no narration prompt): the reply's text. Used by the LLM intent parser."""
        try:
            message = await self._client.messages.create(model=self.model, max_tokens=max_tokens, system=system,
                                                         messages=[{"role": "user", "content": user}])
        except Exception as exc:
            raise self._error(exc) from exc
        return "".join(block.text for block in message.content if block.type == "text")

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
