"""The dice/log line of a turn (issue 16): every roll and change once, initiative in one line, whose turn
last, and the numbers the prose leaves out."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.api.manager import SessionManager
from engine.models.actions import DiceRoll, StateChange
from engine.models.turn_log import turn_log


def _init(name: str, total: int) -> DiceRoll:
    return DiceRoll(notation="1d20", total=total, detail=f"1d20 ({total}) = {total}", purpose="initiative", roller=name)


def test_a_fight_opening_tells_the_order_once_and_whose_turn_last() -> None:
    rolls = [_init("Bram", 4), _init("Idris", 16), _init("Wrecker Thug", 2),
             DiceRoll(notation="1d20+5", total=25, detail="1d20 (20) + 5 = `25`", purpose="Fire Bolt attack",
                      roller="Idris", natural=20, critical=True, dc=12, success=True),
             DiceRoll(notation="2d10", total=7, detail="2d10 (1, 6) = 7", purpose="Fire Bolt fire damage",
                      roller="Idris")]
    changes = [StateChange(target="combat", kind="combat_start", after="round 1",
                           description="Combat begins. Initiative: Idris (16), Bram (4), Wrecker Thug (2)."),
               *(StateChange(target=r.roller or "", kind="initiative", after=r.total,
                             description=f"{r.roller} rolls {r.total} for initiative.") for r in rolls[:3]),
               StateChange(target="Wrecker Thug", kind="hp", before=11, after=4,
                           description="Wrecker Thug takes 7 damage (11 -> 4 HP)."),
               StateChange(target="combat", kind="turn", before="Idris", after="Bram", description="Bram's turn (round 1)."),
               StateChange(target="combat", kind="round", before=1, after=2, description="Round 2 begins."),
               StateChange(target="combat", kind="turn", before="Bram", after="Idris",
                           description="Idris's turn (round 2).")]
    lines = [line.text for line in turn_log(rolls, changes)]
    assert lines == ["Combat begins. Initiative: Idris (16), Bram (4), Wrecker Thug (2)",
                     "Fire Bolt attack (Idris): 1d20 (20) + 5 = 25 vs AC 12, critical hit",
                     "Fire Bolt fire damage (Idris): 2d10 (1, 6) = 7",
                     "Wrecker Thug takes 7 damage (11 -> 4 HP)",
                     "Idris's turn (round 2)"]
    assert sum("nitiative" in line for line in lines) == 1


def test_a_failed_check_says_dc_and_failure_and_a_finished_fight_announces_no_turn() -> None:
    check = DiceRoll(notation="1d20+1", total=3, detail="1d20 (2) + 1 = 3", purpose="Persuasion vs Hesper Quill",
                     roller="Wren", dc=10, success=False)
    changes = [StateChange(target="combat", kind="turn", before="Bram", after="Wren", description="Wren's turn (round 1)."),
               StateChange(target="combat", kind="combat_end", description="The fight is over.")]
    lines = [line.text for line in turn_log([check], changes)]
    assert lines == ["Persuasion vs Hesper Quill (Wren): 1d20 (2) + 1 = 3 vs DC 10, failure", "The fight is over"]


def test_player_action_returns_the_log_beside_a_narrative_without_numbers(tmp_path: Path) -> None:
    async def play() -> tuple[str, list[str]]:
        manager = SessionManager(tmp_path / "data")
        sid = (await manager.start_session("dark-lantern", seed=16)).session_id
        # A friendly Hesper answers a plain question freely: a lie to her is what is rolled.
        answer = await manager.player_action(sid, "I try to deceive Hesper into giving us free ale", character_name="Bram")
        await manager.close()
        return answer.narrative, answer.dice_log

    narrative, log = asyncio.run(play())
    assert log and any("Deception" in line and "DC" in line for line in log), log
    assert "DC" not in narrative and "against" not in narrative
