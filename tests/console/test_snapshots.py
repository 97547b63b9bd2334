"""Snapshots of what the DM sees (SVGs in __snapshots__/; update with --snapshot-update, then look)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import TextArea

from gm_console.tui.app import create_app
from gm_console.tui.screens.confirm import EndSessionModal
from gm_console.tui.screens.summary import SummaryModal
from tests.console.conftest import CAMPAIGN, run, send, settle, until

COMBAT_ROUND = [
    # A roll before the fight (a friendly innkeeper asked plainly just answers: reading her is what rolls).
    "Wren watches the innkeeper's face as she talks. Is she lying?",
    "Bram attacks the Wrecker Thug",  # starts the fight; with seed 7 the order is Idris, Wren, Tova, Bram
    "Idris casts fire bolt at the Wrecker Thug",
    "Wren takes the Dodge action",
    "Tova casts sacred flame at the Wrecker Thug",  # a save spell: no attack roll
    "/hp Bram -7",
    "/cond Bram poisoned",
    "/roll 2d20kh1+5 perception",
]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own folder, named relative to it: the save paths the engine reports (and the
    screen shows in full) then read 'data/campaigns/…' whatever pytest's tmp_path is."""
    monkeypatch.chdir(tmp_path)
    return Path("data")


@pytest.fixture
def fight_app(mgr, data_dir: Path):  # noqa: ANN201 - the app, like the `app` fixture
    """The table-one session with a Wrecker Thug the DM placed in the taproom (a player's words never
    summon one), so the combat round has a foe to fight."""
    path = data_dir / "campaigns" / CAMPAIGN / "campaign.json"
    data = json.loads(path.read_text())
    next(loc for loc in data["locations"] if loc["name"] == "Tarred Gull Inn")["encounter"] = ["Wrecker Thug"]
    path.write_text(json.dumps(data))
    return create_app(mgr, session=run(mgr.start_session(CAMPAIGN, "table-one", seed=7)).session_id)


def toasts(pilot: Pilot) -> int:
    return sum(len(screen.query("ToastHolder")) for screen in pilot.app.screen_stack)


async def quiet(pilot: Pilot) -> None:
    """Toasts time out; a snapshot must not depend on when it was taken. clear_notifications() only
    clears the screen in front: a toast shown just before a modal opened stays on the screen behind
    (drawn, dimmed, around the modal) until its timer ends, so those are removed too."""
    await settle(pilot, pilot.app)
    pilot.app.clear_notifications()
    for screen in pilot.app.screen_stack:
        await screen.query("ToastHolder").remove()
    await until(pilot, lambda: toasts(pilot) == 0, "no toasts on any screen")
    await pilot.pause()


async def play_combat(pilot: Pilot) -> None:
    await settle(pilot, pilot.app)
    for line in COMBAT_ROUND:
        await send(pilot, pilot.app, line)
    await quiet(pilot)


async def play_two(pilot: Pilot) -> None:
    await settle(pilot, pilot.app)
    await send(pilot, pilot.app, COMBAT_ROUND[0])
    await send(pilot, pilot.app, "/roll 1d20+3 insight")


async def ask_to_end(pilot: Pilot) -> None:
    """F8, then type the notes once the modal's notes field has the focus (keys sent earlier are lost)."""
    await pilot.press("f8")
    await until(pilot, lambda: isinstance(pilot.app.screen, EndSessionModal)
                and pilot.app.screen.query_one("#notes", TextArea).has_focus, "the End modal with its notes focused")
    await pilot.press(*"Next time: the lighthouse")
    await pilot.pause()


def test_main_screen_after_a_combat_round(snap_compare, fight_app) -> None:
    assert snap_compare(fight_app, terminal_size=(120, 40), run_before=play_combat)


def test_main_screen_at_80x24(snap_compare, fight_app) -> None:
    assert snap_compare(fight_app, terminal_size=(80, 24), run_before=play_combat)


def test_paused_session(snap_compare, app) -> None:
    async def pause(pilot: Pilot) -> None:
        await play_two(pilot)
        await pilot.press("f5")
        await quiet(pilot)

    assert snap_compare(app, terminal_size=(120, 40), run_before=pause)


def test_end_confirmation_modal(snap_compare, app) -> None:
    async def ask(pilot: Pilot) -> None:
        await play_two(pilot)
        await quiet(pilot)
        await ask_to_end(pilot)

    assert snap_compare(app, terminal_size=(120, 40), run_before=ask)


def test_summary_after_end(snap_compare, app) -> None:
    async def end(pilot: Pilot) -> None:
        await play_two(pilot)
        await ask_to_end(pilot)
        await pilot.click("#confirm")
        # The end is a chain (modal dismissed, its callback, the engine worker, its message): wait
        # for what the DM waits for, the summary in front.
        await until(pilot, lambda: isinstance(pilot.app.screen, SummaryModal), "the summary")
        await quiet(pilot)

    assert snap_compare(app, terminal_size=(120, 40), run_before=end)


def test_session_picker(snap_compare, mgr) -> None:
    done = run(mgr.start_session(CAMPAIGN, "first-night", seed=7)).session_id
    run(mgr.roll("1d20", done, "warm-up"))
    run(mgr.end_session(done, "end"))
    later = run(mgr.start_session(CAMPAIGN, "second-night", seed=8)).session_id
    run(mgr.roll("1d20", later, "warm-up"))
    run(mgr.roll("1d20", later, "again"))
    run(mgr.end_session(later, "pause"))
    assert snap_compare(create_app(mgr), terminal_size=(120, 40), run_before=quiet)


def test_help_screen(snap_compare, app) -> None:
    async def help_(pilot: Pilot) -> None:
        await quiet(pilot)
        await pilot.press("f1")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=help_)


def test_monster_card(snap_compare, app) -> None:
    """/monster opens the SRD stat block as a Markdown card over the main screen."""
    from gm_console.tui.screens.card import CardScreen

    async def card(pilot: Pilot) -> None:
        await quiet(pilot)
        await send(pilot, pilot.app, "/monster goblin warrior")
        await until(pilot, lambda: isinstance(pilot.app.screen, CardScreen), "the card")
        await quiet(pilot)

    assert snap_compare(app, terminal_size=(120, 40), run_before=card)
