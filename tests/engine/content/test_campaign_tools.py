"""Campaign tooling: the checker's reports (with field paths a person can follow), scaffold, schema."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.content.authoring import export_schema, scaffold_campaign
from engine.content.campaign_check import CampaignProblem, check_campaign
from engine.errors import InvalidInputError, InvalidNameError
from engine.models.world import Campaign

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "campaigns" / "dark-lantern" / "campaign.json"
_SAMPLE_DATA = json.loads(SAMPLE.read_text(encoding="utf-8"))


@pytest.fixture
def data() -> dict[str, Any]:
    return copy.deepcopy(_SAMPLE_DATA)


@pytest.fixture
def check(tmp_path: Path) -> Callable[[dict[str, Any]], dict[str, str]]:
    """Write a campaign dict to tmp_path and return {field: message} for its problems."""
    def run(campaign: dict[str, Any]) -> dict[str, str]:
        path = tmp_path / "campaign.json"
        path.write_text(json.dumps(campaign, indent=2), encoding="utf-8")
        problems = check_campaign(path)
        assert all(p.file == str(path) for p in problems)
        return {p.field: p.message for p in problems}
    return run


def test_the_sample_is_clean(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    assert check(data) == {}


# --- file-level problems --------------------------------------------------------------------


def test_bad_json_reports_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "campaign.json"
    path.write_text('{\n  "name": "X",\n  "game_state": {"party_location": "Inn"}\n  "npcs": []\n}\n')
    [problem] = check_campaign(path)
    assert (problem.field, problem.line, problem.column) == ("", 4, 3)
    assert "line 4, column 3" in problem.message and "delimiter" in problem.message
    assert str(problem).startswith(f"{path}:4:3: Not valid JSON")


def test_a_folder_is_checked_through_its_campaign_json(tmp_path: Path) -> None:
    (tmp_path / "campaign.json").write_text("[1, 2]")
    [problem] = check_campaign(tmp_path)
    assert problem.file == str(tmp_path / "campaign.json")
    assert "one JSON object" in problem.message and "list" in problem.message


def test_missing_file_and_non_utf8_are_problems_not_crashes(tmp_path: Path) -> None:
    [missing] = check_campaign(tmp_path / "nope.json")
    assert "No campaign file" in missing.message
    bad = tmp_path / "campaign.json"
    bad.write_bytes(b'{"name": "caf\xe9"}')
    [encoding] = check_campaign(bad)
    assert "UTF-8" in encoding.message


# --- pydantic validation --------------------------------------------------------------------


def test_every_validation_error_is_reported_with_its_path(check: Callable[..., dict[str, str]],
                                                          data: dict[str, Any]) -> None:
    data["characters"][2]["hp"]["max"] = 0
    del data["characters"][0]["class"]
    data["npcs"][1]["attitude"] = "grumpy"
    data["monsters"][3]["abilities"]["str"] = "strong"
    found = check(data)
    assert "greater than or equal to 1" in found["characters[2].hp.max"]
    assert found["characters[0].class"] == "This required field is missing."
    assert "'grumpy'" in found["npcs[1].attitude"] and "'hostile'" in found["npcs[1].attitude"]
    assert "monsters[3].abilities.str" in found
    # Max 0 also makes current HP exceed it: both fields are named, so the fix is obvious.
    assert set(found) == {"characters[2].hp.max", "characters[2].hp.current", "characters[0].class",
                          "npcs[1].attitude", "monsters[3].abilities.str"}


def test_missing_game_state_is_reported(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    del data["game_state"]
    assert check(data) == {"game_state": "This required field is missing."}


def test_validation_and_cross_reference_problems_come_together(check: Callable[..., dict[str, str]],
                                                               data: dict[str, Any]) -> None:
    data["characters"][0]["level"] = 99
    data["npcs"][0]["location"] = "Nowhere"
    assert set(check(data)) == {"characters[0].level", "npcs[0].location"}


def test_typoed_field_that_pydantic_would_ignore_is_reported(check: Callable[..., dict[str, str]],
                                                             data: dict[str, Any]) -> None:
    data["characters"][1]["skill_proficiency"] = ["stealth"]
    data["locations"][0]["discoveries"][0]["dificulty"] = 12
    found = check(data)
    assert "'skill_proficiencies'" in found["characters[1].skill_proficiency"]
    assert "ignored" in found["locations[0].discoveries[0].dificulty"]


# --- cross-references -----------------------------------------------------------------------


def test_npc_location_must_be_a_location(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["npcs"][2]["location"] = "Gannet Pt"
    message = check(data)["npcs[2].location"]
    assert "'Gannet Pt' is not a location" in message and "Did you mean 'Gannet Point'?" in message


def test_connection_to_unknown_location(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["locations"][1]["connections"].append("Lighthouse")
    assert set(check(data)) == {"locations[1].connections[3]"}


def test_encounter_naming_unknown_monster(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["locations"][2]["encounter"] = ["Wrecker Thug", "Kraken"]
    message = check(data)["locations[2].encounter[1]"]
    assert "'Kraken' is not a monster" in message and "'Giant Crab'" in message


def test_party_location_unknown(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["game_state"]["party_location"] = "Tarred Gull"
    assert "Tarred Gull Inn" in check(data)["game_state.party_location"]


def test_names_match_ignoring_case_like_the_engine(check: Callable[..., dict[str, str]],
                                                   data: dict[str, Any]) -> None:
    data["game_state"]["party_location"] = "tarred gull inn"
    assert check(data) == {}


def test_quest_giver_must_be_an_npc(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["quests"][1]["giver"] = "Bram"  # a player character is not a quest giver
    assert "'Bram' is not an NPC" in check(data)["quests[1].giver"]


@pytest.mark.parametrize("section", ["characters", "npcs", "locations", "quests", "monsters"])
def test_duplicate_names_in_a_section(check: Callable[..., dict[str, str]], data: dict[str, Any],
                                      section: str) -> None:
    twin = copy.deepcopy(data[section][0])
    twin["name"] = twin["name"].upper()
    data[section].append(twin)
    index = len(data[section]) - 1
    found = check(data)
    assert f"{section}[{index}].name" in found
    assert f"{section}[0]" in found[f"{section}[{index}].name"]


def test_npc_sharing_a_character_name(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["npcs"][4]["name"] = "Wren"
    assert "/hp Wren" in check(data)["npcs[4].name"]


def test_hp_current_above_max(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["characters"][3]["hp"]["current"] = 30
    assert check(data) == {"characters[3].hp.current": (
        "Current HP 30 is more than max HP 12; use temp for extra hit points.")}


def test_spent_resources_above_their_totals(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["characters"][0]["hit_dice"]["remaining"] = 5
    data["characters"][2]["spell_slots"]["1"]["used"] = 4
    assert set(check(data)) == {"characters[0].hit_dice.remaining", "characters[2].spell_slots.1.used"}


def test_unknown_skill_names(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["characters"][1]["skill_proficiencies"][3] = "sleight of hand"
    data["npcs"][0]["secrets"][0]["skill"] = "charm"
    data["locations"][4]["discoveries"][0]["skill"] = "Arcana"
    found = check(data)
    assert set(found) == {"characters[1].skill_proficiencies[3]", "npcs[0].secrets[0].skill",
                          "locations[4].discoveries[0].skill"}
    assert "Did you mean 'sleight_of_hand'?" in found["characters[1].skill_proficiencies[3]"]
    assert "Did you mean 'arcana'?" in found["locations[4].discoveries[0].skill"]


def test_unknown_ability_names(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["characters"][0]["abilities"]["strength"] = data["characters"][0]["abilities"].pop("str")
    data["characters"][0]["save_proficiencies"] = ["str", "wisdom"]
    data["monsters"][1]["abilities"]["luck"] = 12
    found = check(data)
    assert set(found) == {"characters[0].abilities.strength", "characters[0].save_proficiencies[1]",
                          "monsters[1].abilities.luck"}
    assert "Did you mean 'str'?" in found["characters[0].abilities.strength"]
    assert "Did you mean 'wis'?" in found["characters[0].save_proficiencies[1]"]


def test_lines_keyed_by_something_other_than_an_attitude(check: Callable[..., dict[str, str]],
                                                         data: dict[str, Any]) -> None:
    data["npcs"][3]["lines"]["angry"] = ["Grr."]
    assert "not an attitude" in check(data)["npcs[3].lines.angry"]


def test_dice_the_engine_could_not_roll(check: Callable[..., dict[str, str]], data: dict[str, Any]) -> None:
    data["characters"][0]["attacks"][0]["damage"] = "1d8+"
    data["monsters"][0]["hit_dice"] = "two d8"
    assert set(check(data)) == {"characters[0].attacks[0].damage", "monsters[0].hit_dice"}


def test_wrong_shapes_do_not_crash_the_cross_reference_checks(check: Callable[..., dict[str, str]],
                                                              data: dict[str, Any]) -> None:
    data["npcs"] = {"not": "a list"}
    data["locations"][0]["connections"] = "Kettlecove Docks"
    data["characters"][0]["hp"] = 20
    data["game_state"] = ["Tarred Gull Inn"]
    found = check(data)
    assert {"npcs", "locations[0].connections", "characters[0].hp", "game_state"} <= set(found)


# --- scaffold and schema --------------------------------------------------------------------


def test_scaffold_creates_a_valid_starter(tmp_path: Path) -> None:
    path = scaffold_campaign("The Salt Road", tmp_path / "campaigns")
    assert path == tmp_path / "campaigns" / "the-salt-road" / "campaign.json"
    assert check_campaign(path) == []
    campaign = Campaign.model_validate_json(path.read_text(encoding="utf-8"))
    assert campaign.name == "The Salt Road"
    counts = [len(campaign.characters), len(campaign.npcs), len(campaign.locations),
              len(campaign.quests), len(campaign.monsters)]
    assert counts == [2, 1, 2, 1, 1]
    first, second = campaign.locations
    assert second.name in first.connections and first.name in second.connections


def test_scaffold_refuses_an_existing_folder(tmp_path: Path) -> None:
    path = scaffold_campaign("Keep Me", tmp_path)
    path.write_text('{"edited": true}')
    with pytest.raises(InvalidInputError, match="already exists"):
        scaffold_campaign("keep me", tmp_path)
    assert path.read_text() == '{"edited": true}'


@pytest.mark.parametrize("name", ["../escape", "a/b", "", "   ", "!!!", "bad\x00name", ".hidden"])
def test_scaffold_refuses_unsafe_names(tmp_path: Path, name: str) -> None:
    with pytest.raises(InvalidNameError):
        scaffold_campaign(name, tmp_path / "campaigns")
    assert not (tmp_path / "campaigns").exists() or not any((tmp_path / "campaigns").iterdir())
    assert not (tmp_path / "escape").exists()


def test_export_schema_uses_the_file_names() -> None:
    schema = export_schema()
    assert {"characters", "npcs", "locations", "quests", "monsters", "game_state"} <= set(schema["properties"])
    assert "class" in schema["$defs"]["Character"]["properties"]
    assert {"str", "int"} <= set(schema["$defs"]["AbilityScores"]["properties"])


def test_the_documented_schema_is_current() -> None:
    written = json.loads((ROOT / "docs" / "campaign.schema.json").read_text(encoding="utf-8"))
    assert written == export_schema(), "regenerate docs/campaign.schema.json (see docs/campaign-format.md)"


def test_problem_renders_for_a_terminal() -> None:
    problem = CampaignProblem(file="c.json", field="npcs[0].location", message="Unknown.")
    assert str(problem) == "c.json: npcs[0].location: Unknown."


def test_the_documented_example_passes_check(tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "campaign-format.md").read_text(encoding="utf-8")
    example = doc.split("## Example\n\n```json\n", 1)[1].split("```", 1)[0]
    (tmp_path / "campaign.json").write_text(example, encoding="utf-8")
    assert check_campaign(tmp_path) == []
