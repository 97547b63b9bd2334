"""Typed, past-tense messages that engine workers post back to the app once a call has finished,
and the narration messages a turn worker posts while the narrator is still writing."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from textual.message import Message
from textual.message_pump import MessagePump

from engine.api import Chunk, NarrationEvent, Replace
from engine.models.actions import ActionResponse
from engine.models.session import (
    CampaignInfo,
    ChangeResult,
    DeleteSessionResult,
    EndSessionResult,
    LoadSessionResult,
    RecordFactResult,
    RollResult,
    SessionInfo,
    SessionStateView,
    StartSessionResult,
    UndoResult,
)


class SessionStarted(Message):
    def __init__(self, result: StartSessionResult) -> None:
        super().__init__()
        self.result = result


class SessionLoaded(Message):
    """A session was resumed (recap) or opened read-only (recap only, result None)."""

    def __init__(self, session_id: str, recap: str, result: LoadSessionResult | None = None) -> None:
        super().__init__()
        self.session_id = session_id
        self.recap = recap
        self.result = result


class StateRefreshed(Message):
    """A fresh get_session_state view. `rebuild` redraws narrative and history from it (a resume);
    `reset_history` redraws only the history list (an undo); otherwise new rows are appended."""

    def __init__(self, view: SessionStateView, rebuild: bool = False, reset_history: bool = False) -> None:
        super().__init__()
        self.view = view
        self.rebuild = rebuild
        self.reset_history = reset_history


class ActionResolved(Message):
    def __init__(self, action: str, response: ActionResponse) -> None:
        super().__init__()
        self.action = action
        self.response = response


class DiceRolled(Message):
    def __init__(self, result: RollResult) -> None:
        super().__init__()
        self.result = result


class ChangeApplied(Message):
    """An apply_change or rest call went through."""

    def __init__(self, command: str, result: ChangeResult) -> None:
        super().__init__()
        self.command = command
        self.result = result


class FactRecorded(Message):
    def __init__(self, text: str, result: RecordFactResult) -> None:
        super().__init__()
        self.text = text
        self.result = result


class ActionUndone(Message):
    def __init__(self, result: UndoResult) -> None:
        super().__init__()
        self.result = result


class SessionSaved(Message):
    """Paused: end_session(mode='pause') finished."""

    def __init__(self, result: EndSessionResult) -> None:
        super().__init__()
        self.result = result


class SessionEnded(Message):
    def __init__(self, result: EndSessionResult) -> None:
        super().__init__()
        self.result = result


class SessionDeleted(Message):
    def __init__(self, result: DeleteSessionResult) -> None:
        super().__init__()
        self.result = result


class SessionsListed(Message):
    """The picker's data: every campaign and its sessions, and the slug of the campaign to show first."""

    def __init__(self, campaigns: list[CampaignInfo], sessions: dict[str, list[SessionInfo]],
                 campaign: str | None = None) -> None:
        super().__init__()
        self.campaigns = campaigns
        self.sessions = sessions
        self.campaign = campaign


class RecapExported(Message):
    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class EngineFailed(Message):
    """An engine call raised; `inline` failures are DM typos shown under the input, not in a modal."""

    def __init__(self, operation: str, error: BaseException, inline: bool = False) -> None:
        super().__init__()
        self.operation = operation
        self.error = error
        self.inline = inline


class NarrationStarted(Message):
    """The narrator began on the turn for `action`: its text follows in chunks."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action = action


class NarrationChunk(Message):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class NarrationReplaced(Message):
    """The text shown so far is withdrawn (the narrator failed or contradicted the dice): show `text`."""

    def __init__(self, text: str, warning: str) -> None:
        super().__init__()
        self.text = text
        self.warning = warning


class NarrationFinished(Message):
    """The narration is final (the turn is not recorded yet); `warnings` are the narrator's own."""

    def __init__(self, warnings: list[str]) -> None:
        super().__init__()
        self.warnings = warnings


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
