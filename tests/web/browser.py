"""Helpers for the real-browser tests: a served gm-console on a free loopback port, and headless
Debian chromium through Playwright (Playwright's own browser download is not reachable here)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
INSTALL = ("needs a real browser: `apt-get install -y chromium` (Debian/Ubuntu; `.ci/run` does it when it "
           "can) and Playwright for Python (`pip install -e '.[test]'`)")
ROOT = Path(__file__).resolve().parents[2]
# `make screenshots` points this at assets/screenshots; a plain test run keeps its pictures in tmp.
SHOTS_ENV = "GM_CONSOLE_SCREENSHOTS"
_ANSI = re.compile(rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")


def require_browser() -> None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip(f"This test {INSTALL}.")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"This test {INSTALL}.")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def screen_text(frames: list[bytes]) -> str:
    """What the terminal was sent, escape sequences removed: the text a person sees, in drawing order."""
    return _ANSI.sub(b"", b"".join(frames)).decode("utf-8", "replace")


def listen(page) -> tuple[list[bytes], list[str]]:  # noqa: ANN001 - a Playwright Page
    """(every frame the terminal is sent, the websocket URLs): filled in as the page runs."""
    frames: list[bytes] = []
    sockets: list[str] = []

    def on_socket(ws) -> None:  # noqa: ANN001
        sockets.append(ws.url)
        ws.on("framereceived", lambda data: frames.append(data if isinstance(data, bytes) else data.encode()))

    page.on("websocket", on_socket)
    return frames, sockets


def click_action_input(page, socket_url: str, rows_up: float = 2.5) -> None:  # noqa: ANN001
    """Click the action input, `rows_up` rows above the bottom (the console's sits right above the
    footer). The terminal's size in rows is in the websocket URL textual-serve opened."""
    rows = int(parse_qs(urlparse(socket_url).query)["height"][0])
    box = page.locator(".xterm-screen").bounding_box()
    row = box["height"] / rows
    page.mouse.click(box["x"] + box["width"] * 0.45, box["y"] + (rows - rows_up) * row)


class Served:
    def __init__(self, process: subprocess.Popen, url: str) -> None:
        self.process, self.url = process, url
        self.log = ""  # what the server printed after its URL, once it has stopped
        self.base = url.split("?", 1)[0].rstrip("/")


@contextmanager
def serve(data_dir: Path, *args: str) -> Iterator[Served]:
    """`gm-console serve` in a subprocess; yields once it answers HTTP. Stopped (SIGTERM, then kill)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GM_CONSOLE", "TEXTUAL"))}
    process = subprocess.Popen(
        [sys.executable, "-m", "gm_console.cli", "--data-dir", str(data_dir), "serve", "--port", str(port), *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    served = None
    try:
        url = _wait_for_url(process)
        _wait_until_answering(url.split("?", 1)[0])
        served = Served(process, url)
        yield served
    finally:
        process.terminate()
        try:
            out, _ = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            out, _ = process.communicate()
        if served is not None:
            served.log = out or ""


def _wait_for_url(process: subprocess.Popen) -> str:
    assert process.stdout is not None
    seen = []
    for line in process.stdout:  # ends when the server exits
        seen.append(line)
        found = re.search(r"open (http://\S+\?token=\S+)", line)
        if found:
            return found.group(1)
    raise AssertionError("gm-console serve exited before printing its URL:\n" + "".join(seen))


def _wait_until_answering(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(url, timeout=5)
            return
        except urllib.error.HTTPError:
            return  # 403 without the token: it is up
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def shot_path(tmp_path: Path, name: str) -> Path:
    folder = os.environ.get(SHOTS_ENV)
    return (ROOT / folder / name) if folder else tmp_path / name
