"""What something written says is no one speaking: "the spell text says it gains no benefit from cover",
"the note says to meet at the chapel", "it says here the tide turns at six". Nor is what an inner voice says
("every instinct says run", "my gut tells me he's lying"): a feeling, not words to anyone."""

from __future__ import annotations

from engine.play.reading import Reading
from engine.play.structure import DESCRIBED
from engine.text import stem

_SAYING = {stem(w) for w in ("say", "state", "mention", "tell", "read", "claim")}
_WRITTEN = {"text", "book", "books", "spell", "spells", "sign", "note", "notes", "ledger", "letter", "rules", "rule",
            "phb", "description", "card", "sheet", "page", "map", "entry", "label", "it", "this", "that", "rulebook",
            "wording", "tally", "board", "inscription", "carving",
            "instinct", "instincts", "gut", "heart", "head", "mind", "brain", "conscience", "nerves"}
_SPEAKERS = {"i", "we", "i'll", "we'll", "you", "they", "he", "she"}
_BEFORE = 3  # words before the saying verb that may hold what says it ("the spell text says")


def written_saying(reading: Reading) -> None:
    """Weigh down a saying verb whose subject is something written, or an inner voice."""
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        if token.stem not in _SAYING:  # "the rules say": read as a noun after "the rules", still the verb
            continue
        before = [t.word for t in tokens[max(0, i - _BEFORE):i] if t.clause == token.clause]
        if before and set(before) & _WRITTEN and not set(before) & _SPEAKERS:  # never the player's own "I say"
            token.factor *= DESCRIBED
