"""The offline narrator tells no gear a creature does not have (QA7: a Giant Crab "turns the warhammer with a
shield's edge", a blade "skids off Idris's armour" though he wears none). What a blow can meet is read from the
sheet (armour and shield carried) or the stat block (a beast has no forearm to block with, no gear)."""

from __future__ import annotations

import re

from engine.models.actions import ActionType, DiceRoll
from engine.narration import NarrationRequest, OfflineNarrator
from engine.play.builds import builds
from tests.engine.play.blind_world import case_world

CAVES = {"location": "Wrecker Caves", "in_combat": True, "enemies": ["Giant Crab", "Wrecker Thug"]}
GEAR = re.compile(r"shield|armou?r|chain mail|forearm|\bgear\b", re.I)


def _miss(turn: int, seed: int, attacker: str, weapon: str, target: str, world) -> str:
    roll = DiceRoll(notation="1d20+4", total=6, purpose=f"{weapon} attack", roller=attacker, dc=15, success=False)
    # The beat names the target, as the combat agent's does.
    request = NarrationRequest(session_seed=seed, turn=turn, action=f"I attack {target}", actor=attacker,
                               action_type=ActionType.COMBAT, location="Wrecker Caves", dice_rolls=[roll],
                               beats=[f"{attacker} attacks {target} with {weapon} and misses."], builds=builds(world))
    return OfflineNarrator().render(request)


def test_builds_come_from_the_sheet_and_the_stat_block():
    told = builds(case_world(CAVES))
    assert told["Bram"].armour == "chain mail" and told["Bram"].shield
    assert told["Idris"].armour is None and not told["Idris"].shield
    assert not told["Giant Crab"].humanoid and told["Giant Crab"].armour is None and not told["Giant Crab"].shield
    assert told["Wrecker Thug"].humanoid


def test_a_miss_on_a_crab_or_on_idris_tells_no_shield_armour_or_forearm():
    world = case_world(CAVES)
    for seed in range(1, 6):
        for turn in range(1, 41):
            crab = _miss(turn, seed, "Tova", "Warhammer", "Giant Crab", world)
            assert not GEAR.search(crab), crab
            idris = _miss(turn, seed, "Wrecker Thug", "Scimitar", "Idris", world)
            assert not re.search(r"shield|armou?r", idris, re.I), idris


def test_bram_wearing_chain_mail_and_a_shield_is_told_with_them():
    world = case_world(CAVES)
    texts = [_miss(turn, 3, "Wrecker Thug", "Scimitar", "Bram", world) for turn in range(1, 81)]
    assert any("skids off Bram's chain mail" in t for t in texts)
    assert any("edge of a shield" in t for t in texts)
    assert not any("armour" in t for t in texts)
