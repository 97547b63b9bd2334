"""Courtesy to the table: "if I may", "if it's not too much trouble", "thank you, DM", "terribly sorry",
"a quick question first". A polite player wraps a plain act in them; they ask nothing and do nothing, so
they are taken out before the reading, and the act they wrap reads as if said plainly ("... and then, if I
may, strike the crab" keeps its "then").

Only a formula standing between stops or commas is taken: "thank you kindly for supper" says more and is
left to the reading, and a name after the formula ("thank you, Mrs Quill") stays, so she is still hailed.
A stock phrase that is a whole clause but not set off by stops ("thanks lol") is `table_talk`'s: that
quietens a clause the reading has already split, which is too late to keep a "then" the formula cut off.
"""

from __future__ import annotations

import re

_INTENSIFIER = r"(?:so |very |terribly |awfully |really |ever so |most |truly )?"
# Each is a whole segment: asking leave, apologising, thanking the table, flagging a question.
_FORMULAS = "|".join((
    # asking leave
    r"if (?:i|we) (?:may|might)",
    r"if you (?:don'?t|do not) mind",
    r"if (?:it'?s|it is) (?:not |no )?(?:too much )?(?:trouble|bother)(?: to you)?",
    r"if (?:it'?s|it is|that'?s|that is) (?:alright|all right|ok|okay|fine|allowed)(?: with you)?",
    r"if you please", r"if it please(?:s)? you", r"by your leave", r"with your (?:kind )?permission",
    # apologising to the table
    rf"(?:i'?m |i am )?{_INTENSIFIER}sorry(?: to (?:bother you|interrupt|slow (?:things|us|the game) down|be a pain"
    r"|ask|keep asking|drag this out))?",
    r"(?:i )?(?:do )?beg (?:your )?pardon", r"pardon(?: me)?", r"excuse me", r"forgive me",
    r"(?:my )?(?:sincere )?apologies", r"(?:i )?(?:do )?(?:so )?apologi[sz]e",
    # thanking the table
    rf"thank you(?: {_INTENSIFIER}(?:much|kindly))?", rf"thanks(?: {_INTENSIFIER}(?:much|a lot|a bunch))?", r"much obliged", r"many thanks",
    # thanking for a thing given ("thanks for the stew", "thank you for your help"): still only courtesy
    r"(?:thank you|thanks|cheers)(?: (?:so |very )?much)? for (?:the|your|all the|all your|that|this) \w+(?: \w+)?",
    # flagging what comes
    r"(?:just )?(?:a |one )?(?:quick|small|little) question(?: first| for you)?",
))
# Between stops, commas or dashes; "DM" or "dear DM" may ride along ("thank you, DM").
_SEGMENT = re.compile(
    rf"(?:(?<=^)|(?<=[.!?,;:(]))\s*(?:{_FORMULAS})(?:,?\s*(?:dear |mr |mister )?(?:dm|gm))?\s*(?=[.!?,;:)]|$)",
    re.IGNORECASE)
# Thanks or a greeting told as the way an act is done ("Thanking Hesper with a small bow, I step out").
_GREETED = re.compile(r"(?:(?<=^)|(?<=[.!?;:(]))\s*(thanking|greeting|saluting|farewelling) ((?:\w+ ){0,2}?\w+)"
                      r"(?: with (?:a |an |my |his |her )?\w+(?: \w+)?)?\s*(?=,)", re.IGNORECASE)
_DOUBLED = re.compile(r"([.!?,;:])(?:\s*[,;:])+")  # "then, , strike" -> "then, strike"
_COMMA_BEFORE_STOP = re.compile(r",\s*(?=[.!?])")  # "..., if I may." -> "...."
_STOP_AFTER_STOP = re.compile(r"(?<=[.!?])\s*[.!?]+(?=\s|$)")  # "crossbow? ." -> "crossbow?"
_SPACES = re.compile(r"\s{2,}")
_WORD = re.compile(r"\w")


def _greeted(found: re.Match[str]) -> str:
    """A name greeted stays as a hail, since talk to them follows; thanks and farewells go with a leave-taking."""
    opening, name = found.group(1).lower() in ("greeting", "saluting"), found.group(2)
    return name if opening and name[:1].isupper() else ""


def without_courtesy(text: str) -> str:
    """`text` without the formulas of courtesy that stand as segments of their own."""
    stripped = _SEGMENT.sub("", _GREETED.sub(_greeted, text))
    if stripped == text:
        return text
    stripped = _DOUBLED.sub(r"\1", stripped)
    stripped = _STOP_AFTER_STOP.sub("", _COMMA_BEFORE_STOP.sub("", stripped))
    stripped = _SPACES.sub(" ", stripped).lstrip(" .,;:!")
    # A message of nothing but courtesy ("thank you!") is left whole: it is what the player said.
    return stripped if _WORD.search(stripped) else text
