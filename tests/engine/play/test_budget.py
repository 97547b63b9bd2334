"""Context manager: the budget is never exceeded, priorities hold, and cuts are reported."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInputError
from engine.play.budget import CharEstimate, PromptBudget, truncate_to

PARTY = ["Mira (rogue 1) 9/9 HP AC 14", "Bron (cleric 1) 3/10 HP AC 16, poisoned"]


def build(cm: PromptBudget, **overrides):
    args = dict(style="Grim, terse, second person.", scene="The Rusty Anchor: smoke, dice, a nervous barkeep.",
                party=PARTY, facts=["Bron owes Ilsa five gold"], history=[], rolling_summary="")
    args.update(overrides)
    return cm.build(**args)


def section(usage, name):
    return next(s for s in usage.sections if s.name == name)


def test_everything_fits_in_a_large_window_in_section_order():
    text, usage = build(PromptBudget(window=8000), history=["T2: Bron prays", "T1: Mira sneaks"],
                        rolling_summary="- T0: the party met in Phandalin")
    order = [text.index(h) for h in ("## Style", "## Current scene", "## Party status", "## Relevant facts",
                                      "## Recent history", "## Earlier in the session")]
    assert order == sorted(order)
    assert usage.dropped == [] and usage.used == CharEstimate().count(text)
    assert [s.name for s in usage.sections] == ["style", "scene", "party", "facts", "history", "summary"]
    assert sum(s.tokens for s in usage.sections) == usage.used
    assert usage.estimator == "chars/4" and usage.window == 8000
    assert text.index("T2: Bron") < text.index("T1: Mira")


def test_newest_history_is_kept_first_and_older_entries_reported_dropped():
    history = [f"T{i}: Mira searches crate number {i} and finds nothing" for i in range(50, 0, -1)]
    text, usage = build(PromptBudget(window=600, reserve_for_output=100), history=history)
    hist = section(usage, "history")
    assert 0 < hist.items < 50 and hist.items + hist.dropped_items == 50
    assert "T50:" in text and "T1: " not in text
    assert text.index("T50:") < text.index("T49:")  # newest first
    kept = [f"T{i}:" for i in range(50, 50 - hist.items, -1)]
    assert all(k in text for k in kept)
    assert f"history: {hist.dropped_items} older entries dropped (budget)" in usage.dropped
    assert usage.used <= 500


def test_facts_outrank_history_and_summary_gets_the_remainder():
    facts = [f"Fact {i}: the cellar key is under stone {i}" for i in range(40)]
    history = [f"T{i}: something happened" for i in range(40)]
    text, usage = build(PromptBudget(window=500, reserve_for_output=100), facts=facts, history=history,
                        rolling_summary="Long ago " * 200)
    assert section(usage, "facts").items > 0 and "Fact 0:" in text
    assert any(d.startswith("facts:") and "lower-ranked facts dropped" in d for d in usage.dropped)
    assert any(d.startswith("summary:") for d in usage.dropped)
    assert usage.used <= 400


def test_required_sections_are_truncated_only_when_they_alone_exceed_the_budget():
    text, usage = build(PromptBudget(window=200, reserve_for_output=50), scene="A vast hall. " * 200,
                        history=["T1: hello"])
    assert usage.used <= 150
    assert "## Style" in text and "Grim, terse" in text  # the small required section stays whole
    assert "Mira (rogue 1)" in text
    assert any(d.startswith("scene: truncated") for d in usage.dropped)
    assert section(usage, "history").items == 0


def test_window_smaller_than_reserve_is_rejected():
    with pytest.raises(InvalidInputError, match="larger window"):
        PromptBudget(window=500, reserve_for_output=500)


def test_truncate_to_respects_the_limit_and_marks_the_cut():
    counter = CharEstimate()
    cut = truncate_to("word " * 100, 10, counter)
    assert counter.count(cut) <= 10 and cut.endswith("…")
    assert truncate_to("short", 10, counter) == "short"
    assert truncate_to("anything", 0, counter) == ""


class WordCounter:
    """A counter that is not character-based, to prove the budget does not depend on chars/4."""

    name = "words"

    def count(self, text: str) -> int:
        return len(text.split()) + text.count("#")


lines = st.lists(st.text(min_size=0, max_size=120), max_size=30)


@settings(max_examples=150, deadline=None)
@given(window=st.integers(min_value=1, max_value=3000), reserve=st.integers(min_value=0, max_value=2000),
       style=st.text(max_size=400), scene=st.text(max_size=2000), party=lines, facts=lines, history=lines,
       summary=st.text(max_size=3000), words=st.booleans())
def test_budget_is_never_exceeded(window, reserve, style, scene, party, facts, history, summary, words):
    if window - reserve <= 0:
        return
    counter = WordCounter() if words else CharEstimate()
    cm = PromptBudget(window=window, reserve_for_output=reserve, counter=counter)
    text, usage = cm.build(style=style, scene=scene, party=party, facts=facts, history=history,
                           rolling_summary=summary)
    assert usage.used == counter.count(text) <= window - reserve
    if not words:  # chars/4 is subadditive: the per-section arithmetic alone keeps within budget
        assert not any(d.startswith("context:") for d in usage.dropped)
    for name in ("facts", "history"):
        sec = section(usage, name)
        source = facts if name == "facts" else history
        assert sec.items + sec.dropped_items == len([s for s in source if s.strip()])
        if sec.dropped_items:
            assert any(d.startswith(f"{name}:") for d in usage.dropped)
