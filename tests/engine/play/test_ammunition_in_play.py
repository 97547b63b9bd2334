"""Arrows are counted (QA evening 6, line 40: "how many arrows do i have" said 20 after Wren had shot one).

SRD 5.2.1, Ammunition property: "You can use a weapon that has the Ammunition property to make a ranged
attack only if you have ammunition to fire from the weapon. ... Each attack expends one piece of ammunition.
... After a fight, you can spend 1 minute to recover half the ammunition (round down) you used in the fight;
the rest is lost." The bundled SRD data names the ammunition with the range: the Shortbow is
"Ammunition (Range 80/320; Arrow)" (asserted below).
"""

from __future__ import annotations

import pytest

from engine import rules
from engine.content import srd
from engine.content.ammunition import ammunition_for
from engine.play.orchestrator import ActionInput, Orchestrator, Resolution
from engine.rules import ammunition
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio

CAVES = {"location": "Wrecker Caves", "in_combat": True, "enemies": ["Silas Crowe", "Wrecker Thug", "Giant Crab"],
         "actor": "Wren"}


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def act(world, text: str, actor: str = "Wren") -> Resolution:
    return await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, roller=ScriptedRoller(),
                                                    turn=1, out_of_turn=actor != world.game_state.combat.current.name
                                                    if world.game_state.combat else False))


def arrows(world) -> int:
    return next(i.quantity for i in world.character("Wren").inventory if i.name == "Arrows")


def test_the_srd_data_says_what_each_weapon_fires() -> None:
    shortbow = next(w for w in srd.gear("weapons") if w.name == "Shortbow")
    assert "Ammunition (Range 80/320; Arrow)" in shortbow.properties
    assert (ammunition_for("Shortbow"), ammunition_for("Light Crossbow"), ammunition_for("Sling")) == \
        ("Arrow", "Bolt", "Bullet")
    assert ammunition_for("Shortsword") is None and ammunition_for("Fire Bolt") is None


async def test_a_shot_spends_one_arrow_and_the_count_says_so() -> None:
    world = case_world(CAVES)
    assert arrows(world) == 20
    res = await act(world, "shoot the thug")
    assert any(r.roller == "Wren" and r.purpose == "Shortbow attack" for r in res.dice_rolls)
    assert arrows(res.world) == 19
    assert any(c.kind == "ammunition" and (c.before, c.after) == (20, 19) for c in res.state_changes)
    answer = await act(res.world, "how many arrows do i have")
    assert "Arrows x19" in answer.narrative


async def test_a_blade_spends_no_arrows() -> None:
    res = await act(case_world(CAVES), "stab the thug with my shortsword")
    assert any(r.purpose == "Shortsword attack" for r in res.dice_rolls)
    assert arrows(res.world) == 20


@pytest.mark.parametrize("empty, said", [(True, "Wren is out of arrows"), (False, "Wren has no arrows")])
async def test_no_arrow_left_refuses_the_shot_rolls_nothing_and_keeps_the_turn(empty: bool, said: str) -> None:
    world = case_world(CAVES)
    pack = world.character("Wren").inventory
    if empty:
        next(i for i in pack if i.name == "Arrows").quantity = 0
    else:
        pack[:] = [i for i in pack if i.name != "Arrows"]
    res = await act(world, "shoot the thug")
    assert any(said in w for w in res.warnings), res.warnings
    assert not any(r.roller == "Wren" for r in res.dice_rolls)
    assert not any(c.kind in ("damage", "turn") for c in res.state_changes)
    assert res.world.game_state.combat.current.name == "Wren"


def test_after_the_fight_half_the_arrows_used_come_back_rounded_down() -> None:
    world = case_world(CAVES)
    wren = world.character("Wren")
    shooter = world.game_state.combat.combatant("Wren")
    for _ in range(5):
        ammunition.spend(wren, shooter, "Arrow", "Shortbow")
    assert arrows(world) == 15
    minutes = world.game_state.minutes
    changes = rules.end_combat(world)
    assert arrows(world) == 17  # 5 used: 2 recovered, 3 lost
    said = " ".join(c.description for c in changes)
    assert "gathers 2 of the 5 Arrows" in said and "rest are lost" in said
    assert world.game_state.minutes == minutes + 1  # the minute spent searching


def test_one_arrow_used_is_simply_lost() -> None:
    world = case_world(CAVES)
    ammunition.spend(world.character("Wren"), world.game_state.combat.combatant("Wren"), "Arrow", "Shortbow")
    minutes = world.game_state.minutes
    changes = rules.end_combat(world)
    assert arrows(world) == 19 and world.game_state.minutes == minutes
    assert any("it is lost" in c.description for c in changes)
