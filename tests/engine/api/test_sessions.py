"""SessionManager lifecycle: seed 000's definition of done (items 3-11) and the bad-input rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import (
    AmbiguousSessionError,
    CampaignNotFoundError,
    CharacterNotFoundError,
    DiceError,
    InvalidInputError,
    InvalidNameError,
    NothingToUndoError,
    SessionAlreadyActiveError,
    SessionLockedError,
    SessionNotActiveError,
    SessionNotFoundError,
)
from engine.models.session import SessionSummary
from engine.persistence.paths import SESSION_FILES

pytestmark = pytest.mark.anyio


def session_dir(manager, slug: str, sid: str) -> Path:
    return manager.layout.session_dir(slug, sid)


async def test_start_pause_load_round_trip(manager, campaign):
    started = await manager.start_session(campaign, name="first-night", seed=11)
    assert started.status == "active" and started.party and started.location in started.opening
    await manager.player_action("first-night", "I search the room for anything unusual", "Wren")
    await manager.roll("1d20+3", "first-night", purpose="luck")
    await manager.apply_change("first-night", "hp", "Bram", -4)
    before = await manager.get_session_state("first-night", "full", history_limit=100)

    ended = await manager.end_session("first-night", "pause", summary_notes="Stopped at the inn")
    assert ended.status == "saved"
    assert ended.stats.action_count == 3 and ended.stats.dice_rolled >= 2
    assert ended.session_summary.notes == "Stopped at the inn"
    folder = Path(ended.save_path)
    for name in SESSION_FILES:
        data = json.loads((folder / name).read_text())
        assert data["schema_version"] == 1, name
    # The save folded the journal in; its lines are retained until the next save is durable.
    assert not (folder / "journal.jsonl").exists()
    assert len((folder / "journal.prev.jsonl").read_bytes().splitlines()) == 3

    loaded = await manager.load_session("first-night")
    assert loaded.status == "active" and loaded.action_count == 3
    assert "first-night" in loaded.recap or "Previously" in loaded.recap
    after = await manager.get_session_state(started.session_id, "full", history_limit=100)
    assert after.full_state == before.full_state
    assert after.recent_history == before.recent_history
    assert after.party_status == before.party_status


async def test_detail_levels(manager, campaign):
    await manager.start_session(campaign, name="levels", seed=1)
    await manager.roll("1d6", "levels")
    minimal = await manager.get_session_state("levels", "minimal")
    assert minimal.party_status == [] and minimal.game_state is None
    # Minimal honours include_history with who did what, nothing more.
    [line] = minimal.recent_history
    assert line.action == "/roll 1d6" and line.dice_rolls == [] and line.patch == []
    assert (await manager.get_session_state("levels", "minimal", include_history=False)).recent_history is None
    standard = await manager.get_session_state("levels", "standard", history_limit=5)
    assert standard.party_status and standard.active_quests and len(standard.recent_history) == 1
    assert standard.full_state is None and standard.recent_history[0].patch == []
    no_history = await manager.get_session_state("levels", include_history=False)
    assert no_history.recent_history is None
    full = await manager.get_session_state("levels", "full")
    assert full.full_state["world"]["name"] == campaign and full.recent_history[0].patch
    with pytest.raises(InvalidInputError, match="detail_level"):
        await manager.get_session_state("levels", "everything")
    with pytest.raises(InvalidInputError, match="history_limit"):
        await manager.get_session_state("levels", history_limit=-1)


async def test_end_commits_world_and_is_idempotent(manager, campaign):
    await manager.start_session(campaign, name="ending", seed=3)
    await manager.apply_change("ending", "hp", "Bram", -3)
    ended = await manager.end_session("ending", "end")
    assert ended.status == "ended"
    slug = manager.campaigns.resolve(campaign)
    world = manager.campaigns.load(slug)
    bram = world.character("Bram")
    assert bram.hp.current == bram.hp.max - 3
    again = await manager.end_session("ending", "end")
    assert again.status == "ended" and "already ended" in again.message
    assert again.stats.action_count == 1 and again.stats.dice_rolled == ended.stats.dice_rolled
    with pytest.raises(SessionNotActiveError, match="ended"):
        await manager.load_session("ending")
    index = json.loads(manager.layout.sessions_index(slug).read_text())
    assert index["current_session_id"] is None and index["total_sessions"] == 1
    record = index["session_history"][0]
    assert record["end_reason"] == "ended by DM" and record["action_count"] == 1 and "duration_minutes" in record


async def test_paused_session_refuses_play_with_guidance(manager, campaign):
    await manager.start_session(campaign, name="napping", seed=2)
    await manager.end_session("napping")
    with pytest.raises(SessionNotActiveError, match=r"load_session\('napping'\)"):
        await manager.player_action("napping", "I attack")
    again = await manager.end_session("napping", "pause")
    assert "already paused" in again.message


async def test_unknown_and_ambiguous_sessions(manager, campaign):
    a = await manager.start_session(campaign, name="harbour-watch", seed=1)
    await manager.end_session(a.session_id)
    with pytest.raises(SessionNotFoundError, match="harbour-watch"):
        await manager.get_session_state("harbor-watch")
    # Names are unique per campaign at creation; a duplicate can still come from files edited by hand.
    b = await manager.start_session(campaign, name="other", seed=1)
    await manager.end_session(b.session_id)
    slug = manager.campaigns.resolve(campaign)
    meta_path = session_dir(manager, slug, b.session_id) / "session_meta.json"
    meta = json.loads(meta_path.read_text())
    meta["name"] = "harbour-watch"
    meta_path.write_text(json.dumps(meta))
    with pytest.raises(AmbiguousSessionError, match="matches 2 sessions"):
        await manager.load_session("harbour-watch")
    loaded = await manager.load_session(a.session_id[:8])
    assert loaded.session_id == a.session_id


async def test_bad_input_changes_nothing(manager, campaign):
    with pytest.raises(CampaignNotFoundError, match="The Dark Lantern|dark-lantern"):
        await manager.start_session("No Such Campaign")
    for bad in ("../x", "/etc", "a/b", "nul\x00l", ".."):
        with pytest.raises(InvalidNameError):
            await manager.start_session(campaign, name=bad)
    s = await manager.start_session(campaign, name="careful", seed=5)
    with pytest.raises(InvalidInputError, match="already exists"):
        await manager.start_session(campaign, name="careful")
    before = await manager.get_session_state(s.session_id, "full")
    with pytest.raises(DiceError):
        await manager.roll("2d", s.session_id)
    with pytest.raises(CharacterNotFoundError, match="Bram"):
        await manager.apply_change(s.session_id, "hp", "Nobody", -3)
    with pytest.raises(InvalidInputError):
        await manager.apply_change(s.session_id, "hp", "Bram", "lots")
    with pytest.raises(CharacterNotFoundError):
        await manager.player_action(s.session_id, "I attack", character_name="Ghost")
    with pytest.raises(InvalidInputError):
        await manager.player_action(s.session_id, "   ")
    with pytest.raises(NothingToUndoError):
        await manager.undo_last(s.session_id)
    with pytest.raises(InvalidInputError, match="mode"):
        await manager.end_session(s.session_id, "stop")
    after = await manager.get_session_state(s.session_id, "full")
    assert after.full_state == before.full_state and after.session_info.action_count == 0


async def test_one_active_session_per_campaign(manager, campaign):
    await manager.start_session(campaign, name="one", seed=1)
    with pytest.raises(SessionAlreadyActiveError, match="already active"):
        await manager.start_session(campaign, name="two")
    await manager.end_session("one")
    await manager.start_session(campaign, name="two")
    with pytest.raises(SessionAlreadyActiveError, match="already active"):
        await manager.load_session("one")


async def test_undo_is_exact_including_dice(manager, campaign):
    await manager.start_session(campaign, name="undo", seed=99)
    base = await manager.get_session_state("undo", "full")
    first = await manager.roll("4d6kh3", "undo")
    await manager.apply_change("undo", "condition_add", "Wren", "poisoned")
    await manager.record_fact("undo", "The harbourmaster keeps a second ledger", "npc", "Hesper Quill")
    for _ in range(3):
        await manager.undo_last("undo")
    restored = await manager.get_session_state("undo", "full")
    assert restored.full_state == base.full_state
    assert (await manager.query_facts("undo", "ledger")).facts == []
    again = await manager.roll("4d6kh3", "undo")
    assert again.roll.total == first.roll.total and again.roll.detail == first.roll.detail


async def test_undo_survives_pause_and_load(manager, campaign):
    await manager.start_session(campaign, name="later", seed=4)
    await manager.apply_change("later", "hp", "Tova", -2)
    await manager.end_session("later")
    await manager.load_session("later")
    undone = await manager.undo_last("later")
    assert undone.undone_turn == 1
    state = await manager.get_session_state("later")
    tova = next(p for p in state.party_status if p.name == "Tova")
    assert tova.hp == tova.hp_max


async def test_second_process_gets_clear_lock_error(manager, campaign, data_dir):
    from engine.api.manager import SessionManager

    s = await manager.start_session(campaign, name="mine", seed=1)
    other = SessionManager(data_dir)
    with pytest.raises(SessionLockedError, match="already open in"):
        await other.load_session(s.session_id)
    with pytest.raises(SessionNotActiveError, match="load_session"):
        await other.player_action("mine", "I look around")


async def test_list_and_delete(manager, campaign):
    a = await manager.start_session(campaign, name="keep", seed=1)
    await manager.end_session(a.session_id)
    b = await manager.start_session(campaign, name="drop", seed=1)
    with pytest.raises(SessionNotActiveError, match="Pause or end"):
        await manager.delete_session("drop")
    await manager.end_session(b.session_id, "end")
    listed = await manager.list_sessions(campaign)
    assert {i.name for i in listed} == {"keep", "drop"}
    assert [i.name for i in await manager.list_sessions(campaign, "paused")] == ["keep"]
    with pytest.raises(InvalidInputError):
        await manager.list_sessions(campaign, "sleeping")
    result = await manager.delete_session("drop")
    assert result.deleted
    assert [i.name for i in await manager.list_sessions(campaign)] == ["keep"]
    with pytest.raises(SessionNotFoundError):
        await manager.get_session_state("drop")


async def test_store_session_with_learnings(manager, campaign):
    await manager.start_session(campaign, name="learn", seed=1)
    from engine.models.facts import FactInput

    summary = SessionSummary(objective="Find the lantern", actions_taken=["Talked to Hesper"])
    result = await manager.store_session_with_learnings(campaign, summary, session_id="learn", facts=[
        FactInput(text="Hesper Quill owes the smugglers money", category="npc", subject="Hesper Quill"),
        FactInput(text="Hesper Quill owes the smugglers money", category="npc", subject="Hesper Quill"),
    ])
    assert result.overall == "saved"
    assert [f.dedup_outcome for f in result.facts] == ["new", "duplicate_skip"]
    facts = await manager.query_facts("learn", "smugglers")
    assert len(facts.facts) == 1


async def test_round_trip_exact_with_1000_entries_and_facts(manager, campaign):
    s = await manager.start_session(campaign, name="long", seed=8)
    entities = ["Bram", "Wren", "Tova", "Idris", "Hesper Quill", "Kettlecove Docks"]
    for i in range(1000):
        # Distinct vocabulary per fact so none is a duplicate or a supersede of another.
        text = f"{entities[i % 6]} noted clue{i} about ledger{i * 7} and token{i * 13}"
        await manager.record_fact(s.session_id, text, "event", entities[i % 6])
    live = await manager.export_session(s.session_id)
    assert len(live.history) == 1000 and len(live.facts) == 1000
    await manager.end_session(s.session_id)
    await manager.load_session("long")
    reloaded = await manager.export_session(s.session_id)
    # journal_seq is bookkeeping: the save folded the journal in, so it moved on; the world did not.
    assert reloaded.state.model_dump(exclude={"journal_seq"}) == live.state.model_dump(exclude={"journal_seq"})
    assert reloaded.history == live.history
    assert reloaded.facts == live.facts


@pytest.mark.parametrize("name", SESSION_FILES)
async def test_corrupt_session_file_is_restored_from_backup(manager, campaign, name):
    s = await manager.start_session(campaign, name="fragile", seed=6)
    await manager.apply_change("fragile", "hp", "Idris", -2)
    await manager.end_session("fragile")
    await manager.load_session("fragile")
    await manager.apply_change("fragile", "hp", "Idris", -1)
    await manager.end_session("fragile")  # second save: every file now has a good .backup
    other = await manager.start_session(campaign, name="sturdy", seed=1)
    await manager.end_session(other.session_id)
    folder = session_dir(manager, manager.campaigns.resolve(campaign), s.session_id)
    (folder / name).write_bytes(b'{"schema_version": 1, "trunc')
    loaded = await manager.load_session("fragile")
    assert name in loaded.restored_backups
    assert json.loads((folder / name).read_text())["schema_version"] == 1
    await manager.end_session("fragile")
    assert {i.name for i in await manager.list_sessions(campaign)} == {"fragile", "sturdy"}
    await manager.load_session("sturdy")


async def test_corrupt_file_without_backup_names_the_file(manager, campaign):
    from engine.errors import CorruptFileError

    s = await manager.start_session(campaign, name="brittle", seed=6)
    await manager.end_session("brittle")
    folder = session_dir(manager, manager.campaigns.resolve(campaign), s.session_id)
    for backup in folder.glob("*.backup"):
        backup.unlink()
    (folder / "action_history.json").write_bytes(b"garbage \x00\x01")
    with pytest.raises(CorruptFileError, match="action_history.json"):
        await manager.load_session("brittle")
    # The failed load leaves nothing held: the lock is free and the other files untouched.
    assert json.loads((folder / "state_snapshot.json").read_text())["schema_version"] == 1
