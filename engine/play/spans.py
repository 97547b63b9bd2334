"""A rest said by how long it lasts: "we crash for the night", "sit tight for an hour", "lie low through the
night", "kip here till morning". What the party does over a span of hours, with nothing else strongly done,
is the table's way of saying they rest, whatever the slang for the resting."""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.play.cue_keys import LEXICON
from engine.play.reading import Reading
from engine.text import stem

T = ActionType
SPAN_WEIGHT = 3.0
# A span of the length a rest takes, and the words that make it the act's span ("for", "through", "till").
_SPANS = {"night", "hour", "hours", "overnight", "dawn", "morning", "daybreak", "sunrise", "nightfall"}
_OVER = {"for", "through", "till", "until", "til", "take", "takes", "spend", "spends", "overnight", "all"}
_COUNTS = {"a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve", "few",
           "couple", "1", "2", "4", "6", "8", "10", "12"}
_REACH = 4
# "a room for the night", "a bed till morning": the span is how long the lodging is had, asked for or bought.
_LODGING = {"room", "bed", "berth", "bunk", "cot", "rooms", "beds"}
# A cue this strong is an act of its own that merely takes the time ("we march through the night").
# Paying for the night buys a room: trade takes less to be the act ("I pay for a room for the night").
_ACT = 3.0
_ACTING = {T.INVENTORY: 2.0}
_TENDING = {stem(w) for w in ("bandage", "bandages", "tend", "stitch", "heal", "recover", "recuperate", "stabilize", "stabilise")}
_TENDING_VERBS = {stem(w) for w in ("bind", "patch", "dress", "treat", "clean", "lick", "nurse", "wrap", "fix")}
_WATCHING = {stem(w) for w in ("watch", "watches", "guard", "lookout")}
# "swap at midnight", "switch over at dawn", "trade off every two hours": handing the watch on.
_TURNS = {stem(w) for w in ("swap", "switch", "change", "trade", "rotate")}
_TURNED_AT = {"at", "over", "off", "watches", "watch", "shifts", "places", "round", "around", "every", "after"}
_WOUNDS = {stem(w) for w in ("wound", "wounds", "cuts", "injuries", "ourselves", "themselves", "up", "scrapes")}


def tended(reading: Reading) -> set[tuple[int, ActionType]]:
    """Clauses that tend wounds ("bind our wounds", "patch ourselves up"), keep watch or hand it on ("swap at
    midnight"), with the kind they would be on their own: over a rest, they are how the rest is spent."""
    tending = {t.clause for t in reading.tokens if t.factor > 0 and t.stem in _TENDING} | {
        t.clause for i, t in enumerate(reading.tokens) if t.stem in _TENDING_VERBS
        and any(x.stem in _WOUNDS for x in reading.tokens[i + 1:i + 4] if x.clause == t.clause)}
    watching = {t.clause for t in reading.tokens if t.factor > 0 and t.stem in _WATCHING}
    turns = {t.clause for i, t in enumerate(reading.tokens) if t.factor > 0 and t.stem in _TURNS and (
        i + 1 == len(reading.tokens) or reading.tokens[i + 1].clause != t.clause
        or reading.tokens[i + 1].word in _TURNED_AT)}
    return {(c, T.SKILL_CHECK) for c in tending} | {(c, T.EXPLORATION) for c in watching} | {
        (c, T.INVENTORY) for c in turns}


def rest_span(reading: Reading) -> int | None:
    """The clause that spends a rest's span of time, or None."""
    for index, clause in enumerate(reading.clauses):
        if clause.question or clause.asked or clause.recounted:
            continue  # "like +1 CON for an hour?", "Pim said two hours": a span asked about or told is spent on nothing
        if all(t.factor == 0 for t in reading.tokens if t.clause == index):
            continue  # a clause quietened (said to the table): "OOC: ... we've got all night" spends no time
        ws = clause.words
        owned = {t.word for t in reading.tokens if t.clause == index and t.possessive}  # "the night's watch"
        spanned = any(w in _SPANS and w not in owned and (w == "overnight" or set(ws[max(0, j - _REACH):j]) & _OVER
                                       or w.startswith("hour") and j > 0 and ws[j - 1] in _COUNTS)
                      and not set(ws[max(0, j - _REACH):j]) & _LODGING
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
