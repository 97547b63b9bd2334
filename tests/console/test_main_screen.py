"""The main screen with a live session: actions, buttons, and the state they leave behind."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.widgets import Button, Input, TextArea

from engine.models.session import SessionStatus
from gm_console.tui.app import GMConsoleApp
from gm_console.tui.screens.confirm import EndSessionModal
from gm_console.tui.screens.summary import SummaryModal
from tests.console.conftest import CAMPAIGN, send, settle, until

pytestmark = pytest.mark.anyio


def buttons(app: GMConsoleApp) -> dict[str, bool]:
    """Which of Pause / End / Resume are enabled."""
    return {b: not app.main.query_one(f"#{b}", Button).disabled for b in ("pause", "end", "resume")}


async def test_opening_shows_party_header_and_recap(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert app.status == SessionStatus.ACTIVE
        assert [c.name for c in app.main.query_one("#party").party] == ["Bram", "Wren", "Tova", "Idris"]
        assert "table-one · active · narrator: offline" in app.main.sub_title
        assert "Previously on" in app.main.narrative.plain_text
        assert buttons(app) == {"pause": True, "end": True, "resume": False}
        assert not app.main.query_one("#action", Input).disabled


async def test_player_action_reaches_narrative_history_and_context(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "I ask the innkeeper what she saw")
        text = app.main.narrative.plain_text
        assert "Turn 1" in text and "I ask the innkeeper what she saw" in text
        assert app.main.history.turns == [1]
        assert app.main.query_one("#context").usage is not None
        assert app.main.query_one("#action", Input).value == ""


async def test_picked_character_is_the_actor(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        app.main.query_one("#character").value = "Wren"
        await settle(pilot, app)
        await send(pilot, app, "I look for tracks")
        assert "Turn 1 · Wren" in app.main.narrative.plain_text


async def test_pause_then_resume_brings_back_narrative_and_history(app: GMConsoleApp, mgr) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "I ask the innkeeper what she saw")
        await send(pilot, app, "/roll 1d20+2")
        await pilot.click("#pause")
        await until(pilot, lambda: app.status == SessionStatus.PAUSED, "the paused status")
        await settle(pilot, app)
        assert buttons(app) == {"pause": False, "end": True, "resume": True}
        assert app.main.query_one("#action", Input).disabled
        assert (await mgr.list_sessions(CAMPAIGN))[0].status == SessionStatus.PAUSED

        await pilot.click("#resume")
        await until(pilot, lambda: app.status == SessionStatus.ACTIVE, "the active status")
        await settle(pilot, app)
        assert buttons(app) == {"pause": True, "end": True, "resume": False}
        text = app.main.narrative.plain_text
        assert "Previously on" in text.rsplit("Turn 2", 1)[1]  # the recap comes after the old turns
        assert "I ask the innkeeper what she saw" in text
        assert app.main.history.turns == [1, 2]


async def test_end_asks_first_then_shows_the_summary(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "I ask the innkeeper what she saw")
        await pilot.click("#end")
        await pilot.pause()
        assert isinstance(app.screen, EndSessionModal)
        await pilot.click("#cancel")
        await pilot.pause()
        assert app.status == SessionStatus.ACTIVE

        await pilot.click("#end")
        # Keys sent before the notes field has the focus would be lost: wait for it.
        await until(pilot, lambda: isinstance(app.screen, EndSessionModal)
                    and app.screen.query_one("#notes", TextArea).has_focus, "the End modal's notes field")
        await pilot.press(*"Head to the point")
        assert app.screen.query_one("#notes", TextArea).text == "Head to the point"
        await pilot.click("#confirm")
        await until(pilot, lambda: isinstance(app.screen, SummaryModal), "the summary")
        summary = app.screen.result.session_summary
        assert summary.notes == "Head to the point"
        # The Markdown widget takes its text when mounted: on a busy machine that is a moment after the screen.
        await until(pilot, lambda: app.screen.query_one("#summary").source, "the summary's text")
        shown = app.screen.query_one("#summary").source
        for heading in ("Objective", "Actions taken", "Decisions made", "Open items", "Next actions"):
            assert heading in shown
        await pilot.click("#close")
        await pilot.pause()
        assert app.status == SessionStatus.ENDED
        assert buttons(app) == {"pause": False, "end": False, "resume": False}
        assert app.main.query_one("#action", Input).disabled


async def test_input_is_locked_while_a_save_is_in_flight(app: GMConsoleApp, held_end) -> None:
    release = held_end
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.click("#pause")
        await until(pilot, lambda: app.saving, "a save in flight")
        assert app.main.query_one("#action", Input).disabled
        assert buttons(app) == {"pause": False, "end": False, "resume": False}
        release.set()
        await settle(pilot, app)
        assert app.status == SessionStatus.PAUSED
        assert buttons(app)["resume"]


async def test_help_key_and_slash_help_open_the_help_screen(app: GMConsoleApp) -> None:
    from gm_console.tui.screens.help import HelpScreen

    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#help").content)
        shown = console.export_text()
        assert "/cond NAME -poisoned" in shown and "f5" in shown and "Pause" in shown
        await pilot.press("escape")
        await pilot.pause()
        await send(pilot, app, "/help")
        assert isinstance(app.screen, HelpScreen)


async def test_palette_exports_the_recap(app: GMConsoleApp, data_dir) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "I ask the innkeeper what she saw")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Export recap")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot, app)
        exports = list(data_dir.rglob("export.md"))
        assert len(exports) == 1 and "innkeeper" in exports[0].read_text()
        assert any("Recap written to" in n.message for n in app._notifications)


async def test_palette_offers_only_what_makes_sense(app: GMConsoleApp) -> None:
    from gm_console.tui.actions import ActionCommands

    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        names = [a.title for a in ActionCommands(app.screen).available()]
        assert "Session: Pause" in names and "Session: Resume" not in names
        assert "Help: Keys and commands" in names
        await pilot.press("f5")
        await settle(pilot, app)
        names = [a.title for a in ActionCommands(app.screen).available()]
        assert "Session: Resume" in names and "Session: Pause" not in names


async def test_narrow_terminal_hides_side_panes_until_f2(app: GMConsoleApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        side, narrative = app.main.query_one("#side"), app.main.query_one("#narrative")
        assert not side.display or side.region.width == 0
        assert narrative.region.height >= 8
        await pilot.press("f2")
        await pilot.pause()
        assert side.region.width > 0 and narrative.region.width == 0
        await pilot.press("f2")
        await pilot.pause()
        assert narrative.region.width > 0


async def test_quit_pauses_the_session_in_play(app: GMConsoleApp, mgr) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "I ask the innkeeper what she saw")
        await pilot.press("ctrl+q")
        await settle(pilot, app)
    assert app.return_code == 0
    info = (await mgr.list_sessions(CAMPAIGN))[0]
    assert (info.status, info.action_count) == (SessionStatus.PAUSED, 1)
