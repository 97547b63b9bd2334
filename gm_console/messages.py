"""Typed, past-tense messages that engine workers post back to the app once a call has finished."""

from __future__ import annotations

from pathlib import Path

from textual.message import Message

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
    """The picker's data: every campaign and its sessions."""

    def __init__(self, campaigns: list[CampaignInfo], sessions: dict[str, list[SessionInfo]]) -> None:
        super().__init__()
        self.campaigns = campaigns
        self.sessions = sessions


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
