"""What someone is talked into, or told to do, is their deed, not the speaker's.

"I try to deceive Hesper into giving us free ale", "persuade Vell to hand over the ledger": the giving and the
handing over are what the player hopes the other will do; the player's own act is the persuading, so the
words after "into"/"to" weigh as little as a deed told of someone else. So do an order, a promise or a threat
put to someone ("tell Nessa to drop the whistle"), and the bare verbs joined on to either ("... and leave").
"""

from __future__ import annotations

from engine.play.inflection import base_verb
from engine.play.reading import Reading, Token
from engine.play.structure import DESCRIBED, EMBEDDED_SUBJECTS
from engine.text import stem

_SWAYING = {stem(w) for w in ("persuade", "convince", "deceive", "trick", "con", "coax", "bully", "intimidate",
                              "scare", "bluff", "charm", "fool", "cajole", "pressure", "threaten", "manipulate",
                              "sway", "wheedle", "sweettalk", "guilt", "shame", "browbeat", "lure", "flatter")}
_TALK = stem("talk")  # "talk Hesper into a free room"; "talk to Hesper" is no swaying
_WITHIN = 4  # words between the swaying verb and its "into"/"to": the one swayed ("the old harbormaster")


TALKED_INTO = "talked into"  # the cue the parse reports: the rules saw whose deed the words after the verb are


def talked_into(reading: Reading) -> bool:
    """Weigh down, in each clause, what follows "<sway> someone into ..." or "<sway> someone to <verb> ...";
    whether anything was."""
    tokens = reading.tokens
    swayed = False
    for i, token in enumerate(tokens):
        if token.factor == 0 or not (token.stem in _SWAYING or token.stem == _TALK):
            continue
        clause = [t for t in tokens[i + 1:] if t.clause == token.clause]
        for k, t in enumerate(clause[1:_WITHIN + 2], start=1):
            nxt = clause[k + 1].word if k + 1 < len(clause) else ""
            if t.word == "into" or t.word == "to" and token.stem != _TALK and base_verb(nxt):
                for rest in clause[k + 1:] + going_on(reading, token.clause):
                    rest.factor *= DESCRIBED
                swayed = True
                break
    return swayed


_TELLING_STEMS = {"tell", "warn", "promis", "assur", "remind", "order", "urg", "beg", "threaten", "hiss", "whisper",
                  "mutter"}
_HEARERS = {"him", "her", "them", "everyone", "everybody"}
_CONTENT_OPENERS = {"that", "unless", "if"} | EMBEDDED_SUBJECTS - {"i", "i'm", "i'll", "i'd", "i've"} \
    | {"he's", "she's", "they're", "it's", "it", "nobody", "no", "there"}
_MODAL = {"can", "will", "won't", "could", "would", "wouldn't", "might", "should", "must", "going", "gonna", "shall",
          "can't", "ain't"}
_CARRIED_ON = {"", "and", "or", "but", "so", "if"}


def told(reading: Reading, names: frozenset[str] = frozenset()) -> None:
    """What someone is told ("tell Nessa to drop the whistle", "warn Vell that unless he opens the ledger,
    Crowe's going to hear"): an order, a promise or a threat put to them is said, not the speaker's act.
    It runs to the end of the clause, and on through clauses that carry the promise on: another subject
    with a modal ("and we can pay off her debt"), or the condition it hangs on ("if she helps")."""
    tokens = reading.tokens
    hearers = names | _HEARERS
    for i, t in enumerate(tokens):
        if t.stem not in _TELLING_STEMS or t.noun or t.factor <= 0:
            continue
        start = k = i + 2 if i + 1 < len(tokens) and tokens[i + 1].word in ("at", "to") else i + 1  # "hiss at Wren"
        while k < len(tokens) and k <= start + 1 and tokens[k].clause == t.clause and (
                tokens[k].word in hearers or tokens[k].noun):
            k += 1
        if k == start:
            continue  # no one told ("tell a joke", "order two ales")
        clause = reading.clauses[t.clause]
        heard = [j for j, w in enumerate(clause.words) if w == tokens[k - 1].word]
        after = clause.words[heard[-1] + 1:heard[-1] + 2] if heard else []
        nxt = reading.clauses[t.clause + 1] if t.clause + 1 < len(reading.clauses) else None
        ends = not after and nxt is not None and nxt.lead == "if"
        if not after and nxt is not None and nxt.colon and not clause.colon:
            # "tell the last thug: drop it": what follows the colon is what they are told.
            for x in tokens:
                if x.clause == t.clause + 1:
                    x.factor *= DESCRIBED
            continue
        if not ends and not (after and (after[0] == "to" or after[0] in _CONTENT_OPENERS)):
            continue  # "tell Hesper, then go": nothing said after them
        for x in tokens[k:]:
            if x.clause != t.clause:
                break
            x.factor *= DESCRIBED
        for index in range(t.clause + 1, len(reading.clauses)):
            clause = reading.clauses[index]
            ws = clause.words
            carried = clause.lead in _CARRIED_ON and ws and not clause.quoted and (
                clause.lead == "if" or ws[0] in (_CONTENT_OPENERS | names) - {"that"} and bool(set(ws) & _MODAL))
            if not carried and after[:1] == ["to"] and index == t.clause + 1:
                # "tell the thugs to drop their swords | and walk": a bare verb joined on is more of the order.
                for x in going_on(reading, t.clause):
                    x.factor *= DESCRIBED
                break
            if not carried:
                break
            for x in tokens:
                if x.clause == index:
                    x.factor *= DESCRIBED


_CARRY_ON = {"and", "or"}


def going_on(reading: Reading, index: int) -> list[Token]:
    """The tokens of the clauses after clause `index` that carry on a deed asked for with no subject of their
    own ("... to drop their weapons | and leave")."""
    out: list[Token] = []
    for j in range(index + 1, len(reading.clauses)):
        clause = reading.clauses[j]
        if clause.lead not in _CARRY_ON or not clause.words or not base_verb(clause.words[0]):
            break
        out += [t for t in reading.tokens if t.clause == j]
    return out
