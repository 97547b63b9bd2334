"""A scripted fight played through SessionManager as a table plays it (issue 12): the DM starts it with
chosen foes, whoever is up acts with every kind of action, the monsters act in initiative order, a
paralyzed monster loses its turns, nobody acts twice in a round, and the DM's controls undo exactly."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.anyio

# One of each kind of action a character takes in a fight; each must use the actor's turn.
KINDS = [
    "I take the Dodge action",
    "I make an athletics check to climb onto the rocks",
    "I search the cave for a way out",
    "I ask Aldous Penn what he saw",
    "I check my inventory",
    "I attack the Wrecker Captain",
    "I look around the cave",
    "I shout a warning to the others",
]


async def test_a_scripted_fight(manager, campaign):
    sid = (await manager.start_session(campaign, name="scripted", seed=3)).session_id
    await manager.apply_change(sid, "move", None, "Wrecker Caves")
    start = await manager.combat_control(sid, "start", combatants=["Wrecker Captain", "Giant Crab", "Giant Crab"])
    # The DM holds one crab: paralyzed, it must lose every turn it gets.
    await manager.apply_change(sid, "condition_add", "Giant Crab 2", "paralyzed")
    before_undo = (await manager.export_session(sid)).state.model_dump(mode="json")
    await manager.combat_control(sid, "initiative", "Giant Crab 2", 25)
    await manager.undo_last(sid)
    assert (await manager.export_session(sid)).state.model_dump(mode="json") == before_undo

    monsters_in_order = [c.name for c in start.combat.order if c.kind == "monster"]
    seen: dict[int, list[str]] = {}
    for text in KINDS:
        view = await manager.combat_view(sid)
        if view is None:
            break  # the party won early: what was played still had to hold
        actor = view.current
        assert next(c for c in view.order if c.name == actor).kind == "character"
        response = await manager.player_action(sid, text, actor)
        moves = [(c.before, c.after) for c in response.state_changes if c.kind == "turn"]
        # The actor's turn ended with this action, whatever kind it was.
        assert moves and moves[0][0] == actor, (text, response.warnings)
        acted = [r.roller for r in response.dice_rolls if r.roller in monsters_in_order
                 and "attack" in (r.purpose or "")]
        # Monsters that attacked did so in initiative order; the paralyzed crab never did.
        assert acted == [m for m in monsters_in_order if m in acted]
        assert "Giant Crab 2" not in acted
        if any(after == "Giant Crab 2" for _, after in moves):
            assert "Giant Crab 2 is paralyzed and loses its turn" in response.narrative or \
                   not any(r.roller == "Giant Crab 2" for r in response.dice_rolls)
        round_ = view.round
        for change in response.state_changes:
            if change.kind == "round":
                round_ = change.after
            elif change.kind == "turn":
                seen.setdefault(round_, []).append(change.after)
    for round_, names in seen.items():
        assert len(names) == len(set(names)), f"someone acted twice in round {round_}: {names}"
    assert len(seen) >= 2  # the script ran past the end of a round
    assert any("Giant Crab 2" in names for names in seen.values())  # its turn came, and passed without a blow
