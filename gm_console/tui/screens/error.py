"""The error modal: an engine failure, shown with the engine's own DM-readable message."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from gm_console.tui.screens.dialog import MessageDialog


class ErrorModal(MessageDialog):
    BINDINGS = [Binding("escape,enter", "dismiss", "Close")]
    DIALOG_CLASS = "error-dialog"
    BUTTON = ("OK", "ok", "error")

    def __init__(self, title: str, message: str) -> None:
        super().__init__(title)
        self.message = message

    def compose_body(self) -> ComposeResult:
        yield Static(self.message, id="error-message", markup=False)
