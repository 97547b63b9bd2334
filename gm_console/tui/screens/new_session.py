"""The small form to start a session: campaign, optional name, optional seed."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static


@dataclass(frozen=True)
class NewSessionRequest:
    campaign: str
    name: str | None
    seed: int | None


class NewSessionModal(ModalScreen[NewSessionRequest | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, campaigns: list[tuple[str, str]], selected: str | None = None) -> None:
        """campaigns: (label, slug) pairs."""
        super().__init__()
        self.campaigns = campaigns
        self.selected = selected if selected in {slug for _, slug in campaigns} else None

    def compose(self) -> ComposeResult:
        first = self.selected or (self.campaigns[0][1] if self.campaigns else Select.NULL)
        with Vertical(classes="dialog new-dialog"):
            yield Label("Start a new session", classes="dialog-title")
            yield Label("Campaign")
            yield Select(self.campaigns, value=first, allow_blank=False, id="campaign")
            yield Label("Session name (optional)")
            yield Input(placeholder="session-N", id="name")
            yield Label("Seed (optional, for a replayable session)")
            yield Input(placeholder="random", type="integer", id="seed")
            yield Static("", id="form-error", classes="form-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="cancel")
                yield Button("Start", id="start", variant="primary")

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = False
        self.query_one("#name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self._submit()
        else:
            self.dismiss(None)

    def _submit(self) -> None:
        campaign = self.query_one("#campaign", Select).value
        if campaign is Select.NULL:
            self.query_one("#form-error", Static).update("Pick a campaign first.")
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            self.query_one("#form-error", Static).update("The seed must be a whole number.")
            return
        name = self.query_one("#name", Input).value.strip() or None
        self.dismiss(NewSessionRequest(str(campaign), name, seed))

    def action_cancel(self) -> None:
        self.dismiss(None)
