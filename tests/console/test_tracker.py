"""The initiative tracker and the DM's fight commands in the console (issue 12): the tracker appears when
a fight starts and shows order, whose turn, HP/AC of monsters too, conditions with rounds left and
concentration; the actor picker follows the turn (after a resume too); F7 focuses it and Enter on a
monster opens its stat block; /fight, /init, /join, /remove, /delay, /next, /endfight steer the fight."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Select

from engine.api.manager import SessionManager
from gm_console.tui.actions import BY_ID
from gm_console.tui.app import GMConsoleApp
from gm_console.tui.screens.error import ErrorModal
from gm_console.tui.screens.stat_block import StatBlockModal
from gm_console.tui.widgets.tracker import InitiativeTracker
from tests.console.conftest import CAMPAIGN, run, send, settle, until
from tests.console.test_snapshots import quiet

pytestmark = pytest.mark.anyio


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # on-screen paths read the same in every run
    return Path("data")


@pytest.fixture
def session_id(mgr: SessionManager, data_dir: Path) -> str:
    """Seed 7 at the Wrecker Caves; Tova has a 2nd-level slot, so Hold Person (concentration) is hers."""
    path = data_dir / "campaigns" / CAMPAIGN / "campaign.json"
    world = json.loads(path.read_text(encoding="utf-8"))
    tova = next(c for c in world["characters"] if c["name"] == "Tova")
    tova.setdefault("spell_slots", {})["2"] = {"max": 1, "used": 0}
    path.write_text(json.dumps(world), encoding="utf-8")
    sid = run(mgr.start_session(CAMPAIGN, "caves", seed=7)).session_id
    run(mgr.apply_change(sid, "move", None, "Wrecker Caves"))
    return sid


def tracker(app: GMConsoleApp) -> InitiativeTracker:
    return app.main.query_one("#tracker", InitiativeTracker)


def picker(app: GMConsoleApp) -> object:
    return app.main.query_one("#character", Select).value


async def mid_fight(pilot: Pilot) -> None:
    """A fight the DM started, Tova's initiative entered from her dice, Hold Person on the captain,
    then whoever is up acts (the picker follows the turn, so the lines name nobody)."""
    app = pilot.app
    await settle(pilot, app)
    await send(pilot, app, "/fight Wrecker Captain, thug, thug")
    # A condition with a duration, as a spell or the DM would set it (the console's /cond has no rounds).
    await app.manager.apply_change(app.session_id, "condition_add", "Wrecker Thug 1", "frightened", rounds=2)
    await send(pilot, app, "/init Tova 25")
    await send(pilot, app, "Tova casts hold person on the Wrecker Captain")
    await send(pilot, app, "I attack the first thug")
    await send(pilot, app, "I take the Dodge action")
    await quiet(pilot)


def test_tracker_mid_fight_at_120x40(snap_compare, app) -> None:
    assert snap_compare(app, terminal_size=(120, 40), run_before=mid_fight)


def test_tracker_mid_fight_at_80x24(snap_compare, app) -> None:
    assert snap_compare(app, terminal_size=(80, 24), run_before=mid_fight)


async def test_the_tracker_shows_the_fight_and_the_picker_follows_the_turn(app: GMConsoleApp, mgr) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert not tracker(app).display and tracker(app).combat is None
        await send(pilot, app, "/fight Wrecker Captain, thug")
        view = await mgr.combat_view(app.session_id)
        shown = tracker(app).combat
        assert tracker(app).display and shown == view
        assert [row[2].plain for row in _rows(tracker(app))] == [c.name for c in view.order]
        assert any(row[0].plain == "▶" and row[2].plain == view.current for row in _rows(tracker(app)))
        captain = next(r for r in _rows(tracker(app)) if r[2].plain == "Wrecker Captain")
        assert "27/27" in captain[3].plain and captain[4].plain == "14"
        assert picker(app) == view.current
        await send(pilot, app, "/cond Wrecker Captain poisoned")
        await send(pilot, app, "I take the Dodge action")
        after = await mgr.combat_view(app.session_id)
        assert picker(app) == after.current != view.current or after.round > view.round
        # Resumed later, the picker is still on whoever's turn it is.
        await pilot.press("f5")
        await until(pilot, lambda: app.status == "paused", "the pause")
        await pilot.press("f6")
        await until(pilot, lambda: app.status == "active" and picker(app) == after.current, "the resume")
        await send(pilot, app, "/endfight")
        assert not tracker(app).display and await mgr.combat_view(app.session_id) is None


def _rows(table: InitiativeTracker) -> list[list]:
    return [table.get_row_at(i) for i in range(table.row_count)]


async def test_f7_focuses_the_tracker_and_enter_opens_a_monsters_stat_block(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/fight Giant Crab")
        await pilot.press("f7")
        assert tracker(app).has_focus
        crab = [c.name for c in tracker(app).combat.order].index("Giant Crab")
        tracker(app).move_cursor(row=crab)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, StatBlockModal), "the stat block")
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#stat-block").content)
        text = console.export_text()
        assert "Giant Crab" in app.screen.title_text and "Armor Class 15" in text and "Hit Points 13" in text
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, StatBlockModal), "the stat block closed")
        await pilot.press("f7")
        assert tracker(app).has_focus
        await pilot.press("f7")  # again: back to typing
        assert app.main.query_one("#action").has_focus


async def test_acting_out_of_turn_is_refused_under_the_input_and_records_nothing(app: GMConsoleApp, mgr) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/fight Wrecker Captain")
        view = await mgr.combat_view(app.session_id)
        other = next(c.name for c in view.order if c.kind == "character" and c.name != view.current)
        count = len((await mgr.export_session(app.session_id)).history)
        app.main.query_one("#character", Select).value = other  # the DM picks someone else in the Actor picker
        await settle(pilot, app)
        await send(pilot, app, "I attack the captain")
        error = str(app.main.query_one("#input-error").render())
        assert f"It is {view.current}'s turn" in error and f"/as {other}" in error
        assert not isinstance(app.screen, ErrorModal)
        assert len((await mgr.export_session(app.session_id)).history) == count
        await send(pilot, app, f"/as {other} I attack the captain")
        assert len((await mgr.export_session(app.session_id)).history) == count + 1


async def test_the_dm_fight_commands_and_the_palette(app: GMConsoleApp, mgr) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/fight thug")
        await send(pilot, app, "/join Giant Crab 1")
        assert "Giant Crab" in [c.name for c in tracker(app).combat.order]
        await send(pilot, app, "/remove Giant Crab")
        assert "Giant Crab" not in [c.name for c in tracker(app).combat.order]
        up = tracker(app).combat.current
        await pilot.press("f9")  # Combat: Next turn
        await settle(pilot, app)
        now = tracker(app).combat
        assert now.current != up or now.round > 1
        palette = {BY_ID[a].title for a in ("combat_next", "combat_delay", "combat_end", "combat_tracker")
                   if app.check_action(a, ()) is True}
        assert {"Combat: Next turn", "Combat: Delay turn", "Combat: End fight"} <= palette
        await send(pilot, app, "/endfight")
        assert tracker(app).combat is None
        assert app.check_action("combat_next", ()) is False  # out of the footer and palette without a fight
        history = (await mgr.get_session_state(app.session_id, history_limit=5)).recent_history
        assert [e.action for e in reversed(history)][-5:] == ["/fight thug", "/join Giant Crab 1",
                                                               "/remove Giant Crab", "/next", "/endfight"]
