"""`gm-console view`: the table's screen. It follows a session from its files and never acts.

It reads through engine.api.watch (no lock, no writes), so it runs beside the DM's console, an MCP
server, or other player views. Whatever is typed or pressed to act gets one plain answer: read-only.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, Static

from engine.api.watch import READ_ONLY, SessionWatcher, watch
from engine.models.player_view import PlayerView
from gm_console.tui.widgets.party import PartyTable
from gm_console.view.render import initiative_table, narrative_text, scene_text

NARROW = 100  # columns below which the panes stack
STATUS_WORDS = {"active": "live", "paused": "paused by the DM", "ended": "ended", "waiting": "waiting"}


class PlayerViewApp(App):
    CSS_PATH = "view.tcss"
    TITLE = "GM Console · player view"
    BINDINGS = [("ctrl+q", "quit", "Quit")]
    AUTO_FOCUS = "#act"  # typed words land where the read-only answer is given

    def __init__(self, watcher: SessionWatcher, interval: float = 0.5) -> None:
        super().__init__()
        self.watcher, self.interval = watcher, interval
        self.view: PlayerView | None = None
        self.refused = 0  # attempts to act, answered with READ_ONLY

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="panes"):
            with Vertical(id="side"):
                yield Static(id="scene")
                yield Static(id="initiative")
                yield PartyTable(id="party")
            with VerticalScroll(id="narrative"):
                yield Static(id="story")
        yield Input(id="act", placeholder="Read-only: the DM plays actions at the console")
        yield Static(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.query_one("#scene").border_title = "Scene"
        self.query_one("#initiative").border_title = "Initiative"
        self.query_one("#party").border_title = "Party"
        self.query_one("#narrative").border_title = "Story"
        self.query_one("#act", Input).cursor_blink = False
        self.follow()

    def on_resize(self, event: events.Resize) -> None:
        # A phone (or a narrow terminal): the panes stack, the story under the table's state.
        self.screen.set_class(event.size.width < NARROW, "narrow")

    @work(exclusive=True, group="follow")
    async def follow(self) -> None:
        async for view in watch(self.watcher, self.interval):
            self.show(view)

    def show(self, view: PlayerView) -> None:
        self.view = view
        self.sub_title = " · ".join(x for x in (view.campaign_name, view.session_name) if x)
        self.query_one("#scene", Static).update(scene_text(view.scene))
        initiative = self.query_one("#initiative", Static)
        initiative.display = view.combat is not None
        if view.combat is not None:
            initiative.border_title = f"Initiative · round {view.combat.round}"
            initiative.update(initiative_table(view.combat))
        self.query_one(PartyTable).update_party(view.party)
        self.query_one("#story", Static).update(narrative_text(view.narrative))
        # After the new text is laid out; when stacked (narrow) the panes scroll as one, the story last.
        for scroller in (self.query_one("#narrative", VerticalScroll), self.query_one("#panes")):
            self.call_after_refresh(scroller.scroll_end, animate=False)
        status = Text.assemble(("READ-ONLY ", "bold reverse"), " ")
        if view.combat is not None and view.combat.current_turn:  # first: what the table looks up for
            status.append(f"{view.combat.current_turn}'s turn · ", style="bold yellow")
        if view.session_name:
            status.append(f"Following '{view.session_name}' ({STATUS_WORDS.get(view.status, view.status)})"
                          f" · turn {view.turn}")
        if view.note:
            status.append(f" · {view.note}", style="italic")
        self.query_one("#status", Static).update(status)

    @on(Input.Submitted, "#act")
    def refuse(self, event: Input.Submitted) -> None:
        """The one answer to any attempt to act: nothing is sent anywhere."""
        event.input.clear()
        self.refused += 1
        self.notify(READ_ONLY, title="Read-only", severity="warning")


def run_view(data_dir: Path | str | None = None, campaign: str | None = None, session: str | None = None) -> int:
    # Built before the app starts, so an unknown campaign or session is an error on the command line.
    watcher = SessionWatcher(data_dir, campaign, session)
    return PlayerViewApp(watcher).run() or 0
