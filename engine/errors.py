"""One error hierarchy for the engine; every message says what a DM can do about it."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class InvalidInputError(EngineError):
    """An argument is malformed: a bad name, bad notation, out-of-range value."""


class InvalidNameError(InvalidInputError):
    """A name that would become a path is unsafe (slashes, '..', NUL, absolute)."""


class OutOfTurnError(InvalidInputError):
    """In a fight, a character tried to act on someone else's turn; nothing was recorded."""


class CannotActError(InvalidInputError):
    """In a fight, a character who cannot act at all (unconscious at 0 HP, dead) tried to; nothing was recorded."""


class DiceError(InvalidInputError):
    """Dice notation the engine cannot roll."""


class NotFoundError(EngineError):
    """Something named does not exist; the message lists what does."""


class CampaignNotFoundError(NotFoundError):
    pass


class SessionNotFoundError(NotFoundError):
    pass


class CharacterNotFoundError(NotFoundError):
    pass


class AmbiguousSessionError(EngineError):
    """A session name matches more than one session."""


class SessionNotActiveError(EngineError):
    """The session is paused or ended; the message says how to resume."""


class SessionAlreadyActiveError(EngineError):
    """Another session of the campaign is active; only one may be at a time."""


class SessionLockedError(EngineError):
    """Another process holds the session active."""


class CorruptFileError(EngineError):
    """A file on disk cannot be read; the message names it and whether the backup was restored."""

    def __init__(self, message: str, path: str | None = None, restored: bool = False) -> None:
        super().__init__(message)
        self.path = path
        self.restored = restored


class StorageError(EngineError):
    """The disk refused a write (full, read-only, permissions); the message names the file."""

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(message)
        self.path = path


class NothingToUndoError(EngineError):
    pass


class StaleTurnError(EngineError):
    """A call that named the turn it expected found another one there: someone else acted first."""


class AgentFailureError(EngineError):
    """Every agent handling an action failed; nothing was recorded."""


class NarratorUnavailableError(EngineError):
    """The configured narrator cannot be used (missing extra, missing key)."""
