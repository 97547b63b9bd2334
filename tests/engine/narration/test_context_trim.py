"""The narrator prompt's context, trimmed to fit a window: from a whole line (or word), never half a clue."""

from __future__ import annotations

from engine.narration.prompting import _fit_context

CONTEXT = ("## Earlier in the session\n- T1: the party learned: foreign silver at the Tarred Gull Inn\n"
           "- T2: Osric Vell revealed: he was paid to look the other way\n- T3: the party travelled to the docks")


def test_a_trimmed_context_starts_at_a_whole_line():
    for budget in range(40, len(CONTEXT)):
        text, warnings = _fit_context(CONTEXT, budget)
        body = text.removeprefix("…")
        assert CONTEXT.endswith(body) and len(body) <= budget
        assert body.startswith("- T") or body.startswith("## "), (budget, body[:20])
        assert warnings


def test_a_context_that_fits_is_untouched_and_one_without_lines_keeps_whole_words():
    assert _fit_context(CONTEXT, len(CONTEXT)) == (CONTEXT, [])
    text, _ = _fit_context("alpha beta gamma delta", 9)
    assert text == "…delta"
