"""Arrows through the API: a shot's arrow is journaled like any change and undo gives it back; the DM
ending the fight gathers half the arrows used (SRD 5.2.1, Ammunition: "After a fight, you can spend 1 minute
to recover half the ammunition (round down) you used in the fight; the rest is lost.")."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.anyio


async def arrows(manager, sid: str) -> int:
    world = (await manager.export_session(sid)).state.world
    return next(i.quantity for i in world.character("Wren").inventory if i.name == "Arrows")


async def caves_fight(manager, campaign: str) -> str:
    sid = (await manager.start_session(campaign, name="arrows", seed=11)).session_id
    await manager.apply_change(sid, "move", None, "Wrecker Caves")
    await manager.combat_control(sid, "start", combatants=["Wrecker Captain", "Giant Crab"])
    return sid


async def test_undo_gives_the_arrow_back(manager, campaign):
    sid = await caves_fight(manager, campaign)
    assert await arrows(manager, sid) == 20
    shot = await manager.player_action(sid, "shoot the crab", "Wren", out_of_turn=True)
    assert any(c.kind == "ammunition" for c in shot.state_changes)
    assert await arrows(manager, sid) == 19
    answer = await manager.player_action(sid, "how many arrows do i have", "Wren")
    assert "Arrows x19" in answer.narrative
    history = len((await manager.export_session(sid)).history)
    while (await manager.export_session(sid)).history[-1].action != "shoot the crab":
        await manager.undo_last(sid)  # the question, when it was recorded
    assert await arrows(manager, sid) == 19
    await manager.undo_last(sid)  # the shot
    assert await arrows(manager, sid) == 20
    assert len((await manager.export_session(sid)).history) < history


async def test_the_dm_ending_the_fight_gathers_half_the_arrows(manager, campaign):
    sid = await caves_fight(manager, campaign)
    for _ in range(4):
        await manager.player_action(sid, "shoot the captain", "Wren", out_of_turn=True)
    assert await arrows(manager, sid) == 16
    ended = await manager.combat_control(sid, "end")
    assert await arrows(manager, sid) == 18
    assert any("gathers 2 of the 4 Arrows" in c.description for c in ended.changes)
    await manager.undo_last(sid)  # the end of the fight, gathering and all
    assert await arrows(manager, sid) == 16
