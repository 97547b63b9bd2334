"""The DM's table with an MCP host at it: opens and closes the endpoint, holds the DM's controls (pause,
review, timeout), queues host turns for review in the order they came, and tells the console everything.

Runs on the console's event loop: the endpoint is a task there, so a host call and the DM's own calls
reach the one SessionManager in turn, and the listener is called without crossing threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.errors import EngineError, StaleTurnError
from engine.models.actions import ActionResponse
from gm_console.supervisor.contract import Decision, HostCall, ReviewItem, TableListener, TableStatus, Verdict
from gm_console.supervisor.endpoint import DEFAULT_PORT, Endpoint

if TYPE_CHECKING:
    from engine.api.manager import SessionManager


class TableRefused(EngineError):
    """The DM said no (or the table closed): the host reads why, and knows nothing was recorded."""


class Table:
    """TableControl over one SessionManager; `open` serves it over streamable HTTP with a fresh token."""

    def __init__(self, manager: SessionManager, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> None:
        self.manager = manager
        self.host, self.port = host, port
        self._status = TableStatus()
        self._listeners: list[TableListener] = []
        self._endpoint: Endpoint | None = None
        self._seq = itertools.count(1)
        self._ids = itertools.count(1)
        self._review_lock = asyncio.Lock()
        self._decision: asyncio.Future[Decision] | None = None

    # ---- what the console reads and listens to ----

    @property
    def status(self) -> TableStatus:
        return self._status

    def listen(self, listener: TableListener) -> None:
        self._listeners.append(listener)
        listener.table_changed(self._status)

    def _set(self, **changes: object) -> None:
        self._status = replace(self._status, **changes)
        for listener in self._listeners:
            listener.table_changed(self._status)

    def report(self, call: HostCall) -> None:
        call = replace(call, seq=next(self._seq))
        for listener in self._listeners:
            listener.host_called(call)

    # ---- the endpoint ----

    async def open(self, port: int | None = None) -> TableStatus:
        if self._endpoint is not None:
            return self._status
        from gm_console.mcp.server import build_server
        from gm_console.supervisor.gateway import HostGateway, SupervisedServer

        server = build_server(HostGateway(self.manager, self), server_class=SupervisedServer)  # type: ignore[arg-type]
        server.table = self
        app = server.streamable_http_app(host=self.host)
        endpoint = Endpoint(app, self.host, self.port if port is None else port, self._refused)
        await endpoint.start()
        self._endpoint = endpoint
        self._set(open=True, url=endpoint.url, token=endpoint.token, config=endpoint.host_config(), problem="")
        return self._status

    async def close(self) -> None:
        endpoint, self._endpoint = self._endpoint, None
        if endpoint is None:
            return
        # A turn waiting for review is answered before the host's connection goes.
        self._answer(Decision(Verdict.REJECT, "the DM closed the table"))
        await endpoint.stop()
        self._set(open=False, url="", token="", config="", current=None)

    def _refused(self, why: str) -> None:
        self._set(refused=self._status.refused + 1)
        self.report(HostCall(seq=0, tool="(refused)", args="", result=why, ok=False, writes=False))

    # ---- the DM's controls ----

    def set_paused(self, paused: bool) -> None:
        self._set(paused=paused)

    def set_review(self, review: bool) -> None:
        self._set(review=review)

    def set_timeout(self, seconds: float | None, on_timeout: Verdict) -> None:
        if seconds is not None and seconds <= 0:
            raise ValueError("The review timeout must be a positive number of seconds (or off).")
        if on_timeout not in (Verdict.ACCEPT, Verdict.REJECT):
            raise ValueError("On timeout a turn is accepted or rejected.")
        self._set(timeout_s=seconds, on_timeout=on_timeout)

    def decide(self, item_id: int, decision: Decision) -> None:
        current = self._status.current
        if current is None or current.id != item_id:
            raise ValueError("That host turn is no longer waiting for review.")
        self._answer(decision)

    def _answer(self, decision: Decision) -> None:
        if self._decision is not None and not self._decision.done():
            self._decision.set_result(decision)

    # ---- a host turn under review (called by the gateway) ----

    async def review_turn(self, session: str, action: str, character: str | None,
                          context: str | None) -> ActionResponse:
        """Resolve the host's turn, show it to the DM, record it only once accepted or amended.
        Turns wait in order: each is resolved after the one before it has been decided."""
        self._set(waiting=self._status.waiting + 1)
        try:
            async with self._review_lock:
                if not self._status.review:  # switched off while this one queued
                    return await self.manager.player_action(session, action, character, context)
                return await self._review_one(session, action, character, context)
        finally:
            self._set(waiting=self._status.waiting - 1)

    async def _review_one(self, session: str, action: str, character: str | None,
                          context: str | None) -> ActionResponse:
        mgr = self.manager
        note = ""
        while True:
            prepared = await mgr.prepare_player_action(session, action, character, context)
            try:
                decision = await self._ask(ReviewItem(next(self._ids), prepared.session_id, prepared.action,
                                                      prepared.preview, note))
            except BaseException:  # the host went away (or the table closed) before the DM decided
                mgr.discard_prepared(prepared.ticket)
                raise
            if decision.verdict is Verdict.REJECT:
                mgr.discard_prepared(prepared.ticket)
                reason = f": {decision.text}" if decision.text else ""
                raise TableRefused(f"The DM rejected this action{reason}. Nothing was rolled or recorded; "
                                   "take the DM's reason into account and send the player's next action.")
            try:
                return await mgr.commit_prepared(
                    prepared.ticket, decision.text if decision.verdict is Verdict.AMEND else None)
            except StaleTurnError:
                # The DM (or another call) changed the table while this waited: resolve it again, show it again.
                note = "The table changed while this turn waited, so it was resolved again."

    async def _ask(self, item: ReviewItem) -> Decision:
        loop = asyncio.get_running_loop()
        self._decision = loop.create_future()
        self._set(current=item)
        timeout, fallback = self._status.timeout_s, self._status.on_timeout
        try:
            return await asyncio.wait_for(asyncio.shield(self._decision), timeout)
        except TimeoutError:
            why = f"no decision within {timeout:g} s" if fallback is Verdict.REJECT else ""
            return Decision(fallback, why)
        finally:
            with contextlib.suppress(Exception):
                self._decision.cancel()
            self._decision = None
            if self._status.current is item:
                self._set(current=None)
