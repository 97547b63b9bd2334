"""Courtly, archaic and dropped-letter English read as today's: "thou", "smiteth", "mine ear", "ere we
knock", "'avin' a gander".

Players who roleplay in the high style write the same acts in older forms. The words the rules know are
today's, so the old forms are put into them before anything is read: a pronoun or a verb ending, never a
word of the world's ("the Merrow's Luck" stays as written). A word that is English as it stands ("rest",
"chest", "beneath") keeps its ending.
"""

from __future__ import annotations

import re

from engine.play.cue_keys import is_verb
from engine.play.typos import is_english

# Old words and the words that say the same today.
_TODAYS = {
    "thee": "you", "thou": "you", "thy": "your", "thine": "your", "hath": "has", "doth": "does",
    "dost": "do", "shalt": "shall", "wilt": "will", "canst": "can", "wouldst": "would", "couldst": "could",
    "shouldst": "should", "hast": "have", "art": "are", "unto": "to", "ere": "before", "whilst": "while",
    "mayhap": "maybe", "perchance": "maybe", "prithee": "please", "hither": "here", "thither": "there",
    "yonder": "that", "yon": "that", "nay": "no", "aye": "yes", "hearken": "listen",
    "'tis": "it's", "tis": "it's", "betwixt": "between", "anon": "soon", "forsooth": "truly",
    "wherefore": "why", "afore": "before", "oop": "up",
}
# "art" is a noun after anything but "thou" ("the art on the wall").
_ONLY_AFTER = {"art": {"thou", "you"}}
_ENDINGS = ("eth", "est", "st")


def _todays_verb(word: str) -> str | None:
    """"speakest" -> "speak", "maketh" -> "make", "goeth" -> "go": an old verb ending taken off."""
    if len(word) < 5 or not word.endswith(_ENDINGS) or is_english(word):
        return None  # the ending first: every word of every message passes here
    for ending in _ENDINGS:
        if word.endswith(ending):
            root = word[: -len(ending)]
            for candidate in (root + "e", root):  # "smiteth" is "smite", not "smit"
                if len(candidate) >= 2 and is_english(candidate) and is_verb(candidate):
                    return candidate
    return None


def modernised(raw: list[str]) -> list[str]:
    """The words of a message with the old forms put into today's ("mine ear" -> "my ear")."""
    out: list[str] = []
    for i, word in enumerate(raw):
        nxt = raw[i + 1] if i + 1 < len(raw) else ""
        if word in _TODAYS and (word not in _ONLY_AFTER or out[-1:] and out[-1] in _ONLY_AFTER[word]):
            out.append(_TODAYS[word])
        elif word == "mine" and nxt.isalpha() and nxt not in ("own", "and", "or", "is", "too"):
            out.append("my")  # "mine ear", "mine studies"; "the key is mine" keeps it
        else:
            out.append(_todays_verb(word) or word)
    return out


# A word said with its h or g dropped and an apostrophe in their place: "'avin'", "'angin'", "climbin'".
_THE = re.compile(r"(?<![a-z])t'(?=[a-z])")  # Yorkshire "t'lighthouse": the article run on
_ELIDED = re.compile(r"(?<![a-z0-9])(')?([a-z]+)(')?(?![a-z])")


def restored_elisions(text: str) -> str:
    """The lower-cased text with dropped letters put back where the apostrophe stands for them ("'avin' a
    gander" -> "having a gander"), so that the apostrophes are not read as single quotes. Only a word that is
    not English as typed and is English restored: "'old man'" and "'is that allowed'" stay quotes."""
    def put_back(match: re.Match[str]) -> str:
        before, word, after = match.group(1) or "", match.group(2), match.group(3) or ""
        if not (before or after) or is_english(word):
            return match.group(0)
        heads = ("h",) if before else ("",)
        tails = ("g", "") if after and word.endswith("in") else ("",)
        for head in heads:
            for tail in tails:
                if is_english(head + word + tail):
                    return head + word + tail
        return match.group(0)

    return _ELIDED.sub(put_back, _THE.sub("the ", text))
