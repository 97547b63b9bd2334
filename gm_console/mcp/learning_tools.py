"""Seed 001's tools, exactly: save_session and store_session_with_learnings, plus list_learnings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from mcp.server import MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from engine.models.facts import FactInput
from engine.models.learnings import BatchSaveResult, DecisionSchema, LearningList, PatternSchema, SaveResult
from engine.models.session import SessionSchema
from gm_console.mcp.answers import answer, batch_text, learnings_text, save_text
from gm_console.mcp.calls import call

if TYPE_CHECKING:
    from engine.api.manager import SessionManager

_WRITES = ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False)
_READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, openWorldHint=False)

ProjectId = Annotated[str, Field(description="The campaign (name or slug, see list_campaigns)")]
SessionArg = Annotated[SessionSchema, Field(description="Seed 001's SessionSchema: objective, actions_taken, "
                                            "decisions_made, open_items, next_actions, save_scope")]
TargetSession = Annotated[str | None, Field(
    description="Session UUID or name to store into (default: the campaign's current or latest session)")]


def register_learning_tools(server: MCPServer, m: SessionManager) -> None:
    @server.tool(annotations=_WRITES)
    async def save_session(session: SessionArg, project_id: ProjectId,
                           session_id: TargetSession = None) -> Annotated[CallToolResult, SaveResult]:
        """Persist a session summary (objective, actions, decisions, open items, next steps). A later call
        merges into the stored summary (lists unioned, near-duplicates replaced), never blanks it.
        Returns seed 001's SaveResult; artifact_id is the session id."""
        result = await call("save_session", m.save_session(project_id, session, session_id))
        return answer(result, save_text(result))

    @server.tool(annotations=_WRITES)
    async def store_session_with_learnings(
        session: SessionArg,
        project_id: ProjectId,
        decisions: Annotated[list[str | DecisionSchema], Field(
            description="Decisions made this session: DM rulings, house rules, story decisions")] = [],  # noqa: B006
        patterns: Annotated[list[str | PatternSchema], Field(
            description="Patterns observed or validated: what the table enjoys, recurring tactics")] = [],  # noqa: B006
        session_id: TargetSession = None,
        facts: Annotated[list[FactInput], Field(description="Facts of the world established this session")] = [],  # noqa: B006
    ) -> Annotated[CallToolResult, BatchSaveResult]:
        """End-of-session batch save (seed 001): the summary, then each decision and pattern, deduplicated
        against the campaign (same text -> duplicate_skip; Jaccard >= 0.70 -> supersede; else new) and
        linked to the session. Works after end_session. Returns per-item status, artifact_id and
        dedup_outcome; overall 'saved' or 'partial'."""
        result = await call("store_session_with_learnings", m.store_session_with_learnings(
            project_id, session, decisions, patterns, session_id, facts))
        return answer(result, batch_text(result))

    @server.tool(annotations=_READ_ONLY)
    async def list_learnings(
        project_id: ProjectId,
        session_id: Annotated[str | None, Field(description="Only what this session produced")] = None,
        include_superseded: Annotated[bool, Field(description="Also the ones a later wording replaced")] = False,
    ) -> Annotated[CallToolResult, LearningList]:
        """The campaign's stored decisions and patterns (and the global ones), oldest first, each with the
        session that produced it."""
        result = await call("list_learnings", m.list_learnings(project_id, session_id, include_superseded))
        return answer(result, learnings_text(result))
