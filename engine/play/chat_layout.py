"""How a message is laid out in chat: text struck through (~~like this~~) is taken back, and a turn planned as
a list ("1. ...", "- ...", "a) ...", one step a line) is one turn, each line a clause of its own.

Applied to the words before they are read, so every later stage sees plain sentences."""

from __future__ import annotations

import re

from engine.play.code_typed import as_prose
from engine.play.self_corrections import self_corrected

_STRUCK = re.compile(r"~~.*?~~", re.DOTALL)
# A list marker opening a line: "1.", "2)", "(3)", "a)", "b.", "-", "*", "•", ">".
_MARKER = re.compile(r"^\s*(?:\(?\d{1,2}[.):]|\(?[a-h][.)]|[-*•+>])\s+")
_FIRST = re.compile(r"^\s*\(?1[.)]\s")
_NEXT = re.compile(r"\s+(?=\(?(?:[2-9]|1\d)[.)]\s)")
_ENDED = (".", "!", "?", ",", ";", ":")
_CHAT_LINE_WORDS = 10


def _chat_lines(lines: list[str]) -> bool:
    """Short lines sent one after another, as chat is typed: each is a piece of the turn, not a wrapped
    line of a paragraph (those run long)."""
    return len(lines) > 1 and all(len(line.split()) <= _CHAT_LINE_WORDS for line in lines)


def laid_out(text: str) -> str:
    """The message with code syntax read off into words, struck text dropped, typos it corrects put right,
    and, in a list, each line ended as a clause."""
    text = self_corrected(as_prose(text))
    if "~~" in text:
        text = _STRUCK.sub(" ", text)
    if _FIRST.match(text) and _NEXT.search(text):
        text = _NEXT.sub("\n", text)  # "1. swing at the thug 2. swing again 3. potion": a list typed on one line
    if "\n" not in text:
        return text
    lines = [line for line in text.splitlines() if line.strip()]
    if not any(_MARKER.match(line) for line in lines) and not _chat_lines(lines):
        return text  # a paragraph wrapped over lines: its breaks end nothing
    # Steps end in ";": clauses of one turn, not sentences of a told scene (see `deciding.told_paragraph`).
    steps = [_MARKER.sub("", line).strip() for line in lines]
    marked = all(_MARKER.match(line) for line in lines)
    # Each step after the first comes next, as "then" would say ("1. swing 2. swing again 3. potion").
    return " ".join((f"then {step}" if i and marked else step) + ("" if step.endswith(_ENDED) else ";")
                    for i, step in enumerate(steps))


def laid_out_as_steps(text: str) -> bool:
    """Whether `laid_out` made this text from a list: its steps each closed by ";"."""
    return text.rstrip().endswith(";") and text.count(";") > 1
