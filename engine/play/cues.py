"""Cues a player's words give the rules: which skill or ability, how hard, how many."""

from __future__ import annotations

import re

from engine.models.world import ABILITY_NAMES, SKILLS
from engine.text import stem, words

# Words that imply a skill; looked up by stem (see engine.play.intent.stem), first one in the text wins.
_SKILL_WORDS = {
    "athletics": "climb jump leap swim dive lift force break kick pry scale vault grapple shove push pull haul",
    "acrobatics": "balance tumble flip cartwheel squeeze",
    "stealth": "sneak hide creep tiptoe skulk",
    "sleight_of_hand": "lockpick pickpocket palm disarm disable steal sleight",
    "survival": "track tracks forage navigate hunt",
    "medicine": "stabilize bandage tend diagnose",
    "history": "recall remember",
    "arcana": "glyph glyphs rune runes sigil magic arcane",
    "religion": "pray holy",
    "nature": "plant plants",
    "animal_handling": "calm horse soothe tame",
    "performance": "perform sing dance play",
    "deception": "disguise forge lie bluff deceive trick pretend",
    "persuasion": "persuade convince plead beg negotiate haggle bargain",
    "intimidation": "intimidate threaten menace scare",
    "insight": "insight motive lying honest trust",
    "investigation": "search investigate examine inspect rummage study",
    "perception": "look spot listen peer notice perceive watch scan",
}
_SKILL_VERBS: dict[str, str] = {stem(w): skill for skill, ws in _SKILL_WORDS.items() for w in ws.split()}
_DC_WORDS = [(("very", "easy"), 5), (("very", "hard"), 25), (("nearly", "impossible"), 30), (("easy",), 10),
             (("simple",), 10), (("medium",), 15), (("moderate",), 15), (("tricky",), 15),
             (("hard",), 20), (("difficult",), 20)]
DEFAULT_DC = 12
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "a": 1, "an": 1}


def infer_skill(text: str) -> str | None:
    """The skill a player names ("sleight of hand", "stealth") or implies with a verb ("climb")."""
    lowered = " ".join(words(text))
    for skill in SKILLS:
        if skill.replace("_", " ") in lowered:
            return skill
    if re.search(r"\bpick\b.*\b(lock|pocket)", lowered):
        return "sleight_of_hand"
    for s in (stem(w) for w in words(text)):
        if s in _SKILL_VERBS:
            return _SKILL_VERBS[s]
    return None


def infer_ability(text: str) -> str | None:
    found = [a for w, a in ABILITY_NAMES.items() if w in words(text)]
    return found[0] if found else None


def dc_from_words(text: str, default: int = DEFAULT_DC) -> int:
    """An explicit "DC 14", else easy 10 / medium 15 / hard 20 (very easy 5, very hard 25), else default."""
    explicit = re.search(r"\bdc\s*(\d{1,2})\b", text.lower())
    if explicit:
        return int(explicit.group(1))
    ws = words(text)
    for phrase, dc in _DC_WORDS:
        if any(tuple(ws[i:i + len(phrase)]) == phrase for i in range(len(ws))):
            return dc
    return default


def count_in(text: str, default: int = 1) -> int:
    """A small count named in the text ("two hit dice", "3 arrows")."""
    for w in words(text):
        if w.isdigit():
            return int(w)
        if w in _NUMBER_WORDS and w not in ("a", "an"):
            return _NUMBER_WORDS[w]
    return default
