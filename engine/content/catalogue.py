"""The SRD catalogue: find a record by name (typo-tolerant), search by type, CR, level or school.

Names are indexed once per kind by a normalised key, so an exact lookup is one dict access; a typo goes
through rapidfuzz, and an unknown name is answered with the three closest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel
from rapidfuzz import fuzz, process

from engine.content import srd
from engine.errors import InvalidInputError, NotFoundError
from engine.models.catalogue import CatalogueEntry, CatalogueKind
from engine.models.srd import SrdCondition, SrdCreature, SrdMagicItem, SrdSpell

# A typo this close to one name is taken as that name ("goblin warior"); below it, the DM chooses.
TYPO_SCORE = 85
CLOSEST = 3
KIND_ALIASES = {"monster": "monster", "monsters": "monster", "creature": "monster", "creatures": "monster",
                "spell": "spell", "spells": "spell", "item": "item", "items": "item", "magic item": "item",
                "magic_item": "item", "condition": "condition", "conditions": "condition"}


def normalise(name: str) -> str:
    """"Goblin  Warrior's" and "goblin warriors" index alike: case, apostrophes and spacing ignored."""
    return " ".join(re.sub(r"['’`]", "", name).casefold().replace("-", " ").split())


def parse_kind(kind: str | CatalogueKind) -> CatalogueKind:
    key = KIND_ALIASES.get(normalise(str(kind)))
    if key is None:
        raise InvalidInputError(f"Unknown catalogue kind {kind!r}. Use one of: monster, spell, item, condition.")
    return CatalogueKind(key)


def parse_cr(cr: str | float | int) -> float:
    """Challenge rating as a number: "1/4" -> 0.25."""
    text = str(cr).strip()
    try:
        if "/" in text:
            top, bottom = text.split("/", 1)
            return int(top) / int(bottom)
        return float(text)
    except (ValueError, ZeroDivisionError):
        raise InvalidInputError(f"{cr!r} is not a challenge rating; write 1/4, 1/2, 3 ...") from None


@dataclass(frozen=True)
class Index:
    by_key: dict[str, BaseModel]
    keys: list[str]


@cache
def index(kind: CatalogueKind) -> Index:
    records = srd.records(kind.value)
    by_key = {normalise(_name(r)): r for r in records}
    return Index(by_key=by_key, keys=list(by_key))


@cache
def name_words(kind: CatalogueKind) -> frozenset[str]:
    """The words of every SRD name of a kind, lower case ("hag", "wraith", "frost" for monsters)."""
    return frozenset(w for name in index(kind).keys for w in name.split() if len(w) > 2 and w.isalpha())


def _name(record: BaseModel) -> str:
    return record.display_name if isinstance(record, SrdCondition) else record.name  # type: ignore[attr-defined]


def closest(kind: CatalogueKind, name: str, limit: int = CLOSEST) -> list[str]:
    idx = index(kind)
    found = process.extract(normalise(name), idx.keys, scorer=fuzz.WRatio, limit=limit)
    return [_name(idx.by_key[key]) for key, _score, _ in found]


def find(kind: str | CatalogueKind, name: str) -> BaseModel:
    """The record named (any case, a small typo forgiven); NotFoundError with the three closest otherwise."""
    kind = parse_kind(kind)
    if not name or not name.strip():
        raise InvalidInputError(f"Name the {kind.value} to look up.")
    idx = index(kind)
    key = normalise(name)
    hit = idx.by_key.get(key) or idx.by_key.get(key.removesuffix("s"))
    if hit is not None:
        return hit
    best = process.extractOne(key, idx.keys, scorer=fuzz.ratio, score_cutoff=TYPO_SCORE)
    if best is not None:
        return idx.by_key[best[0]]
    raise NotFoundError(f"No SRD {kind.value} named {name!r}. Closest: {', '.join(closest(kind, name))}.")


def find_creature(name: str) -> SrdCreature:
    return find(CatalogueKind.MONSTER, name)  # type: ignore[return-value]


def find_spell(name: str) -> SrdSpell:
    return find(CatalogueKind.SPELL, name)  # type: ignore[return-value]


def summary(record: BaseModel) -> str:
    if isinstance(record, SrdCreature):
        kind = f"{record.size} {record.creature_type.title()}"
        return f"{kind}, CR {record.cr} ({record.xp} XP), AC {record.ac}, HP {record.hp}"
    if isinstance(record, SrdSpell):
        what = f"{record.school} cantrip" if record.level == 0 else f"Level {record.level} {record.school}"
        return f"{what} ({', '.join(record.classes)})" if record.classes else what
    if isinstance(record, SrdMagicItem):
        return f"{record.category}, {record.rarity}" + (" (requires attunement)" if record.attunement_required else "")
    if isinstance(record, SrdCondition):
        return record.description.split(". ")[0].rstrip(".") + "."
    raise TypeError(type(record))


def entry(kind: CatalogueKind, record: BaseModel) -> CatalogueEntry:
    return CatalogueEntry(kind=kind, name=_name(record), summary=summary(record))


def search(kind: str | CatalogueKind, query: str = "", *, creature_type: str | None = None,
           cr_min: str | float | None = None, cr_max: str | float | None = None, level: int | None = None,
           school: str | None = None, spell_class: str | None = None) -> list[BaseModel]:
    """Records whose name contains the query (or is close to it), filtered; best matches first."""
    kind = parse_kind(kind)
    low = parse_cr(cr_min) if cr_min is not None else None
    high = parse_cr(cr_max) if cr_max is not None else None
    wanted = normalise(query)
    scored: list[tuple[float, str, BaseModel]] = []
    for key, record in index(kind).by_key.items():
        if not _passes(record, creature_type, low, high, level, school, spell_class):
            continue
        if not wanted:
            score = 100.0
        elif wanted in key:
            score = 200.0 - key.index(wanted)  # names that start with the query first
        else:
            score = fuzz.WRatio(wanted, key)
            if score < 85:
                continue
        scored.append((score, key, record))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [record for _, _, record in scored]


def _passes(record: BaseModel, creature_type: str | None, low: float | None, high: float | None,
            level: int | None, school: str | None, spell_class: str | None) -> bool:
    if isinstance(record, SrdCreature):
        if creature_type and normalise(creature_type).removesuffix("s") != normalise(record.creature_type):
            return False
        return (low is None or record.cr_numeric >= low) and (high is None or record.cr_numeric <= high)
    if isinstance(record, SrdSpell):
        if level is not None and record.level != level:
            return False
        if school and normalise(school) != normalise(record.school):
            return False
        return not spell_class or normalise(spell_class) in {normalise(c) for c in record.classes}
    return True
