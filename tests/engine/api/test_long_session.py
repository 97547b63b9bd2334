"""A 200-turn session played only through player_action: fight, negotiate, explore, then pause and load."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.anyio

# A DM's evening on the sample campaign, phrased as players speak. Cycled until 200 turns.
SCRIPT = [
    ("Wren", "I search the taproom for anything salvaged from the wreck"),
    ("Tova", "I ask Hesper Quill what she saw the night the light went out"),
    ("Idris", "I try to persuade Hesper Quill to tell us what she is hiding"),
    ("Bram", "I attack the Wrecker Thug with my longsword"),
    ("Wren", "I stab the Wrecker Thug with my shortsword"),
    ("Bram", "I attack the Wrecker Thug again"),
    ("Tova", "I look around for hidden doors"),
    ("Idris", "We head to Kettlecove Docks"),
    ("Wren", "I investigate the crates on the pier"),
    ("Bram", "I talk to the dockhands about the wreck"),
    ("Tova", "I try to climb the harbour wall"),
    ("Idris", "Let's take a short rest"),
    ("Wren", "We go back to the Tarred Gull Inn"),
    ("Bram", "We take a long rest"),
]


def consistent(state) -> None:
    for p in state.party_status:
        assert 0 <= p.hp <= p.hp_max, p
        assert p.temp_hp >= 0
        if p.dead:
            assert p.hp == 0


def place_encounter(data_dir, location: str, monsters: list[str]) -> None:
    """The DM puts monsters somewhere in the campaign file: a player's words never summon one."""
    path = data_dir / "campaigns" / "dark-lantern" / "campaign.json"
    data = json.loads(path.read_text())
    next(loc for loc in data["locations"] if loc["name"] == location)["encounter"] = monsters
    path.write_text(json.dumps(data))


@pytest.mark.slow
async def test_two_hundred_turns_survive_pause_and_load(manager, campaign, data_dir):
    place_encounter(data_dir, "Tarred Gull Inn", ["Wrecker Thug"])  # the thug the script fights in the taproom
    s = await manager.start_session(campaign, name="marathon", seed=2026)
    kinds: set[str] = set()
    npc_replies = 0
    for turn in range(200):
        actor, action = SCRIPT[turn % len(SCRIPT)]
        # Issue 12: in a fight only the character whose turn it is acts, so the line goes to them.
        game = (await manager.get_session_state(s.session_id, include_history=False)).game_state
        if game.in_combat and game.current_turn is not None:
            actor = game.current_turn
        response = await manager.player_action(s.session_id, action, character_name=actor)
        assert response.turn_number == turn + 1
        assert response.narrative.strip(), f"turn {turn + 1} has no narrative"
        kinds |= {c.kind for c in response.state_changes}
        npc_replies += len(response.npc_responses)
        if turn % 50 == 0:
            consistent(await manager.get_session_state(s.session_id))

    # The evening really happened: a fight, a conversation, travel, discoveries.
    assert "combat_start" in kinds and "hp" in kinds
    assert "location" in kinds
    assert npc_replies > 0
    live = await manager.export_session(s.session_id)
    assert len(live.history) == 200
    assert live.facts, "exploration and combat should have established facts"
    before = await manager.get_session_state(s.session_id, "full", history_limit=1000)
    consistent(before)
    facts_before = (await manager.query_facts(s.session_id, limit=200)).total_matches

    await manager.end_session(s.session_id, "pause")
    loaded = await manager.load_session("marathon")
    assert loaded.action_count == 200 and loaded.recovered_from_journal == 0

    after = await manager.get_session_state(s.session_id, "full", history_limit=1000)
    assert after.full_state == before.full_state
    assert after.party_status == before.party_status
    assert after.recent_history == before.recent_history
    assert (await manager.query_facts(s.session_id, limit=200)).total_matches == facts_before
    # Every fact a turn recorded is in the tracker, stamped with that turn.
    reloaded = await manager.export_session(s.session_id)
    by_id = {f.id: f for f in reloaded.facts}
    for entry in reloaded.history:
        for fact in entry.facts_added:
            assert fact.id in by_id and fact.turn == entry.turn
    # Play goes on after the load.
    more = await manager.player_action(s.session_id, "I look around the room", character_name="Wren")
    assert more.turn_number == 201
