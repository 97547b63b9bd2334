"""The README's screenshots are the console snapshot tests' own images, never a stale copy."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOTS = ROOT / "tests" / "console" / "__snapshots__" / "test_snapshots"
SHOTS = {"session-picker.svg": "test_session_picker.svg",
         "main-screen.svg": "test_main_screen_after_a_combat_round.svg",
         "help.svg": "test_help_screen.svg"}


@pytest.mark.parametrize("shot,snapshot", SHOTS.items())
def test_screenshot_is_the_current_snapshot(shot: str, snapshot: str) -> None:
    assert (ROOT / "assets" / "screenshots" / shot).read_bytes() == (SNAPSHOTS / snapshot).read_bytes(), \
        "run `make screenshots` after reviewing the snapshot change"


def test_readme_shows_the_screenshots() -> None:
    readme = (ROOT / "README.md").read_text()
    for shot in SHOTS:
        assert f"assets/screenshots/{shot}" in readme


# Taken in a real browser by tests/web/test_browser.py (`make screenshots` writes them here).
BROWSER_SHOTS = ("browser-console.png", "player-view.png")


@pytest.mark.parametrize("shot", BROWSER_SHOTS)
def test_browser_screenshot_is_a_picture(shot: str) -> None:
    data = (ROOT / "assets" / "screenshots" / shot).read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 20_000, "run `make screenshots`"
