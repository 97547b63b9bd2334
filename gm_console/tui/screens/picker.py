"""The session picker: campaigns, their sessions (status, last active, actions); new, resume, delete.

It asks the app for data and for session changes with messages, and gets the lists back through
populate(); it never imports the app.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.models.session import CampaignInfo, SessionInfo, SessionStatus
from gm_console.tui.screens.confirm import ConfirmModal
from gm_console.tui.screens.new_session import NewSessionModal, NewSessionRequest
from gm_console.tui.widgets.format import short_time

STATUS_STYLE = {SessionStatus.ACTIVE: "bold green", SessionStatus.PAUSED: "yellow", SessionStatus.ENDED: "dim"}


class SessionPicker(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New session"),
        Binding("r", "open", "Resume / view"),
        Binding("d", "delete", "Delete"),
        Binding("escape", "close", "Back"),
    ]

    @dataclass
    class ListRequested(Message):
        """Send every campaign and its sessions to populate(); `campaign` is the one to show first."""

        campaign: str | None

    @dataclass
    class StartRequested(Message):
        request: NewSessionRequest

    @dataclass
    class OpenRequested(Message):
        """Resume a paused session, or show an ended one read-only."""

        session_id: str
        campaign: str | None
        status: SessionStatus

    @dataclass
    class DeleteRequested(Message):
        """The DM confirmed: delete the session and its files."""

        session_id: str

    def __init__(self, campaign: str | None = None) -> None:
        super().__init__()
        self.campaign_hint = campaign
        self.campaigns: list[CampaignInfo] = []
        self.sessions: dict[str, list[SessionInfo]] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="picker-body"):
            yield Label("Campaigns and sessions", classes="pane-title")
            with Horizontal(id="picker-lists"):
                yield OptionList(id="campaigns")
                yield DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
            yield Static("", id="campaign-info")
            yield Static("", id="picker-hint")
            with Horizontal(id="picker-buttons"):
                # Each button runs the screen action of the same name, as its key binding does.
                yield Button("New session", id="new", variant="primary", action="screen.new")
                yield Button("Resume", id="open", variant="success", action="screen.open")
                yield Button("Delete", id="delete", variant="error", action="screen.delete")
                yield Button("Back", id="close", action="screen.close")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "GM Console"
        self.sub_title = "Sessions"
        table = self.query_one("#sessions", DataTable)
        table.add_column("Session", key="name")
        table.add_column("Status", key="status")
        table.add_column("Last active", key="last")
        table.add_column("Actions", key="actions")
        table.add_column("Narrator", key="narrator")
        self._update_buttons()
        self.post_message(self.ListRequested(self.campaign_hint))

    # ---- data ----

    def populate(self, campaigns: list[CampaignInfo], sessions: dict[str, list[SessionInfo]],
                 hinted: str | None = None) -> None:
        """`hinted` is the slug of the campaign asked for, kept unless the DM has picked another."""
        self.campaigns, self.sessions = campaigns, sessions
        options = self.query_one("#campaigns", OptionList)
        keep = self.current_campaign or hinted
        options.clear_options()
        options.add_options([Option(f"{c.name}  ({len(sessions.get(c.slug, []))})", id=c.slug)
                             for c in campaigns])
        slugs = [c.slug for c in campaigns]
        if slugs:
            options.highlighted = slugs.index(keep) if keep in slugs else 0
        self._fill_sessions()

    @property
    def current_campaign(self) -> str | None:
        options = self.query_one("#campaigns", OptionList)
        if options.highlighted is None or not self.campaigns:
            return None
        return options.get_option_at_index(options.highlighted).id

    @property
    def current_session(self) -> SessionInfo | None:
        table = self.query_one("#sessions", DataTable)
        rows = self.sessions.get(self.current_campaign or "", [])
        if not rows or table.cursor_row < 0 or table.cursor_row >= len(rows):
            return None
        return rows[table.cursor_row]

    def _fill_sessions(self) -> None:
        campaign = next((c for c in self.campaigns if c.slug == self.current_campaign), None)
        self.query_one("#campaign-info", Static).update(
            Text.assemble((campaign.name, "bold"), f" · party: {', '.join(campaign.characters)}\n",
                          (campaign.description, "italic")) if campaign else "")
        table = self.query_one("#sessions", DataTable)
        table.clear()
        rows = self.sessions.get(self.current_campaign or "", [])
        for s in rows:
            table.add_row(s.name, Text(str(s.status), style=STATUS_STYLE[s.status]), short_time(s.last_active),
                          str(s.action_count), s.narrator, key=s.session_id)
        hint = self.query_one("#picker-hint", Static)
        hint.update("No sessions yet in this campaign: press N to start one." if not rows else
                    "Enter or R resumes a paused session (or views an ended one); D deletes.")
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.current_session
        resume = self.query_one("#open", Button)
        resume.disabled = chosen is None
        resume.label = "View" if chosen and chosen.status == SessionStatus.ENDED else "Resume"
        self.query_one("#delete", Button).disabled = chosen is None
        self.query_one("#new", Button).disabled = not self.campaigns

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._fill_sessions()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._update_buttons()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    # ---- actions ----

    def action_new(self) -> None:
        if not self.campaigns:
            return
        choices = [(c.name, c.slug) for c in self.campaigns]

        def started(request: NewSessionRequest | None) -> None:
            if request is not None:
                self.post_message(self.StartRequested(request))

        self.app.push_screen(NewSessionModal(choices, self.current_campaign), started)

    def action_open(self) -> None:
        chosen = self.current_session
        if chosen is not None:
            self.post_message(self.OpenRequested(chosen.session_id, self.current_campaign, chosen.status))

    def action_delete(self) -> None:
        chosen = self.current_session
        if chosen is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(self.DeleteRequested(chosen.session_id))

        self.app.push_screen(ConfirmModal(
            "Delete session?", f"Delete session '{chosen.name}' ({chosen.status}, {chosen.action_count} actions) "
            "and all its files? This cannot be undone.", confirm="Delete"), confirmed)

    def action_close(self) -> None:
        self.dismiss(None)
