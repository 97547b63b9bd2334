"""Mage Armor cast out of a fight (QA7 line 31, rules side).

SRD 5.2.1, Mage Armor (level 1 Abjuration; Casting Time: Action; Range: Touch; Duration: 8 hours): "You touch a
willing creature who isn't wearing armor. Until the spell ends, the target's base AC becomes 13 plus its
Dexterity modifier. The spell ends early if the target dons armor."
"""

from __future__ import annotations

import pytest

from engine.api import SessionManager

pytestmark = pytest.mark.anyio


async def _start(tmp_path) -> tuple[SessionManager, str]:
    manager = SessionManager(tmp_path)
    return manager, (await manager.start_session("dark-lantern", name="ward", seed=2)).session_id


async def _sheet(manager: SessionManager, sid: str, name: str):
    state = await manager.get_session_state(sid)
    return next(p for p in state.party_status if p.name == name)


async def _slots(manager: SessionManager, sid: str) -> dict:
    state = await manager.get_session_state(sid, detail_level="full")
    return next(c for c in state.full_state["world"]["characters"] if c["name"] == "Idris")["spell_slots"]["1"]


async def test_mage_armor_spends_a_slot_and_sets_ac_13_plus_dex_for_8_hours_of_game_time(tmp_path):
    manager, sid = await _start(tmp_path)
    assert (await _sheet(manager, sid, "Idris")).ac == 12
    response = await manager.player_action(sid, "I cast mage armor on myself", character_name="Idris")
    assert "Idris spends a level 1 spell slot on Mage Armor (3 -> 2 left)" in response.dice_log
    assert "Idris's AC becomes 15 (Mage Armor: 13 + Dex) until day 1, 16:00" in response.dice_log
    assert not any("left to the DM" in w for w in response.warnings)
    assert (await _sheet(manager, sid, "Idris")).ac == 15  # Dex 14: 13 + 2
    assert (await _slots(manager, sid))["used"] == 1
    await manager.apply_change(sid, "time", value=7 * 60 + 59)  # not yet
    assert (await _sheet(manager, sid, "Idris")).ac == 15
    ended = await manager.apply_change(sid, "time", value=1)
    assert "Mage Armor on Idris ends (its 8 hours are up): AC 15 -> 12." in ended.message
    assert (await _sheet(manager, sid, "Idris")).ac == 12
    await manager.close()


async def test_it_ends_on_a_long_rest_and_travel_time_counts(tmp_path):
    manager, sid = await _start(tmp_path)
    await manager.player_action(sid, "I cast mage armor on myself", character_name="Idris")
    await manager.player_action(sid, "we head down to the docks", character_name="Idris")  # 30 minutes
    assert (await _sheet(manager, sid, "Idris")).ac == 15
    rest = await manager.rest(sid, "long")
    assert "Mage Armor on Idris ends (a long rest): AC 15 -> 12." in [c.description for c in rest.state_changes]
    assert (await _sheet(manager, sid, "Idris")).ac == 12
    await manager.close()


async def test_on_someone_wearing_armor_it_is_refused_and_no_slot_is_spent(tmp_path):
    manager, sid = await _start(tmp_path)
    response = await manager.player_action(sid, "I cast mage armor on Bram", character_name="Idris")
    assert any("Bram is wearing Chain mail" in w for w in response.warnings), response.warnings
    assert (await _slots(manager, sid))["used"] == 0
    assert (await _sheet(manager, sid, "Bram")).ac == 18
    await manager.close()


async def test_undo_takes_the_ac_and_the_slot_back(tmp_path):
    manager, sid = await _start(tmp_path)
    await manager.player_action(sid, "I cast mage armor on myself", character_name="Idris")
    await manager.undo_last(sid)
    assert (await _sheet(manager, sid, "Idris")).ac == 12
    assert (await _slots(manager, sid))["used"] == 0
    await manager.close()
