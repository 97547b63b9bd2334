"""Handling one's own gear: "Bram draws his longsword", "I sling my shortbow over my shoulder", "wren strings
her shortbow". A verb whose object is a thing on the actor's sheet, with no one and nothing else for it to be
aimed at, readies or stows gear: an inventory act, even mid-fight and even when the thing is a weapon.
Derived from the sheet, so any character's kit counts."""

from __future__ import annotations

from functools import lru_cache

from engine.models.actions import ActionType
from engine.models.world import Campaign, Character
from engine.play import lexicon as lx
from engine.play.cue_keys import LEXICON
from engine.play.entities import STOP, alias_stems
from engine.play.reading import Reading
from engine.text import stem, words

T = ActionType
GEAR_WEIGHT = 4.0
# A verb this strongly a fight ("swing my longsword", "shoot my bow") uses the gear; it does not handle it.
_FIGHTING = 1.5
_TARGETED = {"him", "them", "at", "against"}
_MEANS = {"with", "using", "via"}
_POSSESSIVE = {"my", "our", "his", "her", "their"}
_READY = stem("ready")
_DRAWING = {"draw", "draws", "drew", "unsheathe", "unsheathes", "unsling", "unslings", "whip", "whips", "yank",
            "yanks", "rip", "rips", "pull", "pulls"}
# The base weapon inside a compound name ("Longsword", "Shortbow", "Handaxe", "Warhammer"): "my sword" is it.
_BASES = ("sword", "bow", "axe", "hammer", "spear", "mace", "staff", "knife", "dagger")
_TRIGGERS = {"case", "if", "when", "whatever", "anything", "anyone", "should"}


def kit(character: Character) -> tuple[str, ...]:
    """What a character carries: the inventory, and the weapons their attacks are made with ("light crossbow")."""
    return tuple(dict.fromkeys([*(i.name for i in character.inventory), *(a.name for a in character.attacks)]))


def handled_gear(reading: Reading, world: Campaign | None, actor: str | None) -> tuple[int, set[int]] | None:
    """(clause, token indexes of the gear) where the actor handles their own gear and nothing else."""
    if world is None or actor is None or reading.spell or not (
            any(t.possessive for t in reading.tokens) or any(set(c.words) & _POSSESSIVE | _DRAWING
                                                             for c in reading.clauses)):
        return None  # nothing owned is named: the common case, answered at once
    heads, theirs, every = _kits(actor.casefold(), tuple(  # type: ignore[union-attr]
        (c.name, kit(c)) for c in world.characters))  # type: ignore[union-attr]
    if not any(t.stem in every or t.word in _bases(heads) for t in reading.tokens):
        return None  # no one's gear named: the common case, answered at once
    for index, clause in enumerate(reading.clauses):
        ws = clause.words
        # "draw sword, hit thug": a drawing verb right before the thing says whose it is, as "my" would; "my
        # sword" is the longsword on the sheet.
        spot = next((j for j, w in enumerate(ws) if stem(w) in heads and (
            _possessed(ws, j, _POSSESSIVE) or _drawn(ws, j))
            or w in _bases(heads) and (_drawn(ws, j) or j and ws[j - 1] in {"my", "our"}) and not _stated(reading, index, w)
                     or any(stem(w) in kit and _possessed(ws, j, {name}) for name, kit in theirs.items())), None)
        # "pry it open with her warhammer": gear named as the means is used on something else.
        if spot is None or set(ws[:spot]) & _MEANS:
            continue
        own = [t for t in reading.tokens if t.clause == index]
        if any(t.negated or t.factor < 0.5 for t in own):
            continue
        people = alias_stems(world, actor)[1] - heads  # type: ignore[arg-type]
        people -= set(theirs)
        aimed = any(t.stem in people or t.word in _TARGETED or t.word in lx.CREATURES for t in own) or any(
            w == "her" and not _possessed_by(ws, k) for k, w in enumerate(ws))
        fights = any(not t.noun and any(c.action_type == T.COMBAT and c.weight >= _FIGHTING
                                        for c in LEXICON.get((t.stem,), ())) for t in own)
        # "readies her crossbow in case anything comes out of the water": the Ready action, held for a trigger.
        held = any(t.stem == _READY for t in own) and bool(set(ws[spot:]) & _TRIGGERS)
        if not aimed and not fights and not held:
            return index, {k for k, t in enumerate(reading.tokens) if t.clause == index and t.stem in heads}
    return None


def _possessed(ws: list[str], j: int, owners: set[str]) -> bool:
    """Someone's own thing: an owner right before it, or before up to two words describing it ("her dark
    hooded cloak")."""
    for k in range(max(0, j - 3), j):
        if stem(ws[k]) in owners or ws[k] in owners:
            return all(w not in STOP for w in ws[k + 1:j])
    return False


def _drawn(ws: list[str], j: int) -> bool:
    """A verb of drawing just before the thing ("draw sword", "whips out a handaxe"): it is the drawer's own."""
    return any(w in _DRAWING for w in ws[max(0, j - 3):j]) and all(w in STOP or w in _DRAWING or w == "out"
                                                                   for w in ws[max(0, j - 3):j][1:])


def _stated(reading: Reading, clause: int, word: str) -> bool:
    """"my hammer's upstairs": the thing is the subject of a statement ("'s" is "is"), not handled."""
    return any(t.clause == clause and t.word == word and t.possessive for t in reading.tokens)


def _possessed_by(ws: list[str], k: int) -> bool:
    """"her" owning the next word ("her neck"), not a person ("tell her", "hit her with it")."""
    return k + 1 < len(ws) and ws[k + 1] not in STOP and ws[k + 1] not in _TARGETED


@lru_cache(maxsize=64)
def _kits(actor: str, sheets: tuple[tuple[str, tuple[str, ...]], ...]
          ) -> tuple[frozenset[str], dict[str, frozenset[str]], frozenset[str]]:
    """(the actor's gear heads, each companion's first-name stem -> their gear heads, every gear head).
    A companion's things are owned by name ("can I borrow Wren's cloak"): gear changing hands."""
    heads = next((_heads(items) for name, items in sheets if name.casefold() == actor), frozenset())
    theirs = {stem(words(name)[0]): _heads(items) for name, items in sheets
              if name.casefold() != actor and words(name)}
    return heads, theirs, heads.union(*theirs.values())


@lru_cache(maxsize=64)
def _heads(names: tuple[str, ...]) -> frozenset[str]:
    """The head word of each item's name ("Dark hooded cloak" -> cloak, "Potion of healing" -> potion)."""
    out: set[str] = set()
    for name in names:
        said = words(name.split("(")[0].split(" of ")[0])
        parts = [p for p in " ".join(said).split(" and ")]
        out.update(stem(p.split()[-1]) for p in parts if p.split())
    return frozenset(out)


@lru_cache(maxsize=64)
def _bases(heads: frozenset[str]) -> frozenset[str]:
    """The base weapons inside the heads' compound names ("longsword" -> sword)."""
    return frozenset(base for head in heads for base in _BASES if head.endswith(base) and head != base)
