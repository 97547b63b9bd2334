"""A successful check gives what the world holds for it (QA run 6: Survival beat DC 12 on the shingle and
the keel marks were not given; Insight on Harbormaster Vell succeeded and told nothing). A check that
goes after a hidden discovery is rolled against that discovery's DC and a success reveals it; Insight on
an NPC tells what the campaign says of their honesty, secret and motive at the level the roll earns;
where the world holds nothing, the table is told plainly that nothing more is found. Read from the
narration the table sees, through the orchestrator on the sample campaign."""

from __future__ import annotations

import re

import pytest

from engine.api import SessionManager
from engine.models.world import Campaign
from engine.play.orchestrator import ActionInput, Orchestrator, Resolution
from tests.engine.play.blind_world import sample_at as sample
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio
VELL_ASKED = "T7 Idris: Harbormaster Vell, where were you the night the Merrow's Luck went down? [roleplay]"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"



async def act(world: Campaign, text: str, actor: str, naturals: list[int], history: list[str] | None = None
              ) -> Resolution:
    return await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, turn=8,
                                                    roller=ScriptedRoller(naturals), recent_history=history or []))


def keel(world: Campaign):
    return next(d for d in world.location("Kettlecove Docks").discoveries if d.name == "Keel marks")


async def test_searching_the_shingle_for_tracks_finds_the_keel_marks():
    world = sample("Kettlecove Docks")
    res = await act(world, "serch the shingle for tracks", "Bram", [12])  # 12 + 3 = 15 against the marks' DC 12
    [roll] = res.dice_rolls
    assert roll.purpose.startswith("Survival") and roll.dc == 12 and roll.success
    assert "Fresh keel marks on the shingle" in res.narrative
    assert keel(res.world).found
    assert any("Keel marks at Kettlecove Docks" in f.text for f in res.facts)


async def test_a_failed_search_for_tracks_finds_nothing_and_the_marks_stay_hidden():
    world = sample("Kettlecove Docks")
    res = await act(world, "serch the shingle for tracks", "Bram", [3])
    assert res.dice_rolls[0].success is False
    assert "Fresh keel marks" not in res.narrative and not keel(res.world).found
    assert res.facts == [] or all("Keel marks" not in f.text for f in res.facts)


async def test_a_successful_check_where_nothing_is_hidden_says_plainly_nothing_more_is_found():
    world = sample("Kettlecove Docks")
    for d in world.location("Kettlecove Docks").discoveries:
        d.found = True
    res = await act(world, "serch the shingle for tracks", "Bram", [15])
    assert res.dice_rolls[0].success
    assert re.search(r"nothing (new|more)", res.narrative), res.narrative
    assert not [c for c in res.state_changes if c.kind == "discovery"] and res.facts == []


async def test_is_he_lying_after_vell_was_asked_reads_vell_and_sees_through_his_alibi():
    world = sample("Kettlecove Docks")
    res = await act(world, "is he lying? I watch his face", "Wren", [12], [VELL_ASKED])  # 12 + 3 vs DC 14
    [roll] = res.dice_rolls
    assert roll.purpose == "Insight vs Osric Vell" and roll.dc == 14 and roll.success
    secret = res.world.npc("Osric Vell").secrets[1]
    assert secret.revealed and "he was on Gannet Point, paid to look the other way" in res.narrative
    assert any(f.text == secret.text for f in res.facts)


async def test_a_failed_read_of_vell_gives_nothing_away():
    world = sample("Kettlecove Docks")
    res = await act(world, "is he lying? I watch his face", "Wren", [4], [VELL_ASKED])
    assert res.dice_rolls[0].success is False
    assert not res.world.npc("Osric Vell").secrets[1].revealed and "Gannet Point" not in res.narrative


async def test_reading_pim_who_keeps_no_insight_secret_tells_what_he_holds_back_and_wants():
    world = sample("Kettlecove Docks")
    res = await act(world, "I watch Pim's face: is he lying?", "Wren", [15])  # 18 vs indifferent DC 12
    assert res.dice_rolls[0].purpose == "Insight vs Pim Lowrie" and res.dice_rolls[0].dc == 12
    # What the campaign holds: a secret on his storm topic (not told: that takes Persuasion), and his wants.
    assert "holding something back about the night of the storm" in res.narrative
    assert "coppers, pie, and the old keeper back" in res.narrative
    assert "rowboat" not in res.narrative and not res.world.npc("Pim Lowrie").secrets[0].revealed


async def test_reading_someone_who_hides_nothing_says_so_and_invents_nothing():
    world = sample("Tarred Gull Inn")
    for secret in world.npc("Hesper Quill").secrets:
        secret.revealed = True
    res = await act(world, "I watch Hesper's face: is she lying?", "Wren", [15])
    assert res.dice_rolls[0].success
    assert "Hesper Quill is hiding nothing" in " ".join(f.text for f in res.facts)
    assert "sincere" in res.narrative and "no more ships on the reef" in res.narrative


async def test_with_two_people_here_and_nobody_pointed_at_the_read_asks_whom_and_rolls_nothing():
    world = sample("Kettlecove Docks")
    res = await act(world, "insight check: is anyone lying to us?", "Wren", [15])
    assert res.dice_rolls == [] and res.state_changes == []
    assert any("Osric Vell" in w and "Pim Lowrie" in w and "Nothing was rolled" in w for w in res.warnings)


async def test_through_the_api_the_inn_left_behind_is_where_hesper_was_last_seen(tmp_path):
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="absent", seed=3)).session_id
    await manager.player_action(sid, "we go to the docks", character_name="Bram")
    res = await manager.player_action(sid, "ask Hesper about the lighthouse", character_name="Bram")
    assert "Hesper Quill is not here to hear it (last seen at Tarred Gull Inn)" in res.narrative
    assert res.dice_rolls == [] and res.npc_responses == []


async def test_recalling_lore_the_campaign_does_not_hold_says_nothing_more_and_adds_no_fact():
    world = sample("Tarred Gull Inn")
    res = await act(world, "history check: what do I recall about the old sea walls?", "Idris", [15])
    assert res.dice_rolls[0].purpose.startswith("History") and res.dice_rolls[0].success
    assert re.search(r"nothing (new|more|further)|no more than before", res.narrative), res.narrative
    assert res.facts == [] and not [c for c in res.state_changes if c.kind == "discovery"]
