"""The DM's hand on quests through the API: quest_control (journaled, undoable) and quest_progress."""

from __future__ import annotations

import pytest

from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import EntryKind

pytestmark = pytest.mark.anyio


async def progress(manager, sid: str) -> dict[str, tuple[str, list[bool]]]:
    return {q.name: (q.status, q.done) for q in await manager.quest_progress(sid)}


async def test_ticking_an_objective_is_a_journaled_entry_that_undo_takes_back_exactly(manager, campaign):
    sid = (await manager.start_session(campaign, name="tick", seed=3)).session_id
    before = (await manager.export_session(sid)).state
    result = await manager.quest_control(sid, "gannet", "keeper")
    assert result.turn_number == 1
    assert result.message == "Light on Gannet Point: Find the keeper, Aldous Penn — done (1/3)."
    assert (await progress(manager, sid))["Light on Gannet Point"] == ("active", [False, True, False])
    entry = (await manager.export_session(sid)).history[-1]
    assert entry.kind == EntryKind.DM_CHANGE and entry.action == "/quest Light on Gannet Point : keeper"
    assert result.message in entry.narrative and entry.dm_change.kind == "quest"
    undone = await manager.undo_last(sid)
    assert undone.undone_turn == 1
    assert (await manager.export_session(sid)).state == before


async def test_ticking_the_last_objective_completes_the_quest_and_it_survives_pause_and_load(manager, campaign):
    sid = (await manager.start_session(campaign, name="whole", seed=3)).session_id
    result = await manager.quest_control(sid, "Wreckers of Kettlecove", None, True)
    assert [c.kind for c in result.state_changes] == ["objective"] * 3 + ["quest_status"] + ["xp"] * 4
    assert "Quest complete: Wreckers of Kettlecove!" in result.message and "gains 112 XP" in result.message
    await manager.end_session(sid, "pause")
    assert (await progress(manager, sid))["Wreckers of Kettlecove"] == ("completed", [True] * 3)  # from the files
    await manager.load_session(sid)
    reopened = await manager.quest_control(sid, "Wreckers of Kettlecove", "2", done=False)
    assert [c.kind for c in reopened.state_changes] == ["objective", "quest_status"]
    assert (await progress(manager, sid))["Wreckers of Kettlecove"] == ("active", [True, False, True])


async def test_an_objective_met_by_a_turn_is_taken_back_with_the_turn(manager, campaign):
    sid = (await manager.start_session(campaign, name="turns", seed=3)).session_id
    await manager.player_action(sid, "We head to the Kettlecove Docks", "Bram")
    await manager.player_action(sid, "We go to the Wrecker Caves", "Bram")
    turn = (await manager.export_session(sid)).history[-1]
    assert "Light on Gannet Point: Find the keeper, Aldous Penn — done (1/3)." in turn.narrative
    assert any(c.kind == "objective" for c in turn.state_changes)
    await manager.undo_last(sid)
    assert (await progress(manager, sid))["Light on Gannet Point"] == ("active", [False, False, False])
    assert (await manager.get_session_state(sid)).game_state.location == "Kettlecove Docks"


async def test_an_objective_the_dm_unticked_stays_unticked_through_later_turns(manager, campaign):
    sid = (await manager.start_session(campaign, name="untick", seed=3)).session_id
    await manager.player_action(sid, "We head to the Kettlecove Docks", "Bram")
    await manager.player_action(sid, "We go to the Wrecker Caves", "Bram")
    await manager.quest_control(sid, "Light on Gannet Point", "Find the keeper", done=False)
    await manager.player_action(sid, "Wren looks around the caves", "Wren")
    assert (await progress(manager, sid))["Light on Gannet Point"][1][1] is False


async def test_bad_quest_commands_are_refused_and_record_nothing(manager, campaign):
    sid = (await manager.start_session(campaign, name="bad", seed=3)).session_id
    with pytest.raises(NotFoundError, match="closest is 'Light on Gannet Point'"):
        await manager.quest_control(sid, "the lighthouse")
    with pytest.raises(NotFoundError, match=r"1\. Find out why"):
        await manager.quest_control(sid, "Light on Gannet Point", "dance at the harvest fair")
    with pytest.raises(InvalidInputError, match="already active"):
        await manager.quest_control(sid, "Light on Gannet Point", None, done=False)
    with pytest.raises(InvalidInputError, match="true or false"):
        await manager.quest_control(sid, "Light on Gannet Point", "1", done="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="quest"):
        await manager.quest_control(sid, "   ")
    assert (await manager.export_session(sid)).history == []


async def test_a_fact_the_dm_records_can_complete_an_objective(manager, campaign):
    sid = (await manager.start_session(campaign, name="fact", seed=3)).session_id
    recorded = await manager.record_fact(sid, "Osric Vell takes a tenth of the wreckers' salvage.")
    assert [c.description for c in recorded.state_changes] == [
        "New quest: Wreckers of Kettlecove.",
        "Wreckers of Kettlecove: Find proof of who in Kettlecove took the wreckers' money — done (1/3)."]


async def test_learnings_stored_after_the_end_change_no_quest(manager, campaign):
    from engine.models.facts import FactCategory, FactInput
    from engine.models.session import SessionSchema

    sid = (await manager.start_session(campaign, name="after", seed=3)).session_id
    await manager.end_session(sid, "end")
    fact = FactInput(text="Osric Vell takes a tenth of the wreckers' salvage.", category=FactCategory.NPC)
    stored = await manager.store_session_with_learnings(campaign, SessionSchema(objective="Wrap up"), session_id=sid,
                                                        facts=[fact])
    assert stored.overall == "saved"
    assert (await progress(manager, sid))["Wreckers of Kettlecove"] == ("not_started", [False] * 3)
