"""The player view's panes as Rich renderables, from the engine's PlayerView. Display only."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from engine.models.player_view import CombatView, NarrativeLine, SceneView
from gm_console.tui.widgets.format import hp_bar

# Monster health words, coloured like the HP bars of the party.
HEALTH_STYLE = {"unhurt": "green", "hurt": "yellow", "bloodied": "bold red", "down": "dim strike"}


def scene_text(scene: SceneView | None) -> RenderableType:
    if scene is None:
        return Text("No scene yet.", style="dim")
    head = Text.assemble((scene.location, "bold"), (f"  · day {scene.day} {scene.time}", "dim"))
    parts: list[RenderableType] = [head]
    if scene.description:
        parts.append(Text(scene.description))
    if scene.people:
        parts.append(Text.assemble(("Here: ", "bold cyan"), ", ".join(scene.people)))
    if scene.exits:
        parts.append(Text.assemble(("Paths: ", "bold"), ", ".join(scene.exits)))
    return Group(*parts)


def initiative_table(combat: CombatView) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(width=1)
    table.add_column(justify="right", width=2)
    table.add_column()
    table.add_column()
    for slot in combat.order:
        marker = Text("▶", style="bold yellow") if slot.current else Text(" ")
        name = Text(slot.name, style="bold yellow" if slot.current else "bold" if slot.kind == "character" else "")
        if slot.conditions:
            name.append(f" ({', '.join(slot.conditions)})", style="yellow")
        health = Text(slot.health, style=HEALTH_STYLE.get(slot.health, "cyan"))
        table.add_row(marker, str(slot.initiative), name, health)
    return table


def party_hp(hp: int, hp_max: int) -> Text:
    return hp_bar(hp, hp_max, width=6)


def narrative_entry(line: NarrativeLine) -> RenderableType:
    title = Text(f"Turn {line.turn} · {line.actor}", style="bold magenta" if line.actor == "DM" else "bold")
    if line.action:
        title.append(f": {line.action}", style="italic")
    return Group(Rule(title, align="left", style="dim"), Markdown(line.text or "…"), Text())


def narrative_text(lines: list[NarrativeLine]) -> RenderableType:
    if not lines:
        return Text("Nothing has happened yet. The story appears here as the DM plays.", style="dim")
    return Group(*(narrative_entry(line) for line in lines))
