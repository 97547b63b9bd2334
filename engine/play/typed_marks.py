"""How a message is typed: the marks players use for who it is for and how its parts join.

A chat tag or the DM hailed ("/w DM", "hey DM,", "Q:") sends it to the DM; dictated punctuation
("period") is put back; arrows, plus signs, dashes and starred acts split it into steps. What is left
is plain text for the reader in engine.play.classifier.
"""

from __future__ import annotations

import re

from engine.play.cue_keys import LEXICON, cue_stem, is_verb
from engine.play.typos import unjoined

# A chat command or tag that sends the message to the DM alone ("/w DM ...", "@GM ..."): whom it goes to, not
# what it says ("/w" is no "with").
# "/w DM", "@gm", and the DM hailed to open the message ("hey DM can I...", "DM, inv", "ok DM: I rest").
_TO_THE_DM = re.compile(r"^\s*(?:/(?:w|whisper|msg|tell|dm|gm)\s+(?:the\s+)?(?:dm|gm)\b|/(?:dm|gm)\b|@(?:dm|gm)\b"
                        r"|(?:(?:hey|hi|ok|okay|so|um|uh|yo|oi|right)[,\s]+)?(?:dm|gm)\b(?!'|\s+(?:said|says|told|is|was)\b))"
                        r"\s*[:,-]?", re.IGNORECASE)
_RULES_ASKED = re.compile(r"^\s*/rules?\b\s*[:,-]?", re.IGNORECASE)
_LABELLED_QUESTION = re.compile(r"^\s*(?:(?:rules?|ooc|quick|real|dm)\s+)?(?:q|qn|question)\s*[:\-]\s*", re.IGNORECASE)
_COMMAND = re.compile(r"^\s*[/!]([a-z]+)\s*$", re.IGNORECASE)  # the command alone
# Punctuation spoken to dictation software: "rest the lantern on the sill period".
_DICTATED = re.compile(r"\s+(period|full stop|comma|question mark|exclamation (?:mark|point)|new line)\b(?!\s+of\b)",
                       re.IGNORECASE)
_MARKS = {"period": ".", "full": ".", "comma": ",", "question": "?", "exclamation": "!", "new": "."}
_OPEN_SINGLE = re.compile(r"(^|[\s:(])'(?=[a-z])")
_CLOSE_SINGLE = re.compile(r"(?<=[a-z0-9.!?,])'(?=$|[\s.,!?;:)])")
_ARROW = re.compile(r"\s*(?:-+>|=+>|→|»)\s*")
_PLUS = re.compile(r"\s+[+&]\s+")
_DASH = re.compile(r"\s+(?:--?|–|—)\s+|—")
_ACTED = re.compile(r"(\*[^*\n]+\*)(?=\s*[\"“'‘])")  # a starred act, then words in quotes
# "*clunk* the reliquary goes back", "*BOOT* I kick the trapdoor": a starred act or sound, then a subject, is a
# clause of its own.
_STARRED_THEN_SUBJECT = re.compile(r"(\*[^*\n]+\*)(?=\s+(?:i|we|the|my|he|she|it|they)\b)", re.IGNORECASE)


def marked(text: str) -> tuple[str, bool, bool]:
    """The text with its typed marks read; whether it is sent to the DM alone; whether it is labelled a
    question as a whole ("Q: ...")."""
    to_the_dm = _TO_THE_DM.sub("", text, count=1)
    to_the_dm = _RULES_ASKED.sub("", to_the_dm, count=1)  # "/rules can rogues hide ...": the question is the rest
    labelled = _LABELLED_QUESTION.match(to_the_dm)
    if labelled is not None:
        to_the_dm = to_the_dm[labelled.end():]  # "Q: time? tide?", "rules q: SA w/ shortbow?": all of it is asked
    if (command := _COMMAND.match(to_the_dm)) is not None and not _acts(command.group(1).lower()) \
            and "?" not in to_the_dm:
        to_the_dm += " ?"  # "/time", "/hp": a command alone that names no act asks how things stand
    sent_to_dm = to_the_dm != text
    text = _DICTATED.sub(lambda m: _MARKS[m.group(1).lower().split()[0]], to_the_dm)
    text = _ARROW.sub(" , ", text)  # "hide -> wait -> stab", "sleep -> both thugs": the next step, or what it is aimed at
    text = _PLUS.sub(" and ", text)  # "buy 20 arrows + ask where he was": a plus joins two acts
    text = _DASH.sub(" ; ", text)  # "the weed you said was glowing - is it magic?": a dash between clauses ends one
    text = _ACTED.sub(r"\1 , ", text)  # "*slaps coppers down* 'Ale, love.'": the act is a clause apart from the words
    text = _STARRED_THEN_SUBJECT.sub(r"\1 , ", text)
    return text, sent_to_dm, labelled is not None


def _acts(command: str) -> bool:
    """A chat command that names an act: a verb, a cue of an act ("/stealth"), or a phrase run together ("/pickup")."""
    said = unjoined([command])
    return len(said) > 1 or is_verb(said[0]) or (cue_stem(said[0]),) in LEXICON


def single_quotes(text: str) -> str:
    """'Speech in single quotes' read like double quotes; a lone apostrophe ("thieves' tools") stays."""
    if _OPEN_SINGLE.search(text) and _CLOSE_SINGLE.search(text):
        return _CLOSE_SINGLE.sub('"', _OPEN_SINGLE.sub(r'\1"', text))
    return text
