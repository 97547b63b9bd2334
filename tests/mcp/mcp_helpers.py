"""Helpers shared by the MCP tests: calling tools, and launching the server as a subprocess."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SESSION_FILES = ("session_meta.json", "state_snapshot.json", "fact_database.json", "action_history.json",
                 "context_state.json")


async def ok(client: Any, tool: str, **args: Any) -> dict[str, Any]:
    """Call a tool that must succeed; return its structured content."""
    result = await client.call_tool(tool, args)
    assert not result.is_error, f"{tool}{args} failed: {error_text(result)}"
    assert result.structured_content is not None
    return result.structured_content


async def err(client: Any, tool: str, **args: Any) -> str:
    """Call a tool that must fail as a tool error; return the message the host sees."""
    result = await client.call_tool(tool, args)
    assert result.is_error, f"{tool}{args} should have failed, got {result.structured_content}"
    text = error_text(result)
    assert "Traceback" not in text
    return text


def error_text(result: Any) -> str:
    return " ".join(getattr(block, "text", "") for block in result.content)


def child_env(tmp: Path) -> dict[str, str]:
    """Environment for a server subprocess: the repo importable, the offline narrator, no user config."""
    env = {"PYTHONPATH": str(ROOT), "GM_NARRATOR": "offline", "GM_CONSOLE_CONFIG": str(tmp / "no-config.toml")}
    for key in ("HOME", "PATH", "LANG", "TMPDIR"):
        if key in os.environ:
            env[key] = os.environ[key]
    return env


def server_args(data_dir: Path, *extra: str) -> list[str]:
    return ["-m", "gm_console.cli", "mcp", "--data-dir", str(data_dir), *extra]


def server_command(data_dir: Path, *extra: str) -> list[str]:
    return [sys.executable, *server_args(data_dir, *extra)]


def session_json_files(data_dir: Path) -> list[Path]:
    return sorted(p for p in (data_dir / "campaigns").rglob("*.json"))


def assert_all_json_parses(data_dir: Path) -> int:
    files = session_json_files(data_dir)
    for path in files:
        json.loads(path.read_text(encoding="utf-8"))
    return len(files)
