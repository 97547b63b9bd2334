"""The MCP face's input checks: argument errors as one plain sentence, and DM commands kept out of
player_action (a '/hp Bram -7' sent as a player's words would be read as an Investigation check).

A DM's slash command is refused rather than routed: the typed DM tools take it without a second command
grammar in this face, and a host learns the right tool from the first refusal instead of having a
player's text quietly reinterpreted as a DM's change. Any other slash command is a player's own
chat-bot habit ("/attack thug", "/search desk", "/dodge") and goes to the engine like the rest of
their words: refusing it would turn a Discord player's attack into an error about DM tools.
"""

from __future__ import annotations

from typing import Any

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import ValidationError

# The DM's commands (the console's, and the DM's rulings it has no command for) -> the tool that does it here.
SLASH_TOOLS = {
    "hp": "dm_change (operation 'damage' or 'heal', target, amount)",
    "temp": "dm_change (operation 'temp_hp')",
    "cond": "dm_change (operation 'add_condition' or 'remove_condition', condition, rounds)",
    "time": "dm_change (operation 'advance_time', amount in minutes)",
    "attitude": "dm_change (operation 'set_attitude')",
    "rest": "rest (kind 'short' or 'long')",
    "fact": "record_fact",
    "roll": "roll_dice",
    "undo": "undo_last_action",
    "fight": "combat (operation 'start', combatants)",
    "init": "combat (operation 'initiative', name, value)",
    "join": "combat (operation 'add', name)",
    "remove": "combat (operation 'remove', name)",
    "delay": "combat (operation 'delay')",
    "next": "combat (operation 'next')",
    "endfight": "combat (operation 'end')",
    "as": "player_action with character_name (the words without '/as NAME')",
    "spawn": "spawn",
    "encounter": "encounter_difficulty",
    "quest": "quest", "quests": "quest",
    "monster": "srd_lookup", "spell": "srd_lookup", "item": "srd_lookup", "condition": "srd_lookup",
    "deathsave": "combat (operation 'next': a dying character rolls on their turn)",
    "help": "the tool list",
}


def refuse_dm_command(action: str) -> None:
    """A ToolError naming the tool to use when `action` is one of the DM's slash commands (the console's); a
    player's own command ("/attack thug") is their words and passes."""
    text = action.lstrip()
    if not text.startswith("/") or text.startswith("//"):
        return
    verb = text[1:].split(maxsplit=1)[0].lower() if len(text) > 1 and not text[1].isspace() else ""
    use = SLASH_TOOLS.get(verb)
    if use is None:
        return
    raise ToolError(f"'/{verb}' is a DM command, not something a player does, so nothing was rolled or recorded: "
                    f"use {use} instead; send player_action only the players' own words.")


def plain_argument_error(tool: str, exc: ValidationError) -> str:
    """Pydantic's report (field paths, documentation URLs, one line per error) as one sentence."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    where = ".".join(str(p) for p in first["loc"]) or "the arguments"
    problem = {"missing": "is required", "extra_forbidden": "is not a parameter of this tool"}.get(
        first["type"], _lower_first(first["msg"]).rstrip("."))
    more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    return f"{tool}: '{where}' {problem}{more}."


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


class GMServer(MCPServer):
    """MCPServer whose argument errors read as one plain sentence (no pydantic URLs or field dumps), and
    whose tool list leaves out the schemas' generated titles (a sixth of its bytes, repeating the names)."""

    async def list_tools(self) -> list[Any]:
        tools = await super().list_tools()
        for tool in tools:
            tool.input_schema = _untitled(tool.input_schema)
            if tool.output_schema is not None:
                tool.output_schema = _untitled(tool.output_schema)
        return tools

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                raise ToolError(plain_argument_error(name, exc.__cause__)) from exc.__cause__
            # The SDK's "Error executing tool X: " says nothing the error flag does not; the message is the news.
            prefix = f"Error executing tool {name}: "
            if type(exc) is ToolError and str(exc).startswith(prefix):
                raise ToolError(str(exc).removeprefix(prefix)) from exc.__cause__
            raise


def _untitled(schema: Any, mapping: bool = False) -> Any:
    """`schema` without its "title" keywords. Under "properties" and "$defs" the keys are names, not
    keywords: a property called "title" stays."""
    if isinstance(schema, list):
        return [_untitled(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    return {k: _untitled(v, mapping=not mapping and k in ("properties", "$defs")) for k, v in schema.items()
            if mapping or not (k == "title" and isinstance(v, str))}
