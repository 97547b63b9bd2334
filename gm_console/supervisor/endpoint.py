"""The streamable-HTTP endpoint inside the console's process: uvicorn as a task on the console's own event
loop, loopback by default, and a bearer token (new every run) on every request."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import socket
from collections.abc import Callable
from typing import Any

import uvicorn
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

DEFAULT_PORT = 8765
PATH = "/mcp"


class BearerAuth:
    """Every HTTP request needs `Authorization: Bearer <token>`: 401 without one, 403 with a wrong one;
    a refused request never reaches the MCP app, so it changes nothing."""

    def __init__(self, app: ASGIApp, token: str, on_refused: Callable[[str], None]) -> None:
        self.app, self._expected, self._on_refused = app, f"Bearer {token}".encode(), on_refused

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            given = dict(scope["headers"]).get(b"authorization")
            if given is None or not secrets.compare_digest(given, self._expected):
                status, text = ((401, "Missing bearer token: send 'Authorization: Bearer <token>' with the token "
                                      "the GM Console shows (Table: Show MCP endpoint).")
                                if given is None else
                                (403, "Wrong bearer token: use the token the GM Console shows for this run "
                                      "(a new one is made every time the endpoint opens)."))
                self._on_refused(text.split(":")[0])
                response = PlainTextResponse(text, status_code=status, headers={"WWW-Authenticate": "Bearer"})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


class _QuietServer(uvicorn.Server):
    # The console owns the terminal and its signals: uvicorn must not install handlers of its own.
    @contextlib.contextmanager
    def capture_signals(self) -> Any:
        yield


class Endpoint:
    """One open endpoint: the server task, its address and its token."""

    def __init__(self, app: ASGIApp, host: str, port: int, on_refused: Callable[[str], None]) -> None:
        self.token = secrets.token_urlsafe(24)
        self.host = host
        # Bound here, so a port in use is a plain error now rather than uvicorn exiting the process later.
        self._socket = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self._socket.bind((host, port))
        except OSError as exc:
            self._socket.close()
            raise OSError(f"Cannot listen on {host}:{port} ({exc.strerror}); choose another port.") from None
        self.port = self._socket.getsockname()[1]
        config = uvicorn.Config(BearerAuth(app, self.token, on_refused), log_config=None, log_level="warning",
                                access_log=False, lifespan="on")
        self._server = _QuietServer(config)
        self._task: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{PATH}"

    def host_config(self) -> str:
        """What a host pastes into its MCP settings (the mcpServers shape most hosts read)."""
        return json.dumps({"mcpServers": {"gm-console": {
            "type": "http", "url": self.url, "headers": {"Authorization": f"Bearer {self.token}"}}}}, indent=2)

    async def start(self) -> None:
        self._task = asyncio.create_task(self._server.serve(sockets=[self._socket]), name="mcp-endpoint")
        while not self._server.started:
            if self._task.done():
                self._task.result()  # raises what stopped it
                raise OSError("The MCP endpoint stopped while starting.")
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        if self._task is None:
            return
        self._server.should_exit = True
        try:
            await asyncio.wait_for(asyncio.shield(self._task), timeout=2)
        except TimeoutError:
            # An open stream (a host's GET stream) holds a graceful exit; the endpoint is going away anyway.
            self._server.force_exit = True
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._task, timeout=3)
        self._socket.close()
        self._task = None
