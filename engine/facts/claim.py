"""One claim a fact makes: (subject, attribute, value, polarity, time)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class Claim:
    subject: frozenset[str]  # the subject's words, singular: matched by inclusion ("Vell's drawer" in "...")
    heads: tuple[str, ...]  # index keys: the head noun, or every word of a name
    label: str  # the subject as written, for messages
    attribute: str  # "lock", "colour", "qty:have", "pred:read", "loc", ...
    value: object  # str | frozenset | (noun, low, high) | (value, other subject words)
    positive: bool = True
    tense: str = "present"  # "past" | "present" | "future"
    anchors: frozenset[str] = frozenset()  # explicit times ("midnight", "yesterday", "night wreck")
    change: bool = False  # an event that changes the state ("Bram unlocked the door"), not a standing state

    def family(self) -> str:
        return self.attribute.split(":", 1)[0]
