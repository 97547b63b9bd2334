"""Campaign authoring tools: a small valid starter to copy, and the JSON schema of campaign.json.

The checker a person can act on lives in engine.content.campaign_check.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.errors import InvalidInputError
from engine.models.world import Campaign
from engine.persistence.atomic import write_bytes_atomic
from engine.persistence.paths import CAMPAIGN_FILE, slugify, validate_name


def export_schema() -> dict[str, Any]:
    """The JSON schema of campaign.json, with the names used in the file ("class", "str", ...)."""
    return Campaign.model_json_schema(by_alias=True)


def scaffold_campaign(name: str, campaigns_dir: Path) -> Path:
    """Create campaigns_dir/<slug>/campaign.json with a small valid starter; return that file's path.

    Refuses unsafe names (slashes, '..', control characters) and an existing folder, so an
    existing campaign is never overwritten."""
    validate_name(name, "campaign name")
    folder = Path(campaigns_dir) / slugify(name)
    if folder.exists():
        raise InvalidInputError(
            f"A campaign folder already exists at {folder}. Choose another name, or remove that folder "
            "if you really mean to start over.")
    starter = _starter(name.strip())
    Campaign.model_validate(starter)  # a bad starter must never reach disk
    # The hand-written dict, not a model dump: only the fields an author needs, in a readable order.
    payload = json.dumps(starter, indent=2, ensure_ascii=False) + "\n"
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        folder.mkdir()
    except FileExistsError:
        raise InvalidInputError(f"A campaign folder appeared at {folder} while creating it; "
                                "choose another name.") from None
    file = folder / CAMPAIGN_FILE
    write_bytes_atomic(file, payload.encode("utf-8"))
    return file


def _starter(name: str) -> dict[str, Any]:
    return {
        "schema_version": 1,
        "name": name,
        "description": "Two or three sentences a DM reads before play: the situation and what is at stake.",
        "style": "Tone for the narrator, e.g. 'Brisk and atmospheric; short paragraphs; humor is dry.'",
        "characters": [
            {"name": "Kael", "race": "human", "class": "fighter", "level": 1,
             "abilities": {"str": 16, "dex": 12, "con": 14, "int": 10, "wis": 12, "cha": 10},
             "skill_proficiencies": ["athletics", "perception"], "save_proficiencies": ["str", "con"],
             "ac": 16, "hp": {"current": 12, "max": 12}, "hit_dice": {"die": 10, "total": 1, "remaining": 1},
             "attacks": [{"name": "Longsword", "to_hit": 5, "damage": "1d8+3", "damage_type": "slashing"}],
             "inventory": [{"name": "Chain mail"}, {"name": "Longsword"}, {"name": "Rations", "quantity": 5}],
             "coins": {"gp": 12, "sp": 5}},
            {"name": "Mira", "race": "elf", "class": "wizard", "level": 1,
             "abilities": {"str": 8, "dex": 14, "con": 12, "int": 16, "wis": 12, "cha": 10},
             "skill_proficiencies": ["arcana", "investigation"], "save_proficiencies": ["int", "wis"],
             "ac": 12, "hp": {"current": 7, "max": 7}, "hit_dice": {"die": 6, "total": 1, "remaining": 1},
             "spell_slots": {"1": {"max": 2, "used": 0}},
             "attacks": [{"name": "Fire Bolt", "to_hit": 5, "damage": "1d10", "damage_type": "fire"}],
             "inventory": [{"name": "Spellbook"}, {"name": "Dagger"}], "coins": {"gp": 9, "sp": 8, "cp": 14}},
        ],
        "npcs": [
            {"name": "Odette", "role": "Innkeeper", "description": "Keeps the only inn and hears everything.",
             "attitude": "friendly", "location": "The Inn", "voice": "Warm, quick, a little nosy.",
             "lines": {"indifferent": ["Room's a silver. Stew's free if you behave."],
                       "friendly": ["Sit down, you look like you've walked all night.",
                                    "Strange lights in the old mill again. Nobody goes there now."]},
             "secrets": [{"text": "Her brother vanished near the old mill last month.",
                          "skill": "insight", "dc": 12}],
             "wares": [{"name": "Room for the night", "price": "1 sp", "service": True, "keywords": ["room", "bed"]},
                       {"name": "Ale", "price": "4 cp", "service": True, "round": "3 sp", "keywords": ["beer", "mug"]},
                       {"name": "Rations", "price": "5 sp", "keywords": ["ration", "food"]}]},
        ],
        "locations": [
            {"name": "The Inn", "description": "A warm common room with a crackling fire.",
             "connections": ["Old Mill"],
             "discoveries": [{"name": "Muddy boots", "text": "Fresh mill-dust on a stranger's boots.",
                              "skill": "perception", "dc": 12}]},
            {"name": "Old Mill", "description": "A creaking ruin by the river; the wheel still turns.",
             "connections": ["The Inn"],
             "discoveries": [{"name": "Gnawed sacks", "text": "Something large has been eating the grain.",
                              "skill": "investigation", "dc": 11}],
             "encounter": ["Giant Rat"]},
        ],
        "quests": [
            {"name": "Lights at the Mill", "description": "Find out what haunts the old mill.",
             "giver": "Odette", "status": "active",
             "objectives": [{"text": "Search the old mill"}, {"text": "Find Odette's brother"}],
             "xp_reward": 100},
        ],
        "monsters": [
            {"name": "Giant Rat", "size": "Small", "kind": "beast", "ac": 12, "hp": 7, "hit_dice": "2d6",
             "abilities": {"str": 7, "dex": 15, "con": 11, "int": 2, "wis": 10, "cha": 4},
             "attacks": [{"name": "Bite", "to_hit": 4, "damage": "1d4+2", "damage_type": "piercing"}],
             "challenge": "1/8", "xp": 25},
        ],
        "game_state": {"party_location": "The Inn", "day": 1, "minutes": 480},
    }
