"""What the console knows of an MCP host at its table: the endpoint, the DM's controls, the host's calls.

Plain values and a protocol only (no mcp import): the console takes a TableControl from the composition
root and never imports the MCP face, so the two faces stay independent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from engine.models.actions import ActionResponse


class Verdict(StrEnum):
    ACCEPT = "accept"
    AMEND = "amend"
    REJECT = "reject"


@dataclass(frozen=True)
class Decision:
    """The DM's answer to a host turn under review: `text` is the new narration (amend) or the reason (reject)."""

    verdict: Verdict
    text: str = ""


@dataclass(frozen=True)
class HostCall:
    """One host request as the feed shows it, once it has been answered (or refused)."""

    seq: int
    tool: str
    args: str  # the arguments, shortened
    result: str  # the answer's text (or the error), shortened
    ok: bool
    writes: bool  # a tool that may change state (so the panes refresh after it)
    session: str | None = None  # the session it named or opened, if any
    actor: str | None = None  # the character who acted, when the engine says
    elapsed_ms: float = 0.0


@dataclass(frozen=True)
class ReviewItem:
    """A host's player turn resolved and waiting for the DM: nothing about it is recorded yet."""

    id: int
    session: str
    action: str
    preview: ActionResponse
    note: str = ""  # e.g. the table changed while it waited, so it was resolved again


@dataclass(frozen=True)
class TableStatus:
    open: bool = False
    url: str = ""
    token: str = ""
    config: str = ""  # the host configuration to paste, as JSON
    paused: bool = False
    review: bool = False
    timeout_s: float | None = None  # None: a review waits for the DM however long it takes
    on_timeout: Verdict = Verdict.REJECT
    waiting: int = 0  # host turns in review: the one shown plus those queued behind it
    current: ReviewItem | None = None
    refused: int = 0  # requests turned away for a missing or wrong token
    problem: str = ""


@dataclass
class TableListener:
    """What the console passes in: called on the console's own event loop."""

    host_called: Callable[[HostCall], None]
    table_changed: Callable[[TableStatus], None]


class TableControl(Protocol):
    """The DM's side of the table; implemented by gm_console.supervisor.table.Table."""

    @property
    def status(self) -> TableStatus: ...

    def listen(self, listener: TableListener) -> None: ...

    async def open(self, port: int | None = None) -> TableStatus: ...

    async def close(self) -> None: ...

    def set_paused(self, paused: bool) -> None: ...

    def set_review(self, review: bool) -> None: ...

    def set_timeout(self, seconds: float | None, on_timeout: Verdict) -> None: ...

    def decide(self, item_id: int, decision: Decision) -> None: ...
