"""Before an action is read: its text, folded and bounded, and who does it."""

from __future__ import annotations

import re

from engine.errors import CharacterNotFoundError, InvalidInputError
from engine.models.world import Campaign
from engine.play.frames import named_actor
from engine.text import words

MAX_ACTION_CHARS = 2000
_FIRST_PERSON = {"i", "me", "my", "we", "us", "our", "i'm", "i'll", "let's"}


def normalize(text: str) -> str:
    """The action with surrounding space stripped and inner runs of whitespace folded to one space."""
    if not isinstance(text, str):
        raise InvalidInputError(f"An action must be text, got {type(text).__name__}.")
    folded = " ".join(text.split())
    if not folded:
        raise InvalidInputError("The action is empty: describe what the character does.")
    if len(folded) > MAX_ACTION_CHARS:
        raise InvalidInputError(f"The action is {len(folded)} characters long; keep it under "
                                f"{MAX_ACTION_CHARS} (split it into several actions).")
    return folded


def resolve_actor(world: Campaign, action: str, character_name: str | None, selected: str | None) -> str | None:
    """Who acts: a party member the action opens with; else the named character; else a party member the
    text makes the subject; else the selection.

    A name in the text counts only when the player is not speaking in the first person: in
    "Bryn attacks" Bryn acts, in "I give the rope to Bryn" the selected character does.
    """
    party = ", ".join(c.name for c in world.characters) or "nobody"
    # "bram buys a round", "Tova: bless Bram": the party member the action opens with does it, whoever is
    # picked (in a fight the turn order then decides whether they may act now).
    doer = named_actor(action, [c.name for c in world.characters])
    if character_name is not None and character_name.strip():
        pc = world.character(character_name.strip())
        if pc is None:
            raise CharacterNotFoundError(f"No character named {character_name!r} in the party. Party: {party}.")
        return doer or pc.name
    if doer is not None:
        return doer
    text_words = words(action)
    if not set(text_words) & _FIRST_PERSON:
        for word in text_words:
            pc = next((c for c in world.characters if word == c.name.casefold()
                       or word == c.name.split()[0].casefold()), None)
            if pc is not None:
                return pc.name
        for pc in world.characters:
            if re.search(rf"\b{re.escape(pc.name.casefold())}\b", action.casefold()):
                return pc.name
    if selected:
        pc = world.character(selected)
        return pc.name if pc is not None else None
    return None
