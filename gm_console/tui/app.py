"""The GM Console app: engine calls in named workers, typed messages back, one failure handler.

Widgets hold no game logic: every change goes through the SessionManager and the panes show what
it answers.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual import work
from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from engine.api.manager import SessionManager
from engine.errors import EngineError, InvalidInputError, NotFoundError, SessionNotActiveError
from engine.models.session import SessionStatus
from gm_console.tui import commands as cmd
from gm_console.tui import messages as m
from gm_console.tui.commands import CommandError, SessionCommands, parse_input
from gm_console.tui.screens.confirm import EndSessionModal
from gm_console.tui.screens.error import ErrorModal
from gm_console.tui.screens.help import HelpScreen
from gm_console.tui.screens.main import MainScreen
from gm_console.tui.screens.picker import SessionPicker
from gm_console.tui.screens.summary import SummaryModal
from gm_console.tui.widgets.narrative import NarrativeEntry

# How many past entries a resume brings back into the narrative and history panes (the export has
# the full log; more rows here only slow the first paint of a long session).
REBUILD_LIMIT = 50
# After a turn only the newest entries are read back (the panes append them).
REFRESH_LIMIT = 10
# Actions that only make sense on the main screen with a session in a given state.
SESSION_ACTIONS = {"pause_session", "end_session", "resume_session", "export_recap", "switch_session",
                   "toggle_panes"}


class GMConsoleApp(App[int]):
    CSS_PATH = ["console.tcss", "screens.tcss"]
    TITLE = "GM Console"
    COMMANDS = App.COMMANDS | {SessionCommands}
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "toggle_panes", "Panes"),
        Binding("f3", "switch_session", "Sessions"),
        Binding("f5", "pause_session", "Pause"),
        Binding("f6", "resume_session", "Resume"),
        Binding("f8", "end_session", "End"),
        Binding("f4", "export_recap", "Export"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, manager: SessionManager, campaign: str | None = None, session: str | None = None) -> None:
        super().__init__()
        self.manager = manager
        self.start_campaign, self.start_session = campaign, session
        self.campaign_name = ""
        self.session_id: str | None = None
        self.session_name, self.narrator_name = "", manager.narrator.name
        self.status: SessionStatus | None = None
        self.saving = self._quitting = False
        self._controls_state: tuple[object, ...] | None = None

    def get_default_screen(self) -> Screen:
        return MainScreen()

    @property
    def main(self) -> MainScreen:
        return self.screen_stack[0]  # type: ignore[return-value]

    def on_mount(self) -> None:
        self.theme = "textual-dark"

    def begin(self) -> None:
        """Called by the main screen once its panes exist: open the session asked for, or the picker."""
        if self.start_session:
            self.open_session(self.start_session, self.start_campaign)
        else:
            self.push_screen(SessionPicker(self.start_campaign))

    # ---- state the controls follow ----

    def _sync_controls(self) -> None:
        state = (self.session_id, self.status, self.saving)
        if state == self._controls_state:  # after most turns nothing changed: skip the footer rebuild
            return
        self._controls_state = state
        self.main.set_controls(self.status, self.saving)
        if self.session_id:
            self.main.set_header(self.campaign_name, self.session_name, self.status, self.narrator_name)
        self.refresh_bindings()

    def _base_screen(self) -> Screen:
        """The screen under the command palette, if it is open."""
        for screen in reversed(self.screen_stack):
            if not isinstance(screen, CommandPalette):
                return screen
        return self.screen

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in SESSION_ACTIONS and not isinstance(self._base_screen(), MainScreen):
            return False
        if action == "pause_session":
            return self.status == SessionStatus.ACTIVE and not self.saving
        if action == "resume_session":
            return self.status == SessionStatus.PAUSED and not self.saving
        if action == "end_session":
            return self.status in (SessionStatus.ACTIVE, SessionStatus.PAUSED) and not self.saving
        if action == "export_recap":
            return self.session_id is not None
        return True

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
        if self.status != SessionStatus.ACTIVE or not self.session_id:
            self.main.show_input_error("✗ No active session: resume one (F6) or pick one (F3) first.")
            return False
        if any(w.group == "turn" and w.is_running for w in self.workers):
            self.main.show_input_error("✗ Still resolving the last action; send this again in a moment.")
            return False
        self.main.show_input_error("")
        self._turn(self.session_id, parsed, character)
        return True

    def choose_character(self, name: str | None) -> None:
        if self.session_id and self.status == SessionStatus.ACTIVE:
            self._select_character(self.session_id, name)

    def action_help(self) -> None:
        keys = [(b.key, b.description) for b in self.BINDINGS if isinstance(b, Binding) and b.description]
        self.push_screen(HelpScreen([("Enter", "Send the action or command"), *keys, ("ctrl+p", "Command palette")]))

    def action_toggle_panes(self) -> None:
        self.main.toggle_side()

    def action_switch_session(self) -> None:
        if not isinstance(self.screen, SessionPicker):
            self.push_screen(SessionPicker(self.campaign_name or None))

    def action_pause_session(self) -> None:
        if self.check_action("pause_session", ()) and self.session_id:
            self._set_saving(True)
            self._pause(self.session_id)

    def action_resume_session(self) -> None:
        if self.check_action("resume_session", ()) and self.session_id:
            self.open_session(self.session_id, None, SessionStatus.PAUSED)

    def action_end_session(self) -> None:
        if not (self.check_action("end_session", ()) and self.session_id):
            return
        sid = self.session_id

        def confirmed(notes: str | None) -> None:
            if notes is not None:
                self._set_saving(True)
                self._end(sid, notes or None)

        self.push_screen(EndSessionModal(self.session_name), confirmed)

    def action_export_recap(self) -> None:
        if self.session_id:
            self._export(self.session_id)

    async def action_quit(self) -> None:
        if self._quitting or self.status != SessionStatus.ACTIVE:
            self.exit(0)
            return
        self._quitting = True
        self._close_and_exit()

    def _set_saving(self, saving: bool) -> None:
        self.saving = saving
        self._sync_controls()

    # ---- workers: each posts a past-tense message; failures go to on_worker_state_changed ----

    @work(group="turn", exclusive=True, exit_on_error=False, name="resolve the action")
    async def _turn(self, sid: str, parsed: object, character: str | None) -> None:
        mgr = self.manager
        if isinstance(parsed, cmd.PlayerAction):
            # The narration streams into the narrative pane while the engine is still on the turn.
            with m.NarrationRelay(self.main, parsed.text) as relay:
                response = await mgr.player_action(sid, parsed.text, character, on_narration=relay)
            self.main.post_message(m.ActionResolved(parsed.text, response))
        elif isinstance(parsed, cmd.RollCommand):
            self.main.post_message(m.DiceRolled(await mgr.roll(parsed.notation, sid, parsed.purpose)))
        elif isinstance(parsed, cmd.ChangeCommand):
            result = await mgr.apply_change(sid, parsed.kind, parsed.target, parsed.value)
            self.main.post_message(m.ChangeApplied(parsed.label, result))
        elif isinstance(parsed, cmd.RestCommand):
            self.main.post_message(m.ChangeApplied(f"/rest {parsed.kind}", await mgr.rest(sid, parsed.kind)))
        elif isinstance(parsed, cmd.FactCommand):
            self.main.post_message(m.FactRecorded(parsed.text, await mgr.record_fact(sid, parsed.text)))
        elif isinstance(parsed, cmd.UndoCommand):
            self.main.post_message(m.ActionUndone(await mgr.undo_last(sid)))
            await self._refresh(sid, reset_history=True)
            return
        await self._refresh(sid)

    async def _refresh(self, sid: str, rebuild: bool = False, reset_history: bool = False) -> None:
        limit = REBUILD_LIMIT if rebuild or reset_history else REFRESH_LIMIT
        view = await self.manager.get_session_state(sid, "standard", include_history=True, history_limit=limit)
        self.post_message(m.StateRefreshed(view, rebuild, reset_history))

    @work(group="select", exclusive=True, exit_on_error=False, name="select the character")
    async def _select_character(self, sid: str, name: str | None) -> None:
        await self.manager.select_character(sid, name)

    @work(group="session", exclusive=True, exit_on_error=False, name="pause the session")
    async def _pause(self, sid: str) -> None:
        self.post_message(m.SessionSaved(await self.manager.end_session(sid, "pause")))

    @work(group="session", exclusive=True, exit_on_error=False, name="end the session")
    async def _end(self, sid: str, notes: str | None) -> None:
        self.post_message(m.SessionEnded(await self.manager.end_session(sid, "end", notes)))

    async def _leave_current(self, keep: str | None) -> None:
        """Switching sessions pauses the one in play first, so nothing is left open by accident."""
        if self.session_id and self.session_id != keep and self.status == SessionStatus.ACTIVE:
            result = await self.manager.end_session(self.session_id, "pause")
            self.post_message(m.SessionSaved(result))

    @work(group="session", exclusive=True, exit_on_error=False, name="open the session")
    async def open_session(self, session: str, campaign: str | None = None,
                           status: SessionStatus | None = None) -> None:
        """Resume a session, or show an ended one read-only. `status` is None for a session named on
        the command line (id, id prefix or name): the engine resolves it and says if it is unknown."""
        if status == SessionStatus.ENDED:
            await self._show_read_only(session)
            return
        await self._leave_current(keep=session)
        try:
            result = await self.manager.load_session(session, campaign)
        except SessionNotActiveError as refused:
            # The engine will not resume an ended session; one named on the command line is shown instead.
            if status is not None:
                raise
            await self._show_read_only(session, refused)
            return
        await self._refresh(result.session_id, rebuild=True)
        self.post_message(m.SessionLoaded(result.session_id, result.recap, result))

    async def _show_read_only(self, session: str, refused: SessionNotActiveError | None = None) -> None:
        """An ended session's panes and recap; `refused` is re-raised if the session has not ended."""
        view = await self.manager.get_session_state(session, "standard", history_limit=REBUILD_LIMIT)
        if refused is not None and view.session_info.status != SessionStatus.ENDED:
            raise refused
        sid = view.session_info.session_id
        self.post_message(m.StateRefreshed(view, rebuild=True))
        self.post_message(m.SessionLoaded(sid, await self.manager.recap(sid)))

    @work(group="session", exclusive=True, exit_on_error=False, name="start the session")
    async def start_new_session(self, campaign: str, name: str | None, seed: int | None) -> None:
        await self._leave_current(keep=None)
        result = await self.manager.start_session(campaign, name, seed)
        await self._refresh(result.session_id, rebuild=True)
        self.post_message(m.SessionStarted(result))

    @work(group="session", exclusive=True, exit_on_error=False, name="delete the session")
    async def delete_session(self, session_id: str) -> None:
        self.post_message(m.SessionDeleted(await self.manager.delete_session(session_id)))

    @work(group="list", exclusive=True, exit_on_error=False, name="list the sessions")
    async def list_all_sessions(self, campaign: str | None = None) -> None:
        """Every campaign and its sessions; `campaign` (a name or slug) is the one to show first."""
        campaigns = await self.manager.list_campaigns()
        sessions = {c.slug: await self.manager.list_sessions(c.slug) for c in campaigns}
        try:
            chosen = self.manager.campaigns.resolve(campaign) if campaign else None
        except NotFoundError:  # no such campaign: the picker opens on the first one
            chosen = None
        self.post_message(m.SessionsListed(campaigns, sessions, chosen))

    @work(group="export", exclusive=True, exit_on_error=False, name="export the recap")
    async def _export(self, sid: str) -> None:
        self.post_message(m.RecapExported(await self.manager.export_markdown(sid)))

    @work(group="session", exclusive=True, exit_on_error=False, name="save and quit")
    async def _close_and_exit(self) -> None:
        await self.manager.close()
        self.exit(0)

    # ---- the one place worker failures are handled ----

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.error is not None:
            error = event.worker.error
            # A DM typo (bad name, bad notation) is answered under the input, not in a modal.
            inline = event.worker.group == "turn" and isinstance(error, InvalidInputError | NotFoundError)
            self.post_message(m.EngineFailed(event.worker.name, error, inline))

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
        self.session_id, self.session_name, self.status = info.session_id, info.name, info.status
        self.campaign_name, self.narrator_name = info.campaign_name, info.narrator
        self.main.show_state(view, message.rebuild, message.reset_history)
        self._sync_controls()

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

    def on_session_saved(self, message: m.SessionSaved) -> None:
        r = message.result
        if r.session_id == self.session_id:
            self.status = SessionStatus.PAUSED
            self.main.narrative.add_system(f"Session paused and saved: {r.save_path}")
        self.saving = False
        self._sync_controls()
        self.notify(f"Session '{self.session_name}' paused and saved. F6 resumes it.", title="Session saved")

    def on_session_ended(self, message: m.SessionEnded) -> None:
        r = message.result
        self.status = SessionStatus.ENDED
        self._set_saving(False)
        self.main.narrative.add_system(f"Session ended. Files: {r.save_path}")
        self.notify(f"Session '{self.session_name}' ended; world changes saved to the campaign.",
                    title="Session ended")
        self.push_screen(SummaryModal(r, heading=f"Session '{self.session_name}' ended"))

    def on_session_deleted(self, message: m.SessionDeleted) -> None:
        if message.result.session_id == self.session_id:
            self.session_id, self.status = None, None
            self.main.show_no_session()
            self._sync_controls()
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


def create_app(manager: SessionManager, campaign: str | None = None, session: str | None = None) -> GMConsoleApp:
    """The one way to build the app: the CLI, the tests and the benchmark all come through here."""
    return GMConsoleApp(manager, campaign=campaign, session=session)


def run_console(data_dir: Path | str | None = None, campaign: str | None = None, session: str | None = None,
                narrator_overrides: dict | None = None) -> int:
    manager = SessionManager.from_settings(data_dir, narrator_overrides)
    app = create_app(manager, campaign=campaign, session=session)
    try:
        code = app.run()
    finally:
        # Anything still open (the app crashed before its own pause) is paused, not left active.
        asyncio.run(manager.close())
    return code or 0
