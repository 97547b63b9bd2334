"""A question whose answer is a discovery of the place (QA7 line 59): "how long until the tide comes in and
floods this place?" in the Wrecker Caves is the Tide line's to tell (Survival DC 13), not the clock's. While
it is hidden the check that would tell is offered (a question rolls nothing); once found, its text answers."""

from __future__ import annotations

import pytest

from engine.api import SessionManager

pytestmark = pytest.mark.anyio

QUESTION = "how long until the tide comes in and floods this place?"


async def test_the_tide_question_offers_the_survival_check_then_answers_from_the_find(tmp_path):
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="tide", seed=7)).session_id
    for line in ("ok lets head down to the docks", "We should head up the cliff path to Gannet Point.",
                 "We take the stair down into the caves, quietly"):
        await manager.player_action(sid, line, character_name="Bram")
    before = await manager.get_session_state(sid, detail_level="full")
    response = await manager.player_action(sid, QUESTION, character_name="Bram")
    assert "Survival check here to tell (DC 13), on the tide line" in response.narrative
    assert "It is day" not in response.narrative  # not the clock
    assert response.dice_rolls == [] and response.state_changes == []
    assert "Survival check on the tide line" in (response.follow_up_options or [])
    after = await manager.get_session_state(sid, detail_level="full")
    assert after.full_state["world"] == before.full_state["world"]
    for _ in range(8):  # the offered check, made until it succeeds
        made = await manager.player_action(sid, "Survival check on the tide line", character_name="Bram")
        assert [r.purpose for r in made.dice_rolls] == ["Survival check"] and made.dice_rolls[0].dc == 13
        if made.dice_rolls[0].success:
            break
    response = await manager.player_action(sid, QUESTION, character_name="Bram")
    assert "The party has found out already" in response.narrative and "about two hours" in response.narrative
    await manager.close()


async def test_a_question_naming_nothing_found_here_is_still_the_clock(tmp_path):
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session("dark-lantern", name="tide", seed=7)).session_id
    response = await manager.player_action(sid, "how long until dark?", character_name="Bram")
    assert "It is day 1, 08:00" in response.narrative
    await manager.close()
