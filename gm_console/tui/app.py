"""The GM Console app: the DM's actions (from the registry in actions.py), the screens' requests,
and the engine's answers into the panes. The engine calls themselves are in engine_calls.py.

Widgets hold no game logic: every change goes through the SessionManager and the panes show what
it answers.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on
from textual.app import App
from textual.command import CommandPalette
from textual.screen import Screen

from engine.api.manager import SessionManager
from engine.errors import EngineError
from engine.models.session import SessionStatus
from gm_console.tui import commands as cmd
from gm_console.tui import messages as m
from gm_console.tui.actions import BY_ID, ActionCommands, app_bindings, key_name
from gm_console.tui.catalogue_commands import CatalogueCommands
from gm_console.tui.commands import CommandError, parse_input
from gm_console.tui.screens.confirm import EndSessionModal
from gm_console.tui.screens.error import ErrorModal
from gm_console.tui.screens.help import HelpScreen
from gm_console.tui.screens.main import MainScreen
from gm_console.tui.screens.picker import SessionPicker
from gm_console.tui.screens.stat_block import StatBlockModal
from gm_console.tui.screens.summary import SummaryModal
from gm_console.tui.state import ConsoleStatus
from gm_console.tui.table_controls import TableCommands, TableControls
from gm_console.tui.widgets.narrative import DICE_MODE_NAMES, NarrativeEntry
from gm_console.tui.widgets.tracker import InitiativeTracker

if TYPE_CHECKING:
    from gm_console.supervisor.contract import TableControl


class GMConsoleApp(TableControls):
    CSS_PATH = ["console.tcss", "screens.tcss"]
    TITLE = "GM Console"
    COMMANDS = App.COMMANDS | {ActionCommands, CatalogueCommands, TableCommands}
    BINDINGS = app_bindings()

    def __init__(self, manager: SessionManager, campaign: str | None = None, session: str | None = None,
                 table: TableControl | None = None, serve: bool = False) -> None:
        super().__init__(manager)
        self.start_campaign, self.start_session = campaign, session
        self.attach_table(table, serve)
        self._quitting = False

    def get_default_screen(self) -> Screen:
        return MainScreen()

    def on_mount(self) -> None:
        self.theme = "textual-dark"

    @on(MainScreen.Ready)
    def _begin(self) -> None:
        """The panes exist: open the session asked for, or the picker."""
        self.table_ready()
        if self.start_session:
            self.open_session(self.start_session, self.start_campaign)
        else:
            self.push_screen(SessionPicker(self.start_campaign))

    # ---- state the controls follow ----

    def watch_console_status(self, status: ConsoleStatus) -> None:
        self.main.show_status(status)

    def _set_saving(self, saving: bool) -> None:
        self.console_status = replace(self.console_status, saving=saving)

    def _base_screen(self) -> Screen:
        """The screen under the command palette, if it is open."""
        for screen in reversed(self.screen_stack):
            if not isinstance(screen, CommandPalette):
                return screen
        return self.screen

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Bindings, buttons and the palette all come through here (Textual asks before running an
        action), so the action methods below need no guard of their own."""
        spec = BY_ID.get(action)
        if spec is None:  # one of Textual's own actions, or the MCP table's
            return self.check_table_action(action)
        if spec.main_only and not isinstance(self._base_screen(), MainScreen):
            return False
        if spec.needs_fight and self.main.tracker.combat is None:
            return False
        return spec.enabled(self.console_status.phase)

    # ---- what the DM asks for ----

    def submit_line(self, text: str, character: str | None) -> bool:
        """Parse and send one input line; False keeps the text in the input for fixing."""
        try:
            parsed = parse_input(text)
        except CommandError as exc:
            self.main.show_input_error(f"✗ {exc}")
            return False
        if isinstance(parsed, cmd.HelpCommand):
            self.action_help()
            return True
        if isinstance(parsed, cmd.CardCommand):
            self.main.show_input_error("")
            self.show_card(parsed.kind, parsed.name)
            return True
        if self.status != SessionStatus.ACTIVE or not self.session_id:
            self.main.show_input_error(f"✗ No active session: resume one ({key_name('resume_session')}) "
                                       f"or pick one ({key_name('switch_session')}) first.")
            return False
        if any(w.group == "turn" and w.is_running for w in self.workers):
            self.main.show_input_error("✗ Still resolving the last action; send this again in a moment.")
            return False
        self.main.show_input_error("")
        self._turn(self.session_id, parsed, character)
        return True

    @on(MainScreen.LineSubmitted)
    def _line_submitted(self, message: MainScreen.LineSubmitted) -> None:
        if self.submit_line(message.text, message.character):
            self.main.clear_input()

    @on(MainScreen.CharacterChosen)
    def _character_chosen(self, message: MainScreen.CharacterChosen) -> None:
        if self.session_id and self.status == SessionStatus.ACTIVE:
            self._select_character(self.session_id, message.name)

    @on(SessionPicker.ListRequested)
    def _list_requested(self, message: SessionPicker.ListRequested) -> None:
        self.list_all_sessions(message.campaign)

    @on(SessionPicker.StartRequested)
    def _start_requested(self, message: SessionPicker.StartRequested) -> None:
        r = message.request
        self.start_new_session(r.campaign, r.name, r.seed)

    @on(SessionPicker.OpenRequested)
    def _open_requested(self, message: SessionPicker.OpenRequested) -> None:
        self.open_session(message.session_id, message.campaign, message.status)

    @on(SessionPicker.DeleteRequested)
    def _delete_requested(self, message: SessionPicker.DeleteRequested) -> None:
        self.delete_session(message.session_id)

    # ---- the registry's actions (see actions.py for keys, titles and when each is allowed) ----

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_toggle_dice(self) -> None:
        mode = self.main.narrative.cycle_dice()
        self.notify(f"Dice and bookkeeping: {DICE_MODE_NAMES[mode]} ({key_name('toggle_dice')} changes it).",
                    title="Dice log")

    def action_toggle_panes(self) -> None:
        self.main.toggle_side()

    def action_switch_session(self) -> None:
        if not isinstance(self.screen, SessionPicker):
            self.push_screen(SessionPicker(self.console_status.campaign_name or None))

    def action_pause_session(self) -> None:
        if self.session_id:
            self._set_saving(True)
            self._pause(self.session_id)

    def action_resume_session(self) -> None:
        if self.session_id:
            self.open_session(self.session_id, None, SessionStatus.PAUSED)

    def action_end_session(self) -> None:
        sid = self.session_id
        if sid is None:
            return

        def confirmed(notes: str | None) -> None:
            if notes is not None:
                self._set_saving(True)
                self._end(sid, notes or None)

        self.push_screen(EndSessionModal(self.session_name), confirmed)

    def action_export_recap(self) -> None:
        if self.session_id:
            self._export(self.session_id)

    def action_combat_tracker(self) -> None:
        tracker = self.main.tracker
        if tracker.combat is None:
            self.notify("No fight is on: /fight NAME, NAME starts one.", title="Initiative")
        elif tracker.has_focus:
            self.main.query_one("#action").focus()
        else:
            tracker.focus()

    def action_combat_next(self) -> None:
        self.submit_line("/next", None)

    def action_combat_delay(self) -> None:
        self.submit_line("/delay", None)

    def action_combat_end(self) -> None:
        self.submit_line("/endfight", None)

    def action_combat_stat_block(self) -> None:
        tracker = self.main.tracker
        name = tracker.highlighted if tracker.has_focus else (tracker.combat.current if tracker.combat else None)
        monsters = [c.name for c in tracker.combat.order if c.kind == "monster"] if tracker.combat else []
        if name not in monsters:
            name = monsters[0] if monsters else None
        if name is None or not self.session_id:
            self.notify("No monster in a fight to show.", title="Stat block")
            return
        self._stat_block(self.session_id, name)

    @on(InitiativeTracker.StatBlockRequested)
    def _stat_block_requested(self, message: InitiativeTracker.StatBlockRequested) -> None:
        if self.session_id:
            self._stat_block(self.session_id, message.name)

    def on_stat_block_loaded(self, message: m.StatBlockLoaded) -> None:
        self.push_screen(StatBlockModal(message.block, message.combatant))

    async def action_quit(self) -> None:
        await self.close_table()
        if self._quitting or self.status != SessionStatus.ACTIVE:
            self.exit(0)
            return
        self._quitting = True
        self._close_and_exit()

    # ---- the one place worker failures are answered (EngineCalls turns them into EngineFailed) ----

    def on_engine_failed(self, message: m.EngineFailed) -> None:
        error = message.error
        text = str(error) if isinstance(error, EngineError) else f"Unexpected error ({type(error).__name__}): {error}"
        self._set_saving(False)
        if message.inline:
            self.main.show_input_error(f"✗ {text}")
            self.main.narrative.add_error(text)
            return
        self.push_screen(ErrorModal(f"Could not {message.operation}", text))

    # ---- results into the panes ----

    def on_state_refreshed(self, message: m.StateRefreshed) -> None:
        view = message.view
        info = view.session_info
        self.main.show_state(view, message.rebuild, message.reset_history)
        self.console_status = replace(self.console_status, session_id=info.session_id, session_name=info.name,
                                      status=info.status, campaign_name=info.campaign_name,
                                      narrator=info.narrator)

    def on_session_started(self, message: m.SessionStarted) -> None:
        r = message.result
        self._pop_picker()
        self.main.narrative.add(NarrativeEntry(kind="recap", title=f"{r.name} begins at {r.location}",
                                               text=r.opening))
        self.notify(f"Session '{r.name}' started (seed {r.seed}).", title="Session started")

    def on_session_loaded(self, message: m.SessionLoaded) -> None:
        self._pop_picker()
        self.main.narrative.add(NarrativeEntry(kind="recap", title="Previously on…", text=message.recap))
        if message.result is None:
            self.notify("This session has ended: shown read-only.", title="Session opened")
            return
        extra = (f" Recovered {message.result.recovered_from_journal} journal entries after a crash."
                 if message.result.recovered_from_journal else "")
        self.notify(f"Session '{message.result.name}' resumed.{extra}", title="Session resumed")

    def on_session_paused(self, message: m.SessionPaused) -> None:
        r = message.result
        if r.session_id == self.session_id:
            self.console_status = replace(self.console_status, status=SessionStatus.PAUSED, saving=False)
            self.main.narrative.add_system(f"Session paused and saved: {r.save_path}")
        else:  # the session left behind by a switch
            self._set_saving(False)
        self.notify(f"Session '{self.session_name}' paused and saved. {key_name('resume_session')} resumes it.",
                    title="Session saved")

    def on_session_ended(self, message: m.SessionEnded) -> None:
        r = message.result
        self.console_status = replace(self.console_status, status=SessionStatus.ENDED, saving=False)
        self.main.narrative.add_system(f"Session ended. Files: {r.save_path}")
        self.notify(f"Session '{self.session_name}' ended; world changes saved to the campaign.",
                    title="Session ended")
        self.push_screen(SummaryModal(r, heading=f"Session '{self.session_name}' ended"))

    def on_session_deleted(self, message: m.SessionDeleted) -> None:
        if message.result.session_id == self.session_id:
            # The campaign stays: F3 reopens the picker on it.
            self.console_status = replace(self.console_status, session_id=None, status=None)
            self.main.show_no_session()
        self.notify(message.result.message, title="Session deleted")
        self.list_all_sessions()

    def on_sessions_listed(self, message: m.SessionsListed) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, SessionPicker):
                screen.populate(message.campaigns, message.sessions, message.campaign)

    def on_recap_exported(self, message: m.RecapExported) -> None:
        self.notify(f"Recap written to {message.path}", title="Exported", timeout=8)

    def _pop_picker(self) -> None:
        while len(self.screen_stack) > 1 and isinstance(self.screen, SessionPicker):
            self.pop_screen()


def create_app(manager: SessionManager, campaign: str | None = None, session: str | None = None,
               table: TableControl | None = None, serve: bool = False) -> GMConsoleApp:
    """The one way to build the app: the CLI, the tests and the benchmark all come through here.
    `table` (supervisor mode) lets an MCP host join; `serve` opens it at start."""
    return GMConsoleApp(manager, campaign=campaign, session=session, table=table, serve=serve)


def run_console(data_dir: Path | str | None = None, campaign: str | None = None, session: str | None = None,
                narrator_overrides: dict | None = None,
                table_factory: Callable[[SessionManager], TableControl] | None = None, serve: bool = False) -> int:
    manager = SessionManager.from_settings(data_dir, narrator_overrides)
    table = table_factory(manager) if table_factory else None
    app = create_app(manager, campaign=campaign, session=session, table=table, serve=serve)
    try:
        code = app.run()
    finally:
        # Anything still open (the app crashed before its own pause) is paused, not left active.
        asyncio.run(manager.close())
    return code or 0
