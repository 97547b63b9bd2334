"""The derived files a session keeps to skip work (start_world.json, recent_notes.json): what they hold is
exactly what would be worked out without them, and a missing, damaged or stale one is never used."""

from __future__ import annotations

import pytest

from engine.models.world import Campaign
from engine.play.agents.entry_notes import digest_of
from engine.session import recent_notes, start_world

pytestmark = pytest.mark.anyio

ACTIONS = ["I search the room for hidden doors", "We walk to the docks", "I ask the innkeeper about the lantern",
           "I attack the nearest enemy", "We go to the Tarred Gull Inn", "I try to climb the wall"]


async def played(manager, campaign: str, name: str, turns: int = 8) -> str:
    sid = (await manager.start_session(campaign, name=name, seed=7)).session_id
    for i in range(turns):
        await manager.player_action(sid, ACTIONS[i % len(ACTIONS)])
    await manager.record_fact(sid, "The harbor ledger was burned", "event", "Osric Vell")
    await manager.undo_last(sid)
    await manager.roll("1d20", sid)
    return sid


def folder(manager, sid: str):
    s = manager._open.get(sid)
    slug = s.slug if s else next(r.slug for r in manager.catalog.refs() if r.session_id == sid)
    return manager.catalog.store(slug), manager.catalog.store(slug).session_dir(sid)


async def test_the_saved_start_world_is_the_world_every_patch_reverted_leads_back_to(manager, campaign):
    sid = await played(manager, campaign, "one")
    s = manager._open[sid]
    store, _ = folder(manager, sid)
    saved = start_world.load(store, sid)
    assert saved is not None and saved == s.start_state().world
    assert saved != s.state.world  # the session moved on: the test compares something


@pytest.mark.parametrize("damage", ["deleted", "garbage", "truncated", "other session", "bit flipped"])
async def test_an_end_without_a_usable_start_world_merges_the_same_world(manager, campaign, damage):
    sid = await played(manager, campaign, "one")
    store, path = folder(manager, sid)
    expected_start = manager._open[sid].start_state().world
    world_file = path / "start_world.json"
    data = world_file.read_bytes()
    if damage == "deleted":
        world_file.unlink()
    elif damage == "garbage":
        world_file.write_bytes(b"\x00not json")
    elif damage == "truncated":
        world_file.write_bytes(data[: len(data) // 2])
    elif damage == "other session":
        world_file.write_bytes(data.replace(sid.encode(), b"someone-else", 1))
    else:
        i = data.index(b'"party_location":"') + 19
        world_file.write_bytes(data[:i] + bytes([data[i] ^ 1]) + data[i + 1:])
    assert start_world.load(store, sid) is None
    mine = manager._open[sid].state.world
    await manager.end_session(sid, "end")
    committed = Campaign.model_validate_json(manager.layout.campaign_file(store.slug).read_bytes())
    assert committed.game_state.party_location == mine.game_state.party_location
    assert expected_start.game_state.party_location != mine.game_state.party_location  # there was a change to merge


async def test_a_loaded_session_reads_the_saved_notes_and_its_recap_and_summary_are_unchanged(manager, campaign):
    sid = await played(manager, campaign, "one", turns=14)
    before = await manager.end_session(sid, "pause")
    loaded = await manager.load_session(sid)
    s = manager._open[sid]
    # Every digest of the recent stretch came from the file: none was worked out from an entry.
    assert s.history.derived_tail(recent_notes.WINDOW) is not None
    again = await manager.end_session(sid, "pause")
    assert again.session_summary == before.session_summary
    fresh = manager.archivist.recap(list(s.history), s.state.world, s.summary, s.meta.name)
    assert loaded.recap == fresh


@pytest.mark.parametrize("damage", ["garbage", "stale", "other code", "bit flipped", "deleted"])
async def test_saved_notes_that_do_not_match_are_ignored(manager, campaign, damage, monkeypatch):
    sid = await played(manager, campaign, "one", turns=10)
    await manager.end_session(sid, "pause")
    _, path = folder(manager, sid)
    notes_file = path / "recent_notes.json"
    data = notes_file.read_bytes()
    if damage == "garbage":
        notes_file.write_bytes(b"{" + data[1:40])
    elif damage == "stale":
        # Notes of another history (one entry fewer) under this file's name.
        notes_file.write_bytes(data.replace(b'"history_len":', b'"history_len":1', 1))
    elif damage == "other code":
        monkeypatch.setattr(recent_notes, "FINGERPRINT", recent_notes.FINGERPRINT + 1)
    elif damage == "bit flipped":
        i = data.index(b'"digests":') + 30
        notes_file.write_bytes(data[:i] + bytes([data[i] ^ 4]) + data[i + 1:])
    else:
        notes_file.unlink()
    loaded = await manager.load_session(sid)
    s = manager._open[sid]
    assert s.history.derived_tail(recent_notes.WINDOW) is not None  # worked out again by the recap
    assert loaded.recap == manager.archivist.recap(list(s.history), s.state.world, s.summary, s.meta.name)


async def test_notes_of_entries_taken_back_after_the_save_are_not_used(manager, campaign):
    """A crash after an undo: the journal's undo line takes back a saved entry, and its digest with it."""
    sid = await played(manager, campaign, "one", turns=6)
    await manager.end_session(sid, "pause")
    await manager.load_session(sid)
    await manager.player_action(sid, "We go to Gannet Point")
    await manager.end_session(sid, "pause")
    await manager.load_session(sid)
    last = manager._open[sid].history[-1]
    await manager.undo_last(sid)
    s = manager._open[sid]
    tail = s.history.derived_tail(recent_notes.WINDOW)
    assert tail is not None and all(d.turn != last.turn for d in tail[1])
    assert len(tail[1]) == len(s.history)


async def test_a_crash_after_an_undo_and_a_new_turn_recovers_the_new_turns_notes(manager, campaign):
    """The journal takes back a saved entry and puts another in its place; the saved digest of the old one
    must not be read for the new one."""
    sid = await played(manager, campaign, "one", turns=6)
    await manager.player_action(sid, "We go to Gannet Point")
    await manager.end_session(sid, "pause")
    await manager.load_session(sid)
    await manager.undo_last(sid)
    await manager.player_action(sid, "I ask the innkeeper about the lantern")
    expected = manager.archivist.recap(list(manager._open[sid].history), manager._open[sid].state.world,
                                       manager._open[sid].summary, "one")
    s = manager._open.pop(sid)
    s.close()  # the process dies: no save; the journal holds the undo and the new turn
    loaded = await manager.load_session(sid)
    assert loaded.recovered_from_journal == 2
    assert loaded.recap == expected
    history = manager._open[sid].history
    last = history.derived(len(history) - 1, digest_of)
    assert last == digest_of(history[-1]) and "lantern" in history[-1].action
