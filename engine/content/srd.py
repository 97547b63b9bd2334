"""The one door to the dndwright package (SRD 5.2.1 content, CC-BY-4.0): read once, validate, hand over.

Nothing else in the project imports dndwright (an import-linter contract says so). Each kind loads on
first use and stays for the process, so neither the console's first paint nor an MCP server's start
pays for it.
"""

from __future__ import annotations

import importlib.util
import json
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ValidationError

from engine.errors import EngineError
from engine.models.srd import SrdCondition, SrdCreature, SrdFeature, SrdGear, SrdMagicItem, SrdSpell

ATTRIBUTION = ("This work includes material from the System Reference Document 5.2.1 (\"SRD 5.2.1\") by "
               "Wizards of the Coast LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2.1 is "
               "licensed under the Creative Commons Attribution 4.0 International License, available at "
               "https://creativecommons.org/licenses/by/4.0/legalcode.")

# Our kind -> (the upstream category, our model of one record).
SOURCES: dict[str, tuple[str, type[BaseModel]]] = {
    "monster": ("creatures", SrdCreature),
    "spell": ("spells", SrdSpell),
    "item": ("magic_items", SrdMagicItem),
    "condition": ("conditions", SrdCondition),
}

def raw(category: str) -> list[dict]:
    """The upstream records through dndwright's own loader (tests compare it with `bundled`)."""
    from dndwright.content import load_content  # imported here: the package import costs ~0.5 s

    return list(load_content(category))


def bundled(category: str) -> list[dict]:
    """The same records read straight from the JSON the wheel bundles (dndwright/content/<category>.json,
    one top-level array under the category's name), so a lookup does not pay for importing dndwright's
    rules engine; a test checks this equals load_content()."""
    spec = importlib.util.find_spec("dndwright")
    if spec is None or not spec.submodule_search_locations:
        raise EngineError("The dndwright package is not installed; reinstall the console (pip install -e .).")
    path = Path(next(iter(spec.submodule_search_locations))) / "content" / f"{category}.json"
    return list(json.loads(path.read_text(encoding="utf-8")).get(category, []))


@cache
def records(kind: str) -> tuple[BaseModel, ...]:
    """Every record of one kind, validated through our model; loaded once per process."""
    category, model = SOURCES[kind]
    return _validated(category, model)


def _validated(category: str, model: type[BaseModel]) -> tuple[BaseModel, ...]:
    try:
        return tuple(model.model_validate(item) for item in bundled(category))
    except ValidationError as exc:
        raise EngineError(f"The SRD content from dndwright no longer matches this version of the console "
                          f"({category}): {exc.errors()[0]['loc']} {exc.errors()[0]['msg']}. Install the "
                          f"pinned dndwright version.") from exc


def creatures() -> tuple[SrdCreature, ...]:
    return records("monster")  # type: ignore[return-value]


def spells() -> tuple[SrdSpell, ...]:
    return records("spell")  # type: ignore[return-value]


def magic_items() -> tuple[SrdMagicItem, ...]:
    return records("item")  # type: ignore[return-value]


def conditions() -> tuple[SrdCondition, ...]:
    return records("condition")  # type: ignore[return-value]


@cache
def gear(category: str) -> tuple[SrdGear, ...]:
    """Every SRD weapon ("weapons") or armor ("armor") with its cost, for a seller who stocks them."""
    return _validated(category, SrdGear)  # type: ignore[return-value]


@cache
def class_features() -> tuple[SrdFeature, ...]:
    """Every class feature of the SRD classes, each with its class and level (for rules questions)."""
    try:
        return tuple(SrdFeature(class_name=c["name"], **{k: f[k] for k in ("name", "level", "description")})
                     for c in bundled("classes") for f in c.get("features", []))
    except (ValidationError, KeyError) as exc:
        raise EngineError(f"The SRD class features from dndwright no longer match this version of the console: "
                          f"{exc}. Install the pinned dndwright version.") from exc
