"""The campaign checker: every problem in a campaign.json at once (syntax, model validation,
cross-references, sheets, skills, dice), each with its field and what to do about it.

`check_campaign` reports them all so a DM editing campaign.json by hand can fix them in one pass
instead of one error per run.
"""

from __future__ import annotations

import difflib
import json
import types
from pathlib import Path
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from engine.content.quest_refs import quest_condition_problems
from engine.errors import DiceError
from engine.models.world import ABILITIES, SKILLS, AbilityScores, Attitude, Campaign
from engine.persistence.paths import CAMPAIGN_FILE
from engine.rules.dice import validate_notation

# Lists whose entries are looked up by name; a duplicate makes one of them unreachable.
NAMED_SECTIONS = ("characters", "npcs", "locations", "quests", "monsters")
ATTITUDES = tuple(a.value for a in Attitude)


class CampaignProblem(BaseModel):
    """One thing wrong with a campaign file. `field` is a dotted path such as characters[2].hp.max;
    it is empty when the problem is the file as a whole."""

    file: str
    field: str
    message: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line is not None else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


def check_campaign(path: Path) -> list[CampaignProblem]:
    """Every problem in a campaign.json (or the folder holding one); an empty list means valid."""
    path = Path(path)
    file = path / CAMPAIGN_FILE if path.is_dir() else path
    shown = str(file)
    if not file.is_file():
        return [CampaignProblem(file=shown, field="", message=(
            "No campaign file here. Give the path of a campaign.json or of the folder that holds one."))]
    try:
        # utf-8-sig: editors on Windows like to add a byte-order mark; it is harmless.
        text = file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        return [CampaignProblem(file=shown, field="", message=(
            f"The file is not UTF-8 text (bad byte at position {exc.start}). Save it as UTF-8."))]
    except OSError as exc:
        return [CampaignProblem(file=shown, field="", message=f"The file cannot be read: {exc.strerror or exc}.")]
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return [CampaignProblem(
            file=shown, field="", line=exc.lineno, column=exc.colno,
            message=f"Not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}.")]
    if not isinstance(data, dict):
        return [CampaignProblem(file=shown, field="", message=(
            f"The file must hold one JSON object ({{ ... }}), not a {type(data).__name__}."))]
    found = _validation_problems(data) + _unknown_fields(Campaign, data, "") + _cross_reference(data)
    return [CampaignProblem(file=shown, field=field, message=message) for field, message in found]


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out = f"{out}.{part}" if out else str(part)
    return out


def _validation_problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    try:
        Campaign.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            if err["type"] == "missing":
                message = "This required field is missing."
            else:
                given = err.get("input")
                shown = f" (found {given!r})" if isinstance(given, str | int | float | bool) else ""
                message = f"{err['msg']}{shown}."
            problems.append((_path(err["loc"]), message))
        return problems
    return []


def _suggest(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word.casefold(), [c.casefold() for c in choices], n=1, cutoff=0.6)
    if close:
        original = next(c for c in choices if c.casefold() == close[0])
        return f" Did you mean {original!r}?"
    return ""


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _unknown_fields(model: type[BaseModel], data: Any, path: str) -> list[tuple[str, str]]:
    """Keys pydantic would silently ignore (a typo'd field simply vanishes), walking nested models."""
    if not isinstance(data, dict):
        return []
    fields: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        fields[name] = info.annotation
        if info.alias:
            fields[info.alias] = info.annotation
    problems: list[tuple[str, str]] = []
    for key, value in data.items():
        if key in model.model_computed_fields:
            continue  # Written by model_dump; recomputed on load, so harmless.
        if key in fields:
            problems += _descend(fields[key], value, _join(path, key))
        elif model is AbilityScores:
            problems.append((_join(path, key), (
                f"{key!r} is not an ability name; use {', '.join(ABILITIES)}."
                + _suggest(key[:3], list(ABILITIES)))))
        else:
            known = [info.alias or name for name, info in model.model_fields.items()]
            problems.append((_join(path, key), (
                f"{key!r} is not a field here, so it would be ignored." + _suggest(key, known))))
    return problems


def _descend(annotation: Any, value: Any, path: str) -> list[tuple[str, str]]:
    origin = get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _unknown_fields(annotation, value, path)
    if origin is list and isinstance(value, list):
        (item_type,) = get_args(annotation)
        return [p for i, item in enumerate(value) for p in _descend(item_type, item, f"{path}[{i}]")]
    if origin is dict and isinstance(value, dict):
        item_type = get_args(annotation)[1]
        return [p for key, item in value.items() for p in _descend(item_type, item, f"{path}.{key}")]
    if origin in (Union, types.UnionType):
        return [p for arg in get_args(annotation) if arg is not type(None) for p in _descend(arg, value, path)]
    return []


def _entries(data: dict[str, Any], section: str) -> list[tuple[int, dict[str, Any]]]:
    # The cross-reference checks run on the raw data, so they skip shapes validation already reported.
    items = data.get(section)
    if not isinstance(items, list):
        return []
    return [(i, item) for i, item in enumerate(items) if isinstance(item, dict)]


def _names(data: dict[str, Any], section: str) -> list[str]:
    return [item["name"] for _, item in _entries(data, section) if isinstance(item.get("name"), str)]


def _cross_reference(data: dict[str, Any]) -> list[tuple[str, str]]:
    return (_duplicates(data) + _references(data) + quest_condition_problems(data) + _character_sheets(data)
            + _skills_and_lines(data) + _dice(data))


def _duplicates(data: dict[str, Any]) -> list[tuple[str, str]]:
    problems = []
    for section in NAMED_SECTIONS:
        seen: dict[str, int] = {}
        for i, item in _entries(data, section):
            name = item.get("name")
            if not isinstance(name, str):
                continue
            if name.casefold() in seen:
                problems.append((f"{section}[{i}].name", (
                    f"{name!r} is already the name of {section}[{seen[name.casefold()]}]; "
                    "names must be unique (ignoring case) so they can be looked up.")))
            else:
                seen[name.casefold()] = i
    characters = {n.casefold(): i for i, n in enumerate(_names(data, "characters"))}
    for i, item in _entries(data, "npcs"):
        name = item.get("name")
        if isinstance(name, str) and name.casefold() in characters:
            problems.append((f"npcs[{i}].name", (
                f"{name!r} is also a player character; commands like /hp {name} could not tell them "
                "apart. Rename one of them.")))
    return problems


def _unknown(kind: str, name: str, known: list[str]) -> str:
    listed = ", ".join(repr(k) for k in known) if known else "none yet"
    article = "an" if kind[0] in "AEIOUaeiou" or kind == "NPC" else "a"
    return f"{name!r} is not {article} {kind} in this campaign.{_suggest(name, known)} Known {kind}s: {listed}."


def _references(data: dict[str, Any]) -> list[tuple[str, str]]:
    locations = _names(data, "locations")
    location_keys = {n.casefold() for n in locations}
    monsters = _names(data, "monsters")
    monster_keys = {n.casefold() for n in monsters}
    npcs = _names(data, "npcs")
    problems = []
    for i, npc in _entries(data, "npcs"):
        where = npc.get("location")
        if isinstance(where, str) and where.casefold() not in location_keys:
            problems.append((f"npcs[{i}].location", _unknown("location", where, locations)))
    for i, loc in _entries(data, "locations"):
        for key, names, keys, kind in (("connections", locations, location_keys, "location"),
                                       ("encounter", monsters, monster_keys, "monster")):
            targets = loc.get(key)
            for k, target in enumerate(targets if isinstance(targets, list) else []):
                if isinstance(target, str) and target.casefold() not in keys:
                    problems.append((f"locations[{i}].{key}[{k}]", _unknown(kind, target, names)))
    state = data.get("game_state")
    here = state.get("party_location") if isinstance(state, dict) else None
    if isinstance(here, str) and here.casefold() not in location_keys:
        problems.append(("game_state.party_location", _unknown("location", here, locations)))
    npc_keys = {n.casefold() for n in npcs}
    for i, quest in _entries(data, "quests"):
        giver = quest.get("giver")
        if isinstance(giver, str) and giver.casefold() not in npc_keys:
            problems.append((f"quests[{i}].giver", _unknown("NPC", giver, npcs)))
    return problems


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _character_sheets(data: dict[str, Any]) -> list[tuple[str, str]]:
    problems = []
    for i, char in _entries(data, "characters"):
        base = f"characters[{i}]"
        hp = char.get("hp") if isinstance(char.get("hp"), dict) else {}
        current, top = _int(hp.get("current")), _int(hp.get("max"))
        if current is not None and top is not None and current > top:
            problems.append((f"{base}.hp.current", (
                f"Current HP {current} is more than max HP {top}; use temp for extra hit points.")))
        dice = char.get("hit_dice") if isinstance(char.get("hit_dice"), dict) else {}
        left, total = _int(dice.get("remaining")), _int(dice.get("total"))
        if left is not None and total is not None and left > total:
            problems.append((f"{base}.hit_dice.remaining", f"{left} hit dice remaining, but only {total} in total."))
        slots = char.get("spell_slots") if isinstance(char.get("spell_slots"), dict) else {}
        for level, slot in slots.items():
            if not isinstance(slot, dict):
                continue
            used, most = _int(slot.get("used")), _int(slot.get("max"))
            if used is not None and most is not None and used > most:
                problems.append((f"{base}.spell_slots.{level}.used", f"{used} slots used, but only {most} exist."))
        saves = char.get("save_proficiencies")
        for k, ability in enumerate(saves if isinstance(saves, list) else []):
            if isinstance(ability, str) and ability not in ABILITIES:
                problems.append((f"{base}.save_proficiencies[{k}]", (
                    f"{ability!r} is not an ability name; use {', '.join(ABILITIES)}."
                    + _suggest(ability[:3], list(ABILITIES)))))
    return problems


def _skill_problem(path: str, skill: Any) -> list[tuple[str, str]]:
    if not isinstance(skill, str) or skill in SKILLS:
        return []
    return [(path, f"{skill!r} is not a skill name.{_suggest(skill.replace(' ', '_'), list(SKILLS))} "
                   f"Skills: {', '.join(SKILLS)}.")]


def _skills_and_lines(data: dict[str, Any]) -> list[tuple[str, str]]:
    problems = []
    for i, char in _entries(data, "characters"):
        skills = char.get("skill_proficiencies")
        for k, skill in enumerate(skills if isinstance(skills, list) else []):
            problems += _skill_problem(f"characters[{i}].skill_proficiencies[{k}]", skill)
    for i, npc in _entries(data, "npcs"):
        for k, secret in enumerate(npc.get("secrets") if isinstance(npc.get("secrets"), list) else []):
            if isinstance(secret, dict):
                problems += _skill_problem(f"npcs[{i}].secrets[{k}].skill", secret.get("skill"))
        lines = npc.get("lines") if isinstance(npc.get("lines"), dict) else {}
        for key in lines:
            if key not in ATTITUDES:
                problems.append((f"npcs[{i}].lines.{key}", (
                    f"{key!r} is not an attitude; lines are keyed by {', '.join(ATTITUDES)}."
                    + _suggest(key, list(ATTITUDES)))))
    for i, loc in _entries(data, "locations"):
        found = loc.get("discoveries")
        for k, discovery in enumerate(found if isinstance(found, list) else []):
            if isinstance(discovery, dict):
                problems += _skill_problem(f"locations[{i}].discoveries[{k}].skill", discovery.get("skill"))
    return problems


def _dice(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Damage and hit dice the engine will roll later: better to learn of a typo now than mid-fight."""
    checks: list[tuple[str, Any]] = []
    for section in ("characters", "monsters"):
        for i, item in _entries(data, section):
            attacks = item.get("attacks")
            for k, attack in enumerate(attacks if isinstance(attacks, list) else []):
                if isinstance(attack, dict):
                    checks.append((f"{section}[{i}].attacks[{k}].damage", attack.get("damage")))
    for i, monster in _entries(data, "monsters"):
        checks.append((f"monsters[{i}].hit_dice", monster.get("hit_dice")))
    problems = []
    for path, notation in checks:
        if isinstance(notation, str):
            try:
                validate_notation(notation)
            except DiceError as exc:
                problems.append((path, str(exc)))
    return problems
