"""engine.play.intent: the labelled set, world evidence, and the shape of an IntentResult."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.models.actions import ActionType
from engine.play.intent import classify, match_place
from engine.text import stem
from tests.engine.play.intent_cases import CASES, WORLD_CASES, intent_world


def _accuracy(results: list[tuple[str, ActionType, ActionType]]) -> float:
    misses = [(text, want, got) for text, want, got in results if want != got]
    for text, want, got in misses:
        print(f"  miss: {text!r}: expected {want.value}, got {got.value}")
    return 1 - len(misses) / len(results)


def test_labelled_set_is_big_and_varied():
    assert len(CASES) >= 150
    per_type = Counter(t for _, t in CASES)
    assert all(per_type[t] >= 4 for t in ActionType), per_type
    assert len({text for text, _ in CASES}) == len(CASES), "duplicate cases"


def test_accuracy_on_labelled_set():
    results = [(text, want, classify(text).action_type) for text, want in CASES]
    accuracy = _accuracy(results)
    print(f"intent accuracy: {accuracy:.3f} on {len(CASES)} cases")
    assert accuracy >= 0.90


def test_accuracy_with_world_evidence():
    results = [(text, want, classify(text, intent_world(setting)).action_type)
               for text, setting, want in WORLD_CASES]
    accuracy = _accuracy(results)
    print(f"intent accuracy with a world: {accuracy:.3f} on {len(WORLD_CASES)} cases")
    assert accuracy >= 0.90


@pytest.mark.parametrize("word", ["attack", "attacks", "attacking", "attacked"])
def test_stemming_folds_verb_forms(word):
    assert stem(word) == stem("attack")


def test_words_not_substrings():
    # "mask" must not read as "ask", "shopping" not as "hop"...
    result = classify("I go to the good old mask shop")
    assert result.action_type == ActionType.EXPLORATION
    assert "ask" not in result.matched


def test_topic_of_a_question_does_not_decide():
    result = classify("I ask about the attack on the caravan")
    assert result.action_type == ActionType.ROLEPLAY
    assert result.agents == ["social"]


def test_named_present_npc_is_roleplay_and_explained():
    result = classify("Mara, another ale please", intent_world())
    assert result.action_type == ActionType.ROLEPLAY
    assert "npc:Mara" in result.matched


def test_exit_with_movement_verb_is_travel():
    result = classify("I walk over to the mill", intent_world())
    assert result.action_type == ActionType.EXPLORATION
    assert "place:Old Mill" in result.matched


def test_active_fight_biases_to_combat():
    calm = classify("I go for the goblin on the left", intent_world())
    fight = classify("I go for the goblin on the left", intent_world("fight"))
    assert fight.action_type == ActionType.COMBAT
    assert "combat active" in fight.matched and "combat active" not in calm.matched


def test_persuading_with_nobody_around_is_a_skill_check():
    assert classify("I try to persuade the rusted gate to open", intent_world("mill")).action_type \
        == ActionType.SKILL_CHECK
    assert classify("I try to persuade the rusted gate to open").action_type == ActionType.ROLEPLAY


def test_two_clauses_doing_different_things_are_mixed():
    result = classify("I drink a potion and attack the orc")
    assert result.action_type == ActionType.MIXED
    assert set(result.components) == {ActionType.INVENTORY, ActionType.COMBAT}
    assert set(result.agents) == {"rules", "combat"}


def test_confidence_and_alternatives():
    result = classify("I swing my axe at the nearest goblin")
    assert result.action_type == ActionType.COMBAT
    assert 0.5 < result.confidence <= 1.0
    assert all(t != ActionType.COMBAT for t, _ in result.alternatives)
    assert result.agents == ["combat"] and result.components == [ActionType.COMBAT]


def test_gibberish_has_no_confidence():
    result = classify("hmm")
    assert result.confidence == 0.0
    assert result.agents


def test_match_place_prefers_the_most_specific_name():
    names = ["The Good Old Mask Shop", "Butcher Shop", "Old Mill"]
    assert match_place("head for the mask shop", names) == "The Good Old Mask Shop"
    assert match_place("back to the mill", names) == "Old Mill"
    assert match_place("to the docks", names) is None
