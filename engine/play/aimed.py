"""What a fighting word is aimed at: a verb of fighting whose object is a thing is no attack.

"I kill some time", "I strike a match", "I hit the lever", "I take a stab at the riddle", "I fire up
the lamp": the object after the verb (past "at"/"on"/"into") names no one. Someone is anyone of this
world (a name, role or description word), a kind of creature (the SRD bestiary's names), a foe's word
("the enemy", "the nearest one") or a pronoun for someone. With no object at all ("I attack!") the
verb stands.
"""

from __future__ import annotations

from engine.models.world import Campaign
from engine.play.absent import creature_words
from engine.play.classifier import Reading
from engine.play.entities import alias_stems, is_english
from engine.text import stem

# Past these the object goes on: "a stab at the riddle", "swing on the rope", "up the lamp".
_THROUGH = {"at", "on", "into", "upon", "against", "toward", "towards", "up", "off", "out", "down", "over", "in",
            "of", "some", "an", "a"}
# These end the object: what follows is the means, the purpose or another act.
_ENDS = {"with", "using", "to", "by", "from", "for", "so", "while", "until", "then", "and", "because", "like"}
_SOMEONE = {"him", "her", "them", "it", "whatever", "whoever", "anyone", "anything", "one", "ones", "enemy",
            "enemies", "foe", "foes", "monster", "creature", "beast", "boss", "guy", "thing", "everyone", "us"}


def at_a_thing(reading: Reading, index: int, size: int, world: Campaign | None, actor: str | None) -> bool:
    """True when the fighting cue at `index` (of `size` words) has an object and it names no one."""
    tokens = reading.tokens
    clause = tokens[index].clause
    said: list[str] = []
    for t in tokens[index + size:]:
        if t.clause != clause or t.word in _ENDS:
            break
        if t.word not in _THROUGH:
            said.append(t.word)
    if not said:
        return False
    if set(said) & _SOMEONE or any(w.isalpha() and not is_english(w) for w in said):
        return False  # a pronoun, a foe's word, or a name nobody has ("I attack Zorgrim"): the DM asks who
    stems = {stem(w) for w in said}
    if stems & creature_words():
        return False
    # Names and roles only: a word of a description ("the ledger" Osric keeps) is a thing said.
    return world is None or not stems & alias_stems(world, actor)[1]
