"""Size limits on the free text the API accepts, and the one check that enforces them.

A limit keeps one request from filling the journal, the prompt budget or a console pane; the error
says which field and how long it was, never echoing the text back (it may be megabytes, or binary).
NUL is refused everywhere: no person types it, and some tools cut a file at it.
"""

from __future__ import annotations

from engine.errors import InvalidInputError
from engine.play.actor import MAX_ACTION_CHARS

ACTION_CHARS = MAX_ACTION_CHARS  # the orchestrator enforces it too, for callers below the API
CONTEXT_CHARS = 4000
NAME_CHARS = 100
PURPOSE_CHARS = 200
NOTES_CHARS = 4000
FACT_CHARS = 2000
SUMMARY_ITEM_CHARS = 1000
SUMMARY_ITEMS = 100
VALUE_CHARS = 200


def bounded(value: str | None, field: str, limit: int) -> str | None:
    """`value` unchanged when it is within `limit` characters and free of NUL; else a clear error."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInputError(f"{field} must be text, not {type(value).__name__}.")
    if "\x00" in value:
        raise InvalidInputError(f"{field} contains a NUL character; remove it and try again.")
    if len(value) > limit:
        raise InvalidInputError(f"{field} is {len(value):,} characters long; the limit is {limit:,}.")
    return value


def bounded_list(values: list[str], field: str) -> list[str]:
    if len(values) > SUMMARY_ITEMS:
        raise InvalidInputError(f"{field} has {len(values)} items; the limit is {SUMMARY_ITEMS}.")
    for i, v in enumerate(values, start=1):
        bounded(v, f"{field} item {i}", SUMMARY_ITEM_CHARS)
    return values
