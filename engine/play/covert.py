"""An act done so that no one notices: "without the guards noticing", "while nobody's watching", "quietly",
"keeping to the shadows", "so the thugs don't hear". At the table that is a Stealth or Sleight of Hand
check on the act, whatever the act's own verb (pocketing, following, opening). The frame that says so is
how the act is done, not an act of its own."""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.play import lexicon as lx
from engine.play.cue_keys import LEXICON, SPEECH_KEYS
from engine.play.reading import Reading
from engine.text import stem

T = ActionType
COVERT_WEIGHT = 5.0
_MANNER = {"quietly", "stealthily", "silently", "covertly", "secretly", "discreetly", "unnoticed", "undetected",
           "sneakily", "furtively", "noiselessly"}
_PERCEIVING = {stem(w) for w in ("notice", "noticing", "see", "seeing", "seen", "spot", "spotting", "look", "looking",
                                 "watch", "watching", "hear", "hearing", "heard", "noticed", "spotted")}
_NOBODY = {"nobody", "nobody's", "noone", "no", "none"}
_UNSEEN_LEADS = {"if", "so", "while", "when", "as", "until"}
_UNSEEN_OPENERS = _UNSEEN_LEADS | {"assuming", "provided", "providing", "presuming", "once", "whenever"}
_KEEPING = {"keep", "keeps", "keeping", "stay", "stays", "staying"}
_COVER = {"shadows", "shadow", "low", "sight", "hidden", "cover", "distance", "dark"}
_REACH = 4
_IF = "if"


def covert(reading: Reading) -> int | None:
    """The clause of the act done unnoticed, or None; the words that frame it weigh nothing."""
    framed: set[int] = set()  # clauses that only frame ("while nobody's watching,")
    found: int | None = None
    for index, clause in enumerate(reading.clauses):
        ws = clause.words
        if clause.question or not ws:
            continue
        seen = next((j for j, w in enumerate(ws) if stem(w) in _PERCEIVING), None)
        keep = next((j for j, w in enumerate(ws) if w in _KEEPING and set(ws[j + 1:j + 1 + _REACH]) & _COVER), None)
        if set(ws) & _MANNER and _spoken_near(reading, index):
            continue  # "Quietly, to the Tide Mother: 'Hold them gently.'": how the words are said, not a sneak
        if set(ws) & _MANNER:
            _mute(reading, index, 0, len(ws), _MANNER)
        elif "without" in ws and seen is not None and 0 < seen - ws.index("without") <= _REACH:
            _mute(reading, index, ws.index("without"), seen + 1)
        elif (clause.lead in _UNSEEN_LEADS or ws[0] in _UNSEEN_OPENERS) and seen is not None and (set(ws[:seen]) & _NOBODY or any(
                w in lx.NEGATORS or w.endswith("n't") for w in ws[:seen])):
            _mute(reading, index, 0, seen + 1)  # "while nobody's looking I slip the coins": the act follows
            if seen + 1 >= len(ws):
                framed.add(index)
            if _IF in (clause.lead, ws[0]):
                continue  # "if nobody's looking, I pocket it": a condition on the act, which is done as it is
        elif keep is not None:
            if keep <= 1:
                framed.add(index)  # ", keeping to the shadows": how the act before is done
            _mute(reading, index, keep, len(ws))
        elif "distance" in ws and ws[max(0, ws.index("distance") - 2):ws.index("distance")] == ["at", "a"]:
            _mute(reading, index, ws.index("distance") - 2, ws.index("distance") + 1)
        else:
            continue
        found = index if found is None else found
    if found is None:
        return None
    reading.negated = any(t.negated for t in reading.tokens)
    acting = [i for i, c in enumerate(reading.clauses) if i not in framed and c.words and not c.question]
    return acting[0] if acting else None


def _spoken_near(reading: Reading, index: int) -> bool:
    """Words said in this clause or the two after it (in quotes, or by a verb of speech), and no other act in
    this one ("I quietly pocket the key while telling Vell about the weather" is still done unseen)."""
    near = range(index, min(index + 3, len(reading.clauses)))
    own = [t for t in reading.tokens if t.clause == index and not t.noun]
    if any(key not in SPEECH_KEYS and any(c.weight >= 1.5 for c in LEXICON[key])
           for t in own if (key := (t.stem,)) in LEXICON):
        return False
    return any(reading.clauses[j].quoted for j in near) or any(
        t.clause in near and (t.stem,) in SPEECH_KEYS and not t.noun for t in reading.tokens)


def unnoticed(clause: int | None, scores: dict[ActionType, float],
              clause_scores: dict[int, dict[ActionType, float]], matched: list[str]) -> None:
    """The act done unnoticed (the clause `covert` found) is a check."""
    if clause is None:
        return
    scores[T.SKILL_CHECK] += COVERT_WEIGHT
    per = clause_scores.setdefault(clause, {})
    per[T.SKILL_CHECK] = per.get(T.SKILL_CHECK, 0.0) + COVERT_WEIGHT
    matched.append("done unnoticed")


def _perceived(ws: list[str]) -> bool:
    return any(stem(w) in _PERCEIVING for w in ws)


def _mute(reading: Reading, clause: int, start: int, end: int, only: set[str] | None = None) -> None:
    """Words start..end of the clause frame the act: they weigh nothing, and a negation in them ("without",
    "nobody") reaches no further."""
    frame = reading.clauses[clause].words[start:end]
    own = [t for t in reading.tokens if t.clause == clause]
    for t in own:
        if t.word in frame and (only is None or t.word in only):
            t.factor, t.negated = 0.0, False
    if end < len(reading.clauses[clause].words):
        tail = set(reading.clauses[clause].words[end:])
        for t in own:
            if t.negated and t.word in tail:
                t.factor, t.negated = 1.0, False
