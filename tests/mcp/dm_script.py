"""A DM's evening through the MCP tools only: every DM tool, undo with expected_turn, and seed 001's
end-of-session call. Run by the in-memory tests and once over stdio, against any connected client."""

from __future__ import annotations

from typing import Any

from tests.mcp.mcp_helpers import err, ok

SEED_SESSION = {
    "objective": "Implement dedup engine for decisions",
    "actions_taken": ["Read ARCHITECTURE.md", "Implemented SHA-256 hash check", "Added Jaccard similarity fallback"],
    "decisions_made": ["Use hash-only dedup for patterns (exact match sufficient)", "Jaccard threshold 0.70 for supersede"],
    "open_items": ["Add integration test for manual_review path"],
    "next_actions": ["Write tests for dedup engine", "Review WriteEngine retry logic"],
    "save_scope": "project",
}


async def party(client: Any, sid: str) -> dict[str, dict[str, Any]]:
    state = await ok(client, "get_session_state", session_id=sid, include_history=False)
    return {c["name"]: c for c in state["party_status"]}


async def run_dm_evening(client: Any) -> dict[str, Any]:
    """Returns what the checks below saw, so a caller can look further."""
    campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
    sid = (await ok(client, "start_claudmaster_session", campaign_name=campaign, session_name="dm-night",
                    seed=5))["session_id"]
    hp = (await party(client, sid))["Bram"]["hp"]

    hit = await ok(client, "dm_change", session_id=sid, operation="damage", target="Bram", amount=3)
    assert hit["turn_number"] == 1 and hit["state_changes"][0]["kind"] == "hp"
    assert (await party(client, sid))["Bram"]["hp"] == hp - 3
    await ok(client, "dm_change", session_id=sid, operation="heal", target="bram", amount=2)
    await ok(client, "dm_change", session_id=sid, operation="temp_hp", target="Bram", amount=5)
    poisoned = await ok(client, "dm_change", session_id=sid, operation="add_condition", target="Wren",
                        condition="poisoned", rounds=2)
    assert "poisoned" in poisoned["message"].lower()
    assert any(c.startswith("poisoned") for c in (await party(client, sid))["Wren"]["conditions"])
    await ok(client, "dm_change", session_id=sid, operation="remove_condition", target="Wren", condition="poisoned")
    assert (await party(client, sid))["Wren"]["conditions"] == []
    moved = await ok(client, "dm_change", session_id=sid, operation="move_party", location="Kettlecove Docks")
    assert moved["state_changes"][0]["after"] == "Kettlecove Docks"
    await ok(client, "dm_change", session_id=sid, operation="advance_time", amount=30)
    await ok(client, "dm_change", session_id=sid, operation="set_attitude", target="Hesper Quill", attitude="friendly")
    quest = await ok(client, "dm_change", session_id=sid, operation="set_quest_status",
                     target="Light on Gannet Point", quest_status="completed")
    assert quest["turn_number"] == 9
    assert "needs target and amount" in await err(client, "dm_change", session_id=sid, operation="damage")
    assert "Choose one of" in await err(client, "dm_change", session_id=sid, operation="damage", target="Nobody",
                                        amount=1)

    rested = await ok(client, "rest", session_id=sid, kind="long")
    assert rested["turn_number"] == 10 and (await party(client, sid))["Bram"]["hp"] == hp

    fact = await ok(client, "record_fact", session_id=sid, text="A red lantern hangs in the net shed at the docks.")
    assert fact["result"]["dedup_outcome"] == "new"
    again = await ok(client, "record_fact", session_id=sid, text="a red lantern hangs in the net shed at the docks")
    assert again["result"]["dedup_outcome"] == "duplicate_skip" and again["turn_number"] is None
    reworded = await ok(client, "record_fact", session_id=sid, text="In the net shed at the docks a red lantern hangs.")
    assert reworded["result"]["dedup_outcome"] == "supersede"
    await ok(client, "record_fact", session_id=sid, text="Gannet Point lies east of Kettlecove Docks.")
    clash = await ok(client, "record_fact", session_id=sid, text="Gannet Point lies west of Kettlecove Docks.")
    assert clash["result"]["dedup_outcome"] == "new" and clash["result"]["contradictions"]

    # Undo names the turn it means; a stale turn is refused and changes nothing.
    latest = clash["turn_number"]
    assert "another client" in await err(client, "undo_last_action", session_id=sid, expected_turn=latest - 1)
    undone = await ok(client, "undo_last_action", session_id=sid, expected_turn=latest)
    assert undone["undone_turn"] == latest

    await ok(client, "end_session", session_id=sid, mode="pause")
    stored = await ok(client, "store_session_with_learnings", session=SEED_SESSION,
                      decisions=["Flanking gives advantage", {"text": "The wreckers serve the abbot", "type": "story"}],
                      patterns=["The table loves sea shanties"], project_id=campaign)
    assert stored["overall"] == "saved" and stored["session"]["artifact_id"] == sid
    assert [d["dedup_outcome"] for d in stored["decisions"]] == ["new", "new"]
    repeat = await ok(client, "store_session_with_learnings", session=SEED_SESSION,
                      decisions=["Flanking gives advantage"], patterns=["The table loves sea shanties"],
                      project_id=campaign)
    assert [i["dedup_outcome"] for i in repeat["decisions"] + repeat["patterns"]] == ["duplicate_skip"] * 2
    listed = await ok(client, "list_learnings", project_id=campaign)
    assert [d["text"] for d in listed["decisions"]] == ["Flanking gives advantage", "The wreckers serve the abbot"]
    assert listed["decisions"][0]["session_name"] == "dm-night"
    return {"campaign": campaign, "session_id": sid, "stored": stored}
