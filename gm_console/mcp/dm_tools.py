"""The DM's tools: few and typed, one operation enum per tool, each journaled and undoable in the engine.

Combat, SRD lookup/spawn and quest objectives join here as one tool each with their own operation enum.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from engine.models.facts import FactCategory
from engine.models.session import ChangeResult, RecordFactResult
from engine.models.world import Attitude, Condition, QuestStatus
from gm_console.mcp.answers import answer, change_text, fact_text
from gm_console.mcp.calls import SessionRef, call

if TYPE_CHECKING:
    from engine.api.manager import SessionManager

_WRITES = ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False)

Operation = Literal["damage", "heal", "temp_hp", "add_condition", "remove_condition", "move_party",
                    "advance_time", "set_attitude", "set_quest_status"]
# operation -> (the engine's change kind, the arguments it needs)
_KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "damage": ("hp", ("target", "amount")), "heal": ("hp", ("target", "amount")),
    "temp_hp": ("temp_hp", ("target", "amount")), "add_condition": ("condition_add", ("target", "condition")),
    "remove_condition": ("condition_remove", ("target", "condition")), "move_party": ("move", ("location",)),
    "advance_time": ("time", ("amount",)), "set_attitude": ("attitude", ("target", "attitude")),
    "set_quest_status": ("quest_status", ("target", "quest_status")),
}


def register_dm_tools(server: MCPServer, m: SessionManager) -> None:
    @server.tool(annotations=_WRITES)
    async def dm_change(
        session_id: SessionRef,
        operation: Annotated[Operation, Field(description=(
            "damage/heal/temp_hp: target + amount; add_condition/remove_condition: target + condition "
            "(+ rounds); move_party: location; advance_time: amount (minutes); set_attitude: target (NPC) + "
            "attitude; set_quest_status: target (quest) + quest_status"))],
        target: Annotated[str | None, Field(description="Character, creature in the fight, NPC or quest")] = None,
        amount: Annotated[int | None, Field(description="HP, temp HP or minutes", ge=1, le=10_000)] = None,
        condition: Annotated[Condition | None, Field(description="SRD condition")] = None,
        rounds: Annotated[int | None, Field(description="How long a condition lasts (default: until removed)",
                                            ge=1, le=1000)] = None,
        location: Annotated[str | None, Field(description="Where the party goes")] = None,
        attitude: Attitude | None = None,
        quest_status: QuestStatus | None = None,
    ) -> Annotated[CallToolResult, ChangeResult]:
        """The DM's direct change to the table (a ruling, not a player's action): HP, temporary HP,
        conditions with a duration, the party's location, the clock, an NPC's attitude, a quest's status.
        Journaled; undo_last_action reverts it. Returns what changed and the turn number."""
        kind, needs = _KINDS[operation]
        given = {"target": target, "amount": amount, "condition": condition, "location": location,
                 "attitude": attitude, "quest_status": quest_status}
        missing = [n for n in needs if given[n] is None]
        if missing:
            raise ToolError(f"dm_change: operation '{operation}' needs {' and '.join(missing)}.")
        value: object = {"damage": -(amount or 0), "heal": amount, "temp_hp": amount, "advance_time": amount,
                         "move_party": location, "set_attitude": attitude, "set_quest_status": quest_status}.get(
            operation, condition)
        result = await call("dm_change", m.apply_change(session_id, kind, target, value, rounds))
        return answer(result, change_text(result))

    @server.tool(annotations=_WRITES)
    async def rest(
        session_id: SessionRef,
        kind: Annotated[Literal["short", "long"], Field(description="'short' spends hit dice; 'long' restores")],
    ) -> Annotated[CallToolResult, ChangeResult]:
        """The whole party rests (SRD rules, dice rolled by the engine). Journaled and undoable."""
        result = await call("rest", m.rest(session_id, kind))
        return answer(result, change_text(result))

    @server.tool(annotations=_WRITES)
    async def record_fact(
        session_id: SessionRef,
        text: Annotated[str, Field(description="The fact, as one sentence", min_length=1, max_length=2000)],
        category: FactCategory = FactCategory.WORLD,
        subject: Annotated[str | None, Field(description="Who or what it is about (guessed if omitted)")] = None,
    ) -> Annotated[CallToolResult, RecordFactResult]:
        """Establish a fact of the world. Returns its dedup outcome (new, duplicate_skip, or supersede at
        Jaccard >= 0.70) and any active facts it contradicts (flagged, never silently replaced)."""
        result = await call("record_fact", m.record_fact(session_id, text, category, subject))
        return answer(result, fact_text(result))
