"""The narrative pane: a list model of what happened at the table, and a RichLog that shows its tail.

A player's turn shows the narrator's prose, then its dice and bookkeeping as the engine's turn log
(engine.models.turn_log: initiative once, whose turn once) in one dim line; the DM switches that line
to one line per roll and change, or hides it (DICE_MODES, the "toggle_dice" action).

The model is the truth (the RichLog defers writes until it has a size and cannot reflow); new
entries are appended to the log, never re-rendering what is already there, so the cost of showing a
turn does not grow with the length of the session.

While a narrator is still writing, its text grows in a NarrationStream under the log; the log gets
the turn once, as the finished entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.rule import Rule
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import RichLog

from engine.models.actions import ActionResponse, DiceRoll, EntryKind, HistoryEntry, NPCResponse, StateChange
from engine.models.turn_log import LogLine, turn_log
from gm_console.tui.widgets.format import action_label, log_line_brief, roll_text

STYLE_FOR_KIND = {"system": "italic cyan", "error": "bold red", "dm": "magenta"}
# How a turn's dice and bookkeeping show under its prose: one line, a line each, or not at all.
DICE_MODES = ("line", "full", "off")
DICE_MODE_NAMES = {"line": "one line per turn", "full": "every roll and change in full", "off": "hidden"}


@dataclass
class NarrativeEntry:
    """One block of the narrative. kind: turn | dm | recap | system | error."""

    kind: str
    text: str
    turn: int | None = None
    title: str = ""
    rolls: list[DiceRoll] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    npc_lines: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # A player's turn: its dice and bookkeeping, apart from the prose (DM entries use rolls/changes).
    log: list[LogLine] = field(default_factory=list)
    # How the engine read the player's line (ActionResponse.intent.read_as); a resumed turn has none.
    read_as: str = ""

    @property
    def plain(self) -> str:
        parts = [self.title, f"Read as: {self.read_as}" if self.read_as else "", self.text,
                 *(roll_text(r).plain for r in self.rolls), *self.changes, *(f'{n}: "{t}"' for n, t in self.npc_lines),
                 *(line.text for line in self.log), *self.warnings]
        return "\n".join(p for p in parts if p)


def _changes(changes: list[StateChange]) -> list[str]:
    return [c.description or f"{c.target}: {c.kind} {c.before} → {c.after}" for c in changes]


def _npc(responses: list[NPCResponse], narrative: str) -> list[tuple[str, str]]:
    # Narrators usually quote the NPC already; repeating the line under the prose reads as an echo.
    return [(r.npc, r.text) for r in responses if r.text not in narrative]


def _turn_entry(played: ActionResponse | HistoryEntry, turn: int, actor: str | None, action_type: str,
                action: str) -> NarrativeEntry:
    """A player's turn, from the answer to it (just played) or from its history entry (a resume)."""
    return NarrativeEntry(
        kind="turn", turn=turn, text=played.narrative,
        title=f"Turn {turn} · {actor or 'The party'} · {action_label(action_type)}: {action}",
        log=turn_log(played.dice_rolls, played.state_changes),
        npc_lines=_npc(played.npc_responses, played.narrative), warnings=list(played.warnings))


def entry_from_response(action: str, response: ActionResponse) -> NarrativeEntry:
    entry = _turn_entry(response, response.turn_number, response.character_name, response.action_type, action)
    entry.read_as = response.intent.read_as if response.intent else ""
    return entry


def entry_from_history(entry: HistoryEntry) -> NarrativeEntry:
    if entry.kind == EntryKind.PLAYER_ACTION:
        return _turn_entry(entry, entry.turn, entry.actor, entry.action_type or "action", entry.action)
    return dm_entry(entry.turn, _dm_command(entry), entry.dice_rolls, _changes(entry.state_changes))


def _dm_command(entry: HistoryEntry) -> str:
    """A DM change shown as the command the DM typed ("/hp Bram -7"), from its structured record."""
    change = entry.dm_change
    if change is None:
        return entry.action
    value = "" if change.value is None else str(change.value)
    if change.kind == "hp":
        return f"/hp {change.target} {value}"
    if change.kind == "condition_add":
        return f"/cond {change.target} {value}"
    if change.kind == "condition_remove":
        return f"/cond {change.target} -{value}"
    return entry.action


def dm_entry(turn: int | None, action: str, rolls: list[DiceRoll] | None = None,
             changes: list[str] | None = None, text: str = "") -> NarrativeEntry:
    title = f"Turn {turn} · DM {action}" if turn is not None else f"DM {action}"
    return NarrativeEntry(kind="dm", turn=turn, title=title, text=text, rolls=list(rolls or []),
                          changes=list(changes or []))


def render_log(log: list[LogLine], mode: str) -> list[RenderableType]:
    """A turn's dice and bookkeeping: one dim line ("line"), a line each ("full"), or nothing ("off")."""
    if not log or mode == "off":
        return []
    if mode == "full":
        return [Text("⚄ ", style="yellow") + roll_text(line.roll) if line.roll else Text(f"→ {line.text}", style="italic")
                for line in log]
    return [Text("⚄ ", style="yellow") + Text(" · ", style="dim").join(log_line_brief(line) for line in log)]


def render_entry(entry: NarrativeEntry, dice_mode: str = "line") -> RenderableType:
    parts: list[RenderableType] = []
    if entry.kind in ("system", "error"):
        prefix = "✗ " if entry.kind == "error" else ""
        return Text(prefix + entry.text, style=STYLE_FOR_KIND[entry.kind])
    if entry.kind == "recap":
        parts.append(Rule(Text(entry.title or "Previously on…", style="bold yellow"), style="yellow"))
        parts.append(Markdown(entry.text))
        return Group(*parts, Text())
    title_style = "bold magenta" if entry.kind == "dm" else "bold"
    parts.append(Rule(Text(entry.title, style=title_style), align="left", style="dim"))
    if entry.read_as:
        parts.append(Text.assemble(("Read as: ", "dim"), (entry.read_as, "dim italic")))
    if entry.text:
        parts.append(Markdown(entry.text))
    for npc, line in entry.npc_lines:
        parts.append(Text.assemble((npc, "bold cyan"), ": ", (f"“{line}”", "italic")))
    parts += render_log(entry.log, dice_mode)
    for roll in entry.rolls:
        parts.append(Text("⚄ ", style="yellow") + roll_text(roll))
    for change in entry.changes:
        parts.append(Text(f"→ {change}", style="italic"))
    for warning in entry.warnings:
        parts.append(Text(f"! {warning}", style="bold yellow"))
    parts.append(Text())
    return Group(*parts)


class NarrativeLog(RichLog):
    """Shows the narrative model; the latest text is always scrolled into view."""

    DEFAULT_CSS = """
    NarrativeLog {
        scrollbar-gutter: stable;
        padding: 0 1;
    }
    """

    # The log only ever shows this many of the latest entries (a resize or an undo redraws them).
    VIEW_LIMIT = 300

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, min_width=20, max_lines=20_000, auto_scroll=True)
        self.entries: list[NarrativeEntry] = []
        self._drawn_width = 0
        self.dice_mode = DICE_MODES[0]

    @property
    def plain_text(self) -> str:
        return "\n".join(e.plain for e in self.entries)

    def add(self, entry: NarrativeEntry) -> None:
        self.entries.append(entry)
        if self._drawn_width:
            self._draw(entry)

    def add_system(self, text: str) -> None:
        self.add(NarrativeEntry(kind="system", text=text))

    def add_error(self, text: str) -> None:
        self.add(NarrativeEntry(kind="error", text=text))

    def reset(self, entries: list[NarrativeEntry]) -> None:
        self.entries = list(entries)
        self.redraw()

    def drop_turn(self, turn: int) -> None:
        """An undone turn leaves the narrative."""
        self.entries = [e for e in self.entries if e.turn != turn]
        self.redraw()

    def cycle_dice(self) -> str:
        """The next way of showing each turn's dice (one line, in full, hidden); every entry is redrawn."""
        self.dice_mode = DICE_MODES[(DICE_MODES.index(self.dice_mode) + 1) % len(DICE_MODES)]
        self.redraw()
        return self.dice_mode

    def redraw(self) -> None:
        self.clear()
        if self._drawn_width:
            for entry in self.entries[-self.VIEW_LIMIT:]:
                self._draw(entry)

    def _draw(self, entry: NarrativeEntry) -> None:
        self.write(render_entry(entry, self.dice_mode), width=self._drawn_width, scroll_end=True)

    def on_resize(self, event: Resize) -> None:
        width = max(self.scrollable_content_region.width, 10)
        if event.size.width and width != self._drawn_width:
            self._drawn_width = width
            # After RichLog's own resize handler has marked the size as known.
            self.call_after_refresh(self.redraw)


# A narration that is over within this many seconds (the offline narrator) never shows the live area,
# so an instant turn does not flash a box that is gone a frame later.
REVEAL_AFTER_S = 0.1


def render_stream(action: str, text: str, warning: str) -> RenderableType:
    parts: list[RenderableType] = [Text(action, style="dim italic", overflow="ellipsis", no_wrap=True)]
    parts.append(Markdown(text) if text else Text("…", style="dim"))
    if warning:
        parts.append(Text(f"! {warning}", style="bold yellow"))
    return Group(*parts)


class _StreamText(Widget):
    DEFAULT_CSS = "_StreamText { height: auto; }"

    def __init__(self, stream: NarrationStream) -> None:
        super().__init__()
        self.stream = stream

    def render(self) -> RenderableType:
        # Rendered per frame, not per chunk: a fast stream costs one Markdown parse per repaint.
        return render_stream(self.stream.action, self.stream.text, self.stream.warning)


class NarrationStream(VerticalScroll, can_focus=False):
    """The turn being narrated, growing as chunks arrive; hidden when no narration is under way."""

    DEFAULT_CSS = """
    NarrationStream {
        display: none;
        height: auto;
        max-height: 50%;
        padding: 0 1;
        border: round $warning 50%;
        border-title-color: $text-warning;
    }
    NarrationStream.-live {
        display: block;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.action = self.text = self.warning = ""
        self.streaming = False
        self.border_title = "Narrating…"

    def compose(self) -> ComposeResult:
        yield _StreamText(self)

    def begin(self, action: str) -> None:
        self.action, self.text, self.warning, self.streaming = action, "", "", True
        self._changed()
        self.set_timer(REVEAL_AFTER_S, self._reveal)

    def append(self, text: str) -> None:
        if self.streaming:
            self.text += text
            self._changed()

    def replace(self, text: str, warning: str) -> None:
        if self.streaming:
            self.text, self.warning = text, warning
            self._changed()

    def end(self) -> None:
        self.streaming = False
        self.action = self.text = self.warning = ""
        self.remove_class("-live")

    def _reveal(self) -> None:
        if self.streaming and not self.has_class("-live"):
            self.add_class("-live")
            self.anchor()

    def _changed(self) -> None:
        self.query_one(_StreamText).refresh(layout=True)
