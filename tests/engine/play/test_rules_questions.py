"""Rules questions answered from the SRD 5.2.1 text, with what the asker's sheet says, and nothing rolled
or changed. The expected words are quoted from the SRD (spells, conditions, class features, weapons)."""

from __future__ import annotations

import pytest

from engine.play.orchestrator import ActionInput, Orchestrator
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def _ask(text: str, actor: str):
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    before = world.model_dump(mode="json")
    res = await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, roller=ScriptedRoller(),
                                                   turn=1))
    assert res.dice_rolls == [] and res.world.model_dump(mode="json") == before, text
    return res.narrative


@pytest.mark.parametrize("text, actor, expected", [
    ("does sneak attack work with a shortbow?", "Wren",
     ["the attack uses a Finesse or a Ranged weapon", "Shortbow is a Simple Ranged weapon"]),
    ("what does the sleep spell do?", "Idris", ["Wisdom saving throw", "Incapacitated", "Idris has it on their sheet"]),
    ("how does bless work", "Idris", ["adds 1d4 to the attack roll or save", "Idris does not have it"]),
    ("what does prone do exactly", "Bram", ["Prone"]),
    ("how long is a short rest again?", "Bram", ["Short Rest takes 1 hour"]),
    ("how many spell slots do i have left", "Tova", ["Tova's spell slots left: level 1"]),
    ("how does grappling work?", "Bram", ["Strength or Dexterity saving throw", "8 plus your Strength modifier"]),
])
async def test_a_rules_question_gets_the_srd_answer(text: str, actor: str, expected: list[str]) -> None:
    said = await _ask(text, actor)
    for words in expected:
        assert words in said, (text, said)


async def test_a_state_question_is_still_answered_from_the_state() -> None:
    said = await _ask("what time is it?", "Wren")
    assert "It is day 1" in said


@pytest.mark.parametrize("text, actor, expected", [
    ("how much coin has wren got?", "Bram", "Wren has"),
    ("what spell slots does tova have left", "Bram", "Tova's spell slots left"),
])
async def test_a_question_about_a_companion_answers_about_them(text: str, actor: str, expected: str) -> None:
    assert expected in await _ask(text, actor)
