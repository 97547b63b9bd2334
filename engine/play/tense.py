"""What already happened: a clause told in the past beside one told now ("we double back to the inn, I
forgot to ask Hesper something", "healing word on Idris, he just dropped", "I was going to shoot her but I
wave instead") gives the reason or the story so far, not a second act.

A message told wholly in the past is left as it is: some players tell their turn that way.
"""

from __future__ import annotations

from engine.play import lexicon as lx
from engine.play.inflection import base_verb, past_form
from engine.play.reading import Reading
from engine.play.structure import DESCRIBED

_PRONOUNS = {"i", "we", "he", "she", "they", "you", "it", "everyone", "everybody", "nobody", "someone", "somebody"}
_PERFECT = {"i've", "we've", "they've", "you've", "i'd", "we'd", "they'd", "he'd", "she'd"}
# Between the subject and its verb: "he just dropped", "we already checked".
_ADVERBS = {"just", "already", "also", "totally", "literally", "only", "never", "finally", "actually", "really",
            "all", "both", "def", "definitely", "prob", "probably", "kinda", "basically", "obviously", "clearly"}
# Words that open a recap before its subject: "last time we ...", "feels like we walked forever".
_OPENERS = {"last", "time", "session", "earlier", "yesterday", "previously", "recap", "remember", "feels", "felt",
            "seems", "seemed", "like", "so", "yeah", "yes", "yep", "well", "look", "listen", "fine", "whatever"}
_HAVE = {"have", "has", "had"}
_SAME_SUBJECT = {"and", "then", ""}  # "" after a comma: "we paid Pim, fought the crab, and got Aldous out"


_THE = {"the", "those", "these", "both", "all"}


def _plural(word: str) -> bool:
    """A plural noun that can be a clause's subject ("thugs", "the sailors"), not a verb's form."""
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss") and not past_form(word) \
        and not base_verb(word[:-1]) and word not in lx.FILLERS


# Past forms that are also a present or a noun after "the X": "the crab hit", "the door shut", "the thug set".
_AMBIGUOUS_PAST = {"hit", "cut", "set", "put", "shut", "hurt", "cast", "let", "read", "beat", "spread", "split"}
_HEDGES = {"think", "guess", "believe", "reckon", "suppose", "bet", "know"}


def _told_in_the_past(ws: list[str], names: frozenset[str]) -> bool:
    ws = [w for w in ws if w not in lx.FILLERS]
    while len(ws) > 2 and ws[0] in _OPENERS:
        ws = ws[1:]
    if len(ws) > 2 and ws[0] in _THE and _plural(ws[1]):
        ws = ws[1:]  # "the thugs ran off", "those sailors came back"
    elif len(ws) > 2 and ws[0] in _THE and past_form(ws[2]) and ws[2] not in _AMBIGUOUS_PAST:
        return True  # "the girl ran away", "the crab died": someone else's deed, told
    if len(ws) > 3 and ws[0] in _PRONOUNS and ws[1] in _HEDGES and ws[2] in _PRONOUNS:
        ws = ws[2:]  # "I think I burned one on Detect Magic earlier": the hedge tells no act
    if len(ws) < 2 or not (ws[0] in _PRONOUNS or ws[0] in _PERFECT or ws[0] in names or _plural(ws[0])):
        return False
    rest = [w for w in ws[1:] if w not in _ADVERBS]
    if not rest:
        return False
    if rest[0] in ("was", "were") and ws[0] not in _PERFECT:
        return True  # "I was going to shoot her", "we were halfway up": the story so far
    if rest[:2] == ["had", "to"]:
        return True  # "we had to run": what was needed then
    if rest[0] in _HAVE and ws[0] not in _PERFECT and len(rest) > 1:
        return past_form(rest[1])  # "I have searched the boats" ("I have to go" is no past)
    return past_form(rest[0])  # "he just dropped", "we've searched it" ("I'd go" is no past)


def recounted(reading: Reading, names: frozenset[str] = frozenset()) -> None:
    """Clauses told in the past beside one told now: their words weigh little. `names`: first names of
    everyone but the actor (a player telling their own turn in the past is telling the turn)."""
    past = [i for i, c in enumerate(reading.clauses)
            if not c.question and not c.quoted and c.lead != "if" and _told_in_the_past(c.words, names)]
    # "we climbed up from the docks and chased off the lookout": the next verb shares the told subject.
    for i, c in enumerate(reading.clauses):
        if i - 1 in past and c.lead in _SAME_SUBJECT and not c.question and not c.quoted:
            verb = next((w for w in c.words if w not in _ADVERBS), None)
            if verb is not None and past_form(verb):
                past.append(i)
    now = [i for i, c in enumerate(reading.clauses) if i not in past and c.words]
    if not past or not now:
        return
    for i in past:
        reading.clauses[i].recounted = True
    for t in reading.tokens:
        if t.clause in past:
            t.factor *= DESCRIBED
