"""Calling the engine from a tool: engine errors become tool errors a host can act on."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Annotated, TypeVar

from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from engine.errors import EngineError

log = logging.getLogger("gm_console.mcp.server")
T = TypeVar("T")

SessionRef = Annotated[str, Field(description="Session UUID or session name")]
CampaignRef = Annotated[str, Field(description="Campaign name or slug (see list_campaigns)")]


async def call(tool: str, awaitable: Awaitable[T]) -> T:
    """Engine errors reach the host as tool errors with the DM-readable message; anything else is logged
    here with its traceback and answered with a short message, so the server never dies on a bad call."""
    try:
        return await awaitable
    except EngineError as exc:
        raise ToolError(str(exc) or type(exc).__name__) from None
    except Exception:
        log.exception("Unexpected error in tool %s", tool)
        raise ToolError(
            "Unexpected server error (details are in the server log); "
            "check the session with get_session_state before retrying.") from None
