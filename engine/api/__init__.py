"""The one async API the faces call: `SessionManager`, and the events a streamed turn sends."""

from engine.api.manager import SessionManager
from engine.narration.resilient import Chunk, Done, Replace
from engine.play.narrate_turn import NarrationEvent

__all__ = ["Chunk", "Done", "NarrationEvent", "Replace", "SessionManager"]
