"""The gm-console command line: subcommands, campaign tools, config, demo."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gm_console.cli import build_parser, main


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gm_console.cli", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def test_help_lists_the_subcommands():
    text = build_parser().format_help()
    for command in ("console", "mcp", "demo", "campaign", "config"):
        assert command in text


def test_campaign_new_then_check(tmp_path: Path, capsys):
    assert main(["--data-dir", str(tmp_path), "campaign", "new", "Salt Road"]) == 0
    created = tmp_path / "campaigns" / "salt-road" / "campaign.json"
    assert created.exists()
    assert main(["campaign", "check", str(created)]) == 0
    assert "no problems" in capsys.readouterr().out
    assert main(["campaign", "new", "../escape", "--data-dir", str(tmp_path)]) == 2
    assert "gm-console:" in capsys.readouterr().err


def test_campaign_check_reports_problems_with_exit_code(tmp_path: Path, capsys):
    bad = tmp_path / "campaign.json"
    bad.write_text(json.dumps({"name": "Broken", "game_state": {"party_location": "Nowhere"}}))
    assert main(["campaign", "check", str(bad)]) == 1
    assert "party_location" in capsys.readouterr().out


def test_config_show_masks_the_key(tmp_path: Path):
    env = {"PATH": "/usr/bin:/bin", "GM_CONSOLE_CONFIG": str(tmp_path / "none.toml"),
           "ANTHROPIC_API_KEY": "sk-ant-secret-value-1234"}
    out = run("config", "show", "--narrator", "anthropic", env=env)
    assert out.returncode == 0, out.stderr
    assert "anthropic" in out.stdout and "secret-value" not in out.stdout


@pytest.mark.parametrize("place", ["before", "after"])
def test_data_dir_is_honoured_before_or_after_the_subcommand(tmp_path: Path, place: str):
    args = ["campaign", "list"]
    args = ["--data-dir", str(tmp_path), *args] if place == "before" else [*args, "--data-dir", str(tmp_path)]
    out = run(*args)
    assert out.returncode == 0, out.stderr
    assert "dark-lantern" in out.stdout and (tmp_path / "campaigns" / "dark-lantern").is_dir()


def test_demo_plays_and_shows_where_the_files_are(tmp_path: Path):
    out = run("demo", "--data-dir", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert "session_meta.json" in out.stdout and "combat" in out.stdout
    assert list((tmp_path / "campaigns" / "dark-lantern" / "claudmaster_sessions").iterdir())
