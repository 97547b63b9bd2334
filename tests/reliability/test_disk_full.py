"""Disk full in the middle of play: the failed change is refused, and every acknowledged one survives."""

from __future__ import annotations

import errno
import os

import pytest

from engine.api.manager import SessionManager
from engine.errors import StorageError

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
