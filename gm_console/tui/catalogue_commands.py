"""The command palette searches the SRD catalogue: type three letters of a monster, spell or item."""

from __future__ import annotations

from collections.abc import Callable

from textual.command import Hit, Hits, Provider

from engine.errors import EngineError

KINDS = ("monster", "spell", "item")
MIN_QUERY = 3
PER_KIND = 4


class CatalogueCommands(Provider):
    """Only searches, never discovers: an empty palette must not load the catalogue."""

    async def search(self, query: str) -> Hits:
        if len(query.strip()) < MIN_QUERY:
            return
        matcher = self.matcher(query)
        for kind in KINDS:
            try:
                found = await self.app.manager.search(kind, query.strip(), limit=PER_KIND)  # type: ignore[attr-defined]
            except EngineError:
                continue
            for rank, entry in enumerate(found.entries):
                title = f"SRD {kind}: {entry.name}"
                # The catalogue ranks; the matcher only highlights (a typo still scores above zero here).
                score = max(matcher.match(title), 0.5 - rank * 0.05)
                yield Hit(score, matcher.highlight(title), self._opener(kind, entry.name), help=entry.summary)

    def _opener(self, kind: str, name: str) -> Callable[[], None]:
        def run() -> None:
            self.app.show_card(kind, name)  # type: ignore[attr-defined]

        return run
