"""The history list: turn, actor, action type, rolls with results. Rows are appended, never redrawn."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from engine.models.actions import HistoryEntry
from gm_console.tui.widgets.format import entry_actor, entry_type, rolls_cell


class HistoryList(DataTable):
    DEFAULT_CSS = """
    HistoryList {
        height: 1fr;
    }
    """

    # Older rows fall off the view (the session keeps them all; export shows the full log).
    VIEW_LIMIT = 300

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=True)
        self.turns: list[int] = []
        self.add_column("#", key="turn")
        self.add_column("Actor", key="actor")
        self.add_column("Type", key="type")
        self.add_column("Rolls", key="rolls")

    @property
    def last_turn(self) -> int:
        return self.turns[-1] if self.turns else 0

    def add_entries(self, entries: list[HistoryEntry]) -> None:
        """Append entries newer than the last shown turn, oldest first."""
        for entry in sorted(entries, key=lambda e: e.turn):
            if entry.turn <= self.last_turn:
                continue
            self.add_row(Text(str(entry.turn), style="dim"), entry_actor(entry), entry_type(entry),
                         rolls_cell(entry.dice_rolls), key=str(entry.turn))
            self.turns.append(entry.turn)
        while len(self.turns) > self.VIEW_LIMIT:
            self.remove_row(str(self.turns.pop(0)))
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)

    def reset(self, entries: list[HistoryEntry]) -> None:
        self.clear()
        self.turns = []
        self.add_entries(entries)
