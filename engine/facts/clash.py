"""When two claims contradict: same subject and attribute, incompatible values, overlapping times.

Time is read coarsely on purpose: explicit anchors ("at midnight", "yesterday") decide when both claims
have one; otherwise tense does ("was in Eastwatch" then "is in Millbrook" is a move), except for values
that time cannot undo (dead, destroyed) and for what never changes (race, colour, family). A claim that
records a change ("Bram unlocked the door") is news, not a clash, unless it happened "now" against a
present-tense state recorded in the same turn.
"""

from __future__ import annotations

from engine.facts import lexicon as lx
from engine.facts.claim import Claim

# Attributes whose value does not change with time: a past and a present claim still compare.
PERMANENT = frozenset({"race", "colour", "material", "children", "siblings", "order", "dir", "when", "honesty"})
_RANGED = frozenset({"qty", "children", "siblings", "age"})
_SETS = frozenset({"pred", "loc", "colour", "material"})


def same_subject(a: Claim, b: Claim) -> bool:
    """Same head, and one phrase includes the other: "the door" is "the lamp room door", "the north gate"
    is not "the south gate"."""
    return not set(a.heads).isdisjoint(b.heads) and (a.subject <= b.subject or b.subject <= a.subject)


def clash(old: Claim, new: Claim, later: bool) -> str | None:
    """Why `new` contradicts `old`, or None. `later`: new was recorded in a later turn than old."""
    if old.attribute != new.attribute or not same_subject(old, new):
        return None
    if old.change or new.change:
        state = new if old.change else old
        if old.change == new.change or later or state.tense != "present" or old.anchors or new.anchors:
            return None
        return _values(old, new)
    if not _overlap(old, new, later):
        return None
    return _values(old, new)


def _overlap(old: Claim, new: Claim, later: bool) -> bool:
    family = old.family()
    if family in PERMANENT:
        return True
    old_tense = "past" if later else old.tense
    if family == "pred":
        if old.positive == new.positive:
            return True
        negative_tense, positive_tense = (old_tense, new.tense) if not old.positive else (new.tense, old_tense)
        return not (negative_tense == "past" and positive_tense != "past")  # "did not know", now knows
    if old.anchors and new.anchors:
        return not old.anchors.isdisjoint(new.anchors)
    absorbing = lx.ABSORBING.get(family)
    if absorbing and (old.value == absorbing) != (new.value == absorbing):
        final_tense, other_tense = (old_tense, new.tense) if old.value == absorbing else (new.tense, old_tense)
        return not (other_tense == "past" and final_tense != "past")  # alive, then dead: news
    return old_tense == new.tense


def _values(old: Claim, new: Claim) -> str | None:
    family = old.family()
    a, b = old.value, new.value
    label = new.label
    if family in _RANGED:
        (noun_a, low_a, high_a), (noun_b, low_b, high_b) = a, b  # type: ignore[misc]
        if noun_a != noun_b and "*" not in (noun_a, noun_b) or not (high_a < low_b or high_b < low_a):
            return None
        what = f"{family} of {label}" if family != "qty" else f"the number of {noun_b if noun_b != '*' else noun_a}"
        return f"{what} changed from {_span(low_a, high_a)} to {_span(low_b, high_b)}"
    if family in _SETS:
        if old.positive != new.positive:
            negative, positive = (old, new) if not old.positive else (new, old)
            if negative.value <= positive.value:  # type: ignore[operator]
                return "one states what the other denies"
            return None
        if family == "pred":
            return None
        if family == "loc":
            sides_a, sides_b = a & lx.SIDE_WORDS, b & lx.SIDE_WORDS  # type: ignore[operator]
            if a.isdisjoint(b) or (sides_a and sides_b and sides_a != sides_b):  # type: ignore[union-attr]
                return f"{label} is placed at {_words(b)!r} here but at {_words(a)!r} there"
            return None
        if a.isdisjoint(b):  # type: ignore[union-attr]
            return f"{label} is {family} {_words(b)} here but {_words(a)} there"
        return None
    if family == "when":
        if a.isdisjoint(b):  # type: ignore[union-attr]
            return f"{label} happened at {_words(b)} here but at {_words(a)} there"
        return None
    if family in ("dir", "stance"):
        (value_a, other_a), (value_b, other_b) = a, b  # type: ignore[misc]
        if not (other_a <= other_b or other_b <= other_a) or old.positive != new.positive:
            return None
        opposed = lx.CONVERSE.get(value_a) == value_b if family == "dir" else value_a != value_b
        return f"{label} cannot be both {value_b} and {value_a} of {_words(other_b) or 'them'}" if opposed else None
    if old.positive != new.positive:
        return f"one says {label} is {b}, the other denies it" if a == b else None
    if a != b and {a, b} != {"full", "nonempty"}:
        return f"{label} cannot be both {b} and {a}"
    return None


def _words(value: object) -> str:
    return " ".join(sorted(value)) if isinstance(value, frozenset) else str(value)


def _span(low: int, high: int) -> str:
    if low == high:
        return str(low)
    return f"at least {low}" if high >= 10**9 else f"{low}-{high}"
