"""Snapshots of what the DM sees (SVGs in __snapshots__/; update with --snapshot-update, then look)."""

from __future__ import annotations

from textual.pilot import Pilot

from gm_console.tui.app import create_app
from tests.console.conftest import CAMPAIGN, run, send, settle

COMBAT_ROUND = [
    "Wren asks the innkeeper what she saw the night the light went out",
    "Bram attacks the Wrecker Thug",
    "Wren attacks the Wrecker Thug with her shortsword",
    "Tova casts sacred flame at the Wrecker Thug",
    "Idris casts fire bolt at the Wrecker Thug",
    "/hp Bram -7",
    "/cond Bram poisoned",
    "/roll 2d20kh1+5 perception",
]


async def quiet(pilot: Pilot) -> None:
    """Toasts time out; a snapshot must not depend on when it was taken."""
    await settle(pilot, pilot.app)
    pilot.app.clear_notifications()
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


def test_main_screen_after_a_combat_round(snap_compare, app) -> None:
    assert snap_compare(app, terminal_size=(120, 40), run_before=play_combat)


def test_main_screen_at_80x24(snap_compare, app) -> None:
    assert snap_compare(app, terminal_size=(80, 24), run_before=play_combat)


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
        await pilot.press("f8")
        await pilot.pause()
        await pilot.press(*"Next time: the lighthouse")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=ask)


def test_summary_after_end(snap_compare, app) -> None:
    async def end(pilot: Pilot) -> None:
        await play_two(pilot)
        await pilot.press("f8")
        await pilot.pause()
        await pilot.press(*"Next time: the lighthouse")
        await pilot.click("#confirm")
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
