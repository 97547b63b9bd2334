"""Lists a person reads in a hurry (recaps, summaries, the narrator's memory of earlier turns): each item
whole, each once, the most important first. What does not fit is left out whole, and counted, never cut
mid-word: a clue cut to "foreign silver: Si…" misleads more than a clue left out.
"""

from __future__ import annotations

import re

from engine.text import normal_words

ELLIPSIS = "…"
_TURNS = re.compile(r"^(?:- )?T\d+(?:-\d+)?: ")
# A short label before the item's substance ("Hesper Quill revealed: ...", "the party learned: ...").
_LABEL = re.compile(r"^[^:]{1,60}: ")
_FILLER = frozenset("the a an of to and in on at is was were it its that this".split())
NEAR = 0.8


def whole_words(text: str, limit: int) -> str:
    """`text` when it fits in `limit` characters, else its longest run of whole words that fits with an
    ellipsis; empty when not even the first word fits."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:max(limit - len(ELLIPSIS), 0) + 1]
    space = cut.rfind(" ")
    if space <= 0:
        return ""
    return cut[:space].rstrip(" ,;:—-") + ELLIPSIS


def _content(text: str) -> frozenset[str]:
    return frozenset(w for w in normal_words(text) if w not in _FILLER)


def _key(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the item's words, the words of its substance after any label), turn numbers left out."""
    body = _TURNS.sub("", text.strip())
    return _content(body), _content(_LABEL.sub("", body, count=1))


def _alike(a: frozenset[str], b: frozenset[str]) -> bool:
    if not a or not b:
        return a == b
    return len(a & b) / len(a | b) >= NEAR


def same_item(a: str, b: str) -> bool:
    """Near-identical: the same words (or the same substance under another label: "X revealed: S" and
    "the party learned: S"), turn numbers and small words aside."""
    (whole_a, body_a), (whole_b, body_b) = _key(a), _key(b)
    return _alike(whole_a, whole_b) or (min(len(body_a), len(body_b)) >= 3 and _alike(body_a, body_b))


def pick(items: list[str], limit: int | None = None) -> tuple[list[int], int]:
    """Indexes of the items to keep, in the given order (most important first): each near-identical item
    once (the first), at most `limit` of them. Returns (kept indexes, how many distinct items were left out)."""
    kept: list[int] = []
    keys: list[tuple[frozenset[str], frozenset[str]]] = []
    # Items past the limit are told apart by their exact words only: comparing each with every other one
    # would cost the square of a long session's notes.
    beyond: set[frozenset[str]] = set()
    for i, item in enumerate(items):
        whole, body = _key(item)
        if any(_alike(whole, w) or (min(len(body), len(b)) >= 3 and _alike(body, b)) for w, b in keys):
            continue
        if limit is not None and len(kept) >= limit:
            beyond.add(whole)
            continue
        kept.append(i)
        keys.append((whole, body))
    return kept, len(beyond)


def fit(items: list[str], max_chars: int, sep: str = "\n") -> tuple[list[str], int]:
    """The items (in order) that fit whole within `max_chars` joined by `sep`; the rest are skipped whole.
    Returns (kept, how many were left out)."""
    kept: list[str] = []
    used = 0
    for item in items:
        cost = len(item) + (len(sep) if kept else 0)
        if used + cost <= max_chars:
            kept.append(item)
            used += cost
    return kept, len(items) - len(kept)


def left_out(count: int, noun: str = "item") -> str:
    return f"({count} more {noun}{'' if count == 1 else 's'} left out.)" if count else ""
