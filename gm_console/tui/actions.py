"""The one registry of what the DM can do from anywhere in the console.

Every entry is an app action (`GMConsoleApp.action_<id>`). From this list, and nowhere else, come:
the app's BINDINGS (so the footer), the palette's entries, the main screen's buttons, the rule
`check_action` applies, and the key table of the help screen. Adding an action here is the whole
job of putting it on a key, in the palette and in the help.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.widgets.button import ButtonVariant

from gm_console.tui.state import Phase

Rule = Callable[[Phase], bool]


def always(phase: Phase) -> bool:
    return True


def session_open(phase: Phase) -> bool:
    return phase is not Phase.IDLE


def in_phases(*phases: Phase) -> Rule:
    """A rule that allows the action only in the given phases (so never while a save is in flight,
    unless SAVING is named)."""
    allowed = frozenset(phases)

    def rule(phase: Phase) -> bool:
        return phase in allowed

    return rule


@dataclass(frozen=True)
class ButtonSpec:
    """The action is also a button in the main screen's action bar."""

    id: str  # the widget id; tests and the .tcss refer to it
    variant: ButtonVariant


@dataclass(frozen=True)
class ConsoleAction:
    id: str  # the app action's name; also the Binding id, so a user keymap can rebind it
    keys: str  # Textual key names, comma-separated; "" for an action only the palette offers
    description: str  # short: the footer, the help key table and the button label
    detail: str  # one line: the palette's help text and the footer tooltip
    title: str | None = None  # the palette entry ("Session: Pause"); None keeps it out of the palette
    enabled: Rule = always
    # Session actions act on the main screen: off while the picker or a dialog is in front.
    main_only: bool = True
    priority: bool = False  # a priority binding fires even when a focused widget wants the key
    button: ButtonSpec | None = None
    # Only while a fight is on (off otherwise: out of the footer and the palette).
    needs_fight: bool = False


# The footer shows them in this order, except that Textual puts priority bindings (Quit) first.
ACTIONS: tuple[ConsoleAction, ...] = (
    ConsoleAction("help", "f1", "Help", "The DM commands and every key",
                  title="Help: Keys and commands", main_only=False),
    # The fight, early in the footer (in a fight they matter most); offered only while one is on.
    ConsoleAction("combat_tracker", "f7", "Tracker", "Focus the initiative tracker (Enter on a monster: its stat "
                  "block); again: back to the input", title="Combat: Focus initiative tracker",
                  enabled=session_open, needs_fight=True),
    ConsoleAction("combat_next", "f9", "Next turn", "End the current turn; the monsters act until a character is up",
                  title="Combat: Next turn", enabled=in_phases(Phase.PLAYING), needs_fight=True),
    ConsoleAction("combat_delay", "", "Delay turn", "The creature whose turn it is waits until after the next one",
                  title="Combat: Delay turn", enabled=in_phases(Phase.PLAYING), needs_fight=True),
    ConsoleAction("combat_stat_block", "", "Stat block", "The stat block of the monster highlighted in the tracker "
                  "(or the first monster)", title="Combat: Show stat block", enabled=session_open, needs_fight=True),
    ConsoleAction("combat_end", "", "End fight", "End the fight (XP for defeated monsters)",
                  title="Combat: End fight", enabled=in_phases(Phase.PLAYING), needs_fight=True),
    ConsoleAction("toggle_panes", "f2", "Panes", "Swap the narrative with history and context (narrow terminals)",
                  title="View: Toggle side panes"),
    ConsoleAction("switch_session", "f3", "Sessions", "Pick, start or delete a session",
                  title="Session: Switch"),
    ConsoleAction("pause_session", "f5", "Pause", "Save the session; resume it later",
                  title="Session: Pause", enabled=in_phases(Phase.PLAYING),
                  button=ButtonSpec("pause", "warning")),
    ConsoleAction("resume_session", "f6", "Resume", "Resume the paused session with a recap",
                  title="Session: Resume", enabled=in_phases(Phase.PAUSED),
                  button=ButtonSpec("resume", "success")),
    ConsoleAction("end_session", "f8", "End", "End the session with a summary (asks first)",
                  title="Session: End", enabled=in_phases(Phase.PLAYING, Phase.PAUSED),
                  button=ButtonSpec("end", "error")),
    ConsoleAction("export_recap", "f4", "Export", "Write the recap and full log as Markdown",
                  title="Session: Export recap", enabled=session_open),
    # Last in the footer: narrow terminals cut the footer's end, and the session keys matter more.
    ConsoleAction("toggle_dice", "ctrl+o", "Dice", "Each turn's dice and bookkeeping under its prose: one line, "
                  "every roll and change in full, or hidden", title="View: Dice log (one line / full / hidden)"),
    # No palette title: Textual's own "Quit the application" entry runs this same action.
    ConsoleAction("quit", "ctrl+q", "Quit", "Pause the session in play, then quit",
                  main_only=False, priority=True),
)

BY_ID: dict[str, ConsoleAction] = {a.id: a for a in ACTIONS}

# The action bar's buttons (the actions with a ButtonSpec), in the order the DM reads them there:
# End sits between Pause and Resume, unlike in the footer.
BUTTONS: tuple[tuple[ConsoleAction, ButtonSpec], ...] = tuple(
    (a, a.button) for a in (BY_ID[name] for name in ("pause_session", "end_session", "resume_session")) if a.button)


def app_bindings() -> list[Binding]:
    return [Binding(a.keys, a.id, a.description, tooltip=a.detail, priority=a.priority, id=a.id)
            for a in ACTIONS if a.keys]


def key_name(action_id: str) -> str:
    """The first key of an action as prose writes it ('F6'), for hints that name the key."""
    key = BY_ID[action_id].keys.split(",")[0]
    if not key:
        return f"{BY_ID[action_id].title} (palette)"
    return key.upper() if key[:1] == "f" and key[1:].isdigit() else key


def help_keys() -> list[tuple[str, str]]:
    """(keys, description) rows for the help screen, in footer order."""
    return [(a.keys or "palette", a.description) for a in ACTIONS]


def palette_summary() -> str:
    """The palette's entries grouped by their prefix: 'Session: Switch / Pause / …'."""
    groups: dict[str, list[str]] = {}
    for a in ACTIONS:
        if a.title:
            group, _, name = a.title.partition(": ")
            groups.setdefault(group, []).append(name)
    return " · ".join(f"{group}: {' / '.join(names)}" for group, names in groups.items())


class ActionCommands(Provider):
    """The registry's titled actions in the command palette, each only while the app allows it."""

    def available(self) -> list[ConsoleAction]:
        # check_action is the app's: it applies each entry's rule to the app's current status.
        return [a for a in ACTIONS if a.title and self.app.check_action(a.id, ()) is True]

    async def discover(self) -> Hits:
        for action in self.available():
            yield DiscoveryHit(action.title or action.id, self._runner(action.id), help=action.detail)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for action in self.available():
            title = action.title or action.id
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), self._runner(action.id), help=action.detail)

    def _runner(self, action_id: str) -> Callable[[], object]:
        async def run() -> None:
            # run_action asks check_action again: the status may have changed while the palette was open.
            await self.app.run_action(action_id)

        return run
