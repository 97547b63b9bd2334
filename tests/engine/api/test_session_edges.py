"""Edges of the session lifecycle: races with end_session, reading without opening, names across campaigns."""

from __future__ import annotations

import asyncio
import json
import os

import pytest

from engine.content.authoring import scaffold_campaign
from engine.errors import AmbiguousSessionError, SessionNotActiveError, StorageError
from engine.models.facts import FactInput
from engine.models.session import SessionSummary
from engine.narration.base import NarrationRequest, NarrationResult
from engine.narration.offline import OfflineNarrator

pytestmark = pytest.mark.anyio


class SlowNarrator(OfflineNarrator):
    """The offline text, after a pause long enough for another call to queue up behind the turn."""

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        await asyncio.sleep(0.2)
        return await super().narrate(request)


async def test_an_action_queued_behind_end_session_is_refused_not_lost(data_dir):
    from engine.api.manager import SessionManager

    manager = SessionManager(data_dir, narrator=SlowNarrator())
    campaign = (await manager.list_campaigns())[0].name
    s = await manager.start_session(campaign, name="race", seed=3)
    first = asyncio.create_task(manager.player_action("race", "I look around the taproom", "Wren"))
    await asyncio.sleep(0.05)  # the first turn now holds the session lock, narrating
    ending = asyncio.create_task(manager.end_session("race", "end"))
    late = asyncio.create_task(manager.player_action("race", "I look around again", "Idris"))
    assert (await first).turn_number == 1
    await ending
    with pytest.raises(SessionNotActiveError, match="nothing was recorded"):
        await late
    history = json.loads((manager.layout.session_dir(manager.campaigns.resolve(campaign), s.session_id)
                          / "action_history.json").read_text())["entries"]
    assert [e["turn"] for e in history] == [1]


async def test_clearing_the_selected_character_sticks(manager, campaign):
    await manager.start_session(campaign, name="pick", seed=1)
    assert await manager.select_character("pick", "bram") == "Bram"
    assert await manager.select_character("pick", None) is None
    await manager.roll("1d6", "pick")
    state = await manager.get_session_state("pick", "full")
    assert state.full_state["selected_character"] is None


async def test_a_hosts_summary_survives_end_session(manager, campaign):
    await manager.start_session(campaign, name="hosted", seed=1)
    summary = SessionSummary(objective="Find the keeper", next_actions=["Climb to the lamp room"])
    await manager.store_session_with_learnings(campaign, summary, session_id="hosted",
                                               facts=[FactInput(text="The keeper left a note")])
    ended = await manager.end_session("hosted", "end", summary_notes="Short night")
    assert ended.session_summary.objective == "Find the keeper"
    assert ended.session_summary.next_actions == ["Climb to the lamp room"]
    assert ended.session_summary.notes == "Short night"


async def test_same_session_name_in_two_campaigns_is_ambiguous_for_play(manager, campaign):
    scaffold_campaign("Salt Road", manager.layout.campaigns_dir)
    await manager.start_session(campaign, name="night", seed=1)
    await manager.start_session("Salt Road", name="night", seed=1)
    with pytest.raises(AmbiguousSessionError, match="2 active sessions"):
        await manager.roll("1d20", "night")
    with pytest.raises(AmbiguousSessionError):
        await manager.get_session_state("night")


async def test_reading_a_session_held_elsewhere_shows_its_journaled_changes(data_dir, campaign, manager):
    from engine.api.manager import SessionManager

    await manager.start_session(campaign, name="crashed", seed=2)
    await manager.apply_change("crashed", "hp", "Bram", -5)
    # Only the journal has the change (no save yet); a second manager reads the files as another process
    # or a crash would leave them.
    reader = SessionManager(data_dir)
    state = await reader.get_session_state("crashed")
    bram = next(p for p in state.party_status if p.name == "Bram")
    assert bram.hp == bram.hp_max - 5 and state.session_info.action_count == 1


async def test_a_disk_error_is_a_clear_error_and_records_nothing(manager, campaign, monkeypatch):
    from engine.persistence import journal

    await manager.start_session(campaign, name="full-disk", seed=1)

    def no_space(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal.os, "write", no_space)
    with pytest.raises(StorageError, match="No space left on device.*nothing was recorded"):
        await manager.apply_change("full-disk", "hp", "Bram", -3)
    monkeypatch.setattr(journal.os, "write", os.write)
    state = await manager.get_session_state("full-disk")
    assert state.session_info.action_count == 0
    assert next(p for p in state.party_status if p.name == "Bram").hp == state.party_status[0].hp_max


async def test_an_action_naming_nobody_is_credited_to_whoever_acted(manager, campaign):
    await manager.start_session(campaign, name="who", seed=4)
    response = await manager.player_action("who", "I search the room for hidden doors")
    assert response.character_name is not None
    assert any(f"assumed {response.character_name}" in w for w in response.warnings)
    state = await manager.get_session_state("who", "full", history_limit=1)
    assert state.recent_history[0].actor == response.character_name
    assert state.full_state["selected_character"] is None  # an assumption is not a selection


async def test_saved_facts_and_history_match_memory_after_supersede_and_undo(manager, campaign):
    s = await manager.start_session(campaign, name="ledger", seed=5)
    await manager.record_fact("ledger", "Osric Vell keeps the harbour ledger in his office", "npc", "Osric Vell")
    await manager.record_fact("ledger", "Osric Vell keeps the harbour ledger in his locked office", "npc", "Osric Vell")
    await manager.undo_last("ledger")  # the first fact is active again
    await manager.record_fact("ledger", "Nessa Rook mends nets at dawn", "npc", "Nessa Rook")
    await manager.record_fact("ledger", "Nessa Rook mends torn nets at dawn", "npc", "Nessa Rook")
    await manager.roll("1d20", "ledger")
    live = await manager.export_session(s.session_id)
    facts_before = [f.model_dump() for f in live.facts]
    history_before = live.history
    statuses = {f["text"]: f["status"] for f in facts_before}
    assert statuses["Osric Vell keeps the harbour ledger in his office"] == "active"
    assert statuses["Nessa Rook mends nets at dawn"] == "superseded"
    await manager.end_session("ledger")
    await manager.load_session("ledger")
    reloaded = await manager.export_session(s.session_id)
    assert [f.model_dump() for f in reloaded.facts] == facts_before
    assert reloaded.history == history_before


@pytest.mark.parametrize("mode", ["pause", "end"])
async def test_learnings_can_be_stored_after_end_session(manager, campaign, mode):
    await manager.start_session(campaign, name="after", seed=2)
    await manager.player_action("after", "I search the taproom", "Wren")
    await manager.end_session("after", mode)
    result = await manager.store_session_with_learnings(
        campaign, SessionSummary(objective="Learn who paid the wreckers"), session_id="after",
        facts=[FactInput(text="Silas Crowe paid the wreckers in silver", category="npc", subject="Silas Crowe")])
    assert result.overall == "saved" and result.facts[0].dedup_outcome == "new"
    listed = {i.name: i.status for i in await manager.list_sessions(campaign)}
    assert listed["after"] == ("paused" if mode == "pause" else "ended")  # status unchanged
    assert (await manager.query_facts("after", "silver")).facts
    again = await manager.end_session("after", mode)
    assert again.session_summary.objective == "Learn who paid the wreckers"
    if mode == "pause":
        loaded = await manager.load_session("after")
        assert loaded.action_count == 2 and loaded.recovered_from_journal == 0
