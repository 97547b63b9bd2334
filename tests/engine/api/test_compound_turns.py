"""Compound actions through the API, as a player sees them: each act of "healing word on Wren, then I swing
my warhammer at Crowe" happens in the order said, at its own target, and the narrative and the dice log tell
it in that order; two attacks at two foes are one attack unless the character has Extra Attack (SRD 5.2.1:
"You can attack twice instead of once whenever you take the Attack action on your turn"), and the player is
told the other waits.

The monsters' AC is lowered in the campaign file so the attacks land whatever the dice (a natural 1 aside:
the seeds below roll none)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.anyio

FOES = ["Wrecker Thug", "Giant Crab", "Silas Crowe"]


def edit_campaign(data_dir: Path, **levels: int) -> None:
    """The DM's campaign file: every stat block easy to hit; characters at the levels given."""
    path = data_dir / "campaigns" / "dark-lantern" / "campaign.json"
    data = json.loads(path.read_text())
    for monster in data["monsters"]:
        monster["ac"] = 2
    for pc in data["characters"]:
        pc["level"] = levels.get(pc["name"], pc["level"])
    path.write_text(json.dumps(data))


async def fight(manager, campaign: str, actor: str, seed: int = 11, hurt: dict[str, int] | None = None) -> str:
    """A fight at the Wrecker Caves, run on (as a DM's "next") until it is `actor`'s turn."""
    sid = (await manager.start_session(campaign, name="compound", seed=seed)).session_id
    await manager.apply_change(sid, "move", None, "Wrecker Caves")
    await manager.combat_control(sid, "start", combatants=FOES)
    for name, amount in (hurt or {}).items():
        await manager.apply_change(sid, "hp", name, -amount)
    for _ in range(8):
        if (await manager.get_session_state(sid, include_history=False)).game_state.current_turn == actor:
            return sid
        await manager.combat_control(sid, "next")
    raise AssertionError(f"{actor}'s turn never came")


async def hp(manager, sid: str) -> dict[str, int]:
    state = await manager.get_session_state(sid, include_history=False)
    party = {p.name: p.hp for p in state.party_status}
    return {**party, **{c.name: c.hp for c in (await manager.combat_view(sid)).order if c.kind == "monster"}}


def first(text: str, *needles: str) -> list[int]:
    return [text.find(n) for n in needles]


@pytest.mark.parametrize("action, heal_first", [
    ("healing word on wren, then I swing my warhammer at Crowe", True),
    ("I cast healing word on Wren, then I attack Crowe", True),
    ("I hit crowe then healing word on wren", False),
])
async def test_both_acts_land_on_their_own_targets_told_in_the_order_said(manager, campaign, data_dir, action,
                                                                            heal_first):
    edit_campaign(data_dir)
    sid = await fight(manager, campaign, "Tova", hurt={"Wren": 10})
    before = await hp(manager, sid)
    response = await manager.player_action(sid, action, character_name="Tova")
    after = await hp(manager, sid)
    assert after["Wren"] > before["Wren"], "Healing Word healed Wren, not a foe"
    assert after["Silas Crowe"] < before["Silas Crowe"], "the warhammer hit Crowe, not Wren"
    heal, swing = first("\n".join(response.dice_log), "Healing Word on Wren", "Warhammer attack")
    assert -1 not in (heal, swing) and (heal < swing) == heal_first, response.dice_log
    # The heal's sentence names Wren, the blow's names Crowe: they come in the order said.
    told_heal, told_swing = first(response.narrative, "Wren", "Silas Crowe")
    assert -1 not in (told_heal, told_swing) and (told_heal < told_swing) == heal_first, response.narrative
    assert not response.warnings
    state = await manager.get_session_state(sid, include_history=False)
    assert state.game_state.current_turn != "Tova"  # Bonus Action and Action both spent


async def test_a_refused_act_is_told_in_its_place_and_the_next_still_happens(manager, campaign, data_dir):
    """Before, the refusal came last, after the attack it preceded."""
    edit_campaign(data_dir)
    sid = await fight(manager, campaign, "Tova", hurt={"Wren": 40})  # past her maximum: Wren is dead
    before = await hp(manager, sid)
    response = await manager.player_action(sid, "healing word on wren, then I swing my warhammer at Crowe",
                                           character_name="Tova")
    assert any("Healing Word cannot help" in w for w in response.warnings), response.warnings
    assert (await hp(manager, sid))["Silas Crowe"] < before["Silas Crowe"]
    refused, swing = first(response.narrative, "cannot cast Healing Word", "Silas Crowe")
    assert -1 not in (refused, swing) and refused < swing, response.narrative


@pytest.mark.parametrize("action, potion_first", [
    ("I drink a potion of healing, then I attack the thug", True),
    ("I attack the thug, then I drink my potion", False),
])
async def test_acts_of_two_kinds_are_told_and_logged_in_the_order_said(manager, campaign, data_dir, action,
                                                                      potion_first):
    """The potion is the rules agent's, the attack the combat agent's: they run side by side, and the turn is
    still told (and logged) as the player said it."""
    edit_campaign(data_dir)
    sid = await fight(manager, campaign, "Bram", hurt={"Bram": 12})
    before = await hp(manager, sid)
    response = await manager.player_action(sid, action, character_name="Bram")
    after = await hp(manager, sid)
    assert after["Wrecker Thug"] < before["Wrecker Thug"]
    potion, attack = first("\n".join(response.dice_log), "Potion of healing (Bram)", "Longsword attack (Bram)")
    assert -1 not in (potion, attack) and (potion < attack) == potion_first, response.dice_log
    told_potion, told_attack = first(response.narrative.lower(), "potion", "wrecker thug")
    assert -1 not in (told_potion, told_attack) and (told_potion < told_attack) == potion_first, response.narrative


async def test_two_foes_named_get_one_attack_without_extra_attack_and_the_other_waits(manager, campaign, data_dir):
    edit_campaign(data_dir)
    sid = await fight(manager, campaign, "Wren")
    before = await hp(manager, sid)
    response = await manager.player_action(sid, "I shoot the thug and then the crab", character_name="Wren")
    after = await hp(manager, sid)
    assert [r.purpose for r in response.dice_rolls if r.roller == "Wren" and "attack" in (r.purpose or "")] == \
        ["Shortbow attack"]  # the bow, as said, once
    assert after["Wrecker Thug"] < before["Wrecker Thug"] and after["Giant Crab"] == before["Giant Crab"]
    waits = [w for w in response.warnings if "Giant Crab" in w]
    assert waits and "one attack" in waits[0] and "no Extra Attack" in waits[0] and "next turn" in waits[0], \
        response.warnings
    assert "attack on Giant Crab waits" in response.narrative
    state = await manager.get_session_state(sid, include_history=False)
    assert state.game_state.current_turn != "Wren"


async def test_extra_attack_makes_both_attacks_with_one_action(manager, campaign, data_dir):
    edit_campaign(data_dir, Bram=5)  # a level 5 fighter: Extra Attack
    sid = await fight(manager, campaign, "Bram")
    before = await hp(manager, sid)
    response = await manager.player_action(sid, "I attack the thug and then the crab", character_name="Bram")
    after = await hp(manager, sid)
    attacks = [r for r in response.dice_rolls if r.roller == "Bram" and r.purpose == "Longsword attack"]
    assert len(attacks) == 2 and not response.warnings, response.warnings
    assert after["Wrecker Thug"] < before["Wrecker Thug"] and after["Giant Crab"] < before["Giant Crab"]
    thug, crab = first(response.narrative, "Wrecker Thug", "Giant Crab")
    assert -1 not in (thug, crab) and thug < crab, response.narrative
    state = await manager.get_session_state(sid, include_history=False)
    assert state.game_state.current_turn != "Bram"  # both attacks are one Attack action


async def test_an_attack_told_in_two_clauses_is_one_attack(manager, campaign, data_dir):
    edit_campaign(data_dir)
    sid = await fight(manager, campaign, "Bram")
    response = await manager.player_action(sid, "I charge the crab and hit it with my longsword", character_name="Bram")
    attacks = [r for r in response.dice_rolls if r.roller == "Bram" and r.purpose == "Longsword attack"]
    assert len(attacks) == 1 and not any("not made" in w for w in response.warnings), response.warnings


async def test_hitting_the_same_foe_again_needs_extra_attack(manager, campaign, data_dir):
    edit_campaign(data_dir)
    sid = await fight(manager, campaign, "Bram")
    response = await manager.player_action(sid, "I hit crowe and then hit him again", character_name="Bram")
    attacks = [r for r in response.dice_rolls if r.roller == "Bram" and r.purpose == "Longsword attack"]
    assert len(attacks) == 1
    assert any("attack on Silas Crowe was not made" in w for w in response.warnings), response.warnings


@pytest.mark.parametrize("actor, action", [
    ("Idris", "magic missile, all three darts into the thug"),
    ("Idris", "cast sleep on the crab and the thug"),
    ("Wren", "I shoot the crab, sneak attack if Bram's next to it"),
])
async def test_one_act_told_in_several_clauses_draws_no_warning_of_a_waiting_attack(manager, campaign, data_dir,
                                                                                     actor, action):
    """Before, a spell whose words ran over two clauses warned that "the attack in the same message" waited."""
    edit_campaign(data_dir)
    sid = await fight(manager, campaign, actor)
    response = await manager.player_action(sid, action, character_name=actor)
    assert response.dice_rolls and not any("not made" in w for w in response.warnings), response.warnings
