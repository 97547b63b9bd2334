"""What a fighting word is aimed at: a verb of fighting whose object is a thing is no attack.

"I kill some time", "I strike a match", "I hit the lever", "I take a stab at the riddle", "I fire up
the lamp": the object after the verb (past "at"/"on"/"into") names no one. Someone is anyone of this
world (a name, role or description word), a kind of creature (the SRD bestiary's names), a foe's word
("the enemy", "the nearest one") or a pronoun for someone. With no object at all ("I attack!") the
verb stands.
"""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.models.world import Campaign
from engine.play.absent import creature_words
from engine.play.cue_keys import LEXICON
from engine.play.entities import alias_stems
from engine.play.lexicon import PERSON_WEIGHT
from engine.play.reading import Reading
from engine.play.typos import is_english
from engine.text import stem

# Past these the object goes on: "a stab at the riddle", "swing on the rope", "up the lamp".
_THROUGH = {"at", "on", "into", "upon", "against", "toward", "towards", "up", "off", "out", "down", "over", "in",
            "of", "some", "an", "a", "anyway", "again", "now", "back", "hard", "first", "too", "also", "once",
            "twice", "instead", "quickly", "fast", "there", "here", "away", "around", "round"}
# Actions with no target: "take the dodge action" has no one to aim at, and needs no one.
_UNAIMED = {stem(w) for w in ("dodge", "parry", "disengage", "defend", "dash", "rage", "initiative")}
# These end the object: what follows is the means, the purpose or another act.
_ENDS = {"with", "using", "to", "by", "from", "for", "so", "while", "until", "then", "and", "because", "like"}
_SOMEONE = {"him", "her", "them", "it", "whatever", "whoever", "anyone", "anything", "one", "ones", "enemy",
            "enemies", "foe", "foes", "monster", "creature", "beast", "boss", "guy", "thing", "everyone", "us"}


def at_a_thing(reading: Reading, index: int, key: tuple[str, ...], world: Campaign | None, actor: str | None) -> bool:
    """True when the fighting cue `key` at `index` has an object and it names no one. The cue's other
    words may come later ("knock the harbormaster out"): they are no part of the object."""
    tokens = reading.tokens
    clause = tokens[index].clause
    if _words_or_looks(tokens, index, len(key)):
        return True  # "I shoot Pim a wink", "I dodge the question": the blow is a look or words
    if tokens[index].stem in _UNAIMED:
        return False
    # A noun of fighting aims only with "at": "take a swing at the thug", not "the dodge action".
    size = len(key)
    after = tokens[index + size].word if index + size < len(tokens) else ""
    if tokens[index].noun and after == "of":
        return True  # a measure, not a blow: "a shot of rum", "a stab of pain"
    if tokens[index].noun and after != "at":
        return False
    said: list[str] = []
    owner = False
    for t in tokens[index + 1:]:
        if t.clause != clause or t.word in _ENDS:
            break
        if t.word not in _THROUGH and not t.word.endswith("ly") and t.stem not in key:
            owner = owner or not said and t.possessive
            said.append(t.word)
    if owner and len(said) > 1 and not set(said[1:]) & _BODY:
        said = said[1:]  # "strikes Aldous's tinderbox": the thing struck is the tinderbox, his or not
    if not said:
        return False
    if [t.word for t in tokens[index + size:index + size + 2]] in (["her", "up"], ["it", "up"]):
        return True  # "fire her up", "light her up": a lamp or a boat started, the way sailors say it
    if said == ["it"] and _thing_before(reading, index, world, actor):
        return True  # "if the door is locked I kick it in": "it" is the thing named before
    if set(said) & _SOMEONE or any(w.isalpha() and not is_english(w) for w in said):
        return False  # a pronoun, a foe's word, or a name nobody has ("I attack Zorgrim"): the DM asks who
    stems = {stem(w) for w in said}
    if stems & creature_words():
        return False
    # Names and roles only: a word of a description ("the ledger" Osric keeps) is a thing said.
    return world is None or not stems & alias_stems(world, actor)[1]


def _thing_before(reading: Reading, index: int, world: Campaign | None, actor: str | None) -> bool:
    """Things named before the verb and no one: "it" can only stand for a thing."""
    nouns = {t.stem for t in reading.tokens[:index] if t.noun and t.word.isalpha() and t.word not in _SOMEONE}
    someone = creature_words() | (alias_stems(world, actor)[1] if world is not None else set())
    return bool(nouns) and not nouns & someone


def _words_or_looks(tokens: list, index: int, size: int) -> bool:
    """The verb's object, up to where it ends, is a thing of talk or looks ("a wink", "the question", "a
    compliment"): a social cue stronger than a mere person word, so no one is struck."""
    for t in tokens[index + size:]:
        if t.clause != tokens[index].clause or t.word in _ENDS:
            return False
        if t.noun and any(c.action_type == ActionType.ROLEPLAY and c.weight > PERSON_WEIGHT
                          for c in LEXICON.get((t.stem,), ())):
            return True
    return False


WEAPON_AIMED = 2.5


def weapon_aimed(reading: Reading, world: Campaign, actor: str | None) -> int | None:
    """"shortbow at Crowe", "longsword on the crab": in a fight, the actor's own weapon aimed at someone is an
    attack even with no verb. The clause, or None."""
    pc = world.character(actor) if actor else None
    if pc is None:
        return None
    weapons = {stem(w) for attack in pc.attacks for w in attack.name.lower().split() if len(w) > 3}
    tokens = reading.tokens
    for i, t in enumerate(tokens):
        if t.stem not in weapons or t.negated:
            continue
        rest = [x for x in tokens[i + 1:] if x.clause == t.clause]
        while rest and rest[0].word in _MANNER:
            rest = rest[1:]
        if rest and rest[0].word in ("at", "on"):
            return t.clause
        # "drives her shortsword up under the shell", "sink my dagger into his back": the blade put into a body.
        if rest and rest[0].word in _INTO and {x.word for x in rest[1:]} & (_BODY | {"him", "her", "them"}):
            return t.clause
    return None


_MANNER = {"up", "down", "deep", "hard", "right", "straight", "home", "fast", "again", "low", "high"}
_INTO = {"into", "through", "under", "between", "in", "across", "against"}
# Where a blade goes into a body: a creature's parts, whatever the creature.
_BODY = {"back", "ribs", "gut", "guts", "belly", "throat", "neck", "chest", "side", "shell", "eye", "eyes", "head",
         "skull", "heart", "leg", "legs", "arm", "shoulder", "face", "jaw", "claw", "joint", "armpit", "spine", "flank",
         "thigh", "kidney", "kidneys", "stomach", "carapace", "shin", "knee", "hip", "mouth"}
