"""Confirmation modals: a plain yes/no, and ending a session with optional summary notes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static, TextArea


class ConfirmModal(ModalScreen[bool]):
    """Dismisses with True only when the DM presses the confirm button."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, message: str, confirm: str = "Confirm") -> None:
        super().__init__()
        self.title_text = title
        self.message = message
        self.confirm_label = confirm

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static(self.message, markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="cancel")
                yield Button(self.confirm_label, id="confirm", variant="error")

    def on_mount(self) -> None:
        self.query_one("#cancel", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm")

    def action_cancel(self) -> None:
        self.dismiss(False)


class EndSessionModal(ModalScreen[str | None]):
    """Asks before ending; dismisses with the notes ('' when none) or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, session_name: str) -> None:
        super().__init__()
        self.session_name = session_name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog end-dialog"):
            yield Label(f"End session '{self.session_name}'?", classes="dialog-title")
            yield Static("Ending saves the session for good and commits world changes to the campaign. "
                         "It cannot be resumed afterwards (Pause can).", markup=False)
            yield Label("Summary notes (optional):")
            yield TextArea(id="notes", soft_wrap=True)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="cancel")
                yield Button("End session", id="confirm", variant="error")

    def on_mount(self) -> None:
        notes = self.query_one("#notes", TextArea)
        notes.cursor_blink = False
        notes.focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "confirm":
            self.dismiss(self.query_one("#notes", TextArea).text.strip())
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
