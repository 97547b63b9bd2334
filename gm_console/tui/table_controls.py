"""The DM's controls over an MCP host at the table (supervisor mode), mixed into the console app.

The app gets a TableControl from the composition root (gm_console.cli) and never imports the MCP face.
The table's reports arrive as messages on the app's loop: each host call goes to the feed, and one that
may have changed the session re-reads it, so the panes follow a host turn exactly as the DM's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import work
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.message import Message

from engine.errors import EngineError
from engine.models.session import SessionStateView, SessionStatus
from gm_console.supervisor.contract import (
    Decision,
    HostCall,
    TableControl,
    TableListener,
    TableStatus,
    Verdict,
)
from gm_console.tui import messages as m
from gm_console.tui.engine_calls import REFRESH_LIMIT, EngineCalls
from gm_console.tui.screens.table import EndpointModal, TextPrompt
from gm_console.tui.widgets.host_feed import HostFeed, ReviewPanel, sync_narrative

HISTORY_LIMIT = 50
# The console shows the host's calls in batches at most this often (seconds).
HOST_PAINT_S = 0.25


@dataclass
class HostCalled(Message):
    call: HostCall


@dataclass
class TableChanged(Message):
    status: TableStatus


@dataclass
class HostStateRead(Message):
    """The session re-read after a host's change: the narrative catches up from its history."""

    view: SessionStateView


@dataclass(frozen=True)
class TableAction:
    id: str
    title: str
    detail: str
    keys: str = ""
    when: Callable[[TableStatus], bool] = lambda s: True


TABLE_ACTIONS: tuple[TableAction, ...] = (
    TableAction("table_open", "Table: Open to an MCP host", "Serve this table over streamable HTTP (loopback, "
                "with a token); shows the host configuration to paste", when=lambda s: not s.open),
    TableAction("table_show", "Table: Show MCP endpoint", "The endpoint, its token and the host configuration",
                when=lambda s: s.open),
    TableAction("table_close", "Table: Close MCP endpoint", "Stop serving the host (a turn under review is rejected)",
                when=lambda s: s.open),
    TableAction("table_pause", "Table: Pause the host", "Host calls that would change anything are refused; "
                "reads still work", keys="f10", when=lambda s: s.open and not s.paused),
    TableAction("table_resume", "Table: Resume the host", "Host calls work again", keys="f10",
                when=lambda s: s.open and s.paused),
    TableAction("table_review", "Table: Review host turns on/off", "On: a host's player action waits for the DM to "
                "accept, amend or reject it before anything is recorded", when=lambda s: s.open),
    TableAction("table_timeout", "Table: Review timeout…", "Seconds a review waits, then accept or reject "
                "(e.g. '60 accept', '30 reject', 'off')", when=lambda s: s.open),
    TableAction("review_accept", "Review: Accept host turn", "Record the host's turn as shown", keys="f11",
                when=lambda s: s.current is not None),
    TableAction("review_amend", "Review: Amend narration…", "Record the host's turn with your narration",
                when=lambda s: s.current is not None),
    TableAction("review_reject", "Review: Reject host turn…", "Nothing is recorded; the host gets your reason",
                when=lambda s: s.current is not None),
    TableAction("table_undo", "Table: Undo last turn", "Undo the latest turn, the host's or yours (/undo)",
                keys="f12"),
)
TABLE_BY_ID = {a.id: a for a in TABLE_ACTIONS}


class TableControls(EngineCalls):
    """The app's side of the table; `table` is None when the console runs without an MCP host."""

    table: TableControl | None = None
    serve_on_start: bool = False

    def attach_table(self, table: TableControl | None, serve: bool) -> None:
        self.table, self.serve_on_start = table, serve
        self._host_backlog: list[HostCall] = []

    if TYPE_CHECKING:
        def submit_line(self, text: str, character: str | None) -> bool: ...

    async def close_table(self) -> None:
        """Quitting closes the endpoint first: a turn under review is answered, the port is let go."""
        if self.table is not None:
            await self.table.close()

    async def on_unmount(self) -> None:
        await self.close_table()

    def table_ready(self) -> None:
        """The main screen exists: listen to the table, and open it if the DM asked on the command line."""
        if self.table is None:
            return
        for action in TABLE_ACTIONS:
            if action.keys:
                self.bind(action.keys, action.id, description=action.title.split(": ")[1].split("…")[0], show=False)
        self.table.listen(TableListener(lambda c: self.post_message(HostCalled(c)),
                                        lambda s: self.post_message(TableChanged(s))))
        if self.serve_on_start:
            self.action_table_open()

    def check_table_action(self, action: str) -> bool | None:
        spec = TABLE_BY_ID.get(action)
        if spec is None:
            return True
        if self.table is None:
            return False
        if spec.id == "table_undo":
            return self.status == SessionStatus.ACTIVE
        return spec.when(self.table.status)

    # ---- the feed and the panes ----

    def _table_widgets(self) -> tuple[HostFeed, ReviewPanel]:
        main = self.main
        feeds = main.query(HostFeed)
        if feeds:
            return feeds.first(), main.query_one(ReviewPanel)
        feed, panel = HostFeed(id="host-feed"), ReviewPanel(id="review")
        column = main.query_one("#narrative-column")
        column.mount(panel)
        column.mount(feed)
        return feed, panel

    def on_table_changed(self, message: TableChanged) -> None:
        if not message.status.open and not self.main.query(HostFeed):
            return  # never opened: the console looks exactly as it does without a host
        feed, panel = self._table_widgets()
        feed.show_status(message.status)
        shown = panel.item is not None
        panel.show_item(message.status)
        if shown != (panel.item is not None):
            # The narrative got shorter or taller: its latest lines stay in view.
            self.call_after_refresh(self.main.narrative.scroll_end, animate=False)
        self.refresh_bindings()

    def on_host_called(self, message: HostCalled) -> None:
        # A host sending calls back to back would have the console repaint after each one, and every
        # repaint holds the loop the host's next call needs: the feed and the panes catch up at most
        # every HOST_PAINT_S, with everything that came in meanwhile (a human cannot read faster).
        self._host_backlog.append(message.call)
        if len(self._host_backlog) == 1:
            self.set_timer(HOST_PAINT_S, self._show_host_backlog)

    def _show_host_backlog(self) -> None:
        calls, self._host_backlog = self._host_backlog, []
        if not self.screen_stack:
            return  # a call that came in while the console was closing: there is no feed left to show it on
        feed = self._table_widgets()[0]
        for call in calls:
            feed.add(call, paint=call is calls[-1])
        written = [c for c in calls if c.writes]
        if not written:
            return
        sid = self.session_id
        if sid and self.status == SessionStatus.ACTIVE:
            self._host_refresh(sid, follow=False)
        elif written[-1].session:  # the console has nothing in play: follow the session the host opened
            self._host_refresh(written[-1].session, follow=True)

    # exclusive: a host sending calls back to back leaves one read of the latest state, not a pile of them.
    @work(group="host", exclusive=True, exit_on_error=False, name="show the host's turn")
    async def _host_refresh(self, sid: str, follow: bool) -> None:
        limit = HISTORY_LIMIT if follow else REFRESH_LIMIT
        view = await self.manager.get_session_state(sid, "standard", include_history=True, history_limit=limit)
        history = view.recent_history or []
        # Rows are only appended, unless the history went back (the host undid a turn).
        went_back = bool(history) and max(e.turn for e in history) < self.main.history.last_turn
        self.post_message(m.StateRefreshed(view, rebuild=follow, reset_history=went_back))
        if not follow:
            self.post_message(HostStateRead(view))

    def on_host_state_read(self, message: HostStateRead) -> None:
        sync_narrative(self.main.narrative, list(message.view.recent_history or []))

    # ---- the DM's actions ----

    @work(group="table", exclusive=True, exit_on_error=False, name="open the table to an MCP host")
    async def action_table_open(self) -> None:
        if self.table is None:
            return
        try:
            status = await self.table.open()
        except OSError as exc:
            self.notify(str(exc), title="MCP endpoint", severity="error", timeout=10)
            return
        self.push_screen(EndpointModal(status))

    def action_table_show(self) -> None:
        if self.table is not None:
            self.push_screen(EndpointModal(self.table.status))

    @work(group="table", exclusive=True, exit_on_error=False, name="close the MCP endpoint")
    async def action_table_close(self) -> None:
        if self.table is not None:
            await self.table.close()
            self.notify("The MCP endpoint is closed; its token no longer works.", title="Table")

    def action_table_pause(self) -> None:
        if self.table is not None:
            self.table.set_paused(True)
            self.notify("Host writes are refused until you resume the table (reads still work).", title="Table paused")

    def action_table_resume(self) -> None:
        if self.table is not None:
            self.table.set_paused(False)
            self.notify("The host can play again.", title="Table resumed")

    def action_table_review(self) -> None:
        if self.table is not None:
            review = not self.table.status.review
            self.table.set_review(review)
            self.notify("Host turns wait for you: accept, amend or reject." if review else
                        "Host turns are recorded as they come.", title=f"Review {'on' if review else 'off'}")

    def action_table_timeout(self) -> None:
        if self.table is None:
            return
        status = self.table.status
        current = f"{status.timeout_s:g} {status.on_timeout.value}" if status.timeout_s else "off"

        def chosen(text: str | None) -> None:
            if text is None or self.table is None:
                return
            try:
                seconds, verdict = parse_timeout(text)
                self.table.set_timeout(seconds, verdict)
            except ValueError as exc:
                self.notify(str(exc), title="Review timeout", severity="error")

        self.push_screen(TextPrompt("Review timeout: seconds, then accept or reject ('off': wait for you)",
                                    current, "60 accept"), chosen)

    def action_review_accept(self) -> None:
        self._decide(Decision(Verdict.ACCEPT))

    def action_review_amend(self) -> None:
        item = self.table.status.current if self.table else None
        if item is None:
            return
        self.push_screen(TextPrompt("Amend the narration (recorded in place of the narrator's)",
                                    item.preview.narrative, multiline=True),
                         lambda text: self._decide(Decision(Verdict.AMEND, text), item.id) if text else None)

    def action_review_reject(self) -> None:
        item = self.table.status.current if self.table else None
        if item is None:
            return
        self.push_screen(TextPrompt("Reject the host's turn: the reason the host reads", "",
                                    "e.g. Wren is unconscious and cannot act"),
                         lambda text: self._decide(Decision(Verdict.REJECT, text.strip()), item.id)
                         if text is not None else None)

    def action_table_undo(self) -> None:
        self.submit_line("/undo", None)

    def _decide(self, decision: Decision, item_id: int | None = None) -> None:
        item = self.table.status.current if self.table else None
        if self.table is None or item is None or (item_id is not None and item.id != item_id):
            self.notify("That host turn is no longer waiting for review.", title="Review")
            return
        try:
            self.table.decide(item.id, decision)
        except (ValueError, EngineError) as exc:
            self.notify(str(exc), title="Review", severity="error")


def parse_timeout(text: str) -> tuple[float | None, Verdict]:
    """'60 accept', '30 reject', '45' (reject), 'off' -> (seconds or None, what happens on timeout)."""
    words = text.lower().split()
    if not words or words[0] in ("off", "none", "0"):
        return None, Verdict.REJECT
    try:
        seconds = float(words[0])
    except ValueError:
        raise ValueError(f"'{words[0]}' is not a number of seconds: type e.g. '60 accept' or 'off'.") from None
    verdict = words[1] if len(words) > 1 else "reject"
    if verdict not in ("accept", "reject"):
        raise ValueError(f"On timeout a turn is 'accept'ed or 'reject'ed, not '{verdict}'.")
    if seconds <= 0:
        raise ValueError("The timeout must be more than 0 seconds (or 'off').")
    return seconds, Verdict(verdict)


class TableCommands(Provider):
    """The table's entries in the command palette, each only while it applies."""

    def _available(self) -> list[TableAction]:
        return [a for a in TABLE_ACTIONS if self.app.check_action(a.id, ()) is True]

    async def discover(self) -> Hits:
        for action in self._available():
            yield DiscoveryHit(action.title, self._runner(action.id), help=action.detail)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for action in self._available():
            score = matcher.match(action.title)
            if score > 0:
                yield Hit(score, matcher.highlight(action.title), self._runner(action.id), help=action.detail)

    def _runner(self, action_id: str) -> Callable[[], object]:
        async def run() -> None:
            await self.app.run_action(action_id)

        return run
