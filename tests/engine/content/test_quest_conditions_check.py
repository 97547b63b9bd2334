"""The campaign checker on quest conditions: names that exist, bad kinds and states refused with a path."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from engine.content.campaign_check import check_campaign
from engine.models.world import Campaign

SAMPLE = Path(__file__).resolve().parents[3] / "campaigns" / "dark-lantern" / "campaign.json"


def problems(tmp_path: Path, data: dict[str, Any]) -> dict[str, str]:
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return {p.field: p.message for p in check_campaign(path)}


def sample() -> dict[str, Any]:
    return copy.deepcopy(json.loads(SAMPLE.read_text(encoding="utf-8")))


def test_every_sample_objective_has_conditions_and_the_sample_is_clean(tmp_path):
    world = Campaign.model_validate(sample())
    assert all(o.when for q in world.quests for o in q.objectives)
    assert problems(tmp_path, sample()) == {}


def test_a_condition_naming_an_unknown_npc_place_or_item_is_reported_with_the_closest(tmp_path):
    data = sample()
    data["quests"][0]["objectives"][1]["when"][0]["name"] = "Aldus Penn"
    data["quests"][1]["objectives"][0]["when"][1]["name"] = "Wrecker Cave"
    data["quests"][2]["objectives"][0]["when"][0]["name"] = "Golden chalice"
    data["quests"][2]["objectives"][2]["when"][1]["place"] = "Atlantis"
    found = problems(tmp_path, data)
    assert "Did you mean 'Aldous Penn'?" in found["quests[0].objectives[1].when[0].name"]
    assert "Did you mean 'Wrecker Caves'?" in found["quests[1].objectives[0].when[1].name"]
    assert "'Golden chalice' is not an item" in found["quests[2].objectives[0].when[0].name"]
    assert "'Atlantis' is not a location" in found["quests[2].objectives[2].when[1].place"]


def test_an_unknown_condition_kind_or_state_is_a_validation_problem(tmp_path):
    data = sample()
    data["quests"][0]["objectives"][0]["when"][0] = {"kind": "rumour", "name": "Smothered lamp"}
    data["quests"][0]["objectives"][1]["when"][0]["state"] = "kissed"
    found = problems(tmp_path, data)
    assert any(f.startswith("quests[0].objectives[0].when[0]") for f in found), found
    assert any(f.startswith("quests[0].objectives[1].when[0]") and "found" in m for f, m in found.items()), found


def test_a_campaign_written_before_conditions_loads_unchanged():
    data = sample()
    for quest in data["quests"]:
        quest.pop("starts_when", None)
        for objective in quest["objectives"]:
            objective.pop("when", None)
            objective.pop("needs", None)
    for npc in data["npcs"]:
        npc.pop("captive", None)
    world = Campaign.model_validate(data)
    assert data["schema_version"] == 1
    assert all(o.when == [] and not o.by_hand for q in world.quests for o in q.objectives)
    assert not any(n.captive for n in world.npcs)
