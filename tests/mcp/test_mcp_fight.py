"""A host runs a whole fight with tools only: spawn, combat (start, players' initiative, next, add,
remove, end), players' attacks through player_action on their turns, quests and the SRD read tools."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from tests.mcp.mcp_helpers import err, ok

pytestmark = pytest.mark.anyio


async def _tracker(client: Any, sid: str) -> dict[str, Any] | None:
    state = await ok(client, "get_session_state", session_id=sid, include_history=False)
    return state["game_state"].get("combat")


async def test_a_host_runs_a_whole_fight_with_tools_only(server: Any) -> None:
    async with Client(server) as client:
        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        sid = (await ok(client, "start_claudmaster_session", campaign_name=campaign, session_name="fight-night",
                        seed=11))["session_id"]
        await ok(client, "dm_change", session_id=sid, operation="move_party", location="Gannet Point")

        # Players' words never summon a creature; the DM places them.
        spawned = await ok(client, "spawn", session_id=sid, name="goblin warrior", count=2)
        assert len(spawned["names"]) == 2 and not spawned["in_fight"]
        assert all(n.startswith("Goblin Warrior") for n in spawned["names"])
        assert "x21" not in await err(client, "spawn", session_id=sid, name="goblin warrior", count=21)

        started = await ok(client, "combat", session_id=sid, operation="start",
                           combatants=spawned["names"])
        names = [c["name"] for c in started["combat"]["order"]]
        assert {"Bram", "Wren", "Tova", "Idris"} <= set(names)
        assert sum(n.startswith("Goblin Warrior") for n in names) == 2

        # A player's physical die: Bram rolled 25 and goes first from now on.
        init = await ok(client, "combat", session_id=sid, operation="initiative", name="Bram", value=25)
        assert init["combat"]["order"][0]["name"] == "Bram"

        # Whoever's turn it is acts through player_action; the monsters then act by themselves.
        acted = 0
        for _ in range(6):
            tracker = await _tracker(client, sid)
            if tracker is None:
                break
            current = tracker["current"]
            if current in ("Bram", "Wren", "Tova", "Idris"):
                target = next((c["name"] for c in tracker["order"] if c["kind"] == "monster" and not c["down"]), None)
                if target is None:
                    break
                turn = await ok(client, "player_action", session_id=sid, character_name=current,
                                action=f"I attack {target}")
                assert turn["action_type"] == "combat" and turn["dice_rolls"]
                acted += 1
            else:
                await ok(client, "combat", session_id=sid, operation="next")

        assert acted >= 2

        # Someone who is not up is refused, and nothing is recorded.
        tracker = await _tracker(client, sid)
        if tracker is not None:
            idle = next(c["name"] for c in tracker["order"] if c["kind"] == "character" and not c["current"])
            before = (await ok(client, "get_session_state", session_id=sid, include_history=False))["session_info"]
            assert "turn" in (await err(client, "player_action", session_id=sid, character_name=idle,
                                        action="I attack the goblin warrior")).lower()
            after = (await ok(client, "get_session_state", session_id=sid, include_history=False))["session_info"]
            assert after == before

            joined = await ok(client, "combat", session_id=sid, operation="add", name="Giant Crab", value=1)
            assert any(c["name"] == "Giant Crab" for c in joined["combat"]["order"])
            removed = await ok(client, "combat", session_id=sid, operation="remove", name="Giant Crab")
            assert all(c["name"] != "Giant Crab" for c in removed["combat"]["order"])
            ended = await ok(client, "combat", session_id=sid, operation="end")
            assert ended["combat"] is None
        assert await _tracker(client, sid) is None

        # Undo takes the last DM change back exactly.
        undone = await ok(client, "undo_last_action", session_id=sid)
        assert undone["undone_turn"] >= 1
        assert "combat: operation 'initiative' needs a name" in await err(
            client, "combat", session_id=sid, operation="initiative")


async def test_srd_and_quest_tools(server: Any) -> None:
    async with Client(server) as client:
        card = await ok(client, "srd_lookup", kind="monster", name="aboleth")
        assert "Aboleth" in card["name"] and "17" in card["markdown"] and "150" in card["markdown"]
        unknown = await err(client, "srd_lookup", kind="spell", name="Magic Missle Zap")
        assert "Magic Missile" in unknown
        found = await ok(client, "srd_search", kind="spell", query="missile")
        assert any(e["name"] == "Magic Missile" for e in found["entries"])
        rated = await ok(client, "encounter_difficulty", monsters="goblin warrior x4", party_levels=[3, 3, 3, 3])
        assert rated["difficulty"] in ("low", "moderate", "high", "beyond high")

        campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
        sid = (await ok(client, "start_claudmaster_session", campaign_name=campaign, session_name="quests",
                        seed=3))["session_id"]
        listed = await ok(client, "quest", session_id=sid)
        assert listed["change"] is None and listed["quests"]
        first = listed["quests"][0]
        ticked = await ok(client, "quest", session_id=sid, operation="tick", quest=first["name"], objective="1")
        assert ticked["change"]["turn_number"] >= 1
        assert next(q for q in ticked["quests"] if q["name"] == first["name"])["done"][0] is True
        assert "needs a quest" in await err(client, "quest", session_id=sid, operation="tick")
