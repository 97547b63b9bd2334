"""A typo the player corrects in the same message, as chat does: "I shove the thig into the pool\\n*thug",
"sacred flame on Crow *Crowe. autocorrect hates pirates", "I serach the crates — search, sorry, fat fingers".
The correction replaces the word it is closest to, and the correcting line, with its apology, is dropped.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

# "*thug" or "— search, sorry": a word or two after a star (not closed, so no *action*) or a dash, at the end.
_STARRED = re.compile(r"(?:^|(?<=\s))\*(?!\*)([A-Za-z][\w']*(?: [A-Za-z][\w']*)?)(?![\w*])(?=[^*\n]*$)[^\n]*$",
                      re.MULTILINE)
_DASHED = re.compile(r"\s[—–-]{1,2}\s*([A-Za-z][\w']*),?\s+(?:sorry|oops|sry|typo|my bad)\b[^\n]*$", re.IGNORECASE)
_HINTED = re.compile(r"\*|sorry|oops|sry|typo|my bad", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][\w']*")
CLOSE = 60.0  # a typed word this close to the correction is the one it corrects


def self_corrected(text: str) -> str:
    """The message with each corrected word put right and the correction dropped."""
    if not _HINTED.search(text):
        return text
    for pattern in (_STARRED, _DASHED):
        found = pattern.search(text)
        if found is None:
            continue
        before, fix = text[:found.start()], found.group(1)
        mended = _mended(before, fix)
        if mended is not None:
            return mended.rstrip()
    return text


def _mended(before: str, fix: str) -> str | None:
    """`before` with the word nearest `fix` replaced by it, or None when no word is near enough."""
    first = fix.split()[0]
    best, where = 0.0, None
    for word in _WORD.finditer(before):
        if word.group().lower() == first.lower():
            continue
        score = fuzz.ratio(word.group().lower(), first.lower())
        if score > best:
            best, where = score, word
    if where is None or best < CLOSE:
        return None
    return before[:where.start()] + fix + before[where.end():]
