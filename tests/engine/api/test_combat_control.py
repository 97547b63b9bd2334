"""The DM's fight controls through the API (issue 12): start, initiative, add, remove, delay, next and
end are each one journaled history entry that undo takes back exactly; bad input changes nothing; a
player acting out of turn is refused with whose turn it is and nothing is recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import InvalidInputError, NotFoundError, OutOfTurnError
from engine.models.combat import CombatView

pytestmark = pytest.mark.anyio


async def fresh(manager, campaign: str, place: str = "Wrecker Caves") -> str:
    sid = (await manager.start_session(campaign, name="brawl", seed=11)).session_id
    await manager.apply_change(sid, "move", None, place)
    return sid


async def snapshot(manager, sid: str) -> tuple[dict, int]:
    exported = await manager.export_session(sid)
    return exported.state.model_dump(mode="json"), len(exported.history)


def journal_bytes(data_dir: Path) -> int:
    return sum(p.stat().st_size for p in data_dir.rglob("journal*.jsonl"))


def turns(changes) -> list[tuple[str | None, str]]:
    return [(c.before, c.after) for c in changes if c.kind == "turn"]


async def test_start_rolls_initiative_for_everyone_and_the_top_of_the_order_goes_first(manager, campaign):
    sid = await fresh(manager, campaign)
    result = await manager.combat_control(sid, "start", combatants=["thug", "Wrecker Captain", "Silas Crowe"])
    view = result.combat
    assert view is not None and view.round == 1
    names = [c.name for c in view.order]
    assert {"Bram", "Wren", "Tova", "Idris", "Wrecker Thug", "Wrecker Captain", "Silas Crowe"} == set(names)
    initiative_rolls = [r for r in result.dice_rolls if r.purpose == "initiative"]
    assert {r.roller for r in initiative_rolls} == set(names)  # the party rolls too
    assert [c.initiative for c in view.order] == sorted((c.initiative for c in view.order), reverse=True)
    # The top of the order had the first turn: if a monster, it already acted and a character is up now.
    first = view.order[0]
    assert turns(result.changes)[0] == (None, first.name)
    current = next(c for c in view.order if c.current)
    assert current.kind == "character" and current.name == view.current
    for monster in view.order[:names.index(current.name)]:
        assert monster.kind == "monster"
        assert any(r.roller == monster.name and r.purpose != "initiative" for r in result.dice_rolls)
    silas = next(c for c in view.order if c.name == "Silas Crowe")
    assert silas.kind == "monster" and silas.hp > 0 and silas.ac > 0 and silas.stat_block
    state = await manager.get_session_state(sid, history_limit=1)
    assert state.game_state.combat == view == await manager.combat_view(sid)
    assert state.recent_history[0].kind == "dm_combat" and state.recent_history[0].action.startswith("/fight")


async def test_an_initiative_entered_before_anyone_acts_puts_that_creature_first(manager, campaign):
    sid = await fresh(manager, campaign, "Tarred Gull Inn")  # Wrecker Thug is not here: it joins from its block
    start = await manager.combat_control(sid, "start", combatants=["Wrecker Thug"])
    up = start.combat.current
    others = [c.name for c in start.combat.order if c.kind == "character" and c.name != up]
    result = await manager.combat_control(sid, "initiative", others[-1], 30)
    view = result.combat
    assert view.order[0].name == others[-1] and view.order[0].initiative == 30
    assert view.current == others[-1]


async def test_add_remove_delay_next_and_end(manager, campaign):
    sid = await fresh(manager, campaign)
    await manager.combat_control(sid, "start", combatants=["Wrecker Thug"])
    added = await manager.combat_control(sid, "add", "Giant Crab", 1)  # the DM gives the value: no roll
    crab = next(c for c in added.combat.order if c.name == "Giant Crab")
    assert crab.initiative == 1 and (crab.hp, crab.ac) == (13, 15) and added.dice_rolls == []
    assert added.combat.order[-1].name == "Giant Crab" or added.combat.order[-1].initiative <= 1

    before = added.combat.current
    delayed = await manager.combat_control(sid, "delay")
    order = [c.name for c in delayed.combat.order]
    assert any(c.kind == "initiative" and c.target == before for c in delayed.changes)
    assert delayed.combat.current in order

    removed = await manager.combat_control(sid, "remove", "Giant Crab")
    assert "Giant Crab" not in [c.name for c in removed.combat.order]

    now = removed.combat.current
    nxt = await manager.combat_control(sid, "next")
    assert turns(nxt.changes)[0][0] == now and nxt.combat.current != now or nxt.combat.round > removed.combat.round

    ended = await manager.combat_control(sid, "end")
    assert ended.combat is None and any(c.kind == "combat_end" for c in ended.changes)
    assert await manager.combat_view(sid) is None
    assert (await manager.get_session_state(sid)).game_state.combat is None


@pytest.mark.parametrize("operation, name, value", [
    ("start", None, None), ("initiative", "Bram", 22), ("add", "Giant Crab", None), ("remove", "Wrecker Thug", None),
    ("delay", None, None), ("next", None, None), ("end", None, None),
])
async def test_every_control_is_one_history_entry_that_undo_takes_back_exactly(manager, campaign, operation, name,
                                                                                value):
    sid = await fresh(manager, campaign)
    if operation != "start":
        await manager.combat_control(sid, "start", combatants=["Wrecker Thug", "Wrecker Captain"])
    before, count = await snapshot(manager, sid)
    combatants = ["Wrecker Thug", "Giant Crab"] if operation == "start" else None
    result = await manager.combat_control(sid, operation, name, value, combatants)
    after, grown = await snapshot(manager, sid)
    assert grown == count + 1 and after != before
    undone = await manager.undo_last(sid)
    assert undone.undone_turn == result.turn_number
    assert await snapshot(manager, sid) == (before, count)


@pytest.mark.parametrize("operation, name, value, combatants, error, says", [
    ("punch", None, None, None, InvalidInputError, "Unknown combat operation"),
    ("start", None, None, ["Wreker Thug"], NotFoundError, "Did you mean 'Wrecker Thug'"),
    ("start", None, None, ["Hesper Quill"], InvalidInputError, "not here"),
    ("start", None, None, ["Wrecker Thug"], InvalidInputError, "already running"),
    ("initiative", "Bram", None, None, InvalidInputError, "whole number"),
    ("initiative", "Bram", 999, None, InvalidInputError, "out of range"),
    ("initiative", "Brom", 12, None, NotFoundError, "Did you mean 'Bram'"),
    ("add", "Dragon", None, None, NotFoundError, "No monster stat block"),
    ("remove", "Nobody", None, None, NotFoundError, "In the fight"),
])
async def test_bad_controls_say_what_to_do_and_change_nothing(manager, campaign, data_dir, operation, name, value,
                                                             combatants, error, says):
    sid = await fresh(manager, campaign)
    if operation != "start" or says == "already running":
        await manager.combat_control(sid, "start", combatants=["Wrecker Thug"])
    before, size = await snapshot(manager, sid), journal_bytes(data_dir)
    with pytest.raises(error, match=says):
        await manager.combat_control(sid, operation, name, value, combatants)
    assert await snapshot(manager, sid) == before and journal_bytes(data_dir) == size


async def test_controls_other_than_start_need_a_fight(manager, campaign):
    sid = await fresh(manager, campaign)
    for operation in ("initiative", "add", "remove", "delay", "next", "end"):
        with pytest.raises(InvalidInputError, match="No fight is running"):
            await manager.combat_control(sid, operation, "Bram", 3)


async def test_acting_out_of_turn_is_refused_naming_whose_turn_and_records_nothing(manager, campaign, data_dir):
    sid = await fresh(manager, campaign)
    view = (await manager.combat_control(sid, "start", combatants=["Wrecker Captain"])).combat
    other = next(c.name for c in view.order if c.kind == "character" and c.name != view.current)
    before, size = await snapshot(manager, sid), journal_bytes(data_dir)
    with pytest.raises(OutOfTurnError) as refused:
        await manager.player_action(sid, "I drink a potion of healing", other)
    message = str(refused.value)
    assert f"It is {view.current}'s turn" in message and f"/as {other}" in message and "out_of_turn=True" in message
    assert await snapshot(manager, sid) == before and journal_bytes(data_dir) == size
    # The DM's override lets it through, once: the actor's own slot this round is passed over.
    allowed = await manager.player_action(sid, "I search the cave for a way out", other, out_of_turn=True)
    assert allowed.turn_number == before[1] + 1
    assert (await manager.combat_view(sid)).current == view.current


async def test_a_bonus_action_and_movement_are_recorded_as_used(manager, campaign):
    sid = await fresh(manager, campaign)
    view: CombatView = (await manager.combat_control(sid, "start", combatants=["Wrecker Captain"])).combat
    actor = view.current
    await manager.player_action(sid, "I charge in and attack the captain", actor)
    used = next(c for c in (await manager.combat_view(sid)).order if c.name == actor).used
    assert used == ["action", "movement"]


async def test_the_dm_rolls_a_death_save_for_a_dying_character_outside_a_fight(manager, campaign):
    sid = await fresh(manager, campaign, "Tarred Gull Inn")
    with pytest.raises(InvalidInputError, match="only a dying character"):
        await manager.death_save(sid, "Bram")
    await manager.apply_change(sid, "hp", "Bram", -20)
    result = await manager.death_save(sid, "bram")
    assert "death save" in result.message and any(c.target == "Bram" for c in result.state_changes)
    entry = (await manager.get_session_state(sid, history_limit=1)).recent_history[0]
    assert entry.action == "/deathsave Bram" and entry.dice_rolls[0].dc == 10
    await manager.undo_last(sid)
    bram = next(p for p in (await manager.get_session_state(sid)).party_status if p.name == "Bram")
    assert bram.death_saves == "0S/0F"


async def test_in_a_fight_the_death_save_waits_for_the_characters_turn(manager, campaign):
    sid = await fresh(manager, campaign)
    await manager.combat_control(sid, "start", combatants=["Wrecker Thug"])
    await manager.apply_change(sid, "hp", "Wren", -17)
    with pytest.raises(InvalidInputError, match="own turn"):
        await manager.death_save(sid, "Wren")
