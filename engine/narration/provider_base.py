"""What the SDK-backed narrators share: loading the optional SDK, finding the API key, the prompt,
SDK errors as NarratorCallError, and plain-text streaming. Each provider adds its own calls."""

from __future__ import annotations

import importlib
import os
from collections.abc import AsyncIterator, Mapping
from types import ModuleType
from typing import Any, ClassVar

from engine.errors import NarratorUnavailableError
from engine.narration.base import NarrationRequest
from engine.narration.prompting import Prompt, build_prompt
from engine.narration.resilient import Chunk, NarratorCallError, StreamEvent, call_error_from_sdk


def import_sdk(name: str) -> ModuleType:
    """The provider's SDK module, or an error saying how to install the optional extra."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise NarratorUnavailableError(
            f"The {name} narrator needs the optional LLM extra: pip install 'gm-console[llm]' "
            "(or use --narrator offline)") from exc


class ProviderNarrator:
    """Base of AnthropicNarrator and OpenAICompatNarrator. Retries are left to ResilientNarrator
    (the SDKs' own are switched off) so a DM waits a bounded, known time."""

    provider: ClassVar[str]  # also the SDK's module name
    default_model: ClassVar[str]
    default_key_env: ClassVar[str]
    default_endpoint: ClassVar[str]

    def __init__(self, *, model: str | None = None, api_key: str | None = None, api_key_env: str | None = None,
                 base_url: str | None = None, max_output_tokens: int = 400, timeout_s: float = 20.0,
                 context_window: int | None = 8000, env: Mapping[str, str] | None = None) -> None:
        sdk = import_sdk(self.provider)
        self.model = self._pick_model(model, base_url)
        key_env = self.default_key_env if api_key_env is None else api_key_env
        key = api_key or (os.environ if env is None else env).get(key_env) or self._without_key(key_env, base_url)
        self.name = f"{self.provider}:{self.model}"
        self._sdk = sdk
        self._key_env = key_env
        self._endpoint = base_url or self.default_endpoint
        self._timeout_s = timeout_s
        self._max_output_tokens = max_output_tokens
        self._context_window = context_window
        # Constructing the client does no I/O; the first request opens the connection.
        self._client = self._make_client(sdk, key=key, base_url=base_url, timeout_s=timeout_s)

    def _pick_model(self, model: str | None, base_url: str | None) -> str:
        return model or self.default_model

    def _without_key(self, key_env: str, base_url: str | None) -> str:
        """No key was given or found: raise NarratorUnavailableError naming `key_env`, or return a stand-in."""
        raise NotImplementedError

    def _make_client(self, sdk: ModuleType, *, key: str, base_url: str | None, timeout_s: float) -> Any:
        """The SDK's async client, with the SDK's own retries off."""
        raise NotImplementedError

    def _prompt(self, request: NarrationRequest) -> Prompt:
        return build_prompt(request, context_window=self._context_window, max_output_tokens=self._max_output_tokens)

    def _error(self, exc: BaseException) -> NarratorCallError:
        return call_error_from_sdk(exc, self._sdk, timeout_s=self._timeout_s, endpoint=self._endpoint,
                                   key_env=self._key_env)

    async def complete(self, system: str, user: str, *, max_tokens: int = 400, json_reply: bool = False) -> str:
        """One plain request outside narration (the LLM intent parser); raises NarratorCallError."""
        raise NotImplementedError

    def stream_events(self, request: NarrationRequest) -> AsyncIterator[StreamEvent]:
        """Chunks of prose (the facts block held back), then Done with the full result."""
        raise NotImplementedError

    async def stream(self, request: NarrationRequest) -> AsyncIterator[str]:
        async for event in self.stream_events(request):
            if isinstance(event, Chunk):
                yield event.text
