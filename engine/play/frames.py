"""Frames around an act that are not the act: dropped from the words before the sentence is read.

"is it ok if I drink my potion?", "would it be possible to pry it open?", "mind if I sit?": asking
leave to act is the act itself, not a question to the DM.
"""

from __future__ import annotations

import re

from engine.play import lexicon as lx

_LEAVE = {"ok", "okay", "possible", "alright", "fine", "allowed", "cool", "rude", "wrong", "bad", "terrible"}
_SOFTENERS = {"terribly", "awfully", "too", "very", "really", "so"}


def without_leave(raw: list[str]) -> list[str]:
    """The words with a leading request for leave dropped: "would it be ok if I drink" -> "I drink"."""
    start = 0
    while start < len(raw) and raw[start] in lx.FILLERS:
        start += 1
    ws = raw[start:start + 8]
    j = None
    if len(ws) > 3 and ws[0] in lx.AUXILIARIES and ws[1] == "it":
        k = 3 if ws[2] == "be" else 2
        k += 1 if k < len(ws) and ws[k] in _SOFTENERS else 0  # "would it be terribly rude if ..."
        if k < len(ws) and ws[k] in _LEAVE:
            j = k + 1
    elif ws[:2] == ["mind", "if"] or ws[:4] == ["do", "you", "mind", "if"] or ws[:3] == ["you", "mind", "if"]:
        j = ws.index("if")
    elif (m := _minding(ws)) is not None:
        j = m  # "would anyone mind terribly if I spent a hit die?": asking the table's leave
    elif (m := _wondering_if_we_might(ws)) is not None:
        # "I wonder if I might have a look" -> "I have a look"
        return raw[:start] + [raw[start + m]] + raw[start + m + 2:]
    elif "grateful" in ws[:4] and "if" in ws[:5] and ws[0] in {"i'd", "i", "we'd", "we"}:
        j = ws.index("if")  # "I'd be grateful if we could share the silver": the sharing is the act
    if j is None:
        return raw
    if j < len(ws) and ws[j] in ("if", "to"):
        j += 1
    if ws[j:j + 2] == ["for", "me"]:
        j += 2
        j += 1 if ws[j:j + 1] == ["to"] else 0
    return raw[:start] + raw[start + j:]


_ANYONE = {"anyone", "anybody", "everyone", "everybody", "you", "y'all", "yall", "folks"}
_SELF = {"i", "we"}
_MIGHT = {"might", "could", "may", "can"}


def _minding(ws: list[str]) -> int | None:
    """Where "if" stands in "(would/does/do) anyone mind (terribly) if ...", else None."""
    k = 1 if ws[:1] and ws[0] in ("would", "does", "do", "will") else 0
    if ws[k:k + 1] and ws[k] in _ANYONE and ws[k + 1:k + 2] == ["mind"]:
        k += 2
        k += 1 if ws[k:k + 1] and ws[k] in _SOFTENERS else 0
        return k if ws[k:k + 1] == ["if"] else None
    return None


def _wondering_if_we_might(ws: list[str]) -> int | None:
    """Where the one who acts stands in "I wonder if I might", "we were wondering if we could" (the modal
    follows), else None: wondering whether one may act is asking to, but "I wonder if the crab is hurt"
    wonders about the world."""
    if not ws[:1] or ws[0] not in _SELF:
        return None
    k = 1
    k += 1 if ws[k:k + 1] and ws[k] in ("was", "were", "am", "are") else 0
    if not ws[k:k + 1] or ws[k] not in ("wonder", "wondering") or ws[k + 1:k + 2] != ["if"]:
        return None
    k += 2
    return k if ws[k:k + 1] and ws[k] in _SELF and ws[k + 1:k + 2] and ws[k + 1] in _MIGHT else None


_VAGUE = {"something", "anything", "stuff", "things", "it"}


def honesty(ws: list[str]) -> bool:
    """Words about someone's honesty ("lying", "telling the truth", "holding back"); "hiding" only with a vague object
    ("is he hiding something?"), since "where is the captain hiding?" asks where."""
    if set(ws) & (lx.READING - {"hiding"}):
        return True
    if any(w in ("holding", "hold", "holds") and "back" in ws[j + 1:j + 4] for j, w in enumerate(ws)):
        return True  # "is he holding something back?"
    return any(w == "hiding" and ws[j + 1:j + 2] and ws[j + 1] in _VAGUE for j, w in enumerate(ws))


def without_speaker(text: str, actor: str | None) -> str:
    """"Tova: bless Bram" typed as Tova is the action "bless Bram": the name and colon only say who acts
    (a line in quotes after it stays speech)."""
    found = re.match(r"\s*([A-Za-z']+)\s*:\s*", text)
    if actor and found and found.group(1).lower() in {w.lower() for w in actor.split()} and found.end() < len(text):
        return text[found.end():]
    return text


_WISHING = re.compile(r"(\s*I)(?:'d| would| should)? (?:like|want|love|wish) (?:for )?([A-Za-z']+) to ", re.IGNORECASE)


def without_wish_for_oneself(text: str, actor: str | None) -> str:
    """"I would like Wren to prise up the lid", typed as Wren: the player wishing their own character to act is
    the act ("I prise up the lid"); another character wished to act stays as typed."""
    found = _WISHING.match(text)
    if actor is None or found is None or found.group(2).lower() not in {w.lower() for w in actor.split()}:
        return text
    return found.group(1) + " " + text[found.end():]


_HAIL = re.compile(r"\s*(?:(?:oi|hey|ok|okay)\s+)?([A-Za-z']+)\s*[,!]+\s*")
_ASKING = {"what", "where", "who", "whom", "why", "how", "when", "which", "do", "does", "did", "can", "could",
           "are", "is", "will", "would", "have", "has", "should", "shall", "may", "might", "you're", "youre"}


def order_to_companion(text: str, party: list[str], actor: str | None) -> str | None:
    """"Idris, light the lamp": an order to a companion is the act ordered, not words to them; what follows the
    hail. A question to them ("Idris, what do you think?") stays speech."""
    found = _HAIL.match(text)
    if found is None or found.end() >= len(text) or text.rstrip().endswith("?"):
        return None
    said = found.group(1).lower()
    if not any(said in {w.lower() for w in name.split()} for name in party if name != actor):
        return None
    rest = text[found.end():]
    first = rest.split()[0].lower() if rest.split() else ""
    return None if first in _ASKING or rest.lstrip().startswith(("'", '"')) else rest


_QUOTED_HAIL = re.compile(r"""["\u201c]\s*([A-Za-z']+)\s*[,!]""")


def companion_hailed(text: str, party: list[str], actor: str | None) -> str | None:
    """The companion whose name, said alone, opens the message or its first quotes ("Bram, put the axe down.
    She's sixteen.", '"Wren," he says, "..."'): who words said there are for."""
    found = _HAIL.match(text) or _QUOTED_HAIL.search(text)
    if found is None:
        return None
    said = found.group(1).lower()
    return next((name for name in party if name != actor and said in {w.lower() for w in name.split()}), None)


_SUBJECT = re.compile(r"\s*(?:(?:ok|okay|so|um|uh|and|then)\s+)?([A-Za-z']+)(\s*[:,]|'s\b|\s+(?:and|&)\s|\s+\w+)")


def named_actor(text: str, party: list[str]) -> str | None:
    """The party member an action names as its doer: "bram buys a round", "Tova: bless Bram", "wren and
    bram search the room" (the first named leads). A name followed by a comma is someone spoken to
    ("Bram, hold the door"), and "Bram's sword" is about his sword: neither names the doer."""
    found = _SUBJECT.match(text)
    if found is None or found.group(2).startswith((",", "'")):
        return None
    said = found.group(1).lower()
    return next((name for name in party if said in {w.lower() for w in name.split()}), None)
