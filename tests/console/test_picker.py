"""The session picker: listing, a new session from the form, resuming, deleting after a confirmation."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from engine.models.session import SessionStatus
from gm_console.tui.app import create_app
from gm_console.tui.screens.confirm import ConfirmModal
from gm_console.tui.screens.error import ErrorModal
from gm_console.tui.screens.new_session import NewSessionModal
from gm_console.tui.screens.picker import SessionPicker
from tests.console.conftest import CAMPAIGN, run, settle, until

pytestmark = pytest.mark.anyio


def rows(app) -> list[str]:
    table = app.screen.query_one("#sessions", DataTable)
    return [str(table.get_row_at(i)[0]) for i in range(table.row_count)]


@pytest.fixture
def paused(mgr) -> str:
    """A paused session called 'old-night' with one DM roll in it."""
    sid = run(mgr.start_session(CAMPAIGN, "old-night", seed=7)).session_id
    run(mgr.roll("1d20", sid, "warm-up"))
    run(mgr.end_session(sid, "pause"))
    return sid


async def test_no_session_given_opens_the_picker(mgr, paused) -> None:
    app = create_app(mgr)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, SessionPicker)
        assert rows(app) == ["old-night"]
        table = app.screen.query_one("#sessions", DataTable)
        status, last, actions = (str(v) for v in table.get_row_at(0)[1:4])
        assert (status, last, actions) == ("paused", "2026-01-01 00:00", "1")


async def test_new_session_from_the_form(mgr) -> None:
    app = create_app(mgr)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert rows(app) == []
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionModal)
        app.screen.query_one("#name", Input).value = "night-one"
        app.screen.query_one("#seed", Input).value = "7"
        await pilot.click("#start")
        # Form dismissed, its callback, the picker's request, the engine worker: wait for the result.
        await until(pilot, lambda: app.screen is app.main and app.session_name == "night-one", "the new session")
        await settle(pilot, app)
        assert app.status == SessionStatus.ACTIVE and app.session_name == "night-one"
        assert "night-one begins at" in app.main.narrative.plain_text
        info = (await mgr.list_sessions(CAMPAIGN))[0]
        assert (info.name, info.status) == ("night-one", SessionStatus.ACTIVE)


async def test_bad_seed_is_answered_in_the_form(mgr) -> None:
    app = create_app(mgr)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#seed", Input).value = "-"
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionModal)
        assert "whole number" in str(app.screen.query_one("#form-error").render())


async def test_duplicate_name_is_an_engine_error_in_the_modal(mgr, paused) -> None:
    app = create_app(mgr)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#name", Input).value = "old-night"
        await pilot.click("#start")
        await until(pilot, lambda: isinstance(app.screen, ErrorModal), "the error modal")
        assert "already exists" in str(app.screen.query_one("#error-message").render())


async def test_resume_a_paused_session(mgr, paused) -> None:
    app = create_app(mgr)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.click("#open")
        await until(pilot, lambda: app.screen is app.main and app.session_id == paused, "the resumed session")
        await settle(pilot, app)
        assert app.status == SessionStatus.ACTIVE
        assert "Previously on" in app.main.narrative.plain_text
        assert "warm-up" in app.main.narrative.plain_text  # the earlier roll is back in the narrative
        assert app.main.history.turns == [1]


async def test_switching_pauses_the_session_in_play(mgr, paused, app) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        first = app.session_id
        await pilot.press("f3")
        await settle(pilot, app)
        assert isinstance(app.screen, SessionPicker)
        table = app.screen.query_one("#sessions", DataTable)
        table.move_cursor(row=rows(app).index("old-night"))
        await pilot.press("r")
        await until(pilot, lambda: app.session_id == paused, "the other session")
        await settle(pilot, app)
        statuses = {s.session_id: s.status for s in await mgr.list_sessions(CAMPAIGN)}
        assert statuses == {first: SessionStatus.PAUSED, paused: SessionStatus.ACTIVE}


async def test_delete_asks_first(mgr, paused) -> None:
    app = create_app(mgr)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.click("#delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.click("#cancel")
        await settle(pilot, app)
        assert rows(app) == ["old-night"]

        await pilot.click("#delete")
        await pilot.pause()
        await pilot.click("#confirm")
        await until(pilot, lambda: isinstance(app.screen, SessionPicker) and rows(app) == [], "the emptied list")
        assert await mgr.list_sessions(CAMPAIGN) == []
