"""What the console knows about the open session, as one immutable value.

The app holds it in a reactive; the footer bindings, the palette, the buttons, the input and the
header all follow it. Screens receive it (data down) and never reach into the app for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.models.session import SessionStatus


class Phase(StrEnum):
    """The one question every enabled-when rule asks: what can the DM do right now?"""

    IDLE = "idle"  # no session open
    PLAYING = "playing"  # an active session: the DM can type
    PAUSED = "paused"
    ENDED = "ended"  # shown read-only
    SAVING = "saving"  # a pause or an end is in flight: everything locks until it answers


# The engine's status of the open session, as a phase (saving aside).
_PHASES: dict[SessionStatus | None, Phase] = {
    None: Phase.IDLE,
    SessionStatus.ACTIVE: Phase.PLAYING,
    SessionStatus.PAUSED: Phase.PAUSED,
    SessionStatus.ENDED: Phase.ENDED,
}


@dataclass(frozen=True)
class ConsoleStatus:
    """The open session as the engine last reported it, plus whether a save is in flight.

    Frozen, so the reactive holding it only fires (and the footer only rebuilds) when something
    actually changed: most turns change nothing here.
    """

    session_id: str | None = None
    session_name: str = ""
    campaign_name: str = ""
    narrator: str = ""
    status: SessionStatus | None = None
    saving: bool = False

    @property
    def phase(self) -> Phase:
        # A save outranks the status: until it answers, the status it will leave is unknown.
        return Phase.SAVING if self.saving else _PHASES[self.status]
