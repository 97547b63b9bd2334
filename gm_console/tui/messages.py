"""Typed, past-tense messages that engine workers post back to the app once a call has finished,
and the narration messages a turn worker posts while the narrator is still writing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from textual.message import Message
from textual.message_pump import MessagePump

from engine.api import Chunk, NarrationEvent, Replace
from engine.models.actions import ActionResponse
from engine.models.combat import CombatControlResult
from engine.models.session import (
    CampaignInfo,
    ChangeResult,
    DeleteSessionResult,
    EndSessionResult,
    LoadSessionResult,
    QuestStatusView,
    RecordFactResult,
    RollResult,
    SessionInfo,
    SessionStateView,
    StartSessionResult,
    UndoResult,
)
from engine.models.world import Monster


@dataclass
class SessionStarted(Message):
    result: StartSessionResult


@dataclass
class SessionLoaded(Message):
    """A session was resumed (recap) or opened read-only (recap only, result None)."""

    session_id: str
    recap: str
    result: LoadSessionResult | None = None


@dataclass
class StateRefreshed(Message):
    """A fresh get_session_state view. `rebuild` redraws narrative and history from it (a resume);
    `reset_history` redraws only the history list (an undo); otherwise new rows are appended."""

    view: SessionStateView
    rebuild: bool = False
    reset_history: bool = False


@dataclass
class ActionResolved(Message):
    action: str
    response: ActionResponse


@dataclass
class DiceRolled(Message):
    result: RollResult


@dataclass
class ChangeApplied(Message):
    """An apply_change or rest call went through."""

    command: str
    result: ChangeResult


@dataclass
class CombatControlled(Message):
    """A combat_control call went through (/fight, /init, /next...)."""

    command: str
    result: CombatControlResult


@dataclass
class StatBlockLoaded(Message):
    """The stat block the DM asked for from the tracker."""

    block: Monster
    combatant: str


@dataclass
class QuestsListed(Message):
    """/quest alone: every quest and its objectives."""

    quests: list[QuestStatusView]


@dataclass
class FactRecorded(Message):
    text: str
    result: RecordFactResult


@dataclass
class ActionUndone(Message):
    result: UndoResult


@dataclass
class SessionPaused(Message):
    """Paused: end_session(mode='pause') finished."""

    result: EndSessionResult


@dataclass
class SessionEnded(Message):
    result: EndSessionResult


@dataclass
class SessionDeleted(Message):
    result: DeleteSessionResult


@dataclass
class SessionsListed(Message):
    """The picker's data: every campaign and its sessions, and the slug of the campaign to show first."""

    campaigns: list[CampaignInfo]
    sessions: dict[str, list[SessionInfo]]
    campaign: str | None = None


@dataclass
class RecapExported(Message):
    path: Path


@dataclass
class EngineFailed(Message):
    """An engine call raised; `inline` failures are DM typos shown under the input, not in a modal."""

    operation: str
    error: BaseException
    inline: bool = False


@dataclass
class NarrationStarted(Message):
    """The narrator began on the turn for `action`: its text follows in chunks."""

    action: str


@dataclass
class NarrationChunk(Message):
    text: str


@dataclass
class NarrationReplaced(Message):
    """The text shown so far is withdrawn (the narrator failed or contradicted the dice): show `text`."""

    text: str
    warning: str


@dataclass
class NarrationFinished(Message):
    """The narration is final (the turn is not recorded yet); `warnings` are the narrator's own."""

    warnings: list[str]


@dataclass
class NarrationStopped(Message):
    """The turn failed or was cancelled after its narration began: nothing was recorded."""


class NarrationRelay:
    """A turn worker's `on_narration` callback: each engine stream event becomes a message to `target`.

    Used as a context manager around the engine call, so a turn that fails after its narration began
    still tells the view to drop the half-written text.
    """

    def __init__(self, target: MessagePump, action: str) -> None:
        self.target = target
        self.action = action
        self.started = False

    def __call__(self, event: NarrationEvent) -> None:
        if not self.started:
            self.started = True
            self.target.post_message(NarrationStarted(self.action))
        if isinstance(event, Chunk):
            if event.text:
                self.target.post_message(NarrationChunk(event.text))
        elif isinstance(event, Replace):
            self.target.post_message(NarrationReplaced(event.text, event.warning))
        else:
            self.target.post_message(NarrationFinished(list(event.result.warnings)))

    def __enter__(self) -> NarrationRelay:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is not None and self.started:
            self.target.post_message(NarrationStopped())
