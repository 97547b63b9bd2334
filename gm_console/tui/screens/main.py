"""The main screen: narrative, party, history, context meter, and the action bar. A view only:
it shows what the app's engine workers report and the status the app hands down, and posts what
the DM types as messages; it never imports the app."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Select, Static

from engine.models.actions import HistoryEntry
from engine.models.combat import CombatView
from engine.models.session import SessionStateView
from gm_console.tui import messages as m
from gm_console.tui.actions import BUTTONS, BY_ID, key_name
from gm_console.tui.state import ConsoleStatus, Phase
from gm_console.tui.widgets.context_meter import ContextMeter
from gm_console.tui.widgets.format import FACT_OUTCOMES, scene_line
from gm_console.tui.widgets.history import HistoryList
from gm_console.tui.widgets.narrative import (
    NarrationStream,
    NarrativeLog,
    dm_entry,
    entry_from_history,
    entry_from_response,
)
from gm_console.tui.widgets.party import PartyTable
from gm_console.tui.widgets.tracker import InitiativeTracker

PLACEHOLDERS: dict[Phase, str] = {
    Phase.PLAYING: "What happens next?  (Enter sends · /help for DM commands)",
    Phase.PAUSED: f"Session paused: press Resume ({key_name('resume_session')}) to play on",
    Phase.ENDED: f"Session ended: {key_name('switch_session')} picks or starts another session",
    Phase.IDLE: f"No session open: {key_name('switch_session')} picks or starts one",
    Phase.SAVING: "Saving…",
}


class MainScreen(Screen[None]):
    # Below 100 columns the history and context panes hide (F2 swaps them with the narrative).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    @dataclass
    class Ready(Message):
        """The panes exist: the app may open a session (or the picker) into them."""

    @dataclass
    class LineSubmitted(Message):
        """The DM pressed Enter; the app answers with clear_input() or show_input_error()."""

        text: str
        character: str | None

    @dataclass
    class CharacterChosen(Message):
        """The Actor picker changed; None lets the engine decide who acts."""

        name: str | None

    def __init__(self) -> None:
        super().__init__()
        self._party_names: list[str] = []
        # What the warning banner shows: the latest narration's warnings, until one comes back clean.
        self.narrator_warnings: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield PartyTable(id="party")
        yield InitiativeTracker(id="tracker")
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
            yield Input(placeholder=PLACEHOLDERS[Phase.IDLE], id="action")
            for action, button in BUTTONS:
                yield Button(action.description, id=button.id, variant=button.variant, action=f"app.{action.id}")
        yield Static("", id="input-error")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#party").border_title = "Party"
        self.query_one("#tracker").border_title = "Initiative"
        self.query_one("#narrative").border_title = "Narrative"
        self.query_one("#history").border_title = "History"
        self.query_one("#context").border_title = "Context"
        self.query_one("#action", Input).cursor_blink = False
        self.show_no_session()
        self.post_message(self.Ready())

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
        self.show_combat(None)
        self.history.reset([])
        self.query_one("#context", ContextMeter).update_usage(None)
        self.stream.end()
        self.show_narrator_warnings([])
        self.narrative.reset([])
        switch = BY_ID["switch_session"]
        self.narrative.add_system(f"No session open. Press {key_name(switch.id)} (or {self.app.COMMAND_PALETTE_BINDING}"
                                  f" → {switch.title}) to start or resume one.")
        self.show_status(ConsoleStatus())

    def show_state(self, view: SessionStateView, rebuild: bool, reset_history: bool = False) -> None:
        party = self.query_one("#party", PartyTable)
        party.update_party(view.party_status)
        party.border_subtitle = scene_line(view.game_state)
        self.query_one("#context", ContextMeter).update_usage(view.context_usage)
        self._set_party_choices([c.name for c in view.party_status])
        self.show_combat(view.game_state.combat if view.game_state else None)
        entries: list[HistoryEntry] = list(reversed(view.recent_history or []))
        if rebuild:
            self.narrative.reset([entry_from_history(e) for e in entries])
            self.history.reset(entries)
        elif reset_history:
            self.history.reset(entries)
        else:
            self.history.add_entries(entries)

    def show_status(self, status: ConsoleStatus) -> None:
        """Buttons, input and header follow the app's status; everything locks while a save runs."""
        phase = status.phase
        for action, button in BUTTONS:
            self.query_one(f"#{button.id}", Button).disabled = not action.enabled(phase)
        playing = phase is Phase.PLAYING
        field = self.query_one("#action", Input)
        field.disabled = not playing
        field.placeholder = PLACEHOLDERS[phase]
        self.query_one("#character", Select).disabled = not playing
        if status.session_id:
            self.title = status.campaign_name
            self.sub_title = f"{status.session_name} · {status.status or '?'} · narrator: {status.narrator}"
        if playing and self.app.screen is self:
            field.focus()

    @property
    def tracker(self) -> InitiativeTracker:
        return self.query_one("#tracker", InitiativeTracker)

    def show_combat(self, combat: CombatView | None) -> None:
        """The tracker appears with a fight; the actor picker follows whose turn it is."""
        fighting = self.tracker.combat is not None
        self.tracker.update_combat(combat)
        self.set_class(combat is not None, "-fight")
        if fighting != (combat is not None):
            self.app.refresh_bindings()  # the fight keys come and go with the fight
        up = combat.current if combat is not None else None
        if up is not None and up in self._party_names and self.character != up:
            self.query_one("#character", Select).value = up

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

    def clear_input(self) -> None:
        """The app took the line: the input is ready for the next one."""
        self.query_one("#action", Input).value = ""

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
        self.post_message(self.LineSubmitted(event.value, self.character))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value:
            self.show_input_error("")

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.post_message(self.CharacterChosen(self.character))

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

    def on_combat_controlled(self, message: m.CombatControlled) -> None:
        r = message.result
        changes = [c.description for c in r.changes if c.description] or [r.message]
        self.narrative.add(dm_entry(r.turn_number, message.command, r.dice_rolls, changes))
        self.show_combat(r.combat)

    def on_quests_listed(self, message: m.QuestsListed) -> None:
        lines = [f"{q.name} ({q.status.replace('_', ' ')}, {sum(q.done)}/{len(q.done)})" + "".join(
            f"\n  [{'x' if done else ' '}] {i}. {text}"
            for i, (text, done) in enumerate(zip(q.objectives, q.done, strict=True), 1)) for q in message.quests]
        self.narrative.add(dm_entry(None, "/quest", changes=lines or ["This campaign has no quests."]))

    def on_fact_recorded(self, message: m.FactRecorded) -> None:
        r = message.result.result
        outcome = FACT_OUTCOMES.get(str(r.dedup_outcome or r.status), str(r.dedup_outcome or r.status))
        notes = [outcome, *(f"Contradicts: {c}" for c in r.contradictions),
                 *(c.description for c in message.result.state_changes)]
        self.narrative.add(dm_entry(message.result.turn_number, "/fact", changes=notes, text=message.text))
        self.notify(outcome, title="Fact")

    def on_action_undone(self, message: m.ActionUndone) -> None:
        r = message.result
        self.narrative.drop_turn(r.undone_turn)
        self.narrative.add_system(r.message)
        self.notify(r.message, title="Undo")

    def toggle_side(self) -> None:
        self.toggle_class("-show-side")
