"""Reading a session this process does not hold never writes its files: the owner (another console, or
the MCP server) may be saving it at that moment, and a reader that repairs races the owner."""

from __future__ import annotations

import pytest

from engine.api.manager import SessionManager
from engine.persistence.atomic import backup_path
from engine.persistence.paths import STATE_SNAPSHOT

pytestmark = pytest.mark.anyio


def _tree(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


async def test_a_second_process_reads_a_held_session_without_touching_a_file(manager, campaign, data_dir):
    sid = (await manager.start_session(campaign, name="held", seed=3)).session_id
    await manager.player_action(sid, "I search the taproom", "Wren")
    await manager.player_action(sid, "Wren asks Hesper about the lighthouse", "Wren")
    folder = next(data_dir.rglob(sid))
    snapshot = folder / STATE_SNAPSHOT
    if not backup_path(snapshot).exists():
        backup_path(snapshot).write_bytes(snapshot.read_bytes())
    snapshot.write_bytes(b"{ torn")  # as if the disk had failed under the owner
    before = _tree(folder)

    reader = SessionManager(data_dir)  # a second process: it holds nothing
    state = await reader.get_session_state(sid, "full")
    assert state.session_info.action_count == 2 and len(state.recent_history) == 2
    await reader.query_facts(sid)
    await reader.export_session(sid)
    assert _tree(folder) == before  # nothing restored, renamed, swept or rewritten
