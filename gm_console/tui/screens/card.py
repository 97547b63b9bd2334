"""A modal with one SRD card (a stat block, a spell, an item) or an encounter rating, as Markdown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from gm_console.tui.screens.dialog import MessageDialog


class CardScreen(MessageDialog):
    BINDINGS = [Binding("escape", "dismiss", "Close")]
    DIALOG_CLASS = "card-dialog"

    def __init__(self, title: str, markdown: str) -> None:
        super().__init__(title)
        self.markdown = markdown

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="card-body"):
            yield Markdown(self.markdown, id="card")
