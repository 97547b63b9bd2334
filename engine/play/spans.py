"""A rest said by how long it lasts: "we crash for the night", "sit tight for an hour", "lie low through the
night", "kip here till morning". What the party does over a span of hours, with nothing else strongly done,
is the table's way of saying they rest, whatever the slang for the resting."""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.play.classifier import LEXICON, Reading

T = ActionType
SPAN_WEIGHT = 3.0
# A span of the length a rest takes, and the words that make it the act's span ("for", "through", "till").
_SPANS = {"night", "hour", "hours", "overnight", "dawn", "morning", "daybreak", "sunrise", "nightfall"}
_OVER = {"for", "through", "till", "until", "til", "take", "takes", "spend", "spends", "overnight", "all"}
_REACH = 4
# A cue this strong is an act of its own that merely takes the time ("we march through the night").
# Paying for the night buys a room: trade takes less to be the act ("I pay for a room for the night").
_ACT = 3.0
_ACTING = {T.INVENTORY: 2.0}


def rest_span(reading: Reading) -> int | None:
    """The clause that spends a rest's span of time, or None."""
    for index, clause in enumerate(reading.clauses):
        ws = clause.words
        spanned = any(w in _SPANS and (w == "overnight" or set(ws[max(0, j - _REACH):j]) & _OVER)
                      for j, w in enumerate(ws))
        if not spanned:
            continue
        acting = any(t.factor >= 0.5 and not t.noun and any(c.action_type != T.REST and c.weight >= _ACTING.get(
            c.action_type, _ACT) for c in LEXICON[(t.stem,)])
                     for t in reading.tokens if t.clause == index and (t.stem,) in LEXICON)
        negated = any(t.negated for t in reading.tokens if t.clause == index)
        if not acting and not negated:
            return index
    return None
