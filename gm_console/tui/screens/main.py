"""The main screen: narrative, party, history, context meter, and the action bar. A view only:
it shows what the app's engine workers report and hands what the DM types to the app."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Select, Static

from engine.models.actions import HistoryEntry
from engine.models.session import SessionStateView, SessionStatus
from gm_console.tui import messages as m
from gm_console.tui.widgets.context_meter import ContextMeter
from gm_console.tui.widgets.format import scene_line
from gm_console.tui.widgets.history import HistoryList
from gm_console.tui.widgets.narrative import (
    NarrationStream,
    NarrativeLog,
    dm_entry,
    entry_from_history,
    entry_from_response,
)
from gm_console.tui.widgets.party import PartyTable

if TYPE_CHECKING:
    from gm_console.tui.app import GMConsoleApp

PLACEHOLDERS = {
    SessionStatus.ACTIVE: "What happens next?  (Enter sends · /help for DM commands)",
    SessionStatus.PAUSED: "Session paused: press Resume (F6) to play on",
    SessionStatus.ENDED: "Session ended: F3 picks or starts another session",
    None: "No session open: F3 picks or starts one",
}


class MainScreen(Screen[None]):
    # Below 100 columns the history and context panes hide (F2 swaps them with the narrative).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    # The narrative column holds the log and, under it, the live narration of the turn in progress.
    DEFAULT_CSS = """
    MainScreen #narrative-column {
        width: 1fr;
        height: 1fr;
    }
    MainScreen #narrative-column > NarrativeLog {
        height: 1fr;
    }
    MainScreen.-narrow.-show-side #narrative-column {
        display: none;
    }
    MainScreen #narrator-warning {
        display: none;
        height: auto;
        padding: 0 1;
        background: $warning 15%;
        color: $text-warning;
        text-style: bold;
    }
    MainScreen #narrator-warning.-shown {
        display: block;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._party_names: list[str] = []
        # What the warning banner shows: the latest narration's warnings, until one comes back clean.
        self.narrator_warnings: list[str] = []

    @property
    def gm(self) -> GMConsoleApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Header()
        yield PartyTable(id="party")
        with Horizontal(id="panes"):
            with Vertical(id="narrative-column"):
                yield NarrativeLog(id="narrative")
                yield NarrationStream(id="stream")
            with Vertical(id="side"):
                yield HistoryList(id="history")
                yield ContextMeter(id="context")
        # The narrator's fallbacks and rejected replies: visible until a turn narrates cleanly.
        yield Static("", id="narrator-warning")
        with Horizontal(id="action-bar"):
            yield Select[str]([], prompt="Actor", id="character")
            yield Input(placeholder=PLACEHOLDERS[None], id="action")
            yield Button("Pause", id="pause", variant="warning")
            yield Button("End", id="end", variant="error")
            yield Button("Resume", id="resume", variant="success")
        yield Static("", id="input-error")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#party").border_title = "Party"
        self.query_one("#narrative").border_title = "Narrative"
        self.query_one("#history").border_title = "History"
        self.query_one("#context").border_title = "Context"
        self.query_one("#action", Input).cursor_blink = False
        self.show_no_session()
        self.gm.begin()

    def on_screen_resume(self) -> None:
        """Back from the picker or a dialog: the DM can type straight away."""
        field = self.query_one("#action", Input)
        if not field.disabled:
            field.focus()

    @property
    def narrative(self) -> NarrativeLog:
        return self.query_one("#narrative", NarrativeLog)

    @property
    def history(self) -> HistoryList:
        return self.query_one("#history", HistoryList)

    @property
    def stream(self) -> NarrationStream:
        return self.query_one("#stream", NarrationStream)


    # ---- what the app tells the view ----

    def show_no_session(self) -> None:
        self.title = "GM Console"
        self.sub_title = "no session open"
        self.query_one("#party", PartyTable).update_party([])
        self.history.reset([])
        self.query_one("#context", ContextMeter).update_usage(None)
        self.stream.end()
        self.show_narrator_warnings([])
        self.narrative.reset([])
        self.narrative.add_system("No session open. Press F3 (or ctrl+p → Session: Switch) to start or resume one.")
        self.set_controls(None, saving=False)

    def show_state(self, view: SessionStateView, rebuild: bool, reset_history: bool = False) -> None:
        party = self.query_one("#party", PartyTable)
        party.update_party(view.party_status)
        party.border_subtitle = scene_line(view.game_state)
        self.query_one("#context", ContextMeter).update_usage(view.context_usage)
        self._set_party_choices([c.name for c in view.party_status])
        entries: list[HistoryEntry] = list(reversed(view.recent_history or []))
        if rebuild:
            self.narrative.reset([entry_from_history(e) for e in entries])
            self.history.reset(entries)
        elif reset_history:
            self.history.reset(entries)
        else:
            self.history.add_entries(entries)

    def set_header(self, campaign: str, session: str, status: SessionStatus | None, narrator: str) -> None:
        self.title = campaign
        self.sub_title = f"{session} · {status or '?'} · narrator: {narrator}"

    def set_controls(self, status: SessionStatus | None, saving: bool) -> None:
        """Buttons and the input follow the session status; everything locks while a save runs."""
        active = status == SessionStatus.ACTIVE
        self.query_one("#pause", Button).disabled = saving or not active
        self.query_one("#end", Button).disabled = saving or status not in (SessionStatus.ACTIVE, SessionStatus.PAUSED)
        self.query_one("#resume", Button).disabled = saving or status != SessionStatus.PAUSED
        field = self.query_one("#action", Input)
        field.disabled = saving or not active
        field.placeholder = "Saving…" if saving else PLACEHOLDERS[status]
        self.query_one("#character", Select).disabled = saving or not active
        if active and not saving and self.app.screen is self:
            field.focus()

    def _set_party_choices(self, names: list[str]) -> None:
        if names == self._party_names:  # unchanged: keep the DM's pick as it is
            return
        self._party_names = names
        select: Select[str] = self.query_one("#character", Select)
        current = select.value
        select.set_options([(n, n) for n in names])
        if current in names:
            select.value = current

    def show_narrator_warnings(self, warnings: list[str]) -> None:
        self.narrator_warnings = list(warnings)
        banner = self.query_one("#narrator-warning", Static)
        banner.update(Content("\n".join(f"⚠ {w}" for w in warnings)))
        banner.set_class(bool(warnings), "-shown")

    def show_input_error(self, text: str) -> None:
        self.query_one("#input-error", Static).update(text)
        self.query_one("#input-error", Static).set_class(bool(text), "-error")

    @property
    def character(self) -> str | None:
        value = self.query_one("#character", Select).value
        return None if value is Select.NULL else str(value)

    # ---- what the DM does ----

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.gm.submit_line(event.value, self.character):
            event.input.value = ""

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value:
            self.show_input_error("")

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.gm.choose_character(self.character)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions = {"pause": "pause_session", "end": "end_session", "resume": "resume_session"}
        if event.button.id in actions:
            getattr(self.gm, f"action_{actions[event.button.id]}")()

    # ---- results the app's workers post here (display only) ----

    def on_narration_started(self, message: m.NarrationStarted) -> None:
        self.stream.begin(message.action)

    def on_narration_chunk(self, message: m.NarrationChunk) -> None:
        self.stream.append(message.text)

    def on_narration_replaced(self, message: m.NarrationReplaced) -> None:
        self.stream.replace(message.text, message.warning)
        self.show_narrator_warnings([message.warning])

    def on_narration_finished(self, message: m.NarrationFinished) -> None:
        self.show_narrator_warnings(message.warnings)

    def on_narration_stopped(self, message: m.NarrationStopped) -> None:
        self.stream.end()

    def on_action_resolved(self, message: m.ActionResolved) -> None:
        # The live text gives way to the finished entry: the log gets the turn once.
        self.stream.end()
        self.narrative.add(entry_from_response(message.action, message.response))

    def on_dice_rolled(self, message: m.DiceRolled) -> None:
        r = message.result
        self.narrative.add(dm_entry(r.turn_number, f"/roll {r.roll.notation}", [r.roll]))

    def on_change_applied(self, message: m.ChangeApplied) -> None:
        r = message.result
        changes = [c.description for c in r.state_changes if c.description] or [r.message]
        self.narrative.add(dm_entry(r.turn_number, message.command, changes=changes))

    def on_fact_recorded(self, message: m.FactRecorded) -> None:
        r = message.result.result
        notes = [f"Outcome: {r.dedup_outcome or r.status}", *(f"Contradicts: {c}" for c in r.contradictions)]
        self.narrative.add(dm_entry(message.result.turn_number, "/fact", changes=notes, text=message.text))
        self.notify(f"Fact recorded ({r.dedup_outcome or r.status}).", title="Fact")

    def on_action_undone(self, message: m.ActionUndone) -> None:
        r = message.result
        self.narrative.drop_turn(r.undone_turn)
        self.narrative.add_system(r.message)
        self.notify(r.message, title="Undo")

    def toggle_side(self) -> None:
        self.toggle_class("-show-side")
