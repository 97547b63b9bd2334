"""What the bench scripts share: percentiles, and timing one MCP tool call."""

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
