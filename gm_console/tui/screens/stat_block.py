"""A monster's stat block, opened from the initiative tracker (Enter or s on its row)."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine.models.world import Monster
from gm_console.tui.screens.dialog import MessageDialog

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def stat_block_renderable(block: Monster) -> Group:
    head = Text.assemble((f"{block.size} {block.kind}", "italic"), "  ·  ", ("CR ", "bold"), block.challenge,
                         f" ({block.xp} XP)")
    vitals = Text.assemble(("Armor Class ", "bold"), str(block.ac), "   ", ("Hit Points ", "bold"),
                           f"{block.hp} ({block.hit_dice})", "   ", ("Speed ", "bold"), f"{block.speed} ft.")
    scores = Table(box=box.SIMPLE_HEAD, expand=True, show_edge=False)
    for name in ABILITIES:
        scores.add_column(name.upper(), justify="center")
    scores.add_row(*(f"{block.abilities.score(a)} ({block.abilities.modifier(a):+d})" for a in ABILITIES))
    attacks = Table(title="Actions", title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, expand=True)
    attacks.add_column("Attack", style="bold")
    attacks.add_column("To hit", justify="right")
    attacks.add_column("Damage")
    for attack in block.attacks:
        attacks.add_row(attack.name, f"{attack.to_hit:+d}", f"{attack.damage} {attack.damage_type}")
    if not block.attacks:
        attacks.add_row(Text("none", style="dim"), "", "")
    return Group(head, vitals, Text(), scores, attacks)


class StatBlockModal(MessageDialog):
    BINDINGS = [Binding("escape,enter,s", "dismiss", "Close")]
    DIALOG_CLASS = "stat-block-dialog"

    def __init__(self, block: Monster, combatant: str | None = None) -> None:
        title = block.name if combatant in (None, block.name) else f"{combatant} · {block.name}"
        super().__init__(title)
        self.block = block

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="stat-block-body"):
            yield Static(stat_block_renderable(self.block), id="stat-block")
