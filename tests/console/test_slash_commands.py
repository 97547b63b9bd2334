"""DM slash commands typed in the action input, and the errors they can meet."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from engine.errors import CorruptFileError
from gm_console.tui.app import GMConsoleApp, create_app
from gm_console.tui.screens.error import ErrorModal
from tests.console.conftest import send, settle, until

pytestmark = pytest.mark.anyio


def party(app: GMConsoleApp, name: str):
    return next(c for c in app.main.query_one("#party").party if c.name == name)


def input_error(app: GMConsoleApp) -> str:
    return str(app.main.query_one("#input-error", Static).render())


async def test_roll_is_shown_and_recorded(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/roll 2d20kh1+5 perception")
        last = app.main.narrative.entries[-1]
        assert last.title == "Turn 1 · DM /roll 2d20kh1+5" and last.rolls[0].notation == "2d20kh1+5"
        assert last.rolls[0].purpose == "perception"
        assert app.main.history.turns == [1]


async def test_hp_damage_and_healing_update_the_party_table(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        full = party(app, "Bram").hp
        await send(pilot, app, "/hp Bram -7")
        assert party(app, "Bram").hp == full - 7
        await send(pilot, app, "/hp bram +4")
        assert party(app, "Bram").hp == full - 3
        assert "/hp bram +4" in app.main.narrative.plain_text


async def test_conditions_are_added_and_removed(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/cond Wren poisoned")
        assert "poisoned" in party(app, "Wren").conditions
        await send(pilot, app, "/cond Wren -poisoned")
        assert party(app, "Wren").conditions == []


async def test_fact_undo_and_rest(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/hp Tova -5")
        await send(pilot, app, "/fact The keeper's logbook is missing its last page")
        assert "keeper's logbook" in app.main.narrative.plain_text
        assert app.main.history.turns == [1, 2]
        await send(pilot, app, "/undo")
        assert app.main.history.turns == [1]
        assert [e.turn for e in app.main.narrative.entries if e.kind == "dm"] == [1]
        assert "Undid turn 2" in app.main.narrative.plain_text
        hurt = party(app, "Tova").hp
        await send(pilot, app, "/rest long")
        assert party(app, "Tova").hp > hurt
        assert app.main.history.turns == [1, 2]


async def test_unknown_command_gets_a_red_line_not_a_crash(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/dance wildly")
        assert "Unknown command '/dance'" in input_error(app)
        assert app.main.query_one("#input-error").has_class("-error")
        # The text stays in the input so the DM can fix it.
        assert app.main.query_one("#action", Input).value == "/dance wildly"
        await send(pilot, app, "/hp Bram seven")
        assert "not an HP change" in input_error(app)


async def test_unknown_character_is_answered_in_place(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/hp Nobody -3")
        assert "No character or creature named 'Nobody'" in input_error(app)
        assert "Bram" in input_error(app)  # the engine lists who can be named
        assert app.main.narrative.entries[-1].kind == "error"
        assert app.screen is app.main


async def test_bad_dice_notation_is_answered_in_place(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/roll 2q6")
        assert input_error(app).startswith("✗")
        assert app.main.history.turns == []


async def test_engine_error_is_shown_in_the_modal(app: GMConsoleApp, mgr, monkeypatch) -> None:
    async def broken(*args, **kwargs):
        raise CorruptFileError("state_snapshot.json is damaged; the backup was restored.", restored=True)

    monkeypatch.setattr(mgr, "end_session", broken)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.click("#pause")
        await until(pilot, lambda: isinstance(app.screen, ErrorModal), "the error modal")
        assert app.screen.title_text == "Could not pause the session"
        assert "state_snapshot.json is damaged" in str(app.screen.query_one("#error-message").render())
        await pilot.press("enter")
        await pilot.pause()
        # Nothing was saved, so the session is still in play and the input unlocked.
        assert app.screen is app.main
        assert not app.main.query_one("#action", Input).disabled


async def test_unknown_session_on_the_command_line_is_a_modal(mgr) -> None:
    app = create_app(mgr, session="no-such-session")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ErrorModal)
        assert "no-such-session" in str(app.screen.query_one("#error-message").render())


async def test_commands_need_an_active_session(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("f5")
        await settle(pilot, app)
        assert app.submit_line("/roll 1d20", None) is False
        assert "No active session" in input_error(app)
