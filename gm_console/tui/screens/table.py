"""Dialogs of the MCP table: the endpoint and its host configuration, and one line of text from the DM."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static, TextArea

from gm_console.supervisor.contract import TableStatus
from gm_console.tui.screens.dialog import MessageDialog


class EndpointModal(MessageDialog):
    """Where a host connects, with the token and a configuration to paste into the host."""

    BINDINGS = [Binding("escape", "dismiss", "Close")]
    DIALOG_CLASS = "endpoint-dialog"
    DEFAULT_CSS = """
    .endpoint-dialog { width: 92; }
    #endpoint-config { height: 12; }
    """

    def __init__(self, status: TableStatus) -> None:
        super().__init__("The table is open to an MCP host")
        self.status = status

    def compose_body(self) -> ComposeResult:
        s = self.status
        yield Static(f"Endpoint  {s.url}\nToken     {s.token}\n\nPaste into the host's MCP settings "
                     "(every request needs the token; it changes each time the endpoint opens):", id="endpoint-info")
        area = TextArea(s.config, id="endpoint-config", read_only=True, show_line_numbers=False)
        yield area


class TextPrompt(ModalScreen[str | None]):
    """One line (or a paragraph) from the DM: OK answers the text, Cancel or Escape answers None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    .prompt-dialog TextArea { height: 8; }
    """

    def __init__(self, title: str, text: str = "", placeholder: str = "", multiline: bool = False) -> None:
        super().__init__()
        self.title_text, self.text, self.placeholder, self.multiline = title, text, placeholder, multiline

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog prompt-dialog"):
            yield Label(self.title_text, classes="dialog-title")
            if self.multiline:
                yield TextArea(self.text, id="prompt-text", soft_wrap=True, show_line_numbers=False)
            else:
                field = Input(self.text, placeholder=self.placeholder, id="prompt-text")
                field.cursor_blink = False
                yield field
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#prompt-text").focus()

    def _value(self) -> str:
        widget = self.query_one("#prompt-text")
        return widget.text if isinstance(widget, TextArea) else widget.value  # type: ignore[attr-defined]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(self._value())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(self._value() if event.button.id == "ok" else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
