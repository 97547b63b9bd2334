"""A spell named without "cast": "magic missile at crowe!", "bless on the front line pls", and the caster's
shout "Idris: 'Fire bolt!'". A spell on the party's sheets, named as the act, is cast; a quote that only
names it is the incantation, not words said to someone."""

from __future__ import annotations

from functools import lru_cache

from engine.content.catalogue import index as catalogue_index
from engine.models.catalogue import CatalogueKind
from engine.models.world import Campaign
from engine.play.cue_keys import LEXICON
from engine.play.entities import alias_stems
from engine.play.reading import Reading
from engine.text import stem, words


@lru_cache(maxsize=1)
def _srd_spells() -> tuple[frozenset[str], frozenset[str]]:
    """The SRD's spell names, and those with every opening of a longer one ("healing", "healing word")."""
    names = frozenset(name.casefold() for name in catalogue_index(CatalogueKind.SPELL).keys)
    openings = frozenset(" ".join(n.split()[:i]) for n in names for i in range(1, len(n.split())))
    return names, names | openings


def spell_said(said: list[str], word: str) -> bool:
    """Whether the words after "cast" already name a whole SRD spell that `word` does not carry on:
    "cast healing word idris" names Healing Word, then the one it is cast on."""
    names, names_or_openings = _srd_spells()
    so_far = " ".join(said)
    return so_far in names and f"{so_far} {word}" not in names_or_openings


_FILLERS = {"ok", "okay", "so", "um", "uh", "and", "then", "now", "quick", "i", "we"}
_INCANTATION = 4  # words in a quote that only names its spell ("Magic missile, go!")


def named_spell(reading: Reading, world: Campaign | None, actor: str | None) -> None:
    """Sets `reading.spell` to a sheet's spell named in the words, its words weighing nothing as cues."""
    if reading.spell is not None or world is None:
        return
    spells, party, firsts = _sheet_spells(actor.casefold() if actor else None, tuple(
        (c.name, tuple(c.spells.all())) for c in world.characters))
    if not any(t.stem in firsts for t in reading.tokens):
        return  # no spell's first word said: the common case, answered at once
    stems_at = [t.stem for t in reading.tokens]
    for key, name in spells:
        for i in range(len(stems_at) - len(key) + 1):
            span = reading.tokens[i:i + len(key)]
            if tuple(stems_at[i:i + len(key)]) != key or any(t.negated for t in span):
                continue
            clause = reading.clauses[span[0].clause]
            if clause.question or len({t.clause for t in span}) > 1:
                continue
            # One word ("bless", "sleep", "shield") is the spell only heading its clause, and if it is also
            # another cue only when put on someone ("sleep on nessa", not "sleep on the floor").
            if len(key) == 1 and (stem(_lead(clause.words, party)) != key[0]
                                  or key in LEXICON and not _put_on_someone(reading, i + 1, world, actor)):
                continue
            reading.spell = name.lower()
            for t in span:
                t.factor = 0.0
            if clause.quoted and len(clause.words) <= _INCANTATION:
                _unquote(reading)
            return


_ONTO = {"on", "at", "onto"}
_THEM = {"him", "her", "them", "em", "'em"}  # not "it": "let's sleep on it"
_COUNTED = {"the", "both", "those", "these", "all", "two", "three", "four"}


def _put_on_someone(reading: Reading, after: int, world: Campaign, actor: str | None) -> bool:
    """ "on nessa", "at the two thugs": right after the spell's name, someone it is put on."""
    tokens = reading.tokens[after:after + 4]
    if not tokens or tokens[0].word not in _ONTO:
        return False
    someone = alias_stems(world, actor)[0]
    ws = [t for t in tokens[1:] if t.word not in _COUNTED]
    return bool(ws) and (ws[0].stem in someone or ws[0].word in _THEM)


def _lead(ws: list[str], party: set[str]) -> str:
    return next((w for w in ws if w not in _FILLERS and w not in party), "")


def _unquote(reading: Reading) -> None:
    """The quotes held a spell's name shouted as it is cast: no speech remains unless another quote says more."""
    quoted = [c for c in reading.clauses if c.quoted]
    if all(len(c.words) <= _INCANTATION for c in quoted):
        reading.quoted = False
        for c in quoted:
            c.quoted = False


@lru_cache(maxsize=64)
def _sheet_spells(actor: str | None, sheets: tuple[tuple[str, tuple[str, ...]], ...]
                  ) -> tuple[tuple[tuple[tuple[str, ...], str], ...], frozenset[str], frozenset[str]]:
    """(the caster's spells as stems and name, the party's first names, the first stem of each spell).
    "Tova: bless!" heads its clause with the caster's name."""
    keys = _spell_keys(tuple(s for name, spells in sheets if actor is None or name.casefold() == actor for s in spells))
    party = frozenset(w for name, _ in sheets for w in words(name)[:1])
    return keys, party, frozenset(k[0] for k, _ in keys)


@lru_cache(maxsize=64)
def _spell_keys(names: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], str], ...]:
    """(stems, name) for each spell, longest first so "cure wounds" wins over a one-word name inside it."""
    keys = {tuple(stem(w) for w in words(n)): n for n in names if words(n)}
    return tuple(sorted(keys.items(), key=lambda kv: -len(kv[0])))
