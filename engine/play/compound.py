"""Compound actions: which clauses are acts of their own, and which only lead up to the next act.

"I run up to the thug and hit him", "we walk up to Osric and tell him": a clause that only
closes in on someone (a verb of going or creeping, a direction, a person and no place) is how the next
act is done, not an act of another kind; the parts of a compound are the clauses that act on their own.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.models.actions import ActionType
from engine.play import lexicon as lx
from engine.play.cue_keys import LEXICON, MOVEMENT_KEYS, cue_stem
from engine.play.deciding import CLAUSE_MIN
from engine.play.entities import PRONOUNS
from engine.play.inflection import base_verb
from engine.play.reading import Reading
from engine.text import stem

T = ActionType
# Stealth is no mere approach: "I sneak up on the thug and stab him" is a Stealth check and an attack.
_CLOSING_IN = {stem(w) for w in ("edge", "sidle", "step", "stride", "wander", "saunter", "stroll")}
_TOWARD = {"up", "over", "behind", "toward", "towards", "to", "near", "next", "beside", "across", "closer", "round",
           "around"}
_AIMED = {T.COMBAT, T.ROLEPLAY, T.INVENTORY, T.SKILL_CHECK, T.PUZZLE}
_JOINS = {"and", "then", ""}
_CLIMBS = {stem(w) for w in ("climb", "scramble", "clamber", "scale", "shin", "swim", "jump", "leap", "vault")}
_TUMBLE = (stem("tumble"),)
_REACHING = {"to", "into", "onto", "for"}  # "run back up the stair to the lighthouse": reaching a place is fleeing
# Moving about inside a fight: part of the turn, like the attack beside it ("tumble past the crab and stab Crowe").
_FIGHT_MOVES = MOVEMENT_KEYS | {(stem(w),) for w in ("tumble", "dart", "dash", "step", "move", "run", "roll", "duck",
                                                      "weave", "spin", "back")}


def approaches(reading: Reading, clause_scores: dict[int, dict[ActionType, float]],
               main: dict[int, tuple[ActionType, float, int, tuple[str, ...]]],
               titles: Callable[[], frozenset[str]], place_clause: int | None) -> list[int]:
    """Clauses that only close in on the person the next clause acts on; `titles` gives the stems of
    every name and role (asked only when a clause closes in on something)."""
    out = []
    for i, clause in enumerate(reading.clauses[:-1]):
        nxt = reading.clauses[i + 1]
        if i not in main or i + 1 not in clause_scores or nxt.lead not in _JOINS or i == place_clause:
            continue
        key = main[i][3]
        if not (key in MOVEMENT_KEYS or key[0] in _CLOSING_IN) or not set(clause.words) & _TOWARD:
            continue
        said = {stem(w) for w in clause.words}
        if not said & titles() and not set(clause.words) & PRONOUNS - {"it", "its"}:
            continue  # "I walk over to the window": going to a thing is looking at it, not leading up
        ahead = max(clause_scores[i + 1].items(), key=lambda kv: kv[1])
        if ahead[0] in _AIMED and ahead[1] >= lx.APPROACH_MIN and ahead[0] != main[i][0]:
            out.append(i)
    return out


def fight_moves(reading: Reading, clause_scores: dict[int, dict[ActionType, float]],
                main: dict[int, tuple[ActionType, float, int, tuple[str, ...]]], place: object,
                fighting: bool) -> list[int]:
    """In a fight, clauses that only move about the field beside an attack ("dodge, then move 30 toward the
    arch", "Wren tumbles past the crab and puts her shortsword in Crowe's back"): the movement is part of
    the combat turn, not an act of another kind. Going to a named place is no part of it (it is fleeing), nor
    is a climb (a check of its own)."""
    if not fighting:
        return []
    leaders = {i: max(per.items(), key=lambda kv: kv[1]) for i, per in clause_scores.items() if per}
    if not any(kind == T.COMBAT and score >= lx.APPROACH_MIN for kind, score in leaders.values()):
        return []
    return [i for i in leaders if i in main and main[i][3] in _FIGHT_MOVES and not set(main[i][3]) & _CLIMBS
            and not (place and set(reading.clauses[i].words) & _REACHING)
            and (leaders[i][0] == T.EXPLORATION or main[i][3] == _TUMBLE) and not reading.clauses[i].question]


def gone_to_do(reading: Reading, main: dict[int, tuple[ActionType, float, int, tuple[str, ...]]],
               place_clause: int | None) -> list[int]:
    """Clauses that go somewhere unnamed to do a thing ("go straight up to sleep", "wander over to chat"): the
    going is how the thing after "to" gets done, which is the act."""
    out = []
    for i, (_, _, _, key) in main.items():
        if key not in MOVEMENT_KEYS or i == place_clause:
            continue
        ws = reading.clauses[i].words
        # Only a "to" after the going says what it is for: "I'd like us to climb up to the point" wants the move.
        went = next((k for k, w in enumerate(ws) if cue_stem(w) == key[0]), 0)
        after = ws[ws.index("to", went) + 1:] if "to" in ws[went:] else []
        purpose = after[0] if after else ""
        if base_verb(purpose) and any(c.action_type not in (T.EXPLORATION, T.PUZZLE) and c.weight >= 2.5
                                      and not c.verb_only for c in LEXICON.get((cue_stem(purpose),), ())):
            out.append(i)
    return out


_SAID_BESIDE = {"we", "i", "then", "let's", "lets", "us", "all", "off", "on", "out", "afire", "now", "right", "away"}


def going_nowhere(reading: Reading, clause_scores: dict[int, dict[ActionType, float]],
                  main: dict[int, tuple[ActionType, float, int, tuple[str, ...]]], place: object) -> list[int]:
    """Beside another act, a clause that only sets off, with no place or way named ("I buy three days of
    rations, then we move", "short rest, then we set off"), is no part of its own: where to is not said."""
    if place:
        return []
    leaders = {i: max(per.items(), key=lambda kv: kv[1]) for i, per in clause_scores.items() if per}
    going = [i for i, (kind, _) in leaders.items() if kind == T.EXPLORATION and i in main
             and main[i][3] in MOVEMENT_KEYS and not reading.clauses[i].question
             and all(w in _SAID_BESIDE or cue_stem(w) in main[i][3] for w in reading.clauses[i].words)]
    acting = any(kind != T.EXPLORATION and score >= CLAUSE_MIN for i, (kind, score) in leaders.items()
                 if i not in going)
    return going if acting else []
