"""The console and the player view in a real (headless) browser: `gm-console serve`, token required."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from engine.api.manager import SessionManager
from engine.api.watch import SessionWatcher
from tests.web.browser import click_action_input, listen, require_browser, screen_text, serve, shot_path

pytestmark = pytest.mark.slow
CAMPAIGN = "dark-lantern"
ACTION = "Idris looks around the taproom for anything from the wreck"
WAIT_MS = 60_000


def paused_session(data_dir: Path, turns: list[str] = (), changes: list[tuple] = ()) -> str:
    """A session on the sample campaign (turns played, then DM changes), paused so a served console can
    open it."""
    async def make() -> str:
        manager = SessionManager(data_dir)
        sid = (await manager.start_session(CAMPAIGN, "table-one", seed=7)).session_id
        for line in turns:
            await manager.player_action(sid, line)
        for kind, target, value in changes:
            await manager.apply_change(sid, kind, target, value)
        await manager.end_session(sid, "pause")
        return sid

    return asyncio.run(make())


def status(url: str, headers: dict | None = None) -> int:
    try:
        return urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10).status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_every_request_without_the_token_is_refused(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    paused_session(data_dir)
    with serve(data_dir, "--session", "table-one") as served:
        token = served.url.rsplit("token=", 1)[1]
        for path in ("/", "/ws", "/static/js/textual.js", "/?token=wrong"):
            assert status(served.base + path) == 403, path
        assert status(served.base + "/", {"X-GM-Console-Token": token}) == 200
        assert status(served.base + "/static/js/textual.js", {"Authorization": f"Bearer {token}"}) == 200
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(served.base + "/", timeout=10)
        assert "needs its access token" in refused.value.read().decode()
        browser_like = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        assert browser_like.open(served.url, timeout=10).status == 200  # 303 to "/", then in by cookie
    assert "GET /?token=<token>" in served.log and token not in served.log  # the access log hides it


def test_the_console_in_a_browser_plays_a_turn(tmp_path: Path) -> None:
    require_browser()
    from playwright.sync_api import sync_playwright

    from tests.web.browser import CHROMIUM

    data_dir = tmp_path / "data"
    paused_session(data_dir)
    with serve(data_dir, "--session", "table-one") as served, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 860})
            refused = page.goto(served.base + "/")
            assert refused is not None and refused.status == 403
            assert "needs its access token" in page.content()

            frames, sockets = listen(page)
            page.goto(served.url)
            assert "token=" not in page.url  # the token moved into a cookie
            page.wait_for_selector("body.-first-byte", timeout=WAIT_MS)
            _wait_for(page, lambda: "table-one" in screen_text(frames), "the session opened in the browser")
            before = screen_text(frames)

            click_action_input(page, sockets[0])
            page.keyboard.type(ACTION)
            page.keyboard.press("Enter")

            # The engine recorded the turn (read the way a player view reads it: no lock, no writes)...
            watcher = SessionWatcher(data_dir, CAMPAIGN, "table-one")
            _wait_for(page, lambda: watcher.refresh().turn == 1, "the turn in the session's journal")
            narrative = watcher.refresh().narrative[-1].text
            # ...and the browser was sent its narrative: words that were not on screen before.
            words = {w.strip(".,;:!?—'\"*") for w in narrative.split()}
            new_words = sorted(w for w in words if len(w) >= 5 and w not in before)
            assert len(new_words) >= 3, narrative
            _wait_for(page, lambda: all(w in screen_text(frames) for w in new_words), f"the narrative {new_words}")
            page.wait_for_timeout(500)  # let the last frame paint before the picture
            page.screenshot(path=str(shot_path(tmp_path, "browser-console.png")))
        finally:
            browser.close()


def test_the_player_view_in_a_browser(tmp_path: Path) -> None:
    require_browser()
    from playwright.sync_api import sync_playwright

    from tests.web.browser import CHROMIUM

    data_dir = tmp_path / "data"
    paused_session(data_dir, ["We head to Kettlecove Docks", "We go on to Gannet Point",
                              "Bram attacks the Wrecker Thug with his longsword"],
                   [("hp", "Wrecker Thug 1", -4), ("condition_add", "Tova", "poisoned")])
    with serve(data_dir, "--view", "--session", "table-one") as served, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 860})
            frames, sockets = listen(page)
            page.goto(served.url)
            _wait_for(page, lambda: "Initiative" in screen_text(frames) and "READ-ONLY" in screen_text(frames),
                      "the player view with the initiative order")
            shown = screen_text(frames)
            assert "hurt" in shown and "poisoned" in shown and "7/11" not in shown  # a word, not the thug's HP
            page.wait_for_timeout(500)
            page.screenshot(path=str(shot_path(tmp_path, "player-view.png")))

            click_action_input(page, sockets[0], rows_up=3.5)  # the input sits above the status line
            page.keyboard.type("I attack the Wrecker Thug")
            page.keyboard.press("Enter")
            _wait_for(page, lambda: "recorded" in screen_text(frames)[len(shown):], "the read-only answer")
        finally:
            browser.close()


def _wait_for(page, condition, what: str, timeout_ms: int = WAIT_MS) -> None:  # noqa: ANN001
    waited = 0
    while not condition():
        if waited >= timeout_ms:
            raise AssertionError(f"the browser never showed {what}")
        page.wait_for_timeout(100)  # lets Playwright deliver websocket events meanwhile
        waited += 100
