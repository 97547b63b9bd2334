"""The DM's fight, bestiary and quest tools: one tool per concern, the operation as an enum.

A host runs a whole fight with `combat` (start, initiative from players' dice, add/remove, delay, next,
end), brings SRD creatures in with `spawn`, reads the SRD with `srd_lookup`/`srd_search`, rates a fight
with `encounter_difficulty` and ticks objectives with `quest`. Every write is one journaled history
entry that `undo_last_action` takes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from engine.models.catalogue import CardResult, CatalogueKind, EncounterDifficulty, SearchResult, SpawnResult
from engine.models.combat import CombatControlResult, CombatOperation, CombatView
from engine.models.session import ChangeResult, QuestStatusView
from gm_console.mcp.answers import answer, changes_text, rolls_text
from gm_console.mcp.calls import SessionRef, call

if TYPE_CHECKING:
    from engine.api.manager import SessionManager

_WRITES = ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False)
_READS = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
Name = Annotated[str, Field(min_length=1, max_length=200)]


class QuestAnswer(BaseModel):
    """The quests after the call, and the change a tick made (None for 'list')."""

    quests: list[QuestStatusView]
    change: ChangeResult | None = None


def tracker_text(view: CombatView | None) -> str:
    if view is None:
        return "No fight."
    order = ", ".join(f"{'>' if c.current else ''}{c.name} {c.initiative} ({'down' if c.down else f'{c.hp}/{c.hp_max}'}"
                      f"{', ' + ', '.join(c.conditions) if c.conditions else ''})" for c in view.order)
    return f"Round {view.round}, {view.current or 'nobody'} to act. Order: {order}"


def quests_text(quests: list[QuestStatusView]) -> str:
    return "\n".join(f"{q.name} ({q.status}, {sum(q.done)}/{len(q.done)}): "
                     + "; ".join(f"[{'x' if d else ' '}] {o}" for o, d in zip(q.objectives, q.done, strict=True))
                     for q in quests) or "This campaign has no quests."


def register_table_tools(server: MCPServer, m: SessionManager) -> None:
    @server.tool(annotations=_WRITES)
    async def combat(
        session_id: SessionRef,
        operation: Annotated[CombatOperation, Field(description=(
            "start: combatants (monsters or NPCs present) fight the party, everyone rolls initiative; "
            "initiative: name + value (a player's own roll); add: name (+ value) joins; remove: name leaves; "
            "delay: the current creature waits; next: end the current turn, monsters act until a character "
            "is up; end: the fight is over"))],
        name: Annotated[str | None, Field(description="The combatant for initiative/add/remove", max_length=200)] = None,
        value: Annotated[int | None, Field(description="An initiative value", ge=-10, le=50)] = None,
        combatants: Annotated[list[Name] | None, Field(description="For start: who fights the party",
                                                        max_length=20)] = None,
    ) -> Annotated[CallToolResult, CombatControlResult]:
        """The DM steers a fight; players' attacks and spells still go through player_action on their turn.
        Returns what changed, the rolls and the initiative tracker afterwards."""
        if operation in ("initiative", "remove") and not name:
            raise ToolError(f"combat: operation '{operation}' needs a name.")
        if operation == "initiative" and value is None:
            raise ToolError("combat: operation 'initiative' needs a value.")
        result = await call("combat", m.combat_control(session_id, operation, name, value, combatants))
        rolls = rolls_text(result.dice_rolls)
        return answer(result, "\n".join(p for p in (
            f"Turn {result.turn_number}: {result.message or changes_text(result.changes)}",
            f"Rolls: {rolls}" if rolls else "", tracker_text(result.combat)) if p))

    @server.tool(annotations=_WRITES)
    async def spawn(
        session_id: SessionRef,
        name: Annotated[Name, Field(description="An SRD creature or a campaign stat block, e.g. 'Goblin Warrior'")],
        count: Annotated[int, Field(ge=1, le=20)] = 1,
        hp: Annotated[Literal["average", "roll"], Field(description="Average HP, or rolled from the formula "
                                                                    "(in a fight)")] = "average",
    ) -> Annotated[CallToolResult, SpawnResult]:
        """Place creatures the DM chose into the scene, or into the running fight (numbered names, initiative
        rolled). Players' words never summon a creature; this is how one arrives."""
        result = await call("spawn", m.spawn(session_id, name, count, hp))
        return answer(result, f"Turn {result.turn_number}: {result.message}")

    @server.tool(annotations=_READS)
    async def srd_lookup(
        kind: CatalogueKind,
        name: Annotated[Name, Field(description="Typos are forgiven; an unknown name gets the three closest")],
    ) -> Annotated[CallToolResult, CardResult]:
        """The full SRD 5.2.1 card (CC-BY-4.0) of a monster, spell, magic item or condition, as Markdown."""
        result = await call("srd_lookup", m.lookup(kind, name))
        return answer(result, result.markdown)

    @server.tool(annotations=_READS)
    async def srd_search(
        kind: CatalogueKind,
        query: Annotated[str, Field(description="Words of the name; empty lists everything", max_length=200)] = "",
        creature_type: Annotated[str | None, Field(description="Monsters: e.g. undead, beast")] = None,
        cr_min: Annotated[str | None, Field(description="Monsters: lowest CR, e.g. 1/4")] = None,
        cr_max: Annotated[str | None, Field(description="Monsters: highest CR")] = None,
        level: Annotated[int | None, Field(description="Spells: level (0 for cantrips)", ge=0, le=9)] = None,
        limit: Annotated[int, Field(ge=1, le=50)] = 20,
    ) -> Annotated[CallToolResult, SearchResult]:
        """Find SRD entries by name and filters; best matches first (one line each)."""
        result = await call("srd_search", m.search(kind, query, creature_type=creature_type, cr_min=cr_min,
                                                   cr_max=cr_max, level=level, limit=limit))
        lines = [f"- {e.name}: {e.summary}" for e in result.entries]
        return answer(result, "\n".join([f"{result.total} found.", *lines]))

    @server.tool(annotations=_READS)
    async def encounter_difficulty(
        monsters: Annotated[str, Field(description="e.g. 'goblin warrior x4, bugbear warrior'", min_length=1,
                                       max_length=500)],
        session_id: Annotated[str | None, Field(description="Rate against this session's party")] = None,
        party_levels: Annotated[list[Annotated[int, Field(ge=1, le=20)]] | None, Field(
            description="Or the characters' levels, e.g. [3, 3, 4]", max_length=20)] = None,
    ) -> Annotated[CallToolResult, EncounterDifficulty]:
        """How hard a fight would be for the party, by the SRD 5.2 XP budgets (low, moderate, high).
        Give session_id or party_levels."""
        result = await call("encounter_difficulty", m.encounter_difficulty(monsters, session_id,
                                                                           party_levels=party_levels))
        return answer(result, result.message)

    @server.tool(annotations=_WRITES)
    async def quest(
        session_id: SessionRef,
        operation: Annotated[Literal["list", "tick", "untick"], Field(description=(
            "list: every quest and objective; tick/untick: mark the quest (or one objective of it) done or "
            "not done by hand"))] = "list",
        quest: Annotated[str | None, Field(description="The quest (inexact names work)", max_length=200)] = None,
        objective: Annotated[str | None, Field(description="Its objective: words of it, or its number",
                                               max_length=200)] = None,
    ) -> Annotated[CallToolResult, QuestAnswer]:
        """Quests advance by themselves when play meets their conditions; this lists them, or lets the DM
        tick or untick one by hand (journaled, undoable)."""
        change = None
        if operation != "list":
            if not quest:
                raise ToolError(f"quest: operation '{operation}' needs a quest.")
            change = await call("quest", m.quest_control(session_id, quest, objective, operation == "tick"))
        result = QuestAnswer(quests=await call("quest", m.quest_progress(session_id)), change=change)
        head = f"Turn {change.turn_number}: {change.message}\n" if change else ""
        return answer(result, head + quests_text(result.quests))
