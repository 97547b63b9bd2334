"""A player turn prepared for review: nothing recorded until committed; committed exactly as player_action;
the DM's narration in its place; discarded without a trace; refused when the table moved on meanwhile."""

from __future__ import annotations

import pytest

from engine.errors import InvalidInputError, NotFoundError, StaleTurnError

pytestmark = pytest.mark.anyio

ACTION = "I search the altar for hidden compartments"


async def _files(manager, name: str) -> dict[str, bytes]:
    s = manager._active(name)
    folder = manager.layout.session_dir(s.slug, s.session_id)
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


async def test_prepare_records_nothing_and_commit_equals_player_action(manager, campaign):
    await manager.start_session(campaign, name="reviewed", seed=5)
    before = await manager.get_session_state("reviewed", "full")
    files = await _files(manager, "reviewed")
    prepared = await manager.prepare_player_action("reviewed", ACTION, "Wren")
    assert prepared.preview.turn_number == 1 and prepared.preview.narrative
    assert await manager.get_session_state("reviewed", "full") == before
    assert await _files(manager, "reviewed") == files, "a prepared turn touched the files"
    committed = await manager.commit_prepared(prepared.ticket)
    assert committed == prepared.preview

    # The same seed, played straight through, gives the same turn: review changes nothing but timing.
    await manager.end_session("reviewed", "pause")
    await manager.start_session(campaign, name="straight", seed=5)
    straight = await manager.player_action("straight", ACTION, "Wren")
    assert straight == committed


async def test_amended_narration_is_what_history_keeps(manager, campaign):
    await manager.start_session(campaign, name="amend", seed=3)
    prepared = await manager.prepare_player_action("amend", ACTION, "Wren")
    response = await manager.commit_prepared(prepared.ticket, "  The altar is bare stone; Wren finds nothing.  ")
    assert response.narrative == "The altar is bare stone; Wren finds nothing."
    state = await manager.get_session_state("amend", "standard")
    assert state.recent_history[0].narrative == response.narrative
    undone = await manager.undo_last("amend")
    assert undone.undone_turn == 1


async def test_discard_leaves_no_trace_and_the_dice_unspent(manager, campaign):
    await manager.start_session(campaign, name="discard", seed=9)
    before = await manager.get_session_state("discard", "full")
    first = await manager.prepare_player_action("discard", ACTION, "Wren")
    manager.discard_prepared(first.ticket)
    assert await manager.get_session_state("discard", "full") == before
    again = await manager.prepare_player_action("discard", ACTION, "Wren")
    assert again.preview == first.preview, "the discarded turn spent dice"
    with pytest.raises(NotFoundError, match="committed or discarded"):
        await manager.commit_prepared(first.ticket)


async def test_a_change_recorded_meanwhile_makes_the_prepared_turn_stale(manager, campaign):
    await manager.start_session(campaign, name="stale", seed=4)
    prepared = await manager.prepare_player_action("stale", ACTION, "Wren")
    await manager.apply_change("stale", "hp", "Bram", -3)
    before = await manager.get_session_state("stale", "full")
    with pytest.raises(StaleTurnError, match="resolve the action again"):
        await manager.commit_prepared(prepared.ticket)
    assert await manager.get_session_state("stale", "full") == before


async def test_empty_amendment_is_refused_and_the_ticket_kept(manager, campaign):
    await manager.start_session(campaign, name="empty", seed=4)
    prepared = await manager.prepare_player_action("empty", ACTION, "Wren")
    with pytest.raises(InvalidInputError, match="empty"):
        await manager.commit_prepared(prepared.ticket, "   ")
    assert (await manager.commit_prepared(prepared.ticket)).turn_number == 1
