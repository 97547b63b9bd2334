"""Turns typed as code: a player who writes "bram.search(desk)", "sneak_up_on(thugs)  # the two by the door"
or "move --to caves" means the words inside the syntax. The syntax is read off into plain words before
anything else reads the message: a call is its verb and what it takes, an identifier's underscores are
spaces, a comment is an aside, a flag is a word, a string is plain words unless something says it.

Applied only when the message carries code syntax (a call, a snake_case word, a flag), so a bracket in
ordinary prose ("(OOC: heading out)") is left as typed.
"""

from __future__ import annotations

import re

from engine.play import lexicon as lx

# A call: a name right before brackets that hold more than a plural's ending ("the thug(s)" is prose).
_CALL = re.compile(r"\b[a-z][a-z0-9_]*\((?!e?s\))(?=[^()]*\))", re.IGNORECASE)
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b", re.IGNORECASE)
_FLAG = re.compile(r"(^|\s)--(?=[a-z])", re.IGNORECASE)
_COMMENTED_OUT = re.compile(r"^\s*//")  # "// ooc how much gold ...": the whole line is a comment
_COMMENT = re.compile(r"(?:^|(?<=\s))(?:#|//)\s*(.*)$")  # after a space: "https://..." holds no comment
_RECEIVER = re.compile(r"(^|[;:{]\s*|\bthen\s+)[a-z]+\.(?=[a-z_]+\()", re.IGNORECASE)  # "tova.cast(" opening a step
_ATTRIBUTE = re.compile(r"\b([a-z]{2,})\.([a-z]{2,})\b", re.IGNORECASE)  # "vell.desk", "crab.hp" (not "e.g."): an owner's thing
_KEYWORD = re.compile(r"\b[a-z_]+\s*=(?![=>])\s*", re.IGNORECASE)  # "darts=", "centre=": an argument's name
_ARGUMENTS = re.compile(r"\b([a-z][a-z0-9_]*)\(([^()]*)\)", re.IGNORECASE)
_STRING = re.compile(r"(['\"])(.*?)\1")


def is_code(text: str) -> bool:
    """Whether the message is typed with code syntax."""
    return bool(_CALL.search(text) or _SNAKE.search(text) or _FLAG.search(text) or _COMMENTED_OUT.match(text))


def as_prose(text: str) -> str:
    """The message with its code syntax read off into plain words; prose is returned as typed."""
    if not is_code(text) or "://" in text:
        return text  # prose, or a link pasted beside the turn: typed as it is meant
    lines = []
    for line in text.splitlines():
        comment = _COMMENT.search(line)
        if comment is not None and comment.start() > 0:
            # A comment beside a step says something about it, to the table: an aside, as a bracket is.
            line = line[:comment.start()].rstrip() + (f" ({comment.group(1).strip()})" if comment.group(1).strip() else "")
        elif comment is not None:
            line = comment.group(1)  # a line that is all comment is said to the table
        lines.append(line)
    text = "\n".join(lines)
    text = _RECEIVER.sub(r"\1", text)  # the one whose method it is opens the step: the speaker, as typed
    text = _ATTRIBUTE.sub(r"\1's \2", text)
    text = _FLAG.sub(r"\1", text)
    while (unwrapped := _ARGUMENTS.sub(_spoken_call, text)) != text:  # calls inside calls, innermost first
        text = unwrapped
    text = text.replace("[", " ").replace("]", " ").replace("{", " ").replace("}", " ")
    return re.sub(r"[ \t]+", " ", text.replace("_", " ")).strip()


def _spoken_call(call: re.Match[str]) -> str:
    verb, arguments = call.group(1), _KEYWORD.sub("", call.group(2))
    # A call of speech says its string aloud ("say(rook, 'boo.')"); cast('sleep') names a spell.
    saying = verb.split("_")[0].casefold() in lx.SPEECH
    if not saying:
        arguments = _STRING.sub(r"\2", arguments)  # a string is a name or a spot, not words said
    parts = [a.strip() for a in arguments.split(",") if a.strip()] if not saying else [arguments.strip()]
    if not parts:
        return verb
    return " ".join((verb, *parts))
