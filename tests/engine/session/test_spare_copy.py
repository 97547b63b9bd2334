"""The spare working copy (engine.session.spare): after every kind of change the next change starts from
a copy equal to the recorded state, sharing nothing with it, and a change that is taken back or cancelled
leaves no trace in the copy the next change gets."""

from __future__ import annotations

import contextlib
import json

import pytest

from engine.api.manager import SessionManager
from engine.errors import InvalidInputError
from engine.models.world import ActiveCondition, Attitude
from engine.session.runtime import OpenSession

pytestmark = pytest.mark.anyio


async def _open(manager: SessionManager, campaign: str) -> tuple[str, OpenSession]:
    sid = (await manager.start_session(campaign, name="spare", seed=7)).session_id
    return sid, manager._active(sid)


def _recorded(s: OpenSession) -> str:
    return json.dumps(s.state_doc, sort_keys=True)


async def test_each_kind_of_change_leaves_a_copy_equal_to_the_recorded_state(manager, campaign):
    sid, s = await _open(manager, campaign)
    changes = [
        lambda: manager.apply_change(sid, "move", None, "Wrecker Caves"),
        lambda: manager.combat_control(sid, "start", combatants=["Wrecker Captain", "Giant Crab"]),
        lambda: manager.player_action(sid, "I attack the Wrecker Captain"),
        lambda: manager.apply_change(sid, "hp", "Bram", -3),
        lambda: manager.apply_change(sid, "condition_add", "Bram", "poisoned", 2),
        lambda: manager.rest(sid, "short"),  # refused mid-fight: its working copy is thrown away
        lambda: manager.roll("1d20", sid, "luck"),
        lambda: manager.player_action(sid, "I take the Dodge action"),
        lambda: manager.combat_control(sid, "end"),
        lambda: manager.rest(sid, "short"),
    ]
    for change in changes:
        with contextlib.suppress(InvalidInputError):
            await change()
        copy = s.working_state()
        assert copy is not s.state
        assert copy.model_dump(mode="json") == s.state_doc
        s._spare = copy  # put back untouched: the next change still gets the spare the last commit left


async def test_changing_the_copy_changes_nothing_recorded(manager, campaign):
    sid, s = await _open(manager, campaign)
    await manager.apply_change(sid, "move", None, "Wrecker Caves")
    await manager.player_action(sid, "I search the cave for a way out")
    before_doc, before_state = _recorded(s), s.state.model_dump_json()
    copy = s.working_state()
    pc = copy.world.characters[0]
    pc.hp.current = -50
    pc.conditions.append(ActiveCondition(name="stunned"))
    pc.inventory.clear()
    copy.world.npcs[0].attitude = Attitude.HOSTILE if copy.world.npcs[0].attitude != Attitude.HOSTILE \
        else Attitude.HELPFUL
    copy.world.game_state.day += 9
    copy.rng.counter += 100
    assert _recorded(s) == before_doc
    assert s.state.model_dump_json() == before_state


async def test_after_an_undo_the_next_change_starts_from_the_reverted_state(manager, campaign):
    sid, s = await _open(manager, campaign)
    await manager.apply_change(sid, "hp", "Bram", -4)
    reverted = _recorded(s)
    await manager.apply_change(sid, "hp", "Bram", -2)
    await manager.undo_last(sid)
    assert _recorded(s) == reverted
    copy = s.working_state()
    assert json.dumps(copy.model_dump(mode="json"), sort_keys=True) == reverted


async def test_a_selection_between_changes_reaches_the_next_change(manager, campaign):
    sid, s = await _open(manager, campaign)
    await manager.apply_change(sid, "hp", "Bram", -1)
    chosen = s.state.world.characters[-1].name
    await manager.select_character(sid, chosen)
    copy = s.working_state()
    assert copy.selected_character == chosen
    assert copy.model_dump(mode="json") == s.state_doc
