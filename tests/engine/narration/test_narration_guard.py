"""The guard catches narration that contradicts the resolved outcome, and leaves faithful prose alone."""

from __future__ import annotations

import pytest

from engine.models.actions import ActionType, DiceRoll, NPCResponse
from engine.narration.base import NarrationRequest
from engine.narration.guard import check_narration


def missed_turn() -> NarrationRequest:
    return NarrationRequest(
        session_seed=1, turn=1, action="I shoot the ogre", actor="Mirela", action_type=ActionType.COMBAT,
        location="Bridge", dice_rolls=[DiceRoll(notation="1d20+4", total=9, purpose="Longbow attack",
                                                roller="Mirela", dc=15, success=False)])


@pytest.mark.parametrize("text", [
    "Brakka's axe bites deep into the Goblin. It crumples to the floor, dead.",
    "You bring the axe down on the Goblin, dealing 7 slashing damage; it collapses and lies still.",
    "Brakka does not miss: the Goblin falls.",
    "Brakka strikes true. The Goblin falls, and Brakka says nothing.",
])
def test_faithful_narration_passes(turn: NarrationRequest, text: str) -> None:
    assert check_narration(text, turn) == []


def test_hit_narrated_as_a_miss(turn: NarrationRequest) -> None:
    problems = check_narration("Brakka's swing falls short of the Goblin.", turn)
    assert problems == ["Brakka's attack roll 22 vs AC 13 hit, but the narration says \"falls short\""]


def test_miss_narrated_as_a_hit() -> None:
    problems = check_narration("Mirela's arrow hits the ogre squarely.", missed_turn())
    assert len(problems) == 1 and "missed" in problems[0] and '"hits"' in problems[0]


def test_hit_points_is_not_a_hit() -> None:
    assert check_narration("Mirela's arrow sails past; the ogre's hit points are untouched.", missed_turn()) == []


def test_negated_hit_is_fine() -> None:
    assert check_narration("Mirela's arrow fails to hit the ogre.", missed_turn()) == []


def test_dead_creature_acting_afterwards(turn: NarrationRequest) -> None:
    text = "Brakka's axe cleaves the Goblin and it collapses. Then the Goblin attacks again, snarling."
    problems = check_narration(text, turn)
    assert problems == ['Goblin is dead, but the narration has it act afterwards ("Goblin attacks")']


def test_creature_acting_before_it_falls_is_fine(turn: NarrationRequest) -> None:
    text = "The Goblin snarls and lunges. Brakka's axe meets it mid-leap and it collapses."
    assert check_narration(text, turn) == []


def test_wrong_damage_number(turn: NarrationRequest) -> None:
    problems = check_narration("Brakka hews the Goblin for nine points of damage; it falls dead.", turn)
    assert problems == ['the narration says "nine points of damage" but the damage dealt was 7']


def test_missing_affected_character(turn: NarrationRequest) -> None:
    problems = check_narration("Brakka swings the axe and the cellar falls silent.", turn)
    assert problems == ["the narration never names Goblin"]


def test_actor_may_be_narrated_in_second_person(turn: NarrationRequest) -> None:
    assert check_narration("Your axe finds the Goblin's neck and it drops.", turn) == []


def test_actor_named_by_part_of_a_long_name() -> None:
    request = missed_turn().model_copy(update={"actor": "Mirela Swiftbrook",
                                               "npc_responses": [NPCResponse(npc="Old Tam", text="Run!")]})
    assert check_narration("Mirela's arrow sails wide of the ogre. \"Run!\" shouts Tam.", request) == []
    assert check_narration("An arrow sails wide of the ogre.", request) == [
        "the narration never names Mirela Swiftbrook", "the narration never names Old Tam"]


def test_empty_text_is_a_problem(turn: NarrationRequest) -> None:
    assert check_narration("  ", turn) == ["the narration is empty"]
