"""What a player is told when their action cannot happen in a fight (QA evening 6, lines 47 and 53): the
true reason first, nothing recorded.

SRD 5.2.1, Dropping to 0 Hit Points: "When you drop to 0 Hit Points, you either die outright or fall
unconscious"; the bundled SRD conditions (asserted below): "An unconscious creature is incapacitated, can't
move or speak, and is unaware of its surroundings" and "An incapacitated creature can't take actions or
reactions."
SRD 5.2.1, Short Rest: "A Short Rest is a 1-hour period of downtime".
"""

from __future__ import annotations

import pytest

from engine.content import srd
from engine.errors import CannotActError, OutOfTurnError

pytestmark = pytest.mark.anyio


async def fight(manager, campaign: str) -> tuple[str, str, str]:
    """A session in the caves with a fight on: (session, who is up, someone else in the party)."""
    sid = (await manager.start_session(campaign, name="refusals", seed=11)).session_id
    await manager.apply_change(sid, "move", None, "Wrecker Caves")
    view = (await manager.combat_control(sid, "start", combatants=["Wrecker Thug", "Giant Crab"])).combat
    up = view.current
    other = next(c.name for c in view.order if c.kind == "character" and c.name != up)
    return sid, up, other


async def knock_out(manager, sid: str, name: str) -> None:
    """Damage equal to their HP: 0 HP and dying (more than that could be massive damage, and death)."""
    exported = await manager.export_session(sid)
    pc = next(c for c in exported.state.world.characters if c.name == name)
    await manager.apply_change(sid, "hp", name, -pc.hp.current)


async def recorded(manager, sid: str) -> tuple[dict, int]:
    exported = await manager.export_session(sid)
    return exported.state.model_dump(mode="json"), len(exported.history)


def test_the_bundled_srd_says_an_unconscious_creature_cannot_act() -> None:
    text = {c.name: c.description for c in srd.conditions()}
    assert text["unconscious"].startswith("An unconscious creature is incapacitated")
    assert text["incapacitated"] == "An incapacitated creature can't take actions or reactions."


async def test_a_dying_character_off_turn_is_told_they_are_down_not_whose_turn_it_is(manager, campaign):
    sid, up, other = await fight(manager, campaign)
    await knock_out(manager, sid, other)
    before = await recorded(manager, sid)
    with pytest.raises(CannotActError) as refused:
        await manager.player_action(sid, "cast sleep on the crab", other)
    message = str(refused.value)
    assert f"{other} is unconscious at 0 HP and dying" in message
    assert "death saving throw" in message and "heal" in message and "Medicine" in message
    assert "turn (round" not in message  # not the turn-order refusal
    assert await recorded(manager, sid) == before


async def test_the_dm_override_does_not_let_a_dying_character_act(manager, campaign):
    sid, up, other = await fight(manager, campaign)
    await knock_out(manager, sid, other)
    before = await recorded(manager, sid)
    with pytest.raises(CannotActError):
        await manager.player_action(sid, "I attack the crab", other, out_of_turn=True)
    assert await recorded(manager, sid) == before


async def test_a_conscious_character_off_turn_still_hears_whose_turn_it_is(manager, campaign):
    sid, up, other = await fight(manager, campaign)
    with pytest.raises(OutOfTurnError, match=f"It is {up}'s turn"):
        await manager.player_action(sid, "I attack the crab", other)


@pytest.mark.parametrize("whose", ["up", "other"])
async def test_a_short_rest_in_a_fight_is_refused_as_a_rest(manager, campaign, whose: str):
    sid, up, other = await fight(manager, campaign)
    actor = up if whose == "up" else other
    state, _ = await recorded(manager, sid)
    response = await manager.player_action(sid, "we take a short rest", actor)
    said = " ".join(response.warnings)
    assert "No rest can be taken during a fight" in said and "1 hour of downtime" in said
    assert "turn (round" not in said
    after, _ = await recorded(manager, sid)
    assert after["world"]["game_state"]["minutes"] == state["world"]["game_state"]["minutes"]  # no hour passed
    assert [c["hit_dice"] for c in after["world"]["characters"]] == [c["hit_dice"] for c in state["world"]["characters"]]
    view = await manager.combat_view(sid)
    assert view is not None and view.current == up  # the turn did not move


async def test_a_character_down_on_their_own_turn_is_told_so_and_the_turn_passes(manager, campaign):
    sid, up, other = await fight(manager, campaign)
    await knock_out(manager, sid, up)
    response = await manager.player_action(sid, "I attack the crab", up)
    assert f"{up} is unconscious at 0 HP and dying" in response.narrative
    assert not any(r.roller == up and "attack" in (r.purpose or "") for r in response.dice_rolls)
    view = await manager.combat_view(sid)
    assert view is None or view.current != up
