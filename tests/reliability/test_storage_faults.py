"""Storage faults in play: a full disk, ruined index files. Nothing acknowledged is lost; indexes are rebuilt."""

from __future__ import annotations

import errno
import json
import os

import pytest

from engine.api.manager import SessionManager
from engine.errors import SessionNotActiveError, StorageError

pytestmark = pytest.mark.anyio


class DiskFullOnce:
    """os.write for the journal that writes a few bytes of the next line, then fails with ENOSPC."""

    def __init__(self) -> None:
        self.armed = True
        self.real_write = os.write

    def __call__(self, fd: int, data) -> int:
        if self.armed:
            self.armed = False
            self.real_write(fd, bytes(data[:17]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return self.real_write(fd, data)


async def test_a_full_disk_loses_no_acknowledged_turn(manager, campaign, data_dir, monkeypatch):
    await manager.start_session(campaign, name="storm", seed=3)
    await manager.apply_change("storm", "hp", "Bram", -2)
    monkeypatch.setattr("engine.persistence.journal.os.write", DiskFullOnce())
    with pytest.raises(StorageError, match="nothing was recorded"):
        await manager.apply_change("storm", "hp", "Bram", -3)
    after_failure = await manager.get_session_state("storm")
    assert after_failure.session_info.action_count == 1  # the refused change is not in memory either
    await manager.apply_change("storm", "hp", "Wren", -1)
    await manager.roll("1d20", "storm")

    # What a crash right now would leave: another process reads the files and the journal.
    state = await SessionManager(data_dir).get_session_state("storm")
    hp = {p.name: (p.hp, p.hp_max) for p in state.party_status}
    assert hp["Bram"][0] == hp["Bram"][1] - 2
    assert hp["Wren"][0] == hp["Wren"][1] - 1
    assert state.session_info.action_count == 3


async def test_a_campaign_with_a_ruined_index_still_lists_and_plays(manager, campaign, data_dir):
    await manager.start_session(campaign, name="first", seed=1)
    await manager.end_session("first", "end")
    await manager.start_session(campaign, name="second", seed=2)
    await manager.end_session("second", "pause")
    index = next((data_dir / "campaigns").glob("*/sessions.json"))
    index.write_bytes(b"\x00garbage")
    index.with_name("sessions.json.backup").write_bytes(b"{")
    fresh = SessionManager(data_dir)
    [info] = [c for c in await fresh.list_campaigns() if c.name == campaign]
    assert info.sessions == 2
    assert {s.name: s.status for s in await fresh.list_sessions(campaign)} == {"first": "ended", "second": "paused"}
    loaded = await fresh.load_session("second")
    assert loaded.status == "active"
    await fresh.close()


async def test_a_session_with_a_ruined_context_state_loads_and_says_so(manager, campaign, data_dir):
    s = await manager.start_session(campaign, name="night", seed=4)
    await manager.apply_change("night", "hp", "Bram", -1)
    await manager.end_session("night", "pause")
    await manager.load_session("night")
    await manager.end_session("night", "pause")  # a second save: the backup exists too
    path = next((data_dir / "campaigns").glob(f"*/claudmaster_sessions/{s.session_id}/context_state.json"))
    path.write_bytes(b"")
    path.with_name("context_state.json.backup").write_bytes(b"[1, 2")
    loaded = await manager.load_session("night")
    assert loaded.rebuilt_files == ["context_state.json"] and loaded.action_count == 1
    await manager.player_action("night", "I look around the common room.", "Wren")
    assert (await manager.get_session_state("night")).session_info.action_count == 2


@pytest.mark.parametrize("filename", ["state_snapshot.json", "fact_database.json", "action_history.json"])
async def test_a_file_restored_from_its_backup_comes_back_exact(manager, campaign, data_dir, filename):
    s = await manager.start_session(campaign, name="tide", seed=5)
    await manager.apply_change("tide", "hp", "Bram", -2)
    await manager.record_fact("tide", "The harbour bell cracked in the storm", "event")
    await manager.end_session("tide", "pause")
    await manager.load_session("tide")
    await manager.apply_change("tide", "hp", "Bram", -3)  # after the backup was taken
    await manager.record_fact("tide", "Hesper Quill hides a key under the bar", "npc", "Hesper Quill")
    await manager.roll("1d20", "tide")
    await manager.end_session("tide", "pause")
    latest = await manager.export_session("tide")
    path = next((data_dir / "campaigns").glob(f"*/claudmaster_sessions/{s.session_id}/{filename}"))
    path.write_bytes(path.read_bytes()[:40])  # torn
    loaded = await manager.load_session("tide")
    assert loaded.restored_backups == [filename] and loaded.action_count == 5
    restored = await manager.export_session("tide")
    assert restored.history == latest.history
    assert restored.facts == latest.facts
    assert restored.state.world == latest.state.world
    # Undo after the restore takes back the newest change against the newest state.
    await manager.undo_last("tide")
    await manager.undo_last("tide")
    await manager.undo_last("tide")
    bram = next(p for p in (await manager.get_session_state("tide")).party_status if p.name == "Bram")
    assert bram.hp == bram.hp_max - 2


async def test_a_restored_meta_does_not_bring_an_ended_session_back_to_life(manager, campaign, data_dir):
    s = await manager.start_session(campaign, name="last-night", seed=6)
    await manager.apply_change("last-night", "hp", "Bram", -1)
    await manager.end_session("last-night", "end")
    path = next((data_dir / "campaigns").glob(f"*/claudmaster_sessions/{s.session_id}/session_meta.json"))
    # A backup from before the end (as any single save can leave it), and the meta itself ruined.
    backup = path.with_name("session_meta.json.backup")
    older = json.loads(backup.read_bytes()) | {"status": "paused", "end_reason": "paused by DM"}
    backup.write_text(json.dumps(older))
    path.write_bytes(b"{not json")
    fresh = SessionManager(data_dir)
    [info] = await fresh.list_sessions(campaign)
    assert info.status == "ended"
    with pytest.raises(SessionNotActiveError, match="has ended"):
        await fresh.load_session("last-night")
