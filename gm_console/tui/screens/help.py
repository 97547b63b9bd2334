"""F1: the DM's commands and keys, drawn from the slash-command table and the action registry."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine.api.srd_ops import SRD_ATTRIBUTION
from gm_console.tui.actions import BY_ID, help_keys, palette_summary
from gm_console.tui.commands import SLASH_HELP
from gm_console.tui.screens.dialog import MessageDialog


def _table(title: str, rows: list[tuple[str, str]]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, expand=True)
    table.add_column("", style="bold cyan", no_wrap=True)
    table.add_column("")
    for left, right in rows:
        table.add_row(Text(left), Text(right))
    return table


def help_renderable(palette_key: str) -> Group:
    """`palette_key` is the app's command-palette key (Textual's binding, not one of ours)."""
    intro = Text.from_markup(
        "Type what a character does and press [b]Enter[/b]. Pick who acts in the [b]Actor[/b] picker "
        "(blank lets the engine decide). Lines starting with [b]/[/b] are DM commands.\n")
    palette = Text.assemble("\nThe command palette (", (palette_key, "bold"), ") has ",
                            (palette_summary(), "bold"), ".")
    keys = [("Enter", "Send the action or command"), *help_keys(), (palette_key, "Command palette")]
    credit = Text(f"\n\n{SRD_ATTRIBUTION}", style="dim")
    return Group(intro, _table("DM commands", SLASH_HELP), _table("Keys", keys), palette, credit)


class HelpScreen(MessageDialog):
    # The key that opens help also closes it.
    BINDINGS = [Binding(f"escape,{BY_ID['help'].keys}", "dismiss", "Close help")]
    DIALOG_CLASS = "help-dialog"

    def __init__(self) -> None:
        super().__init__("GM Console help")

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(help_renderable(self.app.COMMAND_PALETTE_BINDING), id="help")
