"""A modal that shows one thing and closes with one button: F1 help, the end summary, an error."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label


class MessageDialog(ModalScreen[None]):
    """Subclasses give the dialog's CSS class, their body, and (optionally) the button."""

    DIALOG_CLASS: ClassVar[str] = ""
    # Label, id and variant of the one button.
    BUTTON: ClassVar[tuple[str, str, str]] = ("Close", "close", "primary")

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title_text = title

    def compose_body(self) -> ComposeResult:
        """What sits between the title and the button."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        label, button_id, variant = self.BUTTON
        with Vertical(classes=f"dialog {self.DIALOG_CLASS}"):
            yield Label(self.title_text, classes="dialog-title")
            yield from self.compose_body()
            with Horizontal(classes="dialog-buttons"):
                yield Button(label, id=button_id, variant=variant)

    def on_mount(self) -> None:
        self.query_one(f"#{self.BUTTON[1]}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
