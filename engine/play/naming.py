"""Did you mean: names a player types that point at no one clearly.

Two cases reach the DM's ear. Two different people answer equally to the words ("attack Crowe" with
Silas Crowe and Crowe's Dog both here): the engine asks which. A name matches nobody exactly ("Silus",
"Crowy", "Nesa"): it is matched with rapidfuzz against every name in the world; a clear winner is
taken, close rivals are offered, and a capitalised name that is like no one is reported as unknown.
Several foes of one stat block ("the thug" with two Wrecker Thugs) are no ambiguity: the first is
meant. Cost depends on the world's names, never on history.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field
from rapidfuzz import fuzz
from rapidfuzz.distance import JaroWinkler

from engine.models.intent import EntityRef
from engine.models.world import Campaign
from engine.play.entities import (
    DESC_WEIGHT,
    NAME_WEIGHT,
    STOP,
    alias_stems,
    people,
    place_words,
)
from engine.play.person_nouns import HONORIFICS
from engine.play.typos import SHORTHAND, is_english
from engine.play.world_memo import remembered
from engine.text import stem, words

CLEAR = 90.0  # a typed name this close to one name in the world means it
MARGIN = 5.0  # ... unless another name is about as close
NEAR = 75.0  # names this close are offered back ("Did you mean Bram?")
OFFERED = 3
TIE = 0.01
_NAME_RE = re.compile(r"[A-Za-z][A-Za-z'\u2019]*|[.!?\"\u201c\u201d:;]")
_OPENERS = {".", "!", "?", '"', "\u201c", "\u201d", ":", ";"}
_CASTING = {"cast", "casts", "casting"}  # what follows is a spell's name, however strange
_NEVER_NAMES = {"i", "i'm", "i'll", "i've", "i'd", "dm", "gm", "ok", "okay", "hp", "ac", "dc", "xp", "npc"}


class NameCheck(BaseModel):
    """What the names in an action resolve to."""

    target: EntityRef | None = Field(None, description="The entity a fuzzily typed name clearly means")
    said: str | None = Field(None, description="The words that name no one clearly, as typed")
    options: list[str] = Field(default_factory=list, description="Names offered when the words are unclear")
    question: str | None = Field(None, description="The question back to the player")


def tied(ranked: list[EntityRef], world: Campaign, said: list[str], titles: frozenset[str]) -> list[str]:
    """Different entities the words name equally well by name or title; [] when the first is clearly meant.
    `said` are the action's words: a name word right before another noun only describes it ("a wrecker
    oilskin" is a coat, not a wrecker); `titles` are the stems of every name and role."""
    if len(ranked) < 2 or ranked[0].score <= DESC_WEIGHT + 1.0 or _modifier(ranked[0].via, said, titles):
        return []
    top = ranked[0].score
    # The same words must name them: "the crab and the thug" names two, it does not hesitate between two.
    rivals = [r for r in ranked if top - r.score < TIE and r.via == ranked[0].via]
    # Only those the player can be aiming at: in the fight, standing here, placed here, or in the party.
    rivals = [r for r in rivals if _present(r, world)]
    kinds = {_kind_of(r, world) for r in rivals}
    # Two Wrecker Thugs, or Silas Crowe fighting as a Wrecker Captain and the stat block: one kind of foe.
    return [r.name for r in rivals] if len(rivals) > 1 and len(kinds) > 1 else []


def _modifier(via: str, said: list[str], titles: frozenset[str]) -> bool:
    spots = [i for i, w in enumerate(said) if w == via]
    return bool(spots) and all(i + 1 < len(said) and said[i + 1] not in STOP and stem(said[i + 1]) not in titles
                               and said[i + 1].isalpha() for i in spots)


def _present(ref: EntityRef, world: Campaign) -> bool:
    here = world.game_state.party_location.casefold()
    if ref.kind in ("combatant", "character"):
        return True
    if ref.kind == "npc":
        npc = world.npc(ref.name)
        return npc is not None and (npc.location or "").casefold() == here
    location = world.location(world.game_state.party_location)
    return location is not None and ref.name in location.encounter


def _kind_of(ref: EntityRef, world: Campaign) -> str:
    combat = world.game_state.combat
    fighter = combat.combatant(ref.name) if combat is not None else None
    if fighter is not None and fighter.monster and not world.npc(ref.name):
        return fighter.monster.casefold()
    return ref.name.casefold()


def check_names(text: str, world: Campaign, actor: str | None, target: EntityRef | None,
                ranked: list[EntityRef], vocabulary: frozenset[str], aimed: bool) -> NameCheck:
    """Resolve the unclear names in `text`; `target` and `ranked` are what the exact linker found,
    `vocabulary` the words the parser already knows (never names to guess at), `aimed` whether the act
    is aimed at someone (only then is an unknown name worth a question)."""
    known = _known_words(world, actor)
    rivals = tied(ranked, world, words(text), _titles(world, actor)) if aimed else []
    if rivals:
        return NameCheck(target=target, said=ranked[0].via, options=rivals,
                         question=f"Who do you mean: {_either(rivals)}?")
    if target is not None and target.score >= NAME_WEIGHT:
        return NameCheck(target=target)
    for said, capital in _unlinked_names(text, known, vocabulary):
        scored = _closest(said, world, actor)
        best = scored[0][0] if scored else 0.0
        second = scored[1][0] if len(scored) > 1 else 0.0
        if not capital or (not aimed and is_english(said.lower())):
            # A lowercase oddity is far more often a misspelt word ("wrek", "thru") than a name: only a
            # clear match with nobody else named counts, and it is never asked about. So for a capitalised
            # word in an act aimed at nobody ("prays to the Tide Mother"): a deity is no misspelt Brother.
            if best >= CLEAR and second < best - MARGIN and target is None:
                _, name, kind = scored[0]
                return NameCheck(target=EntityRef(name=name, kind=kind, via=said, score=NAME_WEIGHT))
            continue
        if best >= CLEAR and second < best - MARGIN:
            _, name, kind = scored[0]
            return NameCheck(target=EntityRef(name=name, kind=kind, via=said, score=NAME_WEIGHT))
        if (clipped := _clipped(said, world, actor)) is not None:
            return NameCheck(target=clipped)
        options = [n for sc, n, _ in scored if sc >= NEAR and best - sc < MARGIN * 3][:OFFERED]
        slotted = _misspelt_in_person_slot(text, world, actor, known)
        if slotted is not None and slotted.via == said.lower() and options[:1] == [slotted.name]:
            return NameCheck(target=slotted)  # "I ask Hester if...": where a name must be, the one person it is near
        if options:
            return NameCheck(target=target, said=said, options=options, question=f"Did you mean {_either(options)}?")
        if aimed and capital and not is_english(said.lower()) and target is None:
            return NameCheck(said=said, question=f"There is nobody called {said} here. Who do you mean?")
    slotted = _misspelt_in_person_slot(text, world, actor, known)
    if slotted is not None and (target is None or _said_before(text, slotted.via, target.via)):
        return NameCheck(target=slotted)  # "buy oil from vel, ask him about crowe": the one dealt with first
    return NameCheck(target=target)


def _said_before(text: str, first: str, then: str) -> bool:
    said = [w.lower() for w in _NAME_RE.findall(text.replace("\u2019", "'"))]
    return first in said and (then.lower() not in said or said.index(first) < said.index(then.lower()))


# Verbs whose object is a person: the word right after one is a name, however it is spelt ("ask pin",
# "intimidate hester", "ask ambrosia bout the words"), even when the misspelling is an English word.
_TO_SOMEONE = {"ask", "tell", "tel", "intimidate", "persuade", "convince", "threaten", "bribe", "pay", "give", "gib",
               "hand", "thank", "greet", "question", "interrogate", "warn", "call", "wake", "help", "heal"} \
    | HONORIFICS  # an honorific comes before a name ("Mr Vellum, where were you?")
_PASSING = {"give", "gib", "hand", "pass", "toss", "throw", "pay", "sell", "show", "lend", "offer", "slip", "read"}
_PERSON_AFTER = {"to": _PASSING, "from": {"buy", "purchase", "get", "take", "borrow", "rent", "order"},
                 "on": {"word", "wounds", "wound", "cast", "heal", "bless", "guidance", "aid", "shield", "sleep",
                        # "roll intimidation on vel", "insight on hester": a check read on someone
                        "insight", "intimidation", "persuasion", "deception", "check", "roll", "rolling"}}
SLOT_NEAR = 70.0  # a word where a name must be, this close to one person here, is that person


def _misspelt_in_person_slot(text: str, world: Campaign, actor: str | None, known: frozenset[str]) -> EntityRef | None:
    said = [w.lower() for w in _NAME_RE.findall(text.replace("\u2019", "'")) if w[0].isalpha()]
    present = _present_names(world, actor)
    for i, (verb, word) in enumerate(zip(said, said[1:], strict=False)):
        # "give letter to aldus", "buy rope from vel", "healing word on iris": after the preposition a verb of
        # passing, buying or casting sends its thing to someone.
        slot = verb in _TO_SOMEONE or verb in _PERSON_AFTER and bool(set(said[:i]) & _PERSON_AFTER[verb])
        if not slot or word in STOP or len(word) < 3 or stem(word) in known:
            continue
        scored = [c for c in _closest(word, world, actor) if c[1] in present]
        if scored and scored[0][0] >= SLOT_NEAR and (len(scored) < 2 or scored[1][0] < scored[0][0] - MARGIN * 2):
            _, name, kind = scored[0]
            return EntityRef(name=name, kind=kind, via=word, score=NAME_WEIGHT)
    return None


CLIPPED = 3  # letters a name cut short keeps at least ("Hes" for Hesper, "Sil" for Silas)


def _clipped(said: str, world: Campaign, actor: str | None) -> EntityRef | None:
    """A capitalised name cut short to the start of one name of exactly one person here ("ask Hes if...")."""
    typed = said.lower()
    if " " in typed or len(typed) < CLIPPED:
        return None
    present = _present_names(world, actor)
    found = {(name, kind) for name, kind, _ in people(world, actor) if name in present
             and any(w.startswith(typed) and len(w) > len(typed) for w in name.lower().split())}
    if len(found) != 1:
        return None
    name, kind = found.pop()
    return EntityRef(name=name, kind=kind, via=said, score=NAME_WEIGHT)


def _present_names(world: Campaign, actor: str | None) -> set[str]:
    """The NPCs alive where the party stands and the party but the actor: whom a name typed here can mean."""
    here = world.game_state.party_location.casefold()
    return {n.name for n in world.npcs if n.alive and (n.location or "").casefold() == here} | {
        c.name for c in world.characters if actor is None or c.name.casefold() != actor.casefold()}


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _unlinked_names(text: str, known: frozenset[str], vocabulary: frozenset[str]) -> list[tuple[str, bool]]:
    """(name as typed, capitalised) for runs of words that look like a name but link to nothing: a
    capitalised word inside a sentence, or a word no dictionary knows. Known words of the world (names,
    places, items, the parser's vocabulary) are not names to guess at."""
    out: list[tuple[str, bool]] = []
    run: list[str] = []
    capital_run = False
    opener, after_cast = True, False
    for token in _NAME_RE.findall(text.replace("\u2019", "'")):
        if token in _OPENERS:
            opener = True
            if run:
                out.append((" ".join(run), capital_run))
                run, capital_run = [], False
            continue
        word = token.lower().removesuffix("'s")
        # "im DONE w these two": a word shouted in capitals is emphasis, not a name.
        capital = token[0].isupper() and not opener and not (token.isupper() and len(token) > 1 and is_english(word))
        strange = len(word) > 3 and not is_english(word) and word not in SHORTHAND
        candidate = (capital or strange) and word not in _NEVER_NAMES and word not in STOP \
            and stem(word) not in known and word not in vocabulary and not after_cast
        after_cast = word in _CASTING or (after_cast and word not in STOP)
        opener = False
        if candidate:
            run.append(token.removesuffix("'s"))
            capital_run = capital_run or capital
        elif run:
            out.append((" ".join(run), capital_run))
            run, capital_run = [], False
    if run:
        out.append((" ".join(run), capital_run))
    return out


def _closest(said: str, world: Campaign, actor: str | None) -> list[tuple[float, str, str]]:
    """(similarity 0-100, name, kind) of the world's people and creatures, closest first."""
    typed = said.lower()
    scored = []
    for name, kind, _ in people(world, actor):
        parts = [name.lower(), *(w for w in words(name) if len(w) > 2 and w not in STOP)]
        # Jaro-Winkler forgives a wrong ending ("Hespa"), plain ratio keeps short names apart ("Bob", "Bram").
        scored.append((max((100 * JaroWinkler.normalized_similarity(typed, p) + fuzz.ratio(typed, p)) / 2
                           for p in parts), name, kind))
    scored.sort(key=lambda s: -s[0])
    return scored


def _known_words(world: Campaign, actor: str | None) -> frozenset[str]:
    """Stems that already mean something in this world: every alias of a person, every place word."""
    return remembered(world, ("known words", actor), lambda: alias_stems(world, actor)[0] | place_words(world))


def _titles(world: Campaign, actor: str | None) -> frozenset[str]:
    return alias_stems(world, actor)[1]
