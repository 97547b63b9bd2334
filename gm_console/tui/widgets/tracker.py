"""The initiative tracker: the fight's order with whose turn it is, HP and AC of every combatant
(monsters too), conditions with the rounds they have left, concentration, and what each turn used.
Display only: it shows the engine's CombatView and asks for a stat block by message."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import DataTable

from engine.models.combat import CombatantView, CombatView
from gm_console.tui.widgets.format import hp_bar

COLUMNS = ("", "Init", "Combatant", "HP", "AC", "Conditions  ◆ conc.", "Used")
USED_SHORT = {"action": "A", "bonus action": "B", "movement": "M", "reaction": "R"}
LEGEND = "Used: A action · B bonus · M move · R reaction"


def tracker_row(c: CombatantView) -> tuple[Text, ...]:
    mark = Text("▶", style="bold cyan") if c.current else Text(" ")
    style = "dim strike" if c.down else ("bold" if c.kind == "character" else "")
    name = Text(c.name, style=style)
    hp = hp_bar(c.hp, c.hp_max, width=4)
    if c.temp_hp:
        hp.append(f"+{c.temp_hp}", style="cyan")
    notes = [Text(x, style="yellow") for x in c.conditions]
    if c.concentration:
        notes.append(Text(f"◆ {c.concentration}", style="magenta"))
    conditions = Text(", ").join(notes) if notes else Text("—", style="dim")
    used = Text(" ".join(USED_SHORT.get(u, u) for u in c.used) or "—", style="dim")
    return mark, Text(str(c.initiative), justify="right"), name, hp, Text(str(c.ac)), conditions, used


class InitiativeTracker(DataTable):
    """Redrawn whole on each state refresh (a handful of rows); hidden while no fight is on."""

    DEFAULT_CSS = """
    InitiativeTracker {
        height: auto;
        max-height: 13;
        display: none;
    }
    InitiativeTracker.-fight {
        display: block;
    }
    """
    BINDINGS = [Binding("s", "stat_block", "Stat block", tooltip="The highlighted monster's stat block")]

    @dataclass
    class StatBlockRequested(Message):
        """The DM asked for a combatant's stat block (Enter or s on its row)."""

        name: str

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=False)
        self.combat: CombatView | None = None
        self.add_columns(*COLUMNS)

    def update_combat(self, combat: CombatView | None) -> None:
        self.set_class(combat is not None, "-fight")
        if combat == self.combat:
            return
        self.combat = combat
        self.clear()
        if combat is None:
            self.border_title, self.border_subtitle = "Initiative", ""
            return
        self.border_title = f"Initiative · round {combat.round} · {combat.current or '?'}'s turn"
        self.border_subtitle = LEGEND
        for c in combat.order:
            self.add_row(*tracker_row(c), key=c.name)
        current = next((i for i, c in enumerate(combat.order) if c.current), 0)
        if not self.has_focus:  # the DM browsing the rows keeps their place
            self.move_cursor(row=current, animate=False)

    @property
    def highlighted(self) -> str | None:
        if self.combat is None or not self.combat.order:
            return None
        row = min(max(self.cursor_row, 0), len(self.combat.order) - 1)
        return self.combat.order[row].name

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_stat_block()

    def action_stat_block(self) -> None:
        name = self.highlighted
        if name is not None:
            self.post_message(self.StatBlockRequested(name))
