"""`gm-console serve` and `gm-console view` on the command line: what each browser tab runs, and errors."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from engine.api.manager import SessionManager
from gm_console.cli import main
from gm_console.web.auth import cookie_name, new_token
from gm_console.web.server import app_command


def test_each_tab_runs_this_python_with_the_options_given_to_serve(tmp_path: Path) -> None:
    console = shlex.split(app_command(data_dir=tmp_path, view=False, campaign="dark-lantern", session="table one",
                                      narrator_overrides={"narrator": "offline", "temperature": 0.2}))
    assert console[:3] == [sys.executable, "-m", "gm_console.cli"]
    assert console[-1] == "console" and "table one" in console
    assert console[console.index("--data-dir") + 1] == str(tmp_path.resolve())
    assert console[console.index("--temperature") + 1] == "0.2"
    view = shlex.split(app_command(data_dir=None, view=True, campaign=None, session=None,
                                   narrator_overrides={"narrator": "anthropic"}))
    assert view[-1] == "view" and "--narrator" not in view and "--data-dir" not in view


def test_tokens_differ_per_run_and_cookies_per_port() -> None:
    assert new_token() != new_token() and len(new_token()) >= 32
    assert cookie_name(8000) != cookie_name(8001)


def test_view_of_an_unknown_session_is_an_error_on_the_command_line(tmp_path: Path, capsys) -> None:
    assert main(["--data-dir", str(tmp_path), "view"]) == 2
    assert "Run the console once" in capsys.readouterr().err
    SessionManager(tmp_path)  # the sample campaign installed, as the console does on first run
    assert main(["--data-dir", str(tmp_path), "view", "--campaign", "dark-lantern", "--session", "nope"]) == 2
    assert "No session 'nope'" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path), "serve", "--view", "--campaign", "Nowhere"]) == 2
    assert "No campaign named 'Nowhere'" in capsys.readouterr().err
