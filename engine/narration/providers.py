"""Settings -> a ready narrator. Builds clients only; nothing touches the network here."""

from __future__ import annotations

import os
from collections.abc import Mapping

from engine.narration.base import Narrator
from engine.narration.resilient import ResilientNarrator
from engine.settings import NarratorSettings


def _offline() -> Narrator:
    from engine.narration.offline import OfflineNarrator

    return OfflineNarrator()


def build_provider(settings: NarratorSettings, env: Mapping[str, str] | None = None) -> Narrator:
    """The bare provider narrator (no retries, no fallback). Raises NarratorUnavailableError when the
    extra is not installed, the key is missing, or a local server was given without a model."""
    env = os.environ if env is None else env
    common = {"model": settings.model, "base_url": settings.base_url, "api_key_env": settings.key_env or "",
              "max_output_tokens": settings.max_output_tokens, "timeout_s": settings.timeout_s,
              "context_window": settings.context_window, "env": env}
    if settings.narrator == "anthropic":
        from engine.narration.anthropic import AnthropicNarrator

        return AnthropicNarrator(**common)
    if settings.narrator == "openai":
        from engine.narration.openai_compat import OpenAICompatNarrator

        return OpenAICompatNarrator(temperature=settings.temperature, **common)
    raise ValueError(f"{settings.narrator!r} is not an LLM provider")


def build_narrator(settings: NarratorSettings, *, env: Mapping[str, str] | None = None,
                   backoff_base_s: float = 0.5) -> Narrator:
    """"offline" -> OfflineNarrator(); otherwise the provider wrapped in ResilientNarrator with the
    offline narrator as fallback, so a failing provider costs a warning, never a turn."""
    if settings.narrator == "offline":
        return _offline()
    return ResilientNarrator(build_provider(settings, env), _offline(), max_retries=settings.max_retries,
                             backoff_base_s=backoff_base_s)
