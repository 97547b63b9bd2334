"""The headless GM engine. `SessionManager` is the one API everything calls."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.sessions import SessionManager

__all__ = ["SessionManager"]


def __getattr__(name: str) -> Any:
    # Lazy, so importing engine.models or engine.dice does not load the whole engine.
    if name == "SessionManager":
        from engine.sessions import SessionManager

        return SessionManager
    raise AttributeError(name)
