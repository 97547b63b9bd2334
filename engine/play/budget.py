"""Prompt budget: fits what a narrator sees into a token budget and reports what was cut."""

from __future__ import annotations

import math
from typing import Protocol, runtime_checkable

from engine.errors import InvalidInputError
from engine.models.session import ContextSection, ContextUsage

_SEPARATOR = "\n\n"
_ELLIPSIS = "…"
_HEADERS = {
    "style": "## Style", "scene": "## Current scene", "party": "## Party status",
    "facts": "## Relevant facts", "history": "## Recent history (newest first)",
    "summary": "## Earlier in the session",
}
_REQUIRED = ("style", "scene", "party")


@runtime_checkable
class TokenCounter(Protocol):
    name: str

    def count(self, text: str) -> int:
        ...


class CharEstimate:
    """Estimate tokens as ceil(len(text) / 4).

    Why: the engine must work offline with no tokenizer dependency, and common BPE tokenizers
    average about four characters per token on English prose. The estimate is subadditive
    (the count of joined pieces never exceeds the sum of their counts), which the budget
    arithmetic relies on; a provider's real counts are reported separately in ContextUsage.
    """

    name = "chars/4"

    def count(self, text: str) -> int:
        return math.ceil(len(text) / 4)


def truncate_to(text: str, tokens: int, counter: TokenCounter) -> str:
    """The longest prefix of `text` (ending in an ellipsis when cut) that counts as at most `tokens`."""
    if counter.count(text) <= tokens:
        return text
    if tokens <= 0:
        return ""
    # Binary search keeps the invariant "prefix `lo` fits", so any counter gives a fitting answer.
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if counter.count(text[:mid].rstrip() + _ELLIPSIS) <= tokens:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    if lo < len(text) and not text[lo].isspace():  # never a word cut in two: back to the last whole word
        space = max(cut.rfind(" "), cut.rfind("\n"))
        cut = cut[:space] if space > 0 else ""
    cut = cut.rstrip()
    return cut + _ELLIPSIS if cut else ""


class PromptBudget:
    """Builds the narrator's context: style, scene, party, facts, history (newest first), summary.

    The budget is `window - reserve_for_output`. Style, scene and party are required: they are only
    truncated when they alone exceed the budget. Facts and history come in priority order (facts
    best first, history NEWEST FIRST) and are added item by item while they fit, so what is cut is
    always the lowest-ranked facts and the oldest entries; the rolling summary of older history
    gets whatever is left.
    """

    def __init__(self, window: int = 8000, counter: TokenCounter | None = None,
                 reserve_for_output: int = 800) -> None:
        if reserve_for_output < 0 or window - reserve_for_output <= 0:
            raise InvalidInputError(
                f"Context window {window} leaves no room after reserving {reserve_for_output} tokens "
                "for output; use a larger window or a smaller reserve.")
        self.window = window
        self.reserve_for_output = reserve_for_output
        self.counter: TokenCounter = counter or CharEstimate()

    @property
    def budget(self) -> int:
        return self.window - self.reserve_for_output

    def _block(self, name: str, body: str, first: bool) -> str:
        return ("" if first else _SEPARATOR) + _HEADERS[name] + "\n" + body

    def build(self, *, style: str, scene: str, party: list[str], facts: list[str], history: list[str],
              rolling_summary: str) -> tuple[str, ContextUsage]:
        """Return the context text and its usage; the text never counts more than the budget."""
        count = self.counter.count
        dropped: list[str] = []
        bodies: dict[str, str] = {}
        items: dict[str, tuple[int, int]] = {}
        required = {"style": style.strip(), "scene": scene.strip(),
                    "party": "\n".join(p.strip() for p in party if p.strip())}
        # Every block is costed as if it came after another one (with the separator): an upper bound.
        costs = {n: count(self._block(n, b, first=False)) if b else 0 for n, b in required.items()}
        remaining = self.budget
        if sum(costs.values()) > remaining:
            allowed = self._fair_shares(costs, remaining)
            for name in _REQUIRED:
                if costs[name] > allowed[name]:
                    head = count(self._block(name, "", first=False))
                    body = truncate_to(required[name], allowed[name] - head, self.counter)
                    required[name] = body
                    costs[name] = count(self._block(name, body, first=False)) if body else 0
                    dropped.append(f"{name}: truncated to {costs[name]} tokens (required sections exceed "
                                   f"the budget of {self.budget})")
        for name in _REQUIRED:
            if required[name]:
                bodies[name] = required[name]
            items[name] = (1 if required[name] else 0, 0)
            remaining -= costs[name]
        history_newest = [h.strip() for h in history if h.strip()]
        for name, entries, what in (("facts", [f.strip() for f in facts if f.strip()], "lower-ranked facts"),
                                    ("history", history_newest, "older entries")):
            kept, remaining = self._fill(name, entries, remaining)
            if kept:
                bodies[name] = "\n".join(kept)
            items[name] = (len(kept), len(entries) - len(kept))
            if len(entries) > len(kept):
                dropped.append(f"{name}: {len(entries) - len(kept)} {what} dropped (budget)")
        summary = rolling_summary.strip()
        if summary:
            head = count(self._block("summary", "", first=False))
            cut, left = self._latest_lines(summary, remaining - head) if remaining > head else ("", 1)
            if cut:
                bodies["summary"] = cut
            if cut != summary:
                dropped.append("summary: " + (f"{left} earlier line(s) left out (budget)" if cut
                                              else "dropped, no budget left"))
            items["summary"] = (1 if cut else 0, 0 if cut else 1)
        else:
            items["summary"] = (0, 0)
        text = self._join(bodies)
        if count(text) > self.budget:  # only a counter that is not subadditive can get here
            text = truncate_to(text, self.budget, self.counter)
            dropped.append(f"context: cut to the budget of {self.budget} tokens (token counter)")
        return text, self._usage(bodies, items, dropped, text)

    def _latest_lines(self, summary: str, tokens: int) -> tuple[str, int]:
        """The summary's newest whole lines that fit in `tokens`, under a line saying how many earlier ones
        were left out; a summary of one line too long for the room is cut at a word, never inside one."""
        lines = [line for line in summary.splitlines() if line.strip()]
        count = self.counter.count
        kept: list[str] = []
        for line in reversed(lines):
            left = len(lines) - len(kept) - 1
            note = [f"({left} earlier line{'' if left == 1 else 's'} left out.)"] if left else []
            if count("\n".join(note + [line] + kept)) > tokens:
                break
            kept.insert(0, line)
        left = len(lines) - len(kept)
        if not kept:  # not even the newest line fits whole: its first words, cut between two
            cut = truncate_to(lines[-1].strip(), tokens, self.counter) if lines else ""
            return cut, len(lines) - (1 if cut else 0)
        note = [f"({left} earlier line{'' if left == 1 else 's'} left out.)"] if left else []
        return "\n".join(note + kept), left

    @staticmethod
    def _fair_shares(costs: dict[str, int], budget: int) -> dict[str, int]:
        """Split the budget so small required sections stay whole and large ones share the rest."""
        shares: dict[str, int] = {}
        left = budget
        ordered = sorted(costs, key=lambda n: costs[n])
        for i, name in enumerate(ordered):
            shares[name] = min(costs[name], left // (len(ordered) - i))
            left -= shares[name]
        return shares

    def _fill(self, name: str, entries: list[str], remaining: int) -> tuple[list[str], int]:
        if not entries:
            return [], remaining
        head = self.counter.count(self._block(name, "", first=False))
        if head >= remaining:
            return [], remaining
        kept: list[str] = []
        spent = head
        for entry in entries:
            cost = self.counter.count("\n" + entry)
            if spent + cost > remaining:
                break
            kept.append(entry)
            spent += cost
        return kept, remaining - spent if kept else remaining

    def _join(self, bodies: dict[str, str]) -> str:
        blocks = [self._block(name, bodies[name], first=i == 0)
                  for i, name in enumerate(n for n in _HEADERS if n in bodies)]
        return "".join(blocks)

    def _usage(self, bodies: dict[str, str], items: dict[str, tuple[int, int]], dropped: list[str],
               text: str) -> ContextUsage:
        # Each section's tokens are the growth of the running total, so the sections add up to `used`.
        sections: list[ContextSection] = []
        shown: dict[str, str] = {}
        previous = 0
        for name in _HEADERS:
            tokens = 0
            if name in bodies:
                shown[name] = bodies[name]
                total = self.counter.count(self._join(shown))
                tokens, previous = max(total - previous, 0), total
            kept, lost = items.get(name, (0, 0))
            sections.append(ContextSection(name=name, tokens=tokens, items=kept, dropped_items=lost))
        return ContextUsage(window=self.window, used=self.counter.count(text), sections=sections,
                            dropped=dropped, estimator=self.counter.name)
