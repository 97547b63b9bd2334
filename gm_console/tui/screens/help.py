"""F1: the DM's commands and keys."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from gm_console.tui.commands import SLASH_HELP
from gm_console.tui.screens.dialog import MessageDialog


def _table(title: str, rows: list[tuple[str, str]]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, expand=True)
    table.add_column("", style="bold cyan", no_wrap=True)
    table.add_column("")
    for left, right in rows:
        table.add_row(Text(left), Text(right))
    return table


def help_renderable(keys: list[tuple[str, str]]) -> Group:
    intro = Text.from_markup(
        "Type what a character does and press [b]Enter[/b]. Pick who acts in the [b]Actor[/b] picker "
        "(blank lets the engine decide). Lines starting with [b]/[/b] are DM commands.\n")
    palette = Text.from_markup(
        "\nThe command palette ([b]ctrl+p[/b]) has [b]Session: Pause / End / Resume / Switch / Export recap[/b].")
    return Group(intro, _table("DM commands", SLASH_HELP), _table("Keys", keys), palette)


class HelpScreen(MessageDialog):
    BINDINGS = [Binding("escape,f1", "dismiss", "Close help")]
    DIALOG_CLASS = "help-dialog"

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__("GM Console help")
        self.keys = keys

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(help_renderable(self.keys), id="help")
