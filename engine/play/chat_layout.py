"""How a message is laid out in chat: text struck through (~~like this~~) is taken back, and a turn planned as
a list ("1. ...", "- ...", "a) ...", one step a line) is one turn, each line a clause of its own.

Applied to the words before they are read, so every later stage sees plain sentences."""

from __future__ import annotations

import re

_STRUCK = re.compile(r"~~.*?~~", re.DOTALL)
# A list marker opening a line: "1.", "2)", "(3)", "a)", "b.", "-", "*", "•", ">".
_MARKER = re.compile(r"^\s*(?:\(?\d{1,2}[.):]|\(?[a-h][.)]|[-*•+>])\s+")
_ENDED = (".", "!", "?", ",", ";", ":")
_CHAT_LINE_WORDS = 10


def _chat_lines(lines: list[str]) -> bool:
    """Short lines sent one after another, as chat is typed: each is a piece of the turn, not a wrapped
    line of a paragraph (those run long)."""
    return len(lines) > 1 and all(len(line.split()) <= _CHAT_LINE_WORDS for line in lines)


def laid_out(text: str) -> str:
    """The message with struck text dropped and, in a list, each line ended as a clause."""
    if "~~" in text:
        text = _STRUCK.sub(" ", text)
    if "\n" not in text:
        return text
    lines = [line for line in text.splitlines() if line.strip()]
    if not any(_MARKER.match(line) for line in lines) and not _chat_lines(lines):
        return text  # a paragraph wrapped over lines: its breaks end nothing
    # Steps end in ";": clauses of one turn, not sentences of a told scene (see `deciding.told_paragraph`).
    steps = [_MARKER.sub("", line).strip() for line in lines]
    return " ".join(step if step.endswith(_ENDED) else step + ";" for step in steps)
