"""The server as a real process: stdio (SDK client and raw JSON-RPC at older protocol versions), streamable
HTTP on loopback, shutdown saves, and import hygiene."""

from __future__ import annotations

import json
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.mcp.mcp_helpers import ROOT, SESSION_FILES, child_env, ok, server_args, server_command

pytestmark = pytest.mark.anyio


def stdio_client_for(data: Path, tmp: Path, errlog: Any) -> Any:
    params = StdioServerParameters(command=sys.executable, args=server_args(data), env=child_env(tmp), cwd=ROOT)
    return Client(stdio_client(params, errlog=errlog))


def session_dirs(data: Path) -> list[Path]:
    return [p for p in (data / "campaigns").glob("*/claudmaster_sessions/*") if p.is_dir()]


@pytest.mark.slow
async def test_stdio_pause_restart_and_resume_by_name(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with (tmp_path / "server.err").open("w") as errlog:
        async with stdio_client_for(data, tmp_path, errlog) as client:
            campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
            started = await ok(client, "start_claudmaster_session", campaign_name=campaign,
                               session_name="harbour-watch", seed=11)
            for action in ("I walk down to the harbour.", "I ask the dockhand about the wreck.",
                           "I look for footprints in the sand."):
                await ok(client, "player_action", session_id=started["session_id"], action=action)
            paused = await ok(client, "end_session", session_id=started["session_id"], mode="pause")
            assert paused["status"] == "saved"
        # Leaving the client closed the server's stdin: that process has exited. A new one resumes by name.
        async with stdio_client_for(data, tmp_path, errlog) as client:
            loaded = await ok(client, "load_session", session_id="harbour-watch")
            assert loaded["action_count"] == 3 and loaded["recap"]
            await ok(client, "player_action", session_id="harbour-watch", action="I follow the footprints north.")
            await ok(client, "roll_dice", notation="1d20+2", session_id="harbour-watch", purpose="stealth")
            ended = await ok(client, "end_session", session_id="harbour-watch", mode="end")
            assert ended["status"] == "ended"
            state = await ok(client, "get_session_state", session_id="harbour-watch", history_limit=10)
    # Both stretches, across two server processes: 3 actions, then an action and a recorded roll.
    assert sorted(e["turn"] for e in state["recent_history"]) == [1, 2, 3, 4, 5]
    assert [e["kind"] for e in sorted(state["recent_history"], key=lambda e: e["turn"])] == [
        "player_action"] * 4 + ["dm_roll"]
    assert state["session_info"]["status"] == "ended"

    [folder] = session_dirs(data)
    assert folder.name == started["session_id"]
    parsed = {name: json.loads((folder / name).read_text(encoding="utf-8")) for name in SESSION_FILES}
    assert parsed["session_meta.json"]["status"] == "ended"
    assert len(parsed["action_history.json"]["entries"]) == 5
    index = json.loads((folder.parent.parent / "sessions.json").read_text(encoding="utf-8"))
    assert [r["status"] for r in index["session_history"]] == ["ended"]
    assert "Traceback" not in (tmp_path / "server.err").read_text()


class RawStdio:
    """A hand-written JSON-RPC client, so the protocol version is whatever the test says."""

    def __init__(self, data: Path, tmp: Path) -> None:
        self.err = (tmp / "raw.err").open("w")
        self.proc = subprocess.Popen(server_command(data), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, env=child_env(tmp), cwd=ROOT)
        self.lines: queue.Queue[bytes] = queue.Queue()
        self.stdout_lines: list[bytes] = []
        threading.Thread(target=self._pump, daemon=True).start()
        self.next_id = 0

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.stdout_lines.append(line)
            self.lines.put(line)

    def send(self, method: str, params: dict[str, Any] | None = None, notify: bool = False) -> Any:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        if not notify:
            self.next_id += 1
            message["id"] = self.next_id
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()
        if notify:
            return None
        while True:
            reply = json.loads(self.lines.get(timeout=30))
            if reply.get("id") == self.next_id:
                return reply

    def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        code = self.proc.wait(timeout=30)
        self.err.close()
        return code


@pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25"])
def test_raw_stdio_at_older_protocol_versions(tmp_path: Path, version: str) -> None:
    data = tmp_path / "data"
    raw = RawStdio(data, tmp_path)
    try:
        init = raw.send("initialize", {"protocolVersion": version, "capabilities": {},
                                       "clientInfo": {"name": "raw-test", "version": "1"}})
        assert init["result"]["protocolVersion"] == version
        assert init["result"]["serverInfo"]["name"] == "gm-console"
        raw.send("notifications/initialized", notify=True)
        tools = raw.send("tools/list", {})["result"]["tools"]
        assert len(tools) == 17
        campaigns = raw.send("tools/call", {"name": "list_campaigns", "arguments": {}})["result"]
        campaign = campaigns["structuredContent"]["campaigns"][0]["name"]
        started = raw.send("tools/call", {"name": "start_claudmaster_session",
                                          "arguments": {"campaign_name": campaign, "session_name": "raw"}})
        assert started["result"].get("isError") is not True
        bad = raw.send("tools/call", {"name": "player_action", "arguments": {"session_id": "nope", "action": "x"}})
        assert bad["result"]["isError"] is True and "raw" in bad["result"]["content"][0]["text"]
    finally:
        code = raw.close()
    assert code == 0
    # stdout carried nothing but protocol messages.
    assert raw.stdout_lines and all(json.loads(line)["jsonrpc"] == "2.0" for line in raw.stdout_lines)
    # Closing stdin shut the server down, and shutdown paused the session left open.
    [folder] = session_dirs(data)
    assert json.loads((folder / "session_meta.json").read_text())["status"] == "paused"


@pytest.mark.slow
def test_sigterm_on_stdio_pauses_the_open_session(tmp_path: Path) -> None:
    data = tmp_path / "data"
    raw = RawStdio(data, tmp_path)
    raw.send("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                            "clientInfo": {"name": "raw-test", "version": "1"}})
    raw.send("notifications/initialized", notify=True)
    started = raw.send("tools/call", {"name": "start_claudmaster_session",
                                      "arguments": {"campaign_name": "dark-lantern", "session_name": "cut-short"}})
    assert started["result"].get("isError") is not True
    raw.send("tools/call", {"name": "player_action", "arguments": {"session_id": "cut-short", "action": "I wait."}})
    # stdin stays open: only the signal can stop the server.
    raw.proc.send_signal(signal.SIGTERM)
    assert raw.proc.wait(timeout=30) == 0
    raw.err.close()
    [folder] = session_dirs(data)
    meta = json.loads((folder / "session_meta.json").read_text())
    assert meta["status"] == "paused" and meta["action_count"] == 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the HTTP server exited early"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            await anyio.sleep(0.05)
    raise AssertionError(f"nothing answered on port {port}")


async def test_streamable_http_on_loopback(tmp_path: Path) -> None:
    data = tmp_path / "data"
    port = _free_port()
    with (tmp_path / "http.err").open("w") as errlog:
        proc = subprocess.Popen(server_command(data, "--http", "--port", str(port)), stdout=errlog,
                                stderr=errlog, env=child_env(tmp_path), cwd=ROOT)
        try:
            await _wait_for_port(port, proc)
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                campaign = (await ok(client, "list_campaigns"))["campaigns"][0]["name"]
                started = await ok(client, "start_claudmaster_session", campaign_name=campaign,
                                   session_name="over-http")
                action = await ok(client, "player_action", session_id="over-http", action="I knock on the door.")
                assert action["turn_number"] == 1
        finally:
            proc.send_signal(signal.SIGTERM)
            code = proc.wait(timeout=30)
    assert code == 0
    # The server paused the open session on SIGTERM.
    meta = json.loads((session_dirs(data)[0] / "session_meta.json").read_text())
    assert meta["session_id"] == started["session_id"] and meta["status"] == "paused"
    assert "Traceback" not in (tmp_path / "http.err").read_text()


def test_importing_the_server_does_not_import_textual() -> None:
    code = ("import sys, gm_console.mcp.server; "
            "print(sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
