"""Stabilizing a dying companion (QA7 line 52).

SRD 5.2.1, Adventuring Gear, Healer's Kit: "A Healer's Kit has ten uses. As a Utilize action, you can expend
one of its uses to stabilize a creature that has 0 Hit Points, without needing to make a Wisdom (Medicine)
check." Rules Glossary, Stabilizing a Character: without one, stabilizing "requires a successful DC 10
Wisdom (Medicine) check".
"""

from __future__ import annotations

import pytest

from engine.api import SessionManager
from engine.errors import InvalidInputError
from engine.models.world import Character, HitPoints, Item
from engine.rules.healers_kit import stabilize_with_kit

pytestmark = pytest.mark.anyio

KIT_LINE = "I kneel by Wren and use my healer's kit to stabilise her"


async def _wren_down(tmp_path, seed: int = 3) -> tuple[SessionManager, str]:
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="kit", seed=seed)).session_id
    await manager.apply_change(sid, "hp", "Wren", -17)  # 0 HP and dying
    return manager, sid


async def _sheet(manager: SessionManager, sid: str, name: str) -> dict:
    state = await manager.get_session_state(sid, detail_level="full")
    return next(c for c in state.full_state["world"]["characters"] if c["name"] == name)


def _kit(sheet: dict) -> dict:
    return next(i for i in sheet["inventory"] if i["name"] == "Healer's kit")


async def test_a_healers_kit_stabilizes_with_no_roll_and_spends_one_use(tmp_path):
    manager, sid = await _wren_down(tmp_path)
    response = await manager.player_action(sid, KIT_LINE, character_name="Tova")
    assert response.dice_rolls == [], response.dice_log
    assert "Tova expends a use of the Healer's kit (10 -> 9 uses left)" in response.dice_log
    assert (await _sheet(manager, sid, "Wren"))["stable"]
    assert _kit(await _sheet(manager, sid, "Tova"))["uses"] == 9
    # Undo takes the use back with the stabilizing.
    await manager.undo_last(sid)
    assert _kit(await _sheet(manager, sid, "Tova"))["uses"] == 10
    assert not (await _sheet(manager, sid, "Wren"))["stable"]
    await manager.close()


async def test_in_a_fight_the_kit_takes_the_tenders_action(tmp_path):
    manager, sid = await _wren_down(tmp_path)
    await manager.combat_control(sid, "start", combatants=["Wrecker Thug"])
    for _ in range(6):
        if (await manager.get_session_state(sid)).game_state.current_turn == "Tova":
            break
        await manager.combat_control(sid, "next")
    response = await manager.player_action(sid, KIT_LINE, character_name="Tova")
    assert (await _sheet(manager, sid, "Wren"))["stable"]
    assert not any(r.purpose and "Medicine" in r.purpose for r in response.dice_rolls)
    assert (await manager.get_session_state(sid)).game_state.current_turn != "Tova"  # her action is spent
    await manager.close()


async def test_without_a_kit_stabilizing_is_a_dc_10_medicine_check(tmp_path):
    manager, sid = await _wren_down(tmp_path)
    response = await manager.player_action(sid, "I use my healer's kit to stabilise Wren", character_name="Bram")
    assert "Bram carries no Healer's Kit: a DC 10 Medicine check instead." in response.warnings
    [check] = response.dice_rolls
    assert check.purpose == "Medicine check to stabilize Wren" and check.dc == 10
    assert (await _sheet(manager, sid, "Wren"))["stable"] is bool(check.success)
    # Said without a kit ("stabilise", British spelling): the bare-handed check, the kit left untouched.
    manager2, sid2 = await _wren_down(tmp_path / "two")
    response = await manager2.player_action(sid2, "I stabilise Wren", character_name="Tova")
    assert [r.purpose for r in response.dice_rolls] == ["Medicine check to stabilize Wren"]
    assert _kit(await _sheet(manager2, sid2, "Tova"))["uses"] == 10
    await manager.close()
    await manager2.close()


def test_a_used_up_kit_or_a_patient_not_dying_is_refused_and_changes_nothing():
    tova = Character(name="Tova", **{"class": "cleric"}, hp=HitPoints(current=10, max=10),
                     inventory=[Item(name="Healer's kit", uses=0)])
    wren = Character(name="Wren", **{"class": "rogue"}, hp=HitPoints(current=0, max=17))
    with pytest.raises(InvalidInputError, match=r"Healer's kit is used up \(0 of 10 uses left\)"):
        stabilize_with_kit(tova, wren)
    assert not wren.stable and tova.inventory[0].uses == 0
    tova.inventory[0].uses = None  # a kit written without its uses is a full one
    with pytest.raises(InvalidInputError, match="not at 0 HP"):
        stabilize_with_kit(tova, Character(name="Bram", **{"class": "fighter"}, hp=HitPoints(current=5, max=20)))
    assert tova.inventory[0].uses is None
    assert [c.kind for c in stabilize_with_kit(tova, wren)][0] == "item_use" and tova.inventory[0].uses == 9
