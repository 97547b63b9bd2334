"""Marks written without an fsync (the "active" status at load, sessions.json at load and pause): what a
power cut can leave of them never lets a campaign hold two active sessions, and never loses a change.

A power cut is played by putting on disk one of the combinations it can leave behind, then dropping the
process's sessions without a save (its locks go with it, as they do when a process dies)."""

from __future__ import annotations

import pytest

from engine.errors import SessionAlreadyActiveError
from engine.models.session import SessionIndex, SessionStatus

pytestmark = pytest.mark.anyio


def die(manager) -> None:
    """The process is gone: no save, no pause; its open files and locks are released by the OS."""
    for s in list(manager._open.values()):
        s.close()
    manager._open.clear()


def index_file(manager, slug: str):
    return manager.layout.sessions_index(slug)


async def crashed_active(manager, campaign: str) -> tuple[str, str, int]:
    """A session loaded (marked active), played, then lost in a power cut; (slug, id, turns acknowledged)."""
    sid = (await manager.start_session(campaign, name="lost", seed=3)).session_id
    await manager.roll("1d20", sid)
    await manager.end_session(sid, "pause")
    await manager.load_session(sid)
    for _ in range(3):
        await manager.roll("1d6", sid)
    slug = manager._open[sid].slug
    turns = len(manager._open[sid].history)
    die(manager)
    return slug, sid, turns


async def test_a_kept_active_mark_with_a_lost_index_pointer_still_blocks_a_second_session(manager, campaign):
    slug, sid, turns = await crashed_active(manager, campaign)
    # The index lost its last write: it still says nothing is current and the session is paused.
    index = SessionIndex.model_validate_json(index_file(manager, slug).read_bytes())
    index.current_session_id = None
    index.session_history = [r.model_copy(update={"status": SessionStatus.PAUSED}) for r in index.session_history]
    index_file(manager, slug).write_bytes(index.model_dump_json().encode())
    with pytest.raises(SessionAlreadyActiveError, match="'lost' is still marked active"):
        await manager.start_session(campaign, name="second")
    # Recovering it brings back every acknowledged change; then the campaign goes on.
    loaded = await manager.load_session(sid)
    assert loaded.action_count == turns
    await manager.end_session(sid, "pause")
    assert (await manager.start_session(campaign, name="second")).status == SessionStatus.ACTIVE


async def test_a_lost_active_mark_loses_no_change_and_blocks_nothing(manager, campaign):
    slug, sid, turns = await crashed_active(manager, campaign)
    # The mark did not reach the disk: the metadata says "paused" as the last pause left it.
    meta_file = manager.catalog.store(slug).session_dir(sid) / "session_meta.json"
    meta_file.write_bytes(meta_file.read_bytes().replace(b'"status": "active"', b'"status": "paused"'))
    assert b'"paused"' in meta_file.read_bytes()
    loaded = await manager.load_session(sid)
    assert loaded.action_count == turns and loaded.recovered_from_journal == 3
