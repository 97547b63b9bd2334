"""The player view on screen: it follows a session live, shows the table what it may see, never acts."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from engine.api.manager import SessionManager
from engine.api.watch import READ_ONLY, SessionWatcher
from gm_console.view.app import PlayerViewApp
from tests.engine.api.test_watch import files

CAMPAIGN = "dark-lantern"
FIGHT = ["We head to Kettlecove Docks", "We go on to Gannet Point",
         "Bram attacks the Wrecker Thug with his longsword"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _plain_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "TEXTUAL_THEME", "GM_CONSOLE_DATA_DIR", "TEXTUAL_ANIMATIONS"):
        monkeypatch.delenv(name, raising=False)


async def until(pilot: Pilot, condition: Callable[[], bool], what: str) -> None:
    for _ in range(500):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"the player view never showed {what}")


def on_screen(app: PlayerViewApp, word: str) -> bool:
    return word in app.export_screenshot()


@pytest.mark.anyio
async def test_follows_a_live_session_and_refuses_to_act(tmp_path: Path) -> None:
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session(CAMPAIGN, "live", seed=7)).session_id  # holds the session's lock
    try:
        app = PlayerViewApp(SessionWatcher(tmp_path, CAMPAIGN), interval=0.05)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.view is not None and app.view.session_name == "live", "the session")
            await manager.player_action(sid, "We head to Kettlecove Docks", "Bram")
            await until(pilot, lambda: app.view.turn == 1, "the DM's turn")
            await until(pilot, lambda: on_screen(app, "Kettlecove"), "the turn's narrative")

            before = files(tmp_path)
            field = app.query_one("#act", Input)
            field.focus()
            field.value = "I attack the innkeeper"
            await pilot.press("enter")
            await pilot.pause()
            assert app.refused == 1 and field.value == ""
            assert any(n.message == READ_ONLY for n in app._notifications)
            assert files(tmp_path) == before  # nothing was recorded anywhere
            assert (await manager.get_session_state(sid, include_history=False)).session_info.action_count == 1

            await manager.end_session(sid, "pause")
            await until(pilot, lambda: app.view.status == "paused", "the pause")
            assert on_screen(app, "paused")
    finally:
        await manager.close()


def fight_data(data_dir: Path) -> None:
    async def play() -> None:
        manager = SessionManager(data_dir)
        sid = (await manager.start_session(CAMPAIGN, "table-one", seed=7)).session_id
        for line in FIGHT:
            await manager.player_action(sid, line)
        await manager.apply_change(sid, "hp", "Wrecker Thug 1", -4)  # the DM's side: a word for the players
        await manager.apply_change(sid, "condition_add", "Tova", "poisoned")
        await manager.close()

    asyncio.run(play())


def test_snapshot_of_the_player_view_in_a_fight(tmp_path: Path, snap_compare) -> None:
    fight_data(tmp_path)
    app = PlayerViewApp(SessionWatcher(tmp_path, CAMPAIGN, "table-one"), interval=0.05)

    async def shown(pilot: Pilot) -> None:
        await until(pilot, lambda: app.view is not None and app.view.combat is not None, "the fight")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=shown)


def test_snapshot_of_the_player_view_on_a_narrow_screen(tmp_path: Path, snap_compare) -> None:
    """A phone-sized terminal: the panes stack instead of squeezing the story to nothing."""
    fight_data(tmp_path)
    app = PlayerViewApp(SessionWatcher(tmp_path, CAMPAIGN, "table-one"), interval=0.05)

    async def shown(pilot: Pilot) -> None:
        await until(pilot, lambda: app.view is not None and app.view.combat is not None, "the fight")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(70, 60), run_before=shown)
