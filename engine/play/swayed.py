"""What someone is talked into is their deed, not the speaker's.

"I try to deceive Hesper into giving us free ale", "persuade Vell to hand over the ledger": the giving and the
handing over are what the player hopes the other will do; the player's own act is the persuading, so the
words after "into"/"to" weigh as little as a deed told of someone else.
"""

from __future__ import annotations

from engine.play.inflection import base_verb
from engine.play.reading import Reading, Token
from engine.play.structure import DESCRIBED
from engine.text import stem

_SWAYING = {stem(w) for w in ("persuade", "convince", "deceive", "trick", "con", "coax", "bully", "intimidate",
                              "scare", "bluff", "charm", "fool", "cajole", "pressure", "threaten", "manipulate",
                              "sway", "wheedle", "sweettalk", "guilt", "shame", "browbeat", "lure", "flatter")}
_TALK = stem("talk")  # "talk Hesper into a free room"; "talk to Hesper" is no swaying
_CARRY_ON = {"and", "or"}
_WITHIN = 4  # words between the swaying verb and its "into"/"to": the one swayed ("the old harbormaster")


def talked_into(reading: Reading) -> None:
    """Weigh down, in each clause, what follows "<sway> someone into ..." or "<sway> someone to <verb> ..."."""
    tokens = reading.tokens
    for i, token in enumerate(tokens):
        if token.factor == 0 or not (token.stem in _SWAYING or token.stem == _TALK):
            continue
        clause = [t for t in tokens[i + 1:] if t.clause == token.clause]
        for k, t in enumerate(clause[1:_WITHIN + 2], start=1):
            nxt = clause[k + 1].word if k + 1 < len(clause) else ""
            if t.word == "into" or t.word == "to" and token.stem != _TALK and base_verb(nxt):
                for rest in clause[k + 1:] + _going_on(reading, token.clause):
                    rest.factor *= DESCRIBED
                break


def _going_on(reading: Reading, index: int) -> list[Token]:
    """The tokens of the clauses that carry on the deed asked for with no subject of their own ("... to drop
    their weapons | and leave")."""
    out: list[Token] = []
    for j in range(index + 1, len(reading.clauses)):
        clause = reading.clauses[j]
        if clause.lead not in _CARRY_ON or not clause.words or not base_verb(clause.words[0]):
            break
        out += [t for t in reading.tokens if t.clause == j]
    return out
