"""A creature named in an attack that nothing here is: the DM says so and offers who is here.

"I attack the ogre" in a fight with two Wrecker Thugs must not hit a thug. The creature words come
from the SRD bestiary's names (every kind of creature a player may name, no list kept by hand), and a
word counts only as the head of the attack's object ("the big ogre", "the hydra's heads", "the bandit
on the left"), never as the means or the place ("with my bat", "from the shadows"), and only when
nothing in this world answers to it (its names, roles, descriptions, places, the party's gear).
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel

from engine.content.catalogue import index, name_words, parse_cr
from engine.models.actions import ActionType
from engine.models.catalogue import CatalogueKind
from engine.models.srd import SrdCreature
from engine.models.world import Campaign
from engine.play import lexicon as lx
from engine.play.cue_keys import LEXICON
from engine.play.deciding import THEN_MIN
from engine.play.entities import alias_stems, place_words
from engine.play.reading import Reading
from engine.play.typos import world_vocabulary
from engine.text import stem

# Words that end a noun phrase: what follows a creature's name is no longer its name.
_AFTER_HEAD = {"with", "on", "in", "at", "out", "of", "from", "into", "to", "by", "near", "behind", "over",
               "under", "using", "for", "before", "again", "now", "first", "right", "there", "here", "off", "up",
               "down", "as", "until", "while"}
# A creature after these is the means, the place or a likeness, not the target ("thin as harbor ice").
_MEANS = {"with", "using", "from", "behind", "through", "under", "like", "past", "beside", "near", "via", "by",
          "inside", "within", "among", "as", "than"}
_OWN = {"my", "our", "his", "her", "their", "your"}
_CALLED = {"you", "thou", "ye", "ya", "u"}


class Absent(BaseModel):
    creature: str
    question: str
    options: list[str]


@cache
def creature_words() -> frozenset[str]:
    # Weapons and gear in creature names ("animated flying sword", "animated armor") are the lexicon's; words
    # for people it has only as cues of talk ("ghost", "guard") are still creatures.
    gear = {key[0] for key, cues in LEXICON.items() if len(key) == 1
            and any(c.action_type != ActionType.ROLEPLAY for c in cues)} - {stem(w) for w in lx.CREATURES}
    srd = {stem(w) for w in name_words(CatalogueKind.MONSTER)}
    return frozenset(srd - gear | {stem(w) for w in lx.CREATURES})  # the 2024 SRD has no orc; players still say it


@cache
def _spell_names() -> dict[str, tuple[tuple[str, ...], ...]]:
    """SRD spell names by their first word, as word tuples ("ray of frost", "wall of ice")."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for name in index(CatalogueKind.SPELL).keys:
        said = tuple(name.split())
        out.setdefault(said[0], []).append(said)
    return {first: tuple(names) for first, names in out.items()}


def _in_spell_name(ws: list[str], i: int) -> bool:
    """Whether ws[i] is part of a spell's name said in the clause ("frost" in "ray of frost")."""
    names = _spell_names()
    for start in range(max(0, i - 4), i + 1):
        for said in names.get(ws[start], ()):
            if start + len(said) > i and tuple(ws[start:start + len(said)]) == said:
                return True
    return False


def _known(world: Campaign, actor: str | None) -> frozenset[str]:
    return alias_stems(world, actor)[0] | place_words(world) | frozenset(stem(w) for w in world_vocabulary(world))


def absent_creature(reading: Reading, world: Campaign, actor: str | None,
                    acting: dict[int, dict[ActionType, float]] | None = None) -> Absent | None:
    """The creature an attack names that is nowhere here, with the foes (or encounter) to offer instead.
    `acting`: the clauses' scores; beside a clause that strikes, a creature named in a clause with nothing
    more of a blow than its own name ("Great, skeletons. Magic missile at the one dragging Bram") is what the
    player sees, not what they hit."""
    creatures = creature_words()
    known: frozenset[str] | None = None
    owned = {t.word for t in reading.tokens if t.possessive}  # "the werewolf's throat": the werewolf is aimed at
    blows = {i: s.get(ActionType.COMBAT, 0.0) for i, s in (acting or {}).items()}
    struck = max(blows.values(), default=0.0) > THEN_MIN
    for at, clause in enumerate(reading.clauses):
        if clause.quoted or struck and blows.get(at, 0.0) <= THEN_MIN:
            continue  # "'Take that, thou bilge-rat!'", "Great, skeletons.": words said or a sight, nothing struck
        ws = clause.words
        for i, w in enumerate(ws):
            s = stem(w)
            if s not in creatures or (i + 1 < len(ws) and ws[i + 1] not in _AFTER_HEAD and w not in owned):
                continue
            if w.endswith("ing") and w != s:
                continue  # "the one clawing at Bram": a verb's -ing form says what a foe does, it names no creature
            if i and ws[i - 1] in _OWN or any(x in _MEANS for x in ws[:i]) or _in_spell_name(ws, i):
                continue  # "my sword", "with my bat", "from the shadows", "ray of frost": not a creature
            if any(x in _CALLED for x in ws[:i]):
                break  # "Wren you absolute goblin": a name called, not a creature here
            known = known if known is not None else _known(world, actor)
            if s in known or _what_they_are(s, world):
                return None  # the attack names someone of this world: the linker resolves them
            return no_one_here(w, world)
    return None


# People and animals are told apart by name: "the cultist" is not a wrecker thug, "the wolf" is not a crab.
_TOLD_APART = {"humanoid", "beast"}


@cache
def _called(word: str) -> tuple[tuple[str, float], ...]:
    """(type, challenge) of the SRD creature of this one-word name ("skeleton": undead, "ogre": giant, not the
    Ogre Zombie's undead), else of every SRD creature whose name has the word."""
    records = [r for r in index(CatalogueKind.MONSTER).by_key.values() if isinstance(r, SrdCreature)]
    named = [r for r in records if stem(r.name.casefold()) == word] or \
        [r for r in records if word in {stem(w) for w in r.name.casefold().split()}]
    return tuple((r.creature_type.casefold(), r.cr_numeric) for r in named)


def _what_they_are(word: str, world: Campaign) -> bool:
    """In a fight against one kind of foe, a word for a creature of its type and no greater is a word for
    them: "the skelliton with the seaweed on it" against drowned sailors; "the vampire" still is not."""
    combat = world.game_state.combat
    if combat is None or not combat.active:
        return False
    blocks = {c.monster or c.name for c in combat.order if c.kind == "monster" and not c.defeated}
    block = world.monster(next(iter(blocks))) if len(blocks) == 1 else None
    if block is None or block.kind.casefold() in _TOLD_APART:
        return False
    return any(kind == block.kind.casefold() and cr <= parse_cr(block.challenge) + 1 for kind, cr in _called(word))


def no_one_here(creature: str, world: Campaign) -> Absent:
    """The answer to an attack on someone or something not here: who is, to choose from."""
    combat = world.game_state.combat
    if combat is not None and combat.active:
        options = list(dict.fromkeys(c.name for c in combat.order if c.kind == "monster" and not c.defeated))
    else:
        here = world.location(world.game_state.party_location)
        options = list(dict.fromkeys(here.encounter)) if here is not None else []
    # "the Wrecker Thug" for a kind of creature, but a person by name: "Silas Crowe", not "the Silas Crowe".
    called = [o if world.npc(o) is not None else f"the {o}" for o in options]
    offer = ", ".join(called[:-1]) + f" or {called[-1]}" if len(called) > 1 else called[0] if called else ""
    question = f"There is no {creature} here. " + (f"Did you mean {offer}?" if offer else "Who do you want to attack?")
    return Absent(creature=creature, question=question, options=options)
