"""The SRD catalogue in the console: cards, spawning, encounter difficulty, the palette."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette
from textual.widgets import Markdown, Static

from gm_console.tui.app import GMConsoleApp
from gm_console.tui.commands import CardCommand, CommandError, EncounterCommand, SpawnCommand, parse_input
from gm_console.tui.screens.card import CardScreen
from tests.console.conftest import send, settle, until

pytestmark = pytest.mark.anyio


def test_the_commands_parse_their_shape() -> None:
    assert parse_input("/monster goblin warrior") == CardCommand("monster", "goblin warrior")
    assert parse_input("/spell Magic Missile") == CardCommand("spell", "Magic Missile")
    assert parse_input("/spawn goblin warrior x3") == SpawnCommand("goblin warrior", 3)
    assert parse_input("/spawn 2 ogres roll") == SpawnCommand("ogres", 2, "roll")
    assert parse_input("/encounter goblin warrior x4, bugbear") == EncounterCommand("goblin warrior x4, bugbear")
    for bad in ("/monster", "/spawn", "/spawn x3", "/encounter"):
        with pytest.raises(CommandError, match="Usage"):
            parse_input(bad)


def card_text(app: GMConsoleApp) -> str:
    return app.screen.query_one("#card", Markdown).source


async def test_monster_card_opens_and_closes(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/monster aboleth")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the card")
        assert "**AC** 17" in card_text(app) and "**HP** 150" in card_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, CardScreen), "the card closed")


async def test_unknown_name_offers_the_closest_under_the_input(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/spell fierball")
        # A typo this close is forgiven; something unknown is answered with three names.
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the Fireball card")
        assert card_text(app).startswith("## Fireball")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, CardScreen), "the card closed")
        await send(pilot, app, "/item qqqq zzzz of wwww")
        error = app.main.query_one("#input-error", Static)
        await until(pilot, lambda: "Closest" in str(error.render()), "the closest names")


async def test_spawn_and_rate_an_encounter(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/spawn goblin warrior x3")
        assert "3 x Goblin Warrior wait at Tarred Gull Inn" in app.main.narrative.plain_text
        await send(pilot, app, "/spawn goblin warrior x21")
        error = app.main.query_one("#input-error", Static)
        await until(pilot, lambda: "1 to 20" in str(error.render()), "the cap refused")
        await send(pilot, app, "/encounter goblin warrior x4, bugbear warrior")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the rating")
        assert "## Low" in card_text(app) and "400 XP" in card_text(app)


async def test_the_palette_searches_the_catalogue(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        app.action_command_palette()
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"gelatinous")
        await until(pilot, lambda: any("Gelatinous Cube" in str(o.prompt) for o in
                                       app.screen.query_one("CommandList")._options), "the cube in the palette")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the cube's card")
        assert card_text(app).startswith("## Gelatinous Cube")
