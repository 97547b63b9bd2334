"""The engine never imports textual or gm_console; only engine.mcp_server imports mcp."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def _modules_after(statement: str) -> set[str]:
    code = f"import sys, json\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("statement", [
    "import engine",
    "from engine.sessions import SessionManager",
    "import engine.orchestrator, engine.facts, engine.context, engine.rules, engine.dice",
])
def test_engine_imports_neither_textual_nor_mcp(statement):
    mods = _modules_after(statement)
    assert not {m for m in mods if m == "textual" or m.startswith("textual.")}
    assert not {m for m in mods if m == "gm_console" or m.startswith("gm_console.")}
    assert "mcp" not in mods


def test_mcp_server_does_not_import_textual():
    mods = _modules_after("import engine.mcp_server")
    assert "mcp" in mods
    assert not {m for m in mods if m == "textual" or m.startswith("textual.")}
    assert not {m for m in mods if m.startswith("gm_console")}
