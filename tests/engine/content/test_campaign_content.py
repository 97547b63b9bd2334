"""The bundled sample campaign: it loads, it is complete enough to run, and the checker passes it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.content.bestiary import resolve_campaign
from engine.content.campaign_check import check_campaign
from engine.models.world import ATTITUDE_ORDER, SKILLS, Attitude, Campaign, QuestStatus

CAMPAIGNS = Path(__file__).resolve().parents[3] / "campaigns"
SAMPLE = CAMPAIGNS / "dark-lantern" / "campaign.json"
BUNDLED = sorted(CAMPAIGNS.glob("*/campaign.json"))


@pytest.fixture(scope="module")
def campaign() -> Campaign:
    world = Campaign.model_validate(json.loads(SAMPLE.read_text(encoding="utf-8")))
    resolve_campaign(world)  # as a session start does: Silas Crowe's block comes from the SRD
    return world


def test_campaigns_folder_is_a_package_holding_the_sample() -> None:
    assert (CAMPAIGNS / "__init__.py").is_file()
    assert SAMPLE in BUNDLED


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.parent.name)
def test_every_bundled_campaign_passes_the_checker(path: Path) -> None:
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", path.parent.name)
    assert check_campaign(path) == []
    assert check_campaign(path.parent) == []


def test_header_has_name_description_and_style(campaign: Campaign) -> None:
    assert campaign.name == "The Dark Lantern"
    assert 2 <= campaign.description.count(". ") + 1 <= 3
    assert len(campaign.style) > 40
    assert campaign.schema_version == 1


def test_four_playable_characters_of_different_classes(campaign: Campaign) -> None:
    chars = campaign.characters
    assert len(chars) == 4
    assert len({c.class_name for c in chars}) == 4
    for c in chars:
        assert 1 <= c.level <= 3
        assert re.fullmatch(r"[A-Z][a-z]{2,6}", c.name), "names must be short and easy to type"
        assert c.hp.current == c.hp.max > 0
        assert c.hit_dice.total == c.level and c.hit_dice.die in (6, 8, 10, 12)
        assert c.skill_proficiencies and len(c.save_proficiencies) == 2
        assert c.attacks and c.inventory
        assert all(re.fullmatch(r"\d+d\d+([+-]\d+)?", a.damage) for a in c.attacks)
    casters = {c.class_name for c in chars if c.spell_slots}
    assert {"cleric", "wizard"} <= casters


def test_npcs_have_voices_lines_for_every_attitude_and_secrets(campaign: Campaign) -> None:
    assert len(campaign.npcs) >= 6
    attitudes = [n.attitude for n in campaign.npcs]
    assert attitudes.count(Attitude.HOSTILE) == 1
    assert {Attitude.FRIENDLY, Attitude.INDIFFERENT, Attitude.UNFRIENDLY} <= set(attitudes)
    for npc in campaign.npcs:
        assert npc.role and npc.description and npc.voice and npc.location
        assert set(npc.lines) == {a.value for a in ATTITUDE_ORDER}
        assert all(2 <= len(lines) <= 3 for lines in npc.lines.values())
        assert npc.secrets and all(s.skill in SKILLS and 5 <= s.dc <= 20 for s in npc.secrets)


def test_five_connected_locations_with_discoveries(campaign: Campaign) -> None:
    assert len(campaign.locations) == 5
    for loc in campaign.locations:
        assert loc.description and loc.connections
        assert 1 <= len(loc.discoveries) <= 3
        assert all(d.skill in {"investigation", "perception", "survival", "arcana"} for d in loc.discoveries)
        for other in loc.connections:
            assert loc.name in campaign.location(other).connections, f"{loc.name} -> {other} is one-way"
    assert sum(1 for loc in campaign.locations if loc.encounter) >= 2
    # Every location is reachable from the start.
    seen, todo = set(), [campaign.game_state.party_location]
    while todo:
        here = todo.pop()
        if here not in seen:
            seen.add(here)
            todo.extend(campaign.location(here).connections)
    assert seen == {loc.name for loc in campaign.locations}


def test_quests_monsters_and_starting_state(campaign: Campaign) -> None:
    assert len(campaign.quests) == 3
    assert [q.status for q in campaign.quests].count(QuestStatus.ACTIVE) == 1
    assert all(q.giver and q.objectives and q.xp_reward > 0 for q in campaign.quests)
    assert len(campaign.monsters) == 5
    assert all(m.attacks and m.xp > 0 and m.challenge for m in campaign.monsters)
    used = {name for loc in campaign.locations for name in loc.encounter}
    # The Wrecker Captain stays as a block the DM can bring in; Silas fights the caves as himself.
    assert used | {"Wrecker Captain"} == {m.name for m in campaign.monsters}, "every stat block is used somewhere"


def test_silas_crowe_is_an_srd_bandit_captain_of_medium_size(campaign: Campaign) -> None:
    silas = campaign.monster("Silas Crowe")
    assert silas is not None and silas.srd == "Bandit Captain"
    assert (silas.size, silas.ac, silas.hp, silas.challenge, silas.xp) == ("Medium", 15, 52, "2", 450)
    assert [(a.name, a.to_hit, a.damage) for a in silas.attacks] == [("Scimitar", 5, "1d6+3"), ("Pistol", 5, "1d10+3")]
    assert silas.saves == {"str": 4, "dex": 5, "wis": 2}
    state = campaign.game_state
    assert campaign.location(state.party_location) is not None
    assert (state.day, state.minutes, state.combat) == (1, 480, None)


def test_names_are_distinct_and_easy_to_address(campaign: Campaign) -> None:
    people = [c.name for c in campaign.characters] + [n.name for n in campaign.npcs]
    # A stat block under an NPC's own name is that NPC's, not another thing to address.
    blocks = [m.name for m in campaign.monsters if campaign.npc(m.name) is None]
    everything = people + [loc.name for loc in campaign.locations] + blocks
    assert len({n.casefold() for n in everything}) == len(everything)
    first_words = [n.split()[0].casefold() for n in people]
    assert len(set(first_words)) == len(first_words), "a first name alone must pick one person"
    words = {w.casefold().strip("'") for n in everything for w in n.split()}
    assert not words & {s.replace("_", " ") for s in SKILLS} and not words & set(SKILLS)
