"""The headless GM engine. `SessionManager` (engine.api) is the one API everything calls.

Layers, each importing only those below it (enforced by import-linter, see pyproject.toml):
  api        SessionManager: lifecycle, play and read operations
  session    an open session at runtime: turn pipeline, catalog, state diff, views, reports
  play       orchestrator, intent, agents, prompt budget
  narration  offline narrator, LLM providers, guard, fallback
  facts      fact tracker, index, claims
  content    campaign authoring
  rules      dice and SRD 5.2 mechanics as functions over the models
  persistence atomic writes, journal, locks, stores, paths
  models     pydantic models
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.api import SessionManager

__all__ = ["SessionManager"]


def __getattr__(name: str) -> Any:
    # Lazy, so importing engine.models or engine.rules.dice does not load the whole engine.
    if name == "SessionManager":
        from engine.api import SessionManager

        return SessionManager
    raise AttributeError(name)
