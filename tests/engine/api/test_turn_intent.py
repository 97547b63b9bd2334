"""The answer to a player's line carries how the engine read it (ActionResponse.intent); the reading is
derived, not truth: no session file holds it, and replay, undo and a reloaded session do without it."""

from __future__ import annotations

import pytest

from engine.models.actions import ActionResponse

pytestmark = pytest.mark.anyio

SEED_002_FIELDS = ["narrative", "action_type", "state_changes", "dice_rolls", "npc_responses", "follow_up_options",
                   "warnings"]


async def _files(manager, name: str) -> dict[str, bytes]:
    s = manager._active(name)
    folder = manager.layout.session_dir(s.slug, s.session_id)
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_the_seed_fields_come_first_and_the_intent_is_optional():
    fields = list(ActionResponse.model_fields)
    assert fields[:len(SEED_002_FIELDS)] == SEED_002_FIELDS
    assert not ActionResponse.model_fields["intent"].is_required()
    bare = ActionResponse(narrative="The DM says so.", action_type="exploration", turn_number=1)
    assert bare.intent is None


async def test_each_answer_carries_its_reading(manager, campaign):
    await manager.start_session(campaign, name="read", seed=5)
    both = await manager.player_action("read", "I search the bar and then ask Hesper about the lighthouse", "Bram")
    assert both.intent is not None and both.intent.kind == "mixed" and both.intent.actor == "Bram"
    assert [(p.kind, p.target) for p in both.intent.parts] == [("exploration", None), ("roleplay", "Hesper Quill")]

    unclear = await manager.player_action("read", "hmm, the thing")
    assert unclear.intent is not None and unclear.intent.clarify == unclear.narrative
    assert unclear.intent.read_as.startswith("asked: ") and not unclear.dice_rolls

    peace = await manager.player_action("read", "we don't fight them, we come in peace")
    assert peace.intent is not None and peace.intent.negated
    assert peace.intent.read_as.endswith("· negation noted")

    moved = await manager.player_action("read", "Go to Kettlecove Docks")
    assert moved.intent is not None and moved.intent.destination == "Kettlecove Docks"
    assert moved.intent.read_as == "move → Kettlecove Docks"


async def test_no_file_holds_the_reading_and_replay_undo_and_reload_do_without_it(manager, campaign, data_dir):
    from engine.api.manager import SessionManager

    started = await manager.start_session(campaign, name="derived", seed=5)
    await manager.player_action("derived", "I search the bar and then ask Hesper about the lighthouse", "Bram")
    before_move = await manager.get_session_state("derived", "full", history_limit=100)
    moved = await manager.player_action("derived", "Go to Kettlecove Docks")
    assert moved.intent is not None
    for name, data in (await _files(manager, "derived")).items():
        assert b'"read_as"' not in data and b'"intent"' not in data, name

    # Another process replaying the journal (as after a crash) reaches the same state and history.
    live = await manager.get_session_state("derived", "full", history_limit=100)
    replayed = await SessionManager(data_dir).get_session_state("derived", "full", history_limit=100)
    assert replayed.full_state == live.full_state and replayed.recent_history == live.recent_history

    # Undo is exact: the move's reading leaves nothing behind.
    await manager.undo_last("derived")
    assert (await manager.get_session_state("derived", "full", history_limit=100)).full_state == \
        before_move.full_state

    # Paused and loaded, the session plays on; the next answer is read afresh.
    await manager.end_session("derived", "pause")
    await manager.load_session(started.session_id)
    again = await manager.player_action("derived", "Go to Kettlecove Docks")
    assert again.intent is not None and again.intent.read_as == "move → Kettlecove Docks"
    assert again.state_changes and again.state_changes[0].after == "Kettlecove Docks"
