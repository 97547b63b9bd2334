"""Oversized or NUL-laden text at the API: a clear error naming the field, no echo, nothing changed."""

from __future__ import annotations

import pytest

from engine.errors import InvalidInputError
from engine.models.session import SessionSummary

pytestmark = pytest.mark.anyio
HUGE = "x" * 50_000


def calls(m, sid):
    return {
        "action": lambda: m.player_action(sid, HUGE),
        "character_name": lambda: m.player_action(sid, "I look around", HUGE),
        "context": lambda: m.player_action(sid, "I look around", None, HUGE),
        "purpose": lambda: m.roll("1d20", sid, HUGE),
        "target": lambda: m.apply_change(sid, "hp", HUGE, -1),
        "value": lambda: m.apply_change(sid, "condition_add", "Bram", HUGE),
        "summary_notes": lambda: m.end_session(sid, "pause", HUGE),
    }


@pytest.mark.parametrize("field", list(calls(None, None)))
async def test_oversized_text_is_refused_by_field_and_changes_nothing(manager, campaign, field):
    s = await manager.start_session(campaign, name="limits", seed=1)
    with pytest.raises(InvalidInputError) as info:
        await calls(manager, s.session_id)[field]()
    message = str(info.value)
    assert field.split(".")[0].replace("_", " ").lower().split()[0] in message.lower() and len(message) < 200
    assert "xxxxxxxxxx" not in message
    state = await manager.get_session_state(s.session_id)
    assert state.session_info.action_count == 0 and state.session_info.status == "active"


@pytest.mark.parametrize(("field", "summary"), [
    ("session.objective", SessionSummary(objective=HUGE)),
    ("session.actions_taken", SessionSummary(actions_taken=["fine", HUGE])),
    ("session.decisions_made", SessionSummary(decisions_made=["d"] * 101)),
    ("session.notes", SessionSummary(notes=HUGE)),
])
async def test_an_oversized_summary_fails_its_part_and_stores_nothing_of_it(manager, campaign, field, summary):
    s = await manager.start_session(campaign, name="limits", seed=1)
    result = await manager.store_session_with_learnings(campaign, summary, ["Crits on a 19 for the finale"])
    assert result.session.status == "failed" and field in result.session.error
    assert "xxxxxxxxxx" not in result.session.error and len(result.session.error) < 200
    # Seed 001: the items are still attempted, and the whole answer says partial.
    assert result.decisions[0].status == "saved" and result.overall == "partial"
    assert (await manager.export_session(s.session_id)).state.host_summary is None


async def test_nul_is_refused(manager, campaign):
    s = await manager.start_session(campaign, name="nul", seed=1)
    with pytest.raises(InvalidInputError, match="NUL"):
        await manager.roll("1d20", s.session_id, "to hit\x00")
    with pytest.raises(InvalidInputError, match="NUL"):
        await manager.player_action(s.session_id, "I look\x00 around")
    assert (await manager.get_session_state(s.session_id)).session_info.action_count == 0


async def test_text_at_the_limit_is_accepted(manager, campaign):
    s = await manager.start_session(campaign, name="edge", seed=1)
    result = await manager.roll("1d20", s.session_id, "p" * 200)
    assert result.turn_number == 1
