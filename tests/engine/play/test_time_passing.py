"""Concentration ends when time outlasts the spell's SRD duration ("Concentration, up to 1 minute"):
half an hour's travel ends Bless (and its dice), a short step in the same place does not; a long rest
through the DM's /rest ends any concentration (sleep is the Unconscious condition)."""

from __future__ import annotations

import pytest

from engine.models.world import Boon
from engine.play.orchestrator import ActionInput, Orchestrator
from engine.play.time_passing import duration_minutes
from engine.rules import dm_ops
from engine.rules.dice import DiceRoller, RngState
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller

pytestmark = pytest.mark.anyio


def _blessed():
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    world.character("Tova").concentration = "Bless"
    world.character("Bram").boons.append(Boon(spell="Bless", dice="1d4", rolls=["attack", "save"],
                                              source="Tova's Bless"))
    return world


def test_durations_come_from_the_srd() -> None:
    assert (duration_minutes("Bless"), duration_minutes("Detect Magic"), duration_minutes("Shield")) == (1, 10, 0.1)


async def test_travelling_outlasts_bless_and_its_dice() -> None:
    res = await Orchestrator().resolve(ActionInput(action="we head down to the docks", actor="Bram",
                                                   world=_blessed(), roller=ScriptedRoller(), turn=1))
    assert res.world.game_state.party_location == "Kettlecove Docks"
    assert res.world.character("Tova").concentration is None and res.world.character("Bram").boons == []


async def test_a_question_takes_no_time_and_keeps_it() -> None:
    res = await Orchestrator().resolve(ActionInput(action="what time is it?", actor="Bram", world=_blessed(),
                                                   roller=ScriptedRoller(), turn=1))
    assert res.world.character("Tova").concentration == "Bless"


def test_a_long_rest_ends_concentration() -> None:
    world = _blessed()
    dm_ops.party_rest(world, DiceRoller(RngState(seed=1)), "long")
    assert world.character("Tova").concentration is None and world.character("Bram").boons == []


async def test_a_stable_character_comes_to_with_1_hp_after_hours_not_minutes() -> None:
    # SRD 5.2: a stable creature that isn't healed "regains 1 Hit Point after 1d4 hours".
    def fallen():
        world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
        bram = world.character("Bram")
        bram.hp.current, bram.stable = 0, True
        return world

    rest = await Orchestrator().resolve(ActionInput(action="we take a long rest", actor="Wren", world=fallen(),
                                                    roller=ScriptedRoller(), turn=1))
    assert rest.world.character("Bram").hp.current == 1  # woke during the night; too late for the rest's benefits
    walk = await Orchestrator().resolve(ActionInput(action="we head down to the docks", actor="Wren", world=fallen(),
                                                    roller=ScriptedRoller(), turn=1))
    assert walk.world.character("Bram").hp.current == 0
