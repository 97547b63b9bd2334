"""Grappling, shoving and breaking free in a fight, as a player types them: the SRD Unarmed Strike options
reach play (a save, not an attack roll), their conditions change later rolls, and a prone monster gets up."""

from __future__ import annotations

import pytest

from engine.models.world import ActiveCondition, Condition
from tests.engine.play.intent_cases import ScriptedRoller
from tests.engine.play.test_turn_order import act, fight_world

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def conditions(world, name: str) -> list[Condition]:
    return [c.name for c in world.game_state.combat.combatant(name).conditions]


@pytest.mark.parametrize(("text", "landed"), [
    ("I grab the first ogre by the arm", Condition.GRAPPLED),
    ("Ari tackles ogre 1", Condition.GRAPPLED),
    ("I try to knock the ogre off its feet", Condition.PRONE),
    ("shove ogre 1 to the ground", Condition.PRONE),
    ("trip the ogre", Condition.PRONE),
])
async def test_a_grapple_or_shove_is_a_save_not_an_attack_roll(text: str, landed: Condition) -> None:
    # The ogre's save comes up 2: it fails against Ari's DC (8 + STR +3 + proficiency +2 = 13).
    res = await act(fight_world(), text, "Ari", ScriptedRoller([2]))
    ari = [r for r in res.dice_rolls if r.roller != "Ogre 1" or "saving throw" in (r.purpose or "")]
    assert (ari[0].purpose or "").endswith(("saving throw against grapple", "saving throw against shove"))
    assert ari[0].dc == 13 and res.narrative.startswith("Ari ")  # told as Ari's hands-on act
    assert not any(r.roller == "Ari" and "attack" in (r.purpose or "") for r in res.dice_rolls), text
    if landed == Condition.GRAPPLED:
        assert landed in conditions(res.world, "Ogre 1"), text
    else:  # knocked down, then up again at the start of the ogre's own turn
        assert any(c.kind == "condition_add" and c.after == "prone" for c in res.state_changes), text
    assert res.world.game_state.combat.current.name == "Bryn"  # the grapple or shove used Ari's turn


async def test_pushing_away_moves_without_a_condition() -> None:
    res = await act(fight_world(), "I shove the ogre back into the fireplace", "Ari", ScriptedRoller([2]))
    assert "saving throw" in (res.dice_rolls[0].purpose or "")
    assert Condition.PRONE not in conditions(res.world, "Ogre 1")


async def test_a_knocked_down_ogre_is_hit_with_advantage_and_gets_up_on_its_own_turn() -> None:
    world = fight_world()
    # Ari shoves (ogre save 2: fails); on Ogre 1's turn it stands up before it attacks.
    res = await act(world, "knock ogre 1 prone", "Ari", ScriptedRoller([2, 10]))
    ups = [c for c in res.state_changes if c.kind == "condition_remove" and c.target == "Ogre 1"]
    assert ups and "gets back up" in ups[0].description
    assert Condition.PRONE not in conditions(res.world, "Ogre 1")
    # Knocked down again, it is still prone on Bryn's turn: a melee attack has advantage (SRD Prone).
    world = res.world
    world.game_state.combat.combatant("Ogre 1").conditions.append(ActiveCondition(name=Condition.PRONE))
    res = await act(world, "I hit ogre 1 with my mace", "Bryn", ScriptedRoller([10, 10]))
    swing = next(r for r in res.dice_rolls if r.roller == "Bryn" and "attack" in (r.purpose or ""))
    assert swing.advantage == "advantage"


@pytest.mark.parametrize("seed", range(1, 7))
async def test_the_grappled_ogre_attacks_anyone_but_its_grappler_at_disadvantage(seed: int) -> None:
    # Grappled: "Disadvantage on attack rolls against any target other than the grappler". The ogre picks
    # its target at random; its attack roll's DC is the target's AC (Ari 16, Bryn 14).
    res = await act(fight_world(), "grab ogre 1", "Ari", ScriptedRoller([2], seed=seed))
    assert Condition.GRAPPLED in conditions(res.world, "Ogre 1")
    swings = [r for r in res.dice_rolls if r.roller == "Ogre 1" and "attack" in (r.purpose or "")]
    assert swings, "the ogre takes its turn after Ari"
    for swing in swings:
        assert swing.advantage == (None if swing.dc == 16 else "disadvantage"), swing


async def test_a_grappled_character_breaks_free_with_an_athletics_check() -> None:
    world = fight_world()
    ari = world.character("Ari")
    ari.conditions.append(ActiveCondition(name=Condition.GRAPPLED, source="Ogre 1", escape_dc=12))
    res = await act(world, "I try to break free", "Ari", ScriptedRoller([15]))
    check = res.dice_rolls[0]
    assert check.purpose == "Athletics check to escape the grapple" and check.dc == 12
    assert not res.world.character("Ari").conditions


async def test_a_huge_creature_cannot_be_grappled_and_nothing_is_rolled() -> None:
    world = fight_world()
    world.monster("Ogre").size = "Huge"
    res = await act(world, "grapple ogre 1", "Ari", ScriptedRoller([2]))
    assert any("more than one size larger" in w for w in res.warnings)
    assert res.dice_rolls == [] and conditions(res.world, "Ogre 1") == []
    assert res.world.game_state.combat.current.name == "Ari"  # refused: the turn is not spent


@pytest.mark.parametrize("text", ["I grab the poker from the hearth and hit ogre 1", "I push past ogre 1 toward the door"])
async def test_grabbing_a_thing_or_pushing_past_is_no_grapple_or_shove(text: str) -> None:
    res = await act(fight_world(), text, "Ari", ScriptedRoller([15]))
    assert not any((r.purpose or "").endswith(("against grapple", "against shove")) for r in res.dice_rolls), text
    assert conditions(res.world, "Ogre 1") == []
