"""The narrative agent: wraps the active narrator so the orchestrator can time it out and fall back
like any other agent. It adds nothing to the outcome; the request already holds what happened."""

from __future__ import annotations

from engine.narration.base import NarrationRequest, NarrationResult, Narrator


class NarrativeAgent:
    name = "narrative"

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator

    @property
    def narrator_name(self) -> str:
        return getattr(self.narrator, "name", type(self.narrator).__name__)

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        return await self.narrator.narrate(request)
