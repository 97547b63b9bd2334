"""The second opinion on the kind of act: learned from the tuned halves only, it overrules the rules only
when fairly sure of one plain kind, and what it chooses is what gets routed. The routing tests give it
made-up weights, so they say what the mechanism does whatever the trained weights happen to hold."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from engine.models.intent import IntentKind
from engine.play import second_opinion
from engine.play.intent import parse, rule_view
from engine.play.second_opinion import LEARNED, SURE, WEIGHTS_FILE, RuleView, reconsidered
from tests.engine.play.blind_sets import split, training_cases, training_digest
from tests.engine.play.blind_world import case_world

KINDS = ("combat", "exploration", "mixed", "puzzle", "question", "roleplay")


def _world(location: str = "Drowned Chapel"):
    return case_world({"location": location, "in_combat": False, "enemies": [], "actor": "Idris"})


def _leaning(word: str, kind: str, strength: float):
    """A model that knows one word and, on seeing it, leans to `kind` by `strength` (logits)."""
    weights = {f"w={word}": tuple(strength if k == kind else 0.0 for k in KINDS)}
    return lambda: (KINDS, weights, tuple(0.0 for _ in KINDS))


def test_the_weights_were_learned_from_the_tuned_halves_only() -> None:
    shipped = json.loads(resources.files("engine.play").joinpath(WEIGHTS_FILE).read_text())
    cases = training_cases()
    # Retrain (bench/train_second_opinion.py) when a set is added or a label changes.
    assert shipped["trained_on"] == training_digest(cases)
    assert shipped["sentences"] == len(cases)
    held = {c["text"] for n in {c["_set"] for c in cases} if n > 2 for c in split(n)[1]}
    assert not held & {c["text"] for c in cases}


def test_a_sure_opinion_of_another_kind_is_what_gets_routed(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "I study the lantern-carved font"
    assert parse(text, _world(), "Idris").kind != "puzzle"  # control: the rules read it otherwise
    monkeypatch.setattr(second_opinion, "_model", _leaning("font", "puzzle", 4.0))
    intent = parse(text, _world(), "Idris")
    assert intent.kind == "puzzle" and intent.action_type.value == "puzzle"
    assert f"{LEARNED}puzzle" in intent.matched


def test_a_question_chosen_by_the_model_rolls_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(second_opinion, "_model", _leaning("font", "question", 4.0))
    intent = parse("I study the lantern-carved font", _world(), "Idris")
    assert (intent.kind, intent.question, intent.action_type.value) == ("question", True, "exploration")


@pytest.mark.parametrize("kind, strength", [("mixed", 6.0), ("puzzle", 0.5)])
def test_the_rules_stand_when_the_model_says_mixed_or_is_unsure(monkeypatch: pytest.MonkeyPatch, kind: str,
                                                                strength: float) -> None:
    text = "I study the lantern-carved font"
    ruled = rule_view(text, _world(), "Idris").kinds
    monkeypatch.setattr(second_opinion, "_model", _leaning("font", kind, strength))
    view = RuleView(text, ruled, (), 1.0, False)
    assert second_opinion.opinion(view)[0].value == kind
    assert reconsidered(view) is None
    assert parse(text, _world(), "Idris").kind == ruled[0].value


def test_sure_is_more_likely_than_not() -> None:
    assert 0.5 <= SURE < 1.0


def test_without_weights_the_rules_alone_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(second_opinion, "_model", lambda: None)
    text = "we go down to the wrecker caves"
    assert parse(text, _world("Kettlecove Docks"), "Bram").kind == IntentKind.EXPLORATION
    assert rule_view(text, _world("Kettlecove Docks"), "Bram").kinds == (IntentKind.EXPLORATION,)


# "check the coin tin" leads its clause too faintly for the rules to make it an act of its own.
TWO_ACTS = "i ask hesper about vell and check the coin tin while she talks"


def test_a_sure_mixed_restores_the_faint_second_act_in_the_order_said(monkeypatch: pytest.MonkeyPatch) -> None:
    inn = _world("The Tarred Gull Inn")
    monkeypatch.setattr(second_opinion, "_model", lambda: None)
    assert parse(TWO_ACTS, inn, "Wren").kind == "roleplay"  # control: the rules alone read one act
    monkeypatch.setattr(second_opinion, "_model", _leaning("tin", "mixed", 4.0))
    intent = parse(TWO_ACTS, inn, "Wren")
    assert intent.kind == "mixed" and f"{LEARNED}mixed" in intent.matched
    assert [p.kind for p in intent.parts] == ["roleplay", "exploration"]
    assert (intent.target, intent.parts[0].target) == ("Hesper Quill", "Hesper Quill")
    assert [c.value for c in intent.components] == ["roleplay", "exploration"]


def test_an_unsure_mixed_leaves_the_one_act(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(second_opinion, "_model", _leaning("tin", "mixed", 0.5))
    assert parse(TWO_ACTS, _world("The Tarred Gull Inn"), "Wren").kind == "roleplay"


def test_two_acts_need_a_second_kind_the_rules_saw(monkeypatch: pytest.MonkeyPatch) -> None:
    inn = _world("The Tarred Gull Inn")
    view = rule_view(TWO_ACTS, inn, "Wren")
    assert view.leaders == (IntentKind.ROLEPLAY, IntentKind.EXPLORATION)
    assert second_opinion.two_acts(view, IntentKind.MIXED, 0.9) == (IntentKind.ROLEPLAY, IntentKind.EXPLORATION)
    alone = RuleView(view.text, view.kinds, view.matched, view.confidence, False, (IntentKind.ROLEPLAY,))
    assert second_opinion.two_acts(alone, IntentKind.MIXED, 0.9) is None
    # A second act said first comes first.
    first = RuleView(view.text, (IntentKind.ROLEPLAY,), (), 1.0, False, (IntentKind.EXPLORATION, IntentKind.ROLEPLAY))
    assert second_opinion.two_acts(first, IntentKind.MIXED, 0.9) == (IntentKind.EXPLORATION, IntentKind.ROLEPLAY)
