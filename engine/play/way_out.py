"""Leaving a place that has one way out: "we leave the chapel", "let's get out of here", "back the way we came"
go that way, though no place is named."""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.models.world import Campaign
from engine.play import lexicon as lx
from engine.play.reading import Reading
from engine.text import stem

T = ActionType

# "out", "we head out", "moving out": said alone, the way out of a place with one.
_OUT = {("out",), ("head", "out"), ("heading", "out"), ("move", "out"), ("moving", "out"), ("ship", "out"),
        ("clear", "out"), ("out", "we", "go"), ("back", "the", "way", "came"), ("the", "way", "came"),
        ("go", "back", "the", "way", "came"), ("head", "back", "the", "way", "came")}
_WHO = {"i", "we", "let's", "lets", "us", "all", "everyone", "then", "time", "to"}
_LEAVING = {(stem("leave"),), (stem("get"), stem("out")), (stem("head"), stem("out"))}


def only_way_out(reading: Reading, world: Campaign, keys: set[tuple[str, ...]], scores: dict[ActionType, float],
                 matched: list[str], facts: dict[str, object]) -> None:
    """"we leave the chapel", "let's get out of here": from a place with one way out, leaving goes that way."""
    here = world.location(world.game_state.party_location)
    out = {i for i, c in enumerate(reading.clauses) if tuple(w for w in c.words if w not in _WHO and w not in lx.FILLERS) in _OUT}
    # "Not fighting anything down here. Back the way we came.": a refusal elsewhere takes back no leaving.
    heading_out = bool(out) and not any(t.negated for t in reading.tokens if t.clause in out)
    # "I convince the thugs to drop their weapons and leave": leaving asked of others takes no one anywhere.
    weighed = {t.stem for t in reading.tokens if t.factor >= 1.0}
    leaving = any(set(k) <= weighed for k in keys & _LEAVING)
    if here is None or len(here.connections) != 1 or not (leaving or heading_out) \
            or leaving and not heading_out and any(t.negated for t in reading.tokens):
        return
    facts["place"], facts["moving"] = here.connections[0], True
    scores[T.EXPLORATION] += 4.5
    matched.append(f"the only way out:{here.connections[0]}")
