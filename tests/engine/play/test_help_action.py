"""The Help action in a fight (SRD 5.2.1 Rules Glossary, "Help [Action]"): "You momentarily distract an enemy
within 5 feet of you, giving Advantage to the next attack roll by one of your allies against that enemy. This
benefit expires at the start of your next turn." """

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from engine.play.intent import parse
from engine.play.orchestrator import ActionInput, Orchestrator
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio

CAVES = {"location": "Wrecker Caves", "in_combat": True, "enemies": ["Silas Crowe", "Wrecker Thug", "Giant Crab"]}
CRAB_ONLY = {"location": "Wrecker Caves", "in_combat": True, "enemies": ["Giant Crab"]}


async def _act(world, text: str, actor: str, faces: list[int]):
    return await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, roller=ScriptedRoller(faces),
                                                    turn=1, out_of_turn=True))


def _attack_rolls(res, who: str):
    return [r for r in res.dice_rolls if r.roller == who and "attack" in (r.purpose or "")]


@pytest.mark.parametrize("text", ["I help Bram by waving my cloak in the crab's eyes so he gets advantage",
                                  "i take the help action so tova gets advantage on the crab",
                                  "help bram out, distract the crab"])
def test_helping_a_companion_in_a_fight_is_a_fight_manoeuvre(text: str) -> None:
    intent = parse(text, case_world(CAVES), "Wren")
    assert intent.kind == IntentKind.COMBAT


def test_help_out_of_a_fight_is_not_a_fight() -> None:
    intent = parse("I help Bram climb the cliff", case_world({"location": "Gannet Point"}), "Wren")
    assert intent.kind != IntentKind.COMBAT


async def test_the_helped_ally_attacks_the_foe_with_advantage_once() -> None:
    res = await _act(case_world(CAVES), "I help Bram by waving my cloak in the crab's eyes", "Wren", [10])
    assert not _attack_rolls(res, "Wren"), "helping is not an attack"
    assert "Help action" in res.narrative and "Giant Crab" in res.narrative
    res = await _act(res.world, "I swing my warhammer at the crab", "Bram", [10, 3, 10, 3])
    assert _attack_rolls(res, "Bram")[0].advantage == "advantage"
    res = await _act(res.world, "I swing my warhammer at the crab", "Bram", [10, 3, 10, 3])
    assert _attack_rolls(res, "Bram")[0].advantage is None, "the help is spent by the first attack roll"


async def test_the_help_is_for_the_ally_named_not_someone_else() -> None:
    res = await _act(case_world(CAVES), "I help Bram by distracting the crab", "Wren", [10])
    res = await _act(res.world, "fire bolt at the crab", "Idris", [10, 3, 10, 3])
    assert _attack_rolls(res, "Idris")[0].advantage is None


async def test_with_one_foe_the_help_needs_no_foe_named() -> None:
    res = await _act(case_world(CRAB_ONLY), "i take the help action", "Wren", [10])
    res = await _act(res.world, "fire bolt at it", "Idris", [10, 3, 10, 3])
    assert _attack_rolls(res, "Idris")[0].advantage == "advantage"


async def test_with_several_foes_and_none_named_the_player_is_asked() -> None:
    res = await _act(case_world(CAVES), "i take the help action", "Wren", [10])
    assert any("Which foe" in w for w in res.warnings)
    assert all(c.distracted_by is None for c in res.world.game_state.combat.order)
