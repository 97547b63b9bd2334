"""A host buying through player_action sees the coins change in get_session_state (in-memory client)."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from tests.mcp.mcp_helpers import ok

pytestmark = pytest.mark.anyio


def bram(state: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in state["party_status"] if p["name"] == "Bram")


async def test_a_player_action_buy_changes_the_purse_the_host_reads(server: Any) -> None:
    async with Client(server) as client:
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        sid = (await ok(client, "start_claudmaster_session", campaign_name=campaign, seed=3))["session_id"]
        before = bram(await ok(client, "get_session_state", session_id=sid))
        assert before["coins"] == {"cp": 9, "sp": 7, "ep": 0, "gp": 14, "pp": 0}
        assert before["purse"] == "14 gp, 7 sp, 9 cp"
        bought = await ok(client, "player_action", session_id=sid, action="I buy a round of ale for the room",
                          character_name="Bram")
        assert any(c["kind"] == "coins" and c["target"] == "Bram" for c in bought["state_changes"])
        after = bram(await ok(client, "get_session_state", session_id=sid))
        assert after["coins"] == {"cp": 9, "sp": 5, "ep": 0, "gp": 14, "pp": 0}
        refused = await ok(client, "player_action", session_id=sid, action="I buy 200 rooms for the night",
                           character_name="Bram")
        assert refused["state_changes"] == [] and any("cannot afford" in w for w in refused["warnings"])
        assert bram(await ok(client, "get_session_state", session_id=sid))["coins"] == after["coins"]
