"""The SessionManager calls over the SRD catalogue: look a card up, search, spawn, rate an encounter.

Faces call these and never the adapter (engine.content), so the catalogue loads on first use only.
"""

from __future__ import annotations

import asyncio

from engine.api import limits
from engine.api.limits import bounded
from engine.content import cards, catalogue
from engine.errors import InvalidInputError
from engine.models.catalogue import CardResult, CatalogueKind, SearchResult

SEARCH_LIMIT = 50


class SrdOperations:
    """Mixed into SessionManager; the catalogue reads need no session."""

    async def lookup(self, kind: str, name: str) -> CardResult:
        """The card of one SRD monster, spell, item or condition; a typo is forgiven, an unknown name is
        answered with the three closest."""
        bounded(name, "name", limits.NAME_CHARS)
        return await asyncio.to_thread(_lookup, kind, name)

    async def search(self, kind: str, query: str = "", *, creature_type: str | None = None,
                     cr_min: str | None = None, cr_max: str | None = None, level: int | None = None,
                     school: str | None = None, spell_class: str | None = None,
                     limit: int = 20) -> SearchResult:
        """Catalogue entries whose name matches `query` (empty: all), filtered; best matches first."""
        bounded(query, "query", limits.NAME_CHARS)
        if not 1 <= limit <= SEARCH_LIMIT:
            raise InvalidInputError(f"limit must be 1 to {SEARCH_LIMIT}, got {limit}.")
        which = catalogue.parse_kind(kind)
        if which != CatalogueKind.MONSTER and (creature_type or cr_min is not None or cr_max is not None):
            raise InvalidInputError("creature_type and the CR range filter monsters only.")
        if which != CatalogueKind.SPELL and (level is not None or school or spell_class):
            raise InvalidInputError("level, school and spell_class filter spells only.")
        found = await asyncio.to_thread(catalogue.search, which, query, creature_type=creature_type, cr_min=cr_min,
                                        cr_max=cr_max, level=level, school=school, spell_class=spell_class)
        return SearchResult(kind=which, query=query, total=len(found),
                            entries=[catalogue.entry(which, r) for r in found[:limit]])


def _lookup(kind: str, name: str) -> CardResult:
    which = catalogue.parse_kind(kind)
    record = catalogue.find(which, name)
    entry = catalogue.entry(which, record)
    return CardResult(kind=which, name=entry.name, markdown=cards.card(record))
