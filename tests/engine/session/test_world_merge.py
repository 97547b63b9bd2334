"""Two sessions of one campaign: what each changed reaches campaign.json; a clash is reported, not hidden."""

from __future__ import annotations

import pytest

from engine.models.world import Campaign
from engine.session.world_merge import merge_worlds

pytestmark = pytest.mark.anyio


def world(**hp: int) -> Campaign:
    chars = [{"name": n, "class": "fighter", "hp": {"current": v, "max": 20}} for n, v in hp.items()]
    return Campaign.model_validate({"name": "Salt Road", "characters": chars,
                                    "game_state": {"party_location": "Inn"}})


def hp(c: Campaign) -> dict[str, int]:
    return {pc.name: pc.hp.current for pc in c.characters}


def test_changes_to_different_entities_both_survive():
    base = world(Bram=20, Wren=20)
    merged, clashes = merge_worlds(base, mine=world(Bram=12, Wren=20), current=world(Bram=20, Wren=5))
    assert hp(merged) == {"Bram": 12, "Wren": 5} and clashes == []


def test_the_same_change_on_both_sides_is_no_clash():
    merged, clashes = merge_worlds(world(Bram=20), world(Bram=9), world(Bram=9))
    assert hp(merged) == {"Bram": 9} and clashes == []


def test_different_changes_to_one_entity_keep_this_sessions_and_say_so():
    merged, clashes = merge_worlds(world(Bram=20), world(Bram=9), world(Bram=3))
    assert hp(merged) == {"Bram": 9}
    assert clashes == ["character Bram was changed by another session too; this session's version was kept"]


def test_additions_on_both_sides_and_a_removal_are_kept_in_order():
    merged, clashes = merge_worlds(world(Bram=20, Wren=20), world(Bram=20, Idris=7), world(Bram=20, Wren=20, Tova=4))
    assert list(hp(merged)) == ["Bram", "Tova", "Idris"] and clashes == []


async def test_two_sessions_of_one_campaign_both_reach_campaign_json(manager, campaign):
    await manager.start_session(campaign, name="first", seed=1)
    await manager.apply_change("first", "hp", "Bram", -4)
    await manager.end_session("first", "pause")
    await manager.start_session(campaign, name="second", seed=2)
    await manager.apply_change("second", "hp", "Wren", -3)
    await manager.end_session("second", "end")
    await manager.load_session("first")
    ended = await manager.end_session("first", "end")
    assert ended.warnings == []
    third = await manager.start_session(campaign, name="third", seed=3)
    state = await manager.get_session_state(third.session_id)
    lost = {p.name: p.hp_max - p.hp for p in state.party_status}
    assert lost["Bram"] == 4 and lost["Wren"] == 3


async def test_a_clash_between_sessions_is_reported_at_the_end(manager, campaign):
    await manager.start_session(campaign, name="first", seed=1)
    await manager.apply_change("first", "hp", "Bram", -4)
    await manager.end_session("first", "pause")
    await manager.start_session(campaign, name="second", seed=2)
    await manager.apply_change("second", "hp", "Bram", -1)
    await manager.end_session("second", "end")
    await manager.load_session("first")
    ended = await manager.end_session("first", "end")
    assert ended.warnings == ["character Bram was changed by another session too; this session's version was kept"]
