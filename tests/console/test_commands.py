"""Slash-command parsing: pure functions, no app."""

from __future__ import annotations

import pytest

from gm_console.tui.commands import (
    ChangeCommand,
    CombatCommand,
    CommandError,
    DeathSaveCommand,
    FactCommand,
    HelpCommand,
    PlayerAction,
    RestCommand,
    RollCommand,
    UndoCommand,
    parse_input,
)


def test_plain_text_is_a_player_action() -> None:
    assert parse_input("  I search the chest ") == PlayerAction("I search the chest")


def test_roll_with_and_without_purpose() -> None:
    assert parse_input("/roll 2d20kh1+5") == RollCommand("2d20kh1+5", None)
    assert parse_input("/roll 1d20+3 stealth check") == RollCommand("1d20+3", "stealth check")


@pytest.mark.parametrize(("line", "expected"), [
    ("/hp Bram -7", ChangeCommand("hp", "Bram", "-7")),
    ("/hp Bram +4", ChangeCommand("hp", "Bram", "+4")),
    ("/hp Old Tom -2", ChangeCommand("hp", "Old Tom", "-2")),
    ("/cond Wren poisoned", ChangeCommand("condition_add", "Wren", "poisoned")),
    ("/cond Wren -Poisoned", ChangeCommand("condition_remove", "Wren", "poisoned")),
])
def test_changes(line: str, expected: ChangeCommand) -> None:
    assert parse_input(line) == expected


def test_change_labels_read_like_the_command() -> None:
    assert parse_input("/hp Bram -7").label == "/hp Bram -7"
    assert parse_input("/cond Bram -poisoned").label == "/cond Bram -poisoned"


def test_other_commands() -> None:
    assert parse_input("/fact The innkeeper owes Bram 5 gp") == FactCommand("The innkeeper owes Bram 5 gp")
    assert parse_input("/undo") == UndoCommand()
    assert parse_input("/rest LONG") == RestCommand("long")
    assert parse_input("/help") == HelpCommand()


@pytest.mark.parametrize(("line", "hint"), [
    ("", "Type what a character does"),
    ("/dance", "Unknown command '/dance'"),
    ("/roll", "Usage: /roll"),
    ("/hp Bram", "Usage: /hp"),
    ("/hp Bram 7", "not an HP change"),
    ("/hp Bram -x", "not an HP change"),
    ("/cond Bram", "Usage: /cond"),
    ("/cond Bram -", "Name the condition"),
    ("/fact", "Usage: /fact"),
    ("/undo 3", "takes no arguments"),
    ("/rest nap", "/rest short or /rest long"),
])
def test_bad_input_says_what_to_type(line: str, hint: str) -> None:
    with pytest.raises(CommandError, match=hint):
        parse_input(line)


def test_as_names_who_acts_out_of_turn():
    assert parse_input("/as Bram I drink my potion") == PlayerAction("I drink my potion", "Bram", True)
    assert parse_input("/as Old Tom: I duck behind the bar") == PlayerAction("I duck behind the bar", "Old Tom", True)
    with pytest.raises(CommandError, match="Usage: /as NAME ACTION"):
        parse_input("/as Bram")


@pytest.mark.parametrize(("line", "operation", "name", "value", "combatants"), [
    ("/fight thug, thug, Silas Crowe", "start", None, None, ("thug", "thug", "Silas Crowe")),
    ("/init Bram 17", "initiative", "Bram", 17, ()),
    ("/init Old Tom -1", "initiative", "Old Tom", -1, ()),
    ("/join Giant Crab", "add", "Giant Crab", None, ()),
    ("/join Giant Crab 12", "add", "Giant Crab", 12, ()),
    ("/remove Wrecker Thug 2", "remove", "Wrecker Thug 2", None, ()),
    ("/delay", "delay", None, None, ()),
    ("/next", "next", None, None, ()),
    ("/endfight", "end", None, None, ()),
])
def test_fight_commands(line: str, operation: str, name: str | None, value: int | None,
                        combatants: tuple[str, ...]) -> None:
    parsed = parse_input(line)
    assert isinstance(parsed, CombatCommand)
    assert (parsed.operation, parsed.name, parsed.value, parsed.combatants) == (operation, name, value, combatants)
    assert parsed.label == line


@pytest.mark.parametrize(("line", "says"), [
    ("/fight", "Usage: /fight"), ("/fight , ,", "Usage: /fight"), ("/init Bram", "Usage: /init"),
    ("/init Bram high", "not an initiative"), ("/join", "Usage: /join"), ("/remove", "Usage: /remove"),
    ("/next now", "takes no arguments"), ("/endfight please", "takes no arguments"),
])
def test_fight_commands_refuse_what_they_cannot_parse(line: str, says: str) -> None:
    with pytest.raises(CommandError, match=says):
        parse_input(line)


def test_deathsave_names_the_character() -> None:
    assert parse_input("/deathsave Old Tom") == DeathSaveCommand("Old Tom")
    with pytest.raises(CommandError, match="Usage: /deathsave"):
        parse_input("/deathsave")


def test_an_action_too_long_is_refused_before_sending_so_the_text_stays() -> None:
    from engine.api.limits import ACTION_CHARS
    from gm_console.tui.commands import CommandError, parse_input

    with pytest.raises(CommandError, match="at most"):
        parse_input("I " + "really " * ACTION_CHARS + "attack")
    assert parse_input("I attack the thug").text == "I attack the thug"
