"""The party status table: class and level, HP bar, temp HP, AC, conditions, gold; the fallen stand out."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from engine.models.session import CharacterStatus
from gm_console.tui.widgets.format import hp_bar

COLUMNS = ("Name", "Class", "HP", "Temp", "AC", "Conditions", "Gold")


def condition_cell(c: CharacterStatus) -> Text:
    """The engine's verdict first (dead; stable; unconscious with its death saves), then the rest."""
    if c.dead:
        return Text("DEAD", style="bold white on red")
    parts: list[Text] = []
    if c.stable or c.unconscious:
        label = "stable" if c.stable else f"UNCONSCIOUS {c.death_saves}".strip()
        parts.append(Text(label, style="bold red"))
    parts += [Text(x, style="yellow") for x in c.conditions if not (c.unconscious and x == "unconscious")]
    return Text(", ").join(parts) if parts else Text("—", style="dim")


def party_row(c: CharacterStatus) -> tuple[Text, ...]:
    name_style = "bold strike red" if c.dead else "bold red" if c.unconscious else "bold"
    return (
        Text(c.name, style=name_style),
        Text(f"{c.class_name} {c.level}"),
        hp_bar(c.hp, c.hp_max),
        Text(str(c.temp_hp) if c.temp_hp else "—", style="cyan" if c.temp_hp else "dim"),
        Text(str(c.ac)),
        condition_cell(c),
        purse_cell(c),
    )


def purse_cell(c: CharacterStatus) -> Text:
    """The purse's worth in gold pieces ("14.79"): short enough for a narrow screen; the coins themselves are
    in the state (and "check my inventory" reads them out)."""
    worth = c.coins.total_cp()
    # Always two places, right-aligned: a column of sums reads like a ledger ("17.50" under "14.79").
    return Text(f"{worth / 100:.2f}", style="yellow", justify="right") if worth \
        else Text("—", style="dim")


class PartyTable(DataTable):
    """Four-ish rows redrawn whole on every state refresh: cheap, and always matches the engine."""

    DEFAULT_CSS = """
    PartyTable {
        height: auto;
        max-height: 10;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="none", zebra_stripes=True, show_cursor=False)
        self.party: list[CharacterStatus] = []
        self.add_columns(*COLUMNS)

    def update_party(self, party: list[CharacterStatus]) -> None:
        if party == self.party:
            return
        self.party = list(party)
        self.clear()
        for c in party:
            self.add_row(*party_row(c), key=c.name)
