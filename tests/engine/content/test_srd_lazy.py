"""The SRD catalogue loads on first use only: not when a manager, the MCP server or the console is built."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PROBE = """
import sys
sys.path.insert(0, {root!r})
from engine.api.manager import SessionManager
from engine.content import srd
from gm_console.mcp.server import build_server
from gm_console.tui.app import create_app
manager = SessionManager({data!r})
build_server(manager)
create_app(manager)
print(srd.records.cache_info().currsize, "dndwright" in sys.modules)
srd.creatures()
print(srd.records.cache_info().currsize, "dndwright" in sys.modules)
"""


def test_nothing_loads_the_catalogue_until_it_is_asked_for(tmp_path: Path) -> None:
    code = PROBE.format(root=str(ROOT), data=str(tmp_path / "data"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "0 False", "building the manager, MCP server and console loaded SRD content"
    # The first lookup loads one kind, from the bundled JSON, without importing dndwright's rules engine.
    assert out[1] == "1 False"
