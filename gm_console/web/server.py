"""`gm-console serve`: the console (or the player view) in a browser tab, one process per tab.

textual-serve runs a command per websocket and relays its terminal; this subclass adds the token
gate (auth.py), prints the URL with the token, and serves its page without the web font it would
fetch from the internet, so nothing leaves the machine.
"""

from __future__ import annotations

import logging
import shlex
import sys
from pathlib import Path

import jinja2
from aiohttp import web
from aiohttp_jinja2 import setup as setup_templates
from textual_serve.server import Server

from gm_console.web.auth import new_token, token_gate

_WEB_FONT = '<link\n      rel="stylesheet"\n      href="https://fonts.googleapis.com/css?family=Roboto%20Mono"\n    />'


class _HideToken(logging.Filter):
    """The access log names each request's URL; a token in it would end up in whatever keeps the logs."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token in message:
            record.msg, record.args = message.replace(self.token, "<token>"), ()
        return True


class GatedServer(Server):
    """textual-serve's Server with a token on every request."""

    def __init__(self, command: str, *, host: str, port: int, token: str, title: str,
                 public_url: str | None = None) -> None:
        super().__init__(command, host=host, port=port, title=title, public_url=public_url)
        self.token = token

    def initialize_logging(self) -> None:
        super().initialize_logging()
        logging.getLogger("aiohttp.access").addFilter(_HideToken(self.token))

    @property
    def url(self) -> str:
        return f"{self.public_url}/?token={self.token}"

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(token_gate(self.token, self.port, https=self.public_url.startswith("https:")))
        templates = Path(self.templates_path)
        setup_templates(app, loader=jinja2.FunctionLoader(
            lambda name: (templates / name).read_text(encoding="utf-8").replace(_WEB_FONT, "")))
        return app

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(f"{self.title}: open {self.url}", highlight=False, soft_wrap=True)
        self.console.print("Each browser tab runs its own process; anyone with this URL can use it. "
                           "Press Ctrl+C to stop.", highlight=False)


def app_command(*, data_dir: Path | None, view: bool, campaign: str | None, session: str | None,
                narrator_overrides: dict) -> str:
    """The command each tab runs: this same Python and gm-console, with the options given to serve."""
    from engine.settings import CLI_FLAGS

    args = [sys.executable, "-m", "gm_console.cli"]
    if data_dir is not None:
        args += ["--data-dir", str(Path(data_dir).resolve())]
    if not view:
        for field, value in narrator_overrides.items():
            args += [CLI_FLAGS[field], str(value)]
    if campaign:
        args += ["--campaign", campaign]
    if session:
        args += ["--session", session]
    args.append("view" if view else "console")
    return shlex.join(args)


def serve_console(*, data_dir: Path | None, view: bool, host: str, port: int, public_url: str | None,
                  campaign: str | None, session: str | None, narrator_overrides: dict) -> int:
    if view:
        # Fail here, on the command line, for an unknown campaign or session, not in every tab.
        from engine.api.watch import SessionWatcher

        SessionWatcher(data_dir, campaign, session)
    command = app_command(data_dir=data_dir, view=view, campaign=campaign, session=session,
                          narrator_overrides=narrator_overrides)
    title = "GM Console player view" if view else "GM Console"
    server = GatedServer(command, host=host, port=port, token=new_token(), title=title, public_url=public_url)
    if host not in ("127.0.0.1", "localhost", "::1") and public_url is None:
        print(f"Listening on {host}: other machines can reach this port. Put it behind a reverse proxy with "
              "TLS and pass --public-url (see the README).", file=sys.stderr)
    server.serve()
    return 0
