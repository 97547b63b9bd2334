"""The MCP server as the DM's table sees it: every host call reported to the console as it is answered,
write tools refused while the DM has paused the table, and a host's player_action routed through review.

The server is the MCP face's own (build_server), with its tools unchanged; only the class it is built as
(SupervisedServer, for the feed and the pause) and the manager it is given (HostGateway, for review) differ.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent

from engine.models.actions import ActionResponse
from gm_console.mcp.guard import GMServer
from gm_console.supervisor.contract import HostCall, TableStatus

if TYPE_CHECKING:
    from engine.api.manager import SessionManager


class HostTable(Protocol):
    """What the gateway needs of the table (gm_console.supervisor.table.Table)."""

    @property
    def status(self) -> TableStatus: ...

    def report(self, call: HostCall) -> None: ...

    async def review_turn(self, session: str, action: str, character: str | None,
                          context: str | None) -> ActionResponse: ...

PAUSED = ("The DM has paused the table, so nothing was done. Reading still works (get_session_state, "
          "query_facts, list_sessions); try this again when the DM resumes the table.")
SHORT = 160


def short(text: str, limit: int = SHORT) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_args(arguments: dict[str, Any]) -> str:
    """The arguments that say what was asked; the session is left out when it is the only thing named."""
    shown = {k: v for k, v in arguments.items() if v is not None}
    if len(shown) > 1:
        shown.pop("session_id", None)
    return short(", ".join(f"{k}={v!r}" for k, v in shown.items()), 60)


class SupervisedServer(GMServer):
    """GMServer reporting each call to the table, and refusing writes while the DM has paused it."""

    table: HostTable

    def _writes(self, name: str) -> bool:
        tool = self._tool_manager.get_tool(name)
        hints = tool.annotations if tool is not None else None
        # A tool not marked read-only may change something: paused means no.
        return not (hints is not None and hints.read_only_hint)

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        writes = self._writes(name)
        started = time.perf_counter()
        try:
            if writes and self.table.status.paused:
                raise ToolError(PAUSED)
            result = await super().call_tool(name, arguments, context)
        except ToolError as exc:
            self._report(name, arguments, writes, started, str(exc), ok=False)
            raise
        text, structured = _result_parts(result)
        ok = not getattr(result, "is_error", False)
        self._report(name, arguments, writes, started, text, ok, structured)
        return result

    def _report(self, name: str, arguments: dict[str, Any], writes: bool, started: float, text: str,
                ok: bool, structured: dict[str, Any] | None = None) -> None:
        structured = structured or {}
        actor = structured.get("character_name") if ok else None
        self.table.report(HostCall(
            seq=0, tool=name, args=short_args(arguments), result=short(text), ok=ok, writes=writes and ok,
            session=structured.get("session_id") or arguments.get("session_id"), actor=actor,
            elapsed_ms=(time.perf_counter() - started) * 1000))


def _result_parts(result: Any) -> tuple[str, dict[str, Any] | None]:
    if isinstance(result, CallToolResult):
        text = " ".join(c.text for c in result.content if isinstance(c, TextContent))
        return text, result.structured_content
    return str(result), None


class HostGateway:
    """The SessionManager as the host's tools reach it: everything passes straight through, except a
    player_action while the DM reviews, which waits for the DM's decision before it is recorded."""

    def __init__(self, manager: SessionManager, table: HostTable) -> None:
        self._manager = manager
        self._table = table

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def player_action(self, session: str, action: str, character_name: str | None = None,
                            context: str | None = None, **kwargs: Any) -> ActionResponse:
        if not self._table.status.review:
            return await self._manager.player_action(session, action, character_name, context, **kwargs)
        return await self._table.review_turn(session, action, character_name, context)
