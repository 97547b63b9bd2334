"""Fixtures for the narrator tests: a fake LLM server per test and one resolved combat turn."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.models.actions import ActionType, DiceRoll, StateChange
from engine.narration.base import NarrationRequest
from tests.engine.narration.llm_fakes import FakeLLMServer


@pytest.fixture
def fake_llm() -> Iterator[FakeLLMServer]:
    server = FakeLLMServer().start()
    yield server
    server.stop()


@pytest.fixture
def turn() -> NarrationRequest:
    """Brakka hits the goblin for 7 and kills it."""
    return NarrationRequest(
        session_seed=7, turn=3, action="I swing my axe at the goblin", actor="Brakka",
        action_type=ActionType.COMBAT, location="Cellar of the Drowned Lantern",
        beats=["Brakka attacks the Goblin with a handaxe"],
        dice_rolls=[
            DiceRoll(notation="1d20+5", total=22, natural=17, purpose="Handaxe attack", roller="Brakka",
                     dc=13, success=True),
            DiceRoll(notation="1d6+3", total=7, purpose="Handaxe damage", roller="Brakka"),
        ],
        state_changes=[
            StateChange(target="Goblin", kind="hp", before=7, after=0),
            StateChange(target="Goblin", kind="condition_add", after="dead"),
        ],
        context="Scene: a flooded cellar lit by one lantern.", style="grim and terse",
    )
