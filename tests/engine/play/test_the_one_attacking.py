"""A foe told by what it does (QA7 line 69): "Firebolt! The one swinging at Wren." is aimed at the foe that
last attacked Wren in this fight (its log), and the words describing it are no second attack that "was not
made"."""

from __future__ import annotations

import pytest

from engine.api import SessionManager
from engine.play.agents.assailant import describes_a_foe

pytestmark = pytest.mark.anyio


async def _fight_until_wren_is_attacked(tmp_path, seed: int) -> tuple[SessionManager, str, dict]:
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="sailors", seed=seed)).session_id
    await manager.apply_change(sid, "move", value="Drowned Chapel")
    await manager.combat_control(sid, "start", combatants=["Drowned Sailor"] * 3)
    for _ in range(12):
        state = await manager.get_session_state(sid, detail_level="full")
        log = state.full_state["world"]["game_state"]["combat"]["last_attacker"]
        if "Wren" in log and state.game_state.current_turn == "Idris":
            return manager, sid, log
        await manager.combat_control(sid, "next")
    raise AssertionError("no sailor attacked Wren before Idris's turn")


async def test_the_spell_goes_at_the_sailor_that_last_attacked_wren_with_no_false_warning(tmp_path):
    # Seed 1: Drowned Sailor 2 attacked Wren; the first sailor standing (the old guess) is Drowned Sailor 1.
    manager, sid, log = await _fight_until_wren_is_attacked(tmp_path, seed=1)
    swinger = log["Wren"]
    assert swinger != "Drowned Sailor 1"
    response = await manager.player_action(sid, "Firebolt! The one swinging at Wren.", character_name="Idris")
    assert any(r.purpose == "Fire Bolt attack" for r in response.dice_rolls)
    hit = [c.target for c in response.state_changes if c.kind == "hp"]
    assert hit in ([swinger], []), hit  # a miss hurts no one, a hit only the one swinging at Wren
    assert swinger in response.narrative and "Drowned Sailor 1" not in response.narrative
    assert not any("was not made" in w for w in response.warnings), response.warnings
    await manager.close()


def test_a_description_of_a_foe_is_no_act_of_the_speaker():
    assert describes_a_foe("the one swinging at wren")
    assert describes_a_foe("whoever is hitting me")
    assert not describes_a_foe("i swing at the thug")
    assert not describes_a_foe("then i attack the crab")
