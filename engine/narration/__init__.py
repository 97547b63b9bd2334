"""Narrators turn resolved mechanics into prose; `make_narrator` picks one by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import NarratorUnavailableError
from engine.narration.base import NarrationRequest, NarrationResult, Narrator
from engine.narration.offline import OfflineNarrator


def _llm(provider: str) -> Callable[..., Narrator]:
    def build(**settings: Any) -> Narrator:
        # Imported late: the provider SDKs are an optional extra and must not load for offline play.
        from engine.narration.providers import build_narrator
        from engine.settings import NarratorSettings

        return build_narrator(NarratorSettings(narrator=provider, **settings))

    return build


# "offline" needs nothing and is always available; the LLM providers need the [llm] extra.
NARRATORS: dict[str, Callable[..., Narrator]] = {
    "offline": OfflineNarrator, "anthropic": _llm("anthropic"), "openai": _llm("openai"),
}


def make_narrator(name: str = "offline", **settings: Any) -> Narrator:
    """Build the narrator called `name` with provider settings (model, key, base URL...)."""
    factory = NARRATORS.get(name.strip().casefold())
    if factory is None:
        raise NarratorUnavailableError(
            f"Unknown narrator {name!r}. Available narrators: {', '.join(sorted(NARRATORS))}.")
    return factory(**settings)


__all__ = ["NARRATORS", "NarrationRequest", "NarrationResult", "Narrator", "OfflineNarrator", "make_narrator"]
