"""The action registry drives the bindings, the palette, the buttons, check_action and the help."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.binding import Binding
from textual.widgets import Button
from textual.widgets._footer import FooterKey  # not re-exported; the footer is what the DM sees

from gm_console.tui.actions import ACTIONS, BUTTONS, ActionCommands, palette_summary
from gm_console.tui.app import GMConsoleApp, create_app
from gm_console.tui.screens.help import HelpScreen
from gm_console.tui.state import ConsoleStatus, Phase
from tests.console.conftest import settle, until

pytestmark = pytest.mark.anyio


def footer(app: GMConsoleApp) -> list[str]:
    """The actions the main screen's footer shows."""
    return [key.action for key in app.main.query(FooterKey)]


def test_every_binding_comes_from_the_registry_with_a_description() -> None:
    bindings = [b for b in GMConsoleApp.BINDINGS if isinstance(b, Binding)]
    # An action without keys is offered by the palette (and the help) only.
    assert [(b.key, b.action, b.id) for b in bindings] == [(a.keys, a.id, a.id) for a in ACTIONS if a.keys]
    assert all(a.title for a in ACTIONS if not a.keys)
    assert all(b.description and b.tooltip for b in bindings)


def test_every_action_has_a_method_and_a_unique_key_and_title() -> None:
    for action in ACTIONS:
        assert callable(getattr(GMConsoleApp, f"action_{action.id}")), action.id
    keys = [k for a in ACTIONS if a.keys for k in a.keys.split(",")]
    titles = [a.title for a in ACTIONS if a.title]
    assert len(keys) == len(set(keys)) and len(titles) == len(set(titles))
    assert {"Session: Pause", "Session: End", "Session: Resume", "Session: Switch",
            "Session: Export recap", "Help: Keys and commands"} <= set(titles)


def test_the_rules_follow_the_phase() -> None:
    allowed = {phase: {a.id for a in ACTIONS if a.enabled(phase)} for phase in Phase}
    assert "pause_session" in allowed[Phase.PLAYING]
    for phase in (Phase.SAVING, Phase.IDLE, Phase.PAUSED, Phase.ENDED):
        assert "pause_session" not in allowed[phase], phase
    assert "resume_session" in allowed[Phase.PAUSED] and "resume_session" not in allowed[Phase.SAVING]
    assert allowed[Phase.IDLE] == {"help", "toggle_dice", "toggle_panes", "switch_session", "quit"}
    assert ConsoleStatus(saving=True).phase is Phase.SAVING


async def test_footer_buttons_and_palette_follow_the_status(app: GMConsoleApp, held_end) -> None:
    release = held_end
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert "pause_session" in footer(app) and "resume_session" not in footer(app)
        await pilot.press("f5")
        await until(pilot, lambda: app.saving, "a save in flight")
        await pilot.pause()
        # While the save runs nothing that touches the session is on offer, by key, button or palette.
        assert not {"pause_session", "resume_session", "end_session"} & set(footer(app))
        assert app.check_action("pause_session", ()) is False
        assert all(app.main.query_one(f"#{button.id}", Button).disabled for _, button in BUTTONS)
        assert not {"Session: Pause", "Session: End"} & {a.title for a in ActionCommands(app.screen).available()}
        release.set()
        await until(pilot, lambda: not app.saving, "the save's answer")
        await pilot.pause()
        assert "resume_session" in footer(app) and "pause_session" not in footer(app)
        assert app.check_action("resume_session", ()) is True


async def test_session_actions_are_off_without_a_session(mgr) -> None:
    app = create_app(mgr)  # no session: the picker opens over the main screen
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        for action in ("pause_session", "end_session", "resume_session", "export_recap"):
            assert app.check_action(action, ()) is False, action
        assert app.check_action("help", ()) is True


async def test_help_lists_every_registry_key_and_the_palette(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help screen")
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#help").content)
        shown = console.export_text()
        for action in ACTIONS:
            assert any((action.keys or "palette") in line and action.description in line
                       for line in shown.splitlines())
        assert palette_summary() in " ".join(shown.split())
        assert "Session: Switch / Pause / Resume / End / Export recap" in palette_summary()
