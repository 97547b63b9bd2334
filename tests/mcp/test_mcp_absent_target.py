"""Through MCP, as in the console: attacking a creature that is not in the fight is answered with a
question that offers the foes who are, nothing is rolled and the state is unchanged (issue 11)."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from tests.mcp.mcp_helpers import ok

pytestmark = pytest.mark.anyio


async def test_attacking_an_absent_creature_asks_and_changes_nothing(server: Any) -> None:
    async with Client(server) as client:
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        sid = (await ok(client, "start_claudmaster_session", campaign_name=campaign, session_name="no-ogre",
                        seed=5))["session_id"]
        await ok(client, "dm_change", session_id=sid, operation="move_party", location="Gannet Point")
        started = await ok(client, "combat", session_id=sid, operation="start", combatants=["Wrecker Thug"])
        current = started["combat"]["current"]
        before = await ok(client, "get_session_state", session_id=sid, include_history=False)
        turn = await ok(client, "player_action", session_id=sid, character_name=current,
                        action="I attack the ogre")
        assert turn["narrative"] == "There is no ogre here. Did you mean the Wrecker Thug?"
        assert turn["dice_rolls"] == [] and turn["state_changes"] == []
        after = await ok(client, "get_session_state", session_id=sid, include_history=False)
        assert after["game_state"] == before["game_state"]
