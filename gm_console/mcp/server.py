"""The engine served headless over MCP: thin typed tools over SessionManager, stdio or streamable HTTP.

This is the only engine module that imports `mcp`. Every tool calls exactly one SessionManager method;
game rules live in the engine, so a tool that needs logic means the manager is missing a method.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from engine.errors import EngineError, NotFoundError
from engine.models.actions import ActionResponse
from engine.models.facts import FactCategory, FactQueryResult
from engine.models.session import (
    CampaignInfo,
    DeleteSessionResult,
    EndSessionResult,
    LoadSessionResult,
    RollResult,
    SessionInfo,
    SessionStateView,
    SessionStatus,
    StartSessionResult,
    UndoResult,
)
from gm_console.mcp import answers
from gm_console.mcp.answers import answer
from gm_console.mcp.calls import CampaignRef, SessionRef, call
from gm_console.mcp.dm_tools import register_dm_tools
from gm_console.mcp.guard import GMServer, refuse_dm_command
from gm_console.mcp.learning_tools import register_learning_tools
from gm_console.mcp.prompts import run_a_table
from gm_console.mcp.table_tools import register_table_tools

if TYPE_CHECKING:
    from engine.api.manager import SessionManager

log = logging.getLogger(__name__)

INSTRUCTIONS = (
    "GM Console runs a D&D-5e-style table; the engine owns dice, HP, conditions and facts. "
    "Flow: list_campaigns -> start_claudmaster_session (or load_session to resume) -> player_action for the "
    "players' words, DM tools (dm_change, rest, record_fact, roll_dice) for your rulings -> end_session -> "
    "store_session_with_learnings. The prompt run_a_table explains the loop. Sessions are named by UUID or name.")

# ---- parameter types (module level: the SDK evaluates the tools' annotations in these globals) ----

Mode = Annotated[Literal["pause", "end"], Field(
    description="'pause' saves it to resume later; 'end' closes it for good and commits world changes")]
DetailLevel = Annotated[Literal["minimal", "standard", "full"], Field(
    description="'minimal': session info, plus who did what if include_history; 'standard': also scene, party, "
                "quests and history entries; 'full': also the raw state and undo data")]
# The engine's own enums, so a new status or category reaches the tools' schemas by itself.
Status = SessionStatus
Category = FactCategory


class CampaignList(BaseModel):
    campaigns: list[CampaignInfo]


class SessionList(BaseModel):
    sessions: list[SessionInfo]


_READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, openWorldHint=False)
_WRITES = ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False)
_DESTRUCTIVE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False)


async def _read(uri: str, call: Awaitable[str]) -> str:
    try:
        return await call
    except NotFoundError as exc:
        raise ResourceNotFoundError(str(exc)) from None
    except EngineError as exc:
        raise ResourceError(str(exc)) from None
    except Exception:
        log.exception("Unexpected error reading %s", uri)
        raise ResourceError(f"Could not read {uri}: unexpected server error (see the server log).") from None


def build_server(manager: SessionManager, server_class: type[GMServer] = GMServer) -> GMServer:
    """An MCPServer whose tools and resources each forward to one `manager` method. `server_class` lets the
    console's supervisor mode build the same server as a GMServer subclass that reports each call."""
    server = server_class("gm-console", instructions=INSTRUCTIONS, version=_version(), log_level="WARNING")
    m = manager

    @server.tool(annotations=_READ_ONLY)
    async def list_campaigns() -> Annotated[CallToolResult, CampaignList]:
        """List the campaigns in the data dir: name, characters, session count and the active session."""
        result = CampaignList(campaigns=await call("list_campaigns", m.list_campaigns()))
        return answer(result, "\n".join(f"{c.name} ({c.slug}): {', '.join(c.characters)}; {c.sessions} sessions"
                                        + (f"; problem: {c.problem}" if c.problem else "") for c in result.campaigns)
                      or "No campaigns.")

    @server.tool(annotations=_WRITES)
    async def start_claudmaster_session(
        campaign_name: CampaignRef,
        session_name: Annotated[str | None, Field(
            description="Name for the new session (default session-N); not a UUID")] = None,
        module_id: Annotated[str | None, Field(description="Adventure module id to note on the session")] = None,
        seed: Annotated[int | None, Field(description="Dice seed, for a replayable session (default random)",
                                          ge=0, lt=2**63)] = None,
    ) -> Annotated[CallToolResult, StartSessionResult]:
        """Start a new active session in a campaign. Returns its id and name, the opening scene, the party and
        the location. Only one session per campaign can be active; resume a paused one with load_session."""
        result = await call("start_claudmaster_session", m.start_session(campaign_name, session_name, seed, module_id))
        return answer(result, answers.start_text(result))

    @server.tool(annotations=_WRITES)
    async def player_action(
        session_id: SessionRef,
        action: Annotated[str, Field(description="What the player does or says, in their own words")],
        character_name: Annotated[str | None, Field(description="Who acts (default: the current character)")] = None,
        context: Annotated[str | None, Field(description="Extra context for this action only")] = None,
    ) -> Annotated[CallToolResult, ActionResponse]:
        """Resolve a player's action in an active session: the engine rolls dice and applies rules. Returns
        the narrative, action type, dice rolls, state changes, NPC replies and `intent` (how the engine read the
        line: kind, target, destination, parts, or the question it asks back); it is saved before returning.
        DM rulings (HP, conditions, rests, facts) go to the DM tools, not here."""
        refuse_dm_command(action)
        result = await call("player_action", m.player_action(session_id, action, character_name, context))
        return answer(result, answers.action_text(result))

    @server.tool(annotations=_READ_ONLY)
    async def get_session_state(
        session_id: SessionRef,
        detail_level: DetailLevel = "standard",
        include_history: Annotated[bool, Field(description="Include recent history entries")] = True,
        history_limit: Annotated[int, Field(description="Most recent entries to include", ge=0, le=1000)] = 10,
    ) -> Annotated[CallToolResult, SessionStateView]:
        """Read a session's current state (any status): session info, scene, party HP/conditions, quests,
        recent history and context usage. Use 'minimal' for a cheap status check."""
        result = await call("get_session_state",
                            m.get_session_state(session_id, detail_level, include_history, history_limit))
        return answers.state_answer(result, detail_level)

    @server.tool(annotations=_WRITES)
    async def end_session(
        session_id: SessionRef,
        mode: Mode = "pause",
        summary_notes: Annotated[str | None, Field(description="DM notes saved with the session")] = None,
    ) -> Annotated[CallToolResult, EndSessionResult]:
        """Pause (resumable) or end a session, saving every file. Returns the status, a summary, the save
        path and stats. Ending an already closed session is harmless. Then store_session_with_learnings."""
        result = await call("end_session", m.end_session(session_id, mode, summary_notes))
        return answer(result, answers.end_text(result))

    @server.tool(annotations=_WRITES)
    async def load_session(
        session_id: SessionRef,
        campaign_name: Annotated[str | None, Field(description="Campaign to look in, if names clash")] = None,
    ) -> Annotated[CallToolResult, LoadSessionResult]:
        """Resume a paused session (or recover one left open by a crash) so player_action works again.
        Returns a 'previously on' recap and the action count."""
        result = await call("load_session", m.load_session(session_id, campaign_name))
        return answer(result, answers.load_text(result))

    @server.tool(annotations=_READ_ONLY)
    async def list_sessions(
        campaign_name: CampaignRef,
        status: Annotated[Status | None, Field(description="Only sessions with this status")] = None,
        limit: Annotated[int, Field(description="Most sessions to list", ge=1, le=1000)] = 20,
    ) -> Annotated[CallToolResult, SessionList]:
        """List a campaign's sessions, most recently active first: id, name, status, last active, actions."""
        result = SessionList(sessions=await call("list_sessions", m.list_sessions(campaign_name, status, limit)))
        return answer(result, answers.sessions_text(result.sessions))

    @server.tool(annotations=_WRITES)
    async def roll_dice(
        notation: Annotated[str, Field(description="Dice notation, e.g. 1d20+5, 2d20kh1+3, 4d6kh3, 8d6")],
        session_id: Annotated[str | None, Field(
            description="Session UUID or name: record the roll there, from its seeded dice")] = None,
        purpose: Annotated[str | None, Field(description="What the roll is for")] = None,
    ) -> Annotated[CallToolResult, RollResult]:
        """Roll dice with the engine (never invent a roll). With a session, the roll uses its seeded dice and
        is recorded in its history. Returns the total and the detail."""
        result = await call("roll_dice", m.roll(notation, session_id, purpose))
        turn = f" (turn {result.turn_number})" if result.turn_number else ""
        return answer(result, f"{answers.rolls_text([result.roll])}{turn}: {result.roll.detail}")

    @server.tool(annotations=_READ_ONLY)
    async def query_facts(
        session_id: SessionRef,
        query: Annotated[str | None, Field(description="Words to search for (default: all facts)")] = None,
        category: Annotated[Category | None, Field(description="Only facts of this category")] = None,
        limit: Annotated[int, Field(description="Most facts to return", ge=1, le=200)] = 10,
    ) -> Annotated[CallToolResult, FactQueryResult]:
        """Search the facts established in a session (NPCs, places, items, events, quests, world)."""
        result = await call("query_facts", m.query_facts(session_id, query, category, limit))
        return answer(result, answers.facts_text(result))

    @server.tool(annotations=_WRITES)
    async def undo_last_action(
        session_id: SessionRef,
        expected_turn: Annotated[int | None, Field(
            description="The turn you mean to undo; refused if another client has recorded a later one", ge=1)] = None,
    ) -> Annotated[CallToolResult, UndoResult]:
        """Undo the latest turn of an active session exactly (state, dice, facts, a whole learnings store).
        Returns what was reverted."""
        result = await call("undo_last_action", m.undo_last(session_id, expected_turn))
        return answer(result, answers.undo_text(result))

    @server.tool(annotations=_DESTRUCTIVE)
    async def delete_session(session_id: SessionRef) -> Annotated[CallToolResult, DeleteSessionResult]:
        """Delete a paused or ended session and its files (and the learnings it produced), permanently."""
        result = await call("delete_session", m.delete_session(session_id))
        return answer(result, result.message)

    register_dm_tools(server, m)
    register_learning_tools(server, m)
    register_table_tools(server, m)

    @server.prompt(name="run_a_table", description="How to run a table with these tools: players' words to "
                   "player_action, rulings to the DM tools, never invent a roll, end with store_session_with_learnings")
    def run_a_table_prompt(campaign_name: str | None = None) -> str:
        return run_a_table(campaign_name)

    @server.resource("campaign://{name}", mime_type="text/markdown",
                     description="A campaign overview: setting, party, quests and sessions")
    async def campaign_resource(name: str) -> str:
        return await _read(f"campaign://{name}", m.campaign_overview(name))

    @server.resource("session://{session_id}/recap", mime_type="text/markdown",
                     description="A 'previously on' recap of a session (UUID or name)")
    async def session_recap(session_id: str) -> str:
        return await _read(f"session://{session_id}/recap", m.recap(session_id))

    return server


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gm-console")
    except PackageNotFoundError:
        return "0"


def _configure_logging(log_file: Path | str | None) -> None:
    # Set up before MCPServer: its logging.basicConfig is then a no-op, and stdout stays protocol-only.
    handler: logging.Handler = (logging.FileHandler(log_file, encoding="utf-8") if log_file
                                else logging.StreamHandler(sys.stderr))
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)


def serve(data_dir: Path | str | None = None, http: bool = False, host: str = "127.0.0.1", port: int = 8765,
          narrator_overrides: dict[str, Any] | None = None, log_file: Path | str | None = None) -> None:
    """Serve until stdin closes (stdio) or SIGINT/SIGTERM; then pause every open session so nothing is lost."""
    from engine.api.manager import SessionManager

    _configure_logging(log_file)
    manager = SessionManager.from_settings(data_dir, narrator_overrides)
    server = build_server(manager)
    anyio.run(_serve_async, server, manager, http, host, port)


async def _serve_async(server: MCPServer, manager: SessionManager, http: bool, host: str, port: int) -> None:
    stop = anyio.Event()
    signalled = _stop_on_signals(stop)

    async def transport() -> None:
        try:
            if http:
                await server.run_streamable_http_async(host=host, port=port)
            else:
                await server.run_stdio_async()
        finally:
            stop.set()

    async with anyio.create_task_group() as tg:
        tg.start_soon(transport)
        await stop.wait()
        with anyio.CancelScope(shield=True):
            await _pause_open_sessions(manager)
        if signalled and not http:
            # The stdio transport reads stdin in a thread that cancellation cannot interrupt; everything is
            # saved, so leave now instead of waiting for a line that may never come.
            logging.shutdown()
            os._exit(0)
        tg.cancel_scope.cancel()


async def _pause_open_sessions(manager: SessionManager) -> None:
    try:
        await manager.close()
    except Exception:
        log.exception("Could not pause the open sessions at shutdown")


def _stop_on_signals(stop: anyio.Event) -> list[int]:
    """SIGINT/SIGTERM set `stop`; returns the list the caught signals are appended to. signal.signal rather
    than the loop's handler: uvicorn swaps handlers while it serves and re-raises the signal after its own
    graceful exit, which must then land here and not on the default handler (instant death, no save)."""
    import asyncio

    loop = asyncio.get_running_loop()
    caught: list[int] = []

    def handler(signum: int, frame: object) -> None:
        caught.append(signum)
        loop.call_soon_threadsafe(stop.set)

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, handler)
    return caught
