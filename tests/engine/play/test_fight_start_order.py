"""Starting a fight by attacking an NPC (QA7 line 34, "I charge Crowe with my longsword!"): the printed
initiative order names everyone who acts, the NPC included, and when the one who started it is not first the
table is told, in the prose, that their action is not made yet and waits for their turn."""

from __future__ import annotations

import re

import pytest

from engine.api import SessionManager

pytestmark = pytest.mark.anyio


async def test_the_printed_order_has_crowe_and_the_charge_is_said_to_wait(tmp_path):
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="charge", seed=7)).session_id
    for line in ("ok lets head down to the docks", "We should head up the cliff path to Gannet Point.",
                 "We take the stair down into the caves, quietly"):
        await manager.player_action(sid, line, character_name="Bram")
    response = await manager.player_action(sid, "I charge Crowe with my longsword!", character_name="Bram")
    [line] = [t for t in response.dice_log if t.startswith("Combat begins. Initiative:")]
    printed = re.findall(r"([A-Z][\w' ]+?) \((\d+)\)", line.removeprefix("Combat begins. Initiative: "))
    state = await manager.get_session_state(sid)
    in_order = [c.name for c in (await manager.combat_view(sid)).order]
    assert [name for name, _ in printed] == in_order and "Silas Crowe" in in_order
    assert state.game_state.current_turn != "Bram"
    assert "Bram's action is not made yet" in response.narrative
    assert "say it again on Bram's turn" in response.narrative
    assert not any(r.roller == "Bram" and "attack" in (r.purpose or "").lower() for r in response.dice_rolls)
    await manager.close()
