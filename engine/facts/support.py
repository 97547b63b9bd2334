"""Whether recorded facts say what a sentence claims: how a quest condition on a fact is met.

The opposite of a contradiction: same subject (one phrase includes the other), same attribute, same
polarity, and the wanted value held (equal, or for a set of words, all of them present). Tense is
ignored: "the party learned the words" supports "the party knows the words" no less for being past.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.facts.claim import Claim
from engine.facts.clash import same_subject


def holds(have: Claim, want: Claim) -> bool:
    if have.attribute != want.attribute or have.positive != want.positive or not same_subject(have, want):
        return False
    if isinstance(want.value, frozenset) and isinstance(have.value, frozenset):
        return want.value <= have.value
    return have.value == want.value


def entails(have: Sequence[Claim], wanted: Sequence[Claim]) -> bool:
    """Every wanted claim is made by one of `have`; nothing wanted entails nothing."""
    return bool(wanted) and all(any(holds(h, w) for h in have) for w in wanted)
