"""The MCP host at the table, as the DM sees it: the feed of its calls and the turn waiting for review.

Both are views of what the table reports (gm_console.supervisor.contract); they hold no game logic.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from engine.models.actions import HistoryEntry
from gm_console.supervisor.contract import HostCall, ReviewItem, TableStatus
from gm_console.tui.widgets.format import roll_text
from gm_console.tui.widgets.narrative import NarrativeEntry, NarrativeLog, entry_from_history


def call_line(call: HostCall) -> Text:
    """'#4 player_action · Wren · action='…' → Turn 4 …' on one line; refusals and errors in red."""
    line = Text.assemble((f"#{call.seq} ", "dim"), (call.tool, "bold" if call.ok else "bold red"))
    if call.actor:
        line.append(f" · {call.actor}", style="cyan")
    if call.args:
        line.append(f" · {call.args}", style="dim")
    line.append(" → ")
    line.append(call.result.replace("**", ""), style="" if call.ok else "red")
    line.no_wrap, line.overflow = True, "ellipsis"
    return line


def status_line(status: TableStatus) -> str:
    # The address and token are in the endpoint dialog (they change every run), not on the main screen.
    if not status.open:
        return "MCP host · endpoint closed"
    parts = ["MCP host", "PAUSED by the DM" if status.paused else "playing"]
    if status.review:
        timeout = (f", {status.timeout_s:g} s then {status.on_timeout.value}" if status.timeout_s else "")
        parts.append(f"review on ({status.waiting} waiting{timeout})")
    if status.refused:
        parts.append(f"{status.refused} refused")
    return " · ".join(parts)


class HostFeed(Static):
    """The latest host calls, newest last; the border title carries the endpoint and the DM's controls."""

    DEFAULT_CSS = """
    HostFeed {
        height: 8;
        border: round $warning 60%;
        border-title-color: $text-warning;
        padding: 0 1;
    }
    HostFeed.-paused {
        border: round $error;
    }
    """
    SHOWN = 6

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.calls: list[HostCall] = []

    def add(self, call: HostCall, paint: bool = True) -> None:
        self.calls = [*self.calls[-(self.SHOWN * 10):], call]
        if paint:
            self._render_calls()

    def show_status(self, status: TableStatus) -> None:
        self.border_title = status_line(status)
        self.border_subtitle = ("F10 resume" if status.paused else "F10 pause") + " · F12 undo" if status.open else ""
        self.set_class(status.paused, "-paused")
        if not self.calls:
            self._render_calls()

    def _render_calls(self) -> None:
        if not self.calls:
            self.update(Text("No host calls yet.", style="dim"))
            return
        # A Group keeps each call on its own line, cut with an ellipsis (a joined Text would wrap).
        self.update(Group(*(call_line(c) for c in self.calls[-self.SHOWN:])))


def review_text(item: ReviewItem) -> Text:
    p = item.preview
    text = Text.assemble((f"Turn {p.turn_number} · {p.character_name or 'The party'} · {p.action_type}: ", "bold"),
                         item.action, "\n")
    if p.intent is not None:
        text.append(f"Read as: {p.intent.read_as}\n", style="dim italic")
    if item.note:
        text.append(f"{item.note}\n", style="bold yellow")
    text.append(p.narrative.strip().replace("**", "") + "\n")
    for roll in p.dice_rolls:
        text.append("⚄ ", style="yellow").append_text(roll_text(roll)).append("\n")
    for change in p.state_changes:
        if change.description:
            text.append(f"→ {change.description}\n", style="italic")
    return text


class ReviewPanel(Vertical):
    """The host's turn the DM is asked about: accept, amend the narration, or reject it with a reason."""

    DEFAULT_CSS = """
    ReviewPanel {
        height: auto;
        max-height: 16;
        border: heavy $warning;
        border-title-color: $text-warning;
        display: none;
    }
    ReviewPanel.-shown {
        display: block;
    }
    ReviewPanel #review-text {
        height: auto;
        max-height: 11;
        padding: 0 1;
    }
    ReviewPanel Horizontal {
        height: 1;
        align-horizontal: right;
    }
    ReviewPanel Button {
        margin-left: 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.item: ReviewItem | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="review-text")
        with Horizontal():
            yield Button("Accept", id="review-accept", variant="success", compact=True, action="app.review_accept")
            yield Button("Amend…", id="review-amend", variant="primary", compact=True, action="app.review_amend")
            yield Button("Reject…", id="review-reject", variant="error", compact=True, action="app.review_reject")

    def show_item(self, status: TableStatus) -> None:
        self.item = status.current
        self.set_class(self.item is not None, "-shown")
        if self.item is None:
            return
        queued = status.waiting - 1
        self.border_title = f"Host turn for review{f' · {queued} more queued' if queued > 0 else ''}"
        self.border_subtitle = "F11 accept"
        self.query_one("#review-text", Static).update(review_text(self.item))


def sync_narrative(log: NarrativeLog, history: list[HistoryEntry]) -> None:
    """The narrative after a host call: turns the history has and the log lacks are added in turn order;
    turns past the latest recorded one (a host's undo) leave it. `history` is the recent stretch, any order."""
    if not history:
        return
    latest = max(e.turn for e in history)
    oldest = min(e.turn for e in history)
    shown = {e.turn for e in log.entries if e.turn is not None}
    missing = sorted((e for e in history if e.turn not in shown), key=lambda e: e.turn)
    dropped = [t for t in shown if t > latest]
    if not missing and not dropped:
        return
    newest_shown = max((t for t in shown if t <= latest), default=0)
    if not dropped and all(e.turn > newest_shown for e in missing):
        for entry in missing:
            log.add(entry_from_history(entry))
        return
    merged: list[NarrativeEntry] = [e for e in log.entries if e.turn is None or e.turn <= latest]
    for entry in missing:
        if entry.turn < oldest:
            continue
        at = next((i for i, e in enumerate(merged) if e.turn is not None and e.turn > entry.turn), len(merged))
        merged.insert(at, entry_from_history(entry))
    log.reset(merged)
