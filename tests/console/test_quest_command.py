"""/quest in the console: parsing, listing the quests, ticking and unticking, errors answered in place."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from gm_console.tui.app import GMConsoleApp
from gm_console.tui.commands import CommandError, QuestCommand, parse_input
from tests.console.conftest import send, settle

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("line", "expected"), [
    ("/quest", QuestCommand()),
    ("/quests", QuestCommand()),
    ("/quest Light on Gannet Point", QuestCommand("Light on Gannet Point")),
    ("/quest gannet : keeper", QuestCommand("gannet", "keeper")),
    ("/quest -Wreckers:2", QuestCommand("Wreckers", "2", done=False)),
])
def test_quest_lines_parse(line: str, expected: QuestCommand) -> None:
    assert parse_input(line) == expected


def test_quest_labels_read_like_the_command() -> None:
    assert parse_input("/quest gannet : keeper").label == "/quest gannet : keeper"
    assert parse_input("/quest -Wreckers").label == "/quest -Wreckers"


@pytest.mark.parametrize("line", ["/quest :", "/quest gannet :", "/quest - : 2"])
def test_a_quest_line_missing_its_parts_says_what_to_type(line: str) -> None:
    with pytest.raises(CommandError, match="Usage: /quest QUEST"):
        parse_input(line)


async def test_quest_lists_ticks_and_unticks(app: GMConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await send(pilot, app, "/quest")
        listing = app.main.narrative.entries[-1]
        assert listing.title == "DM /quest" and listing.changes[0].startswith("Light on Gannet Point (active, 0/3)")
        assert "[ ] 2. Find the keeper, Aldous Penn" in listing.changes[0]
        assert app.main.history.turns == []  # a listing records nothing
        await send(pilot, app, "/quest gannet : keeper")
        assert "Find the keeper, Aldous Penn — done (1/3)" in app.main.narrative.plain_text
        assert app.main.history.turns == [1]
        await send(pilot, app, "/quest -gannet : 2")
        assert "not done after all (0/3)" in app.main.narrative.plain_text
        await send(pilot, app, "/quest the lighthouse")
        error = str(app.main.query_one("#input-error", Static).render())
        assert "No quest matches 'the lighthouse'" in error and "Light on Gannet Point" in error
        assert app.main.history.turns == [1, 2]
