"""Prose and mechanics apart (issue 16): a turn's narrative pane entry carries the narrator's prose and
one dim dice/log line (the engine's turn log: initiative once, whose turn once); Ctrl+O shows every roll
and change in full, then hides them, then back to one line. The history pane keeps its rolls column."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from gm_console.tui.actions import BY_ID
from gm_console.tui.widgets.narrative import NarrativeEntry, render_entry
from tests.console.conftest import send, settle
from tests.console.test_snapshots import data_dir, fight_app, quiet  # noqa: F401 - fixtures shared

pytestmark = pytest.mark.anyio


def flat(text: str) -> str:
    return " ".join(text.split())


def shown(entry: NarrativeEntry, mode: str) -> str:
    out = io.StringIO()
    Console(file=out, width=110, color_system=None, legacy_windows=False).print(render_entry(entry, mode))
    return out.getvalue()


async def test_a_fight_opening_is_prose_then_one_dice_line_and_ctrl_o_cycles_it(fight_app) -> None:  # noqa: F811
    app = fight_app
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "Bram attacks the Wrecker Thug")  # starts the fight: five initiative rolls
        await send(pilot, app, "Idris casts fire bolt at the Wrecker Thug")
        opening, bolt = [e for e in app.main.narrative.entries if e.kind == "turn"][-2:]
        # The prose tells the story without a number; the order and the rolls are the log's.
        assert opening.text and bolt.text and not re.search(r"\d", opening.text + bolt.text), (opening.text, bolt.text)
        line = flat(shown(opening, "line"))
        order = app.main.tracker.combat.order
        assert line.count("nitiative") == 1 and all(f"{c.name} ({c.initiative})" in line for c in order), line
        assert "for initiative" not in line and "Encounter difficulty: Low" in line
        attack = next(x.roll for x in bolt.log if x.roll and x.roll.purpose == "Fire Bolt attack")
        after = flat(shown(bolt, "line"))
        assert f"Fire Bolt attack (Idris) {attack.total} vs AC {attack.dc}" in after and after.count("'s turn") <= 1

        assert app.main.narrative.dice_mode == "line"
        await pilot.press(BY_ID["toggle_dice"].keys)
        assert app.main.narrative.dice_mode == "full"
        full = shown(bolt, "full")
        assert f"Fire Bolt attack (Idris): {attack.detail.replace('`', '')} vs AC {attack.dc}" in full
        # A line per roll and per change: as many lines as the engine's log has.
        assert len([x for x in full.splitlines() if x.startswith(("⚄ ", "→ "))]) == len(bolt.log)

        await pilot.press(BY_ID["toggle_dice"].keys)
        assert app.main.narrative.dice_mode == "off"
        hidden = shown(opening, "off")
        assert "nitiative" not in hidden and opening.text.split(".")[0] in hidden
        await pilot.press(BY_ID["toggle_dice"].keys)
        assert app.main.narrative.dice_mode == "line"


def test_snapshot_of_a_combat_round_with_prose_and_dice_lines_at_120x40(snap_compare, fight_app) -> None:  # noqa: F811
    """The fight opens (the thug acts first), then whoever is up acts (the actor picker follows the turn):
    each turn is its prose then one dim dice/log line, the initiative order said once (in the log line of
    the turn that began the fight) and in the tracker."""

    async def round_(pilot) -> None:  # noqa: ANN001 - the pilot, as snap_compare hands it
        await settle(pilot, pilot.app)
        for line in ("Bram attacks the Wrecker Thug", "I cast fire bolt at the Wrecker Thug",
                     "I cast sacred flame at the Wrecker Thug"):
            await send(pilot, pilot.app, line)
        await quiet(pilot)

    assert snap_compare(fight_app, terminal_size=(120, 40), run_before=round_)
