"""Narrators turn resolved mechanics into prose; `make_narrator` picks one by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import NarratorUnavailableError
from engine.narration.base import NarrationRequest, NarrationResult, Narrator
from engine.narration.offline import OfflineNarrator

# Providers register here by name; "offline" needs nothing and is always available.
NARRATORS: dict[str, Callable[..., Narrator]] = {"offline": OfflineNarrator}


def make_narrator(name: str = "offline", **settings: Any) -> Narrator:
    """Build the narrator called `name` with provider settings (model, key, base URL...)."""
    factory = NARRATORS.get(name.strip().casefold())
    if factory is None:
        raise NarratorUnavailableError(
            f"Unknown narrator {name!r}. Available narrators: {', '.join(sorted(NARRATORS))}.")
    return factory(**settings)


__all__ = ["NARRATORS", "NarrationRequest", "NarrationResult", "Narrator", "OfflineNarrator", "make_narrator"]
