"""Second Wind said with an attack (QA7 line 50): the fighter heals, then attacks.

SRD 5.2.1, Fighter, level 1, Second Wind: "As a Bonus Action, you can use it to regain Hit Points equal to 1d10
plus your Fighter level. You can use this feature twice. You regain one expended use when you finish a Short
Rest, and you regain all expended uses when you finish a Long Rest." (Fighter Features table: 2 uses at
levels 1-3.)
"""

from __future__ import annotations

import pytest

from engine.api import SessionManager

pytestmark = pytest.mark.anyio

LINE = "second wind, then I go for the Wrecker Thug's throat"


async def _bram_hurt_on_his_turn(tmp_path) -> tuple[SessionManager, str]:
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="wind", seed=4)).session_id
    await manager.apply_change(sid, "hp", "Bram", -13)  # 7/20
    await manager.combat_control(sid, "start", combatants=["Wrecker Thug"])
    await _to_turn(manager, sid, "Bram")
    return manager, sid


async def _to_turn(manager: SessionManager, sid: str, name: str) -> None:
    for _ in range(8):
        if (await manager.get_session_state(sid)).game_state.current_turn == name:
            return
        await manager.combat_control(sid, "next")
    raise AssertionError(f"never {name}'s turn")


async def _bram(manager: SessionManager, sid: str) -> dict:
    state = await manager.get_session_state(sid, detail_level="full")
    return next(c for c in state.full_state["world"]["characters"] if c["name"] == "Bram")


async def test_second_wind_heals_1d10_plus_level_as_a_bonus_action_then_the_attack_is_made(tmp_path):
    manager, sid = await _bram_hurt_on_his_turn(tmp_path)
    response = await manager.player_action(sid, LINE, character_name="Bram")
    wind = next(r for r in response.dice_rolls if r.purpose == "Second Wind")
    assert wind.notation == "1d10+2" and 3 <= wind.total <= 12
    assert "Bram uses Second Wind (2 -> 1 of 2 left)" in response.dice_log
    assert any(r.roller == "Bram" and "attack" in (r.purpose or "").lower() for r in response.dice_rolls)
    bram = await _bram(manager, sid)
    assert bram["features_used"] == {"Second Wind": 1}
    assert (await manager.get_session_state(sid)).game_state.current_turn != "Bram"  # bonus action + action spent
    await manager.close()


async def test_with_no_use_left_second_wind_is_refused_and_the_attack_still_happens(tmp_path):
    manager, sid = await _bram_hurt_on_his_turn(tmp_path)
    for _ in range(2):  # both uses, one a turn (a turn has one Bonus Action), the foe left standing
        await manager.player_action(sid, "I use my second wind", character_name="Bram")
        await manager.combat_control(sid, "next")
        await _to_turn(manager, sid, "Bram")
    hp_before = (await _bram(manager, sid))["hp"]["current"]
    response = await manager.player_action(sid, LINE, character_name="Bram")
    assert any("no use of Second Wind left (0 of 2)" in w for w in response.warnings), response.warnings
    assert not any(r.purpose == "Second Wind" for r in response.dice_rolls)
    assert any(r.roller == "Bram" and "attack" in (r.purpose or "").lower() for r in response.dice_rolls)
    assert (await _bram(manager, sid))["hp"]["current"] <= hp_before
    await manager.close()


async def test_alone_it_leaves_the_action_and_rests_give_uses_back(tmp_path):
    manager, sid = await _bram_hurt_on_his_turn(tmp_path)
    response = await manager.player_action(sid, "I use my second wind", character_name="Bram")
    assert "Bram still has an action this turn" in response.narrative
    assert (await manager.get_session_state(sid)).game_state.current_turn == "Bram"
    await manager.combat_control(sid, "end")
    await manager.player_action(sid, "I use my second wind", character_name="Bram")  # out of a fight
    assert (await _bram(manager, sid))["features_used"] == {"Second Wind": 2}
    short = await manager.rest(sid, "short")
    assert "Bram regains Second Wind (0 -> 1 of 2)." in [c.description for c in short.state_changes]
    assert (await _bram(manager, sid))["features_used"] == {"Second Wind": 1}
    await manager.rest(sid, "long")
    assert (await _bram(manager, sid))["features_used"] == {}
    await manager.close()


async def test_a_non_fighter_is_told_second_wind_is_not_theirs(tmp_path):
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="wind", seed=4)).session_id
    response = await manager.player_action(sid, "I use second wind", character_name="Wren")
    assert any("Second Wind is a Fighter's feature" in w for w in response.warnings)
    assert response.dice_rolls == []
    await manager.close()
