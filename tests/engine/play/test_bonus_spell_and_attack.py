"""A Bonus Action spell and an attack typed as one message (QA evening 6, line 38): both happen on the
caster's turn, in the order said, and then the turn is over.

SRD 5.2.1, Bonus Actions: "You choose when to take a Bonus Action during your turn". Healing Word's casting
time in the bundled SRD data is "Bonus Action" (asserted below), so the Action is still there for the
warhammer.
"""

from __future__ import annotations

import pytest

from engine.content.catalogue import find_spell
from engine.play.orchestrator import ActionInput, Orchestrator, Resolution
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio

CAVES = {"location": "Wrecker Caves", "in_combat": True, "enemies": ["Silas Crowe", "Wrecker Thug", "Giant Crab"],
         "actor": "Tova"}


@pytest.fixture
def anyio_backend():
    return "asyncio"


def hurt_world():
    world = case_world(CAVES)
    world.character("Wren").hp.current = 5
    return world


async def act(world, text: str, naturals: list[int] | None = None) -> Resolution:
    return await Orchestrator().resolve(ActionInput(action=text, actor="Tova", world=world,
                                                    roller=ScriptedRoller(naturals), turn=1))


def tova_rolls(res: Resolution) -> list[str]:
    return [r.purpose or "" for r in res.dice_rolls if r.roller == "Tova"]


def slots_used(world) -> int:
    return sum(s.used for s in world.character("Tova").spell_slots.values())


def test_healing_word_is_a_bonus_action_in_the_srd_data() -> None:
    assert find_spell("Healing Word").casting_time.lower().startswith("bonus action")


@pytest.mark.parametrize("text, first", [
    ("healing word on wren, then I swing my warhammer at Crowe", "Healing Word"),
    ("I hit crowe then healing word on wren", "Warhammer attack"),
])
async def test_both_parts_happen_in_the_order_said_and_the_turn_ends(text: str, first: str) -> None:
    world = hurt_world()
    crowe_before = next(c for c in world.game_state.combat.order if c.name == "Silas Crowe").hp.current
    res = await act(world, text, naturals=[18])  # the warhammer hits
    after = res.world
    rolls = tova_rolls(res)
    heal = next(i for i, p in enumerate(rolls) if p.startswith("Healing Word"))
    swing = next(i for i, p in enumerate(rolls) if p == "Warhammer attack")
    assert rolls[min(heal, swing)].startswith(first), rolls
    assert after.character("Wren").hp.current > 5, "Healing Word healed Wren"
    assert slots_used(after) == 1
    crowe = next(c for c in after.game_state.combat.order if c.name == "Silas Crowe")
    assert crowe.hp.current < crowe_before, "the warhammer hit Crowe"
    # Bonus Action and Action are both spent: Tova's turn is over, nobody says she still has an action.
    assert after.game_state.combat.current.name != "Tova"
    assert not any("still has an action" in b for b in res.narrative.split(". "))
    assert any(c.kind == "turn" and c.before == "Tova" for c in res.state_changes)


async def test_a_bonus_action_spell_alone_leaves_the_action_for_later() -> None:
    res = await act(hurt_world(), "healing word on wren")
    assert "Warhammer attack" not in tova_rolls(res)
    assert res.world.game_state.combat.current.name == "Tova"
    assert "still has an action" in res.narrative


async def test_no_slot_left_refuses_the_spell_and_the_attack_still_happens() -> None:
    world = hurt_world()
    for slots in world.character("Tova").spell_slots.values():
        slots.used = slots.max
    res = await act(world, "healing word on wren, then I swing my warhammer at Crowe")
    assert res.world.character("Wren").hp.current == 5
    assert any("Healing Word" in w for w in res.warnings), res.warnings
    assert "Warhammer attack" in tova_rolls(res)


async def test_healing_two_people_is_not_read_as_an_attack() -> None:
    res = await act(hurt_world(), "healing word on bram and wren")
    assert "Warhammer attack" not in tova_rolls(res)


async def test_a_spell_that_takes_the_action_leaves_the_attack_out_and_says_so() -> None:
    """SRD 5.2.1: "On your turn, you can move a distance up to your Speed and take one action." Cure Wounds
    is cast with an Action, so the warhammer waits, and the player is told why."""
    assert find_spell("Cure Wounds").casting_time.lower() == "action"
    res = await act(hurt_world(), "cure wounds on wren, then I swing my warhammer at Crowe")
    assert res.world.character("Wren").hp.current > 5
    assert "Warhammer attack" not in tova_rolls(res)
    assert any("Cure Wounds takes Tova's action" in w and "next turn" in w for w in res.warnings), res.warnings


async def test_a_spell_alone_gets_no_such_warning() -> None:
    res = await act(hurt_world(), "cure wounds on wren")
    assert not any("takes Tova's action" in w for w in res.warnings)
