"""What the bench scripts share: percentiles, timing one MCP tool call, and the MCP benches' call mix."""

from __future__ import annotations

import time
from typing import Any


def pct(samples: list[float], p: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


async def timed(client: Any, tool: str, args: dict[str, Any]) -> float:
    """Milliseconds for one tool call that must succeed."""
    t = time.perf_counter()
    result = await client.call_tool(tool, args)
    elapsed = (time.perf_counter() - t) * 1000
    if result.is_error:
        raise RuntimeError(f"{tool} failed: {result.content}")
    return elapsed


ACTIONS = ["I search the room for hidden doors", "We walk to the docks", "I ask the innkeeper about the lantern",
           "I try to climb the wall", "I listen at the door", "I look around the harbour"]


def action_args(sid: str, i: int) -> dict[str, Any]:
    return {"session_id": sid, "action": ACTIONS[i % len(ACTIONS)]}


async def state_and_actions(client: Any, sid: str, state_n: int, action_n: int, warmup: int
                            ) -> tuple[list[float], list[float]]:
    """After `warmup` rounds of both: `state_n` minimal get_session_state calls, then `action_n` player_actions
    back to back, each timed in milliseconds."""
    state_args = {"session_id": sid, "detail_level": "minimal", "include_history": False}
    for i in range(warmup):
        await timed(client, "get_session_state", state_args)
        await timed(client, "player_action", action_args(sid, i))
    state = [await timed(client, "get_session_state", state_args) for _ in range(state_n)]
    actions = [await timed(client, "player_action", action_args(sid, i)) for i in range(action_n)]
    return state, actions
