"""A purpose said after the act is no act of its own: "I'll have a go at climbing the outside of the lighthouse,
so I will, to get a look down the cliff path". The climb is the act; the look is why it is done."""

from __future__ import annotations

from engine.play.inflection import base_verb
from engine.play.reading import Reading
from engine.play.structure import DESCRIBED

_OPENS = {"", "so", "in"}  # "..., to get a look", "..., so as to ...", "..., in order to ..."
_LEADING = {"as", "order"}


def purposes(reading: Reading) -> None:
    """Weigh down each later clause that only says what the act before it is for ("to <verb> ...")."""
    for index, clause in enumerate(reading.clauses):
        ws = clause.words
        while ws and ws[0] in _LEADING:
            ws = ws[1:]
        if not index or clause.lead not in _OPENS or ws[:1] != ["to"] or len(ws) < 2 or not base_verb(ws[1]) \
                or not reading.clauses[index - 1].words or clause.quoted:
            continue
        for t in reading.tokens:
            if t.clause == index:
                t.factor *= DESCRIBED
