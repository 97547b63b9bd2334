"""A friendly NPC asked plainly tells what they know with no roll; a check is for asking more (a lie, a
threat), has Advantage, and failing it makes no grudge (QA7 lines 3, 55, 56, 61).

SRD 5.2.1, Influence [Action]: "Willing. If your urging aligns with the monster's desires, no ability
check is necessary ... Hesitant. If you urge the monster to do something that it is hesitant to do, you
must make an ability check, which is affected by the monster's attitude ... On a failed check, you must
wait 24 hours (or a duration set by the GM) before urging it in the same way again."
Friendly [Attitude]: "You have Advantage on an ability check to influence a Friendly creature."
"""

from __future__ import annotations

import pytest

from engine.api import SessionManager

pytestmark = pytest.mark.anyio

TIDE_WORDS = "the family kept the old tide ward's words"


async def _start(tmp_path, seed: int = 7) -> tuple[SessionManager, str]:
    manager = SessionManager(tmp_path)
    return manager, (await manager.start_session("dark-lantern", name="friends", seed=seed)).session_id


async def _npc(manager: SessionManager, sid: str, name: str) -> dict:
    state = await manager.get_session_state(sid, detail_level="full")
    return next(n for n in state.full_state["world"]["npcs"] if n["name"] == name)


async def test_a_friendly_host_asked_plainly_answers_and_tells_what_she_saw_without_a_roll(tmp_path):
    manager, sid = await _start(tmp_path)
    response = await manager.player_action(sid, "hey Hesper, what happened with the lighthouse? heard it went dark",
                                           character_name="Wren")
    assert response.dice_rolls == []
    assert "That lamp's never gone out" in response.narrative
    assert "an hour before the storm" in response.narrative.replace("a full hour", "an hour")
    assert not any(c.kind == "setback" for c in response.state_changes)
    assert (await _npc(manager, sid, "Hesper Quill"))["attitude"] == "friendly"
    await manager.close()


async def test_the_freed_keeper_asked_about_the_chapel_gives_the_tide_words_without_a_roll(tmp_path):
    manager, sid = await _start(tmp_path)
    for line in ("ok lets head down to the docks", "We should head up the cliff path to Gannet Point.",
                 "We take the stair down into the caves, quietly", "I cut the ropes off the old man"):
        await manager.player_action(sid, line, character_name="Bram")
    assert not (await _npc(manager, sid, "Aldous Penn"))["captive"]
    response = await manager.player_action(
        sid, "Aldous, do you know anything about the old chapel? Some words, a prayer maybe?", character_name="Idris")
    assert response.dice_rolls == [], response.dice_log
    assert TIDE_WORDS in response.narrative
    assert "Learn the words of the tide ward — done" in response.narrative
    await manager.close()


async def test_asking_a_friend_how_he_is_gives_away_no_secret_on_one_word_in_common(tmp_path):
    # "old man" shares only "old" with the tide words secret: that is not asking for it.
    manager, sid = await _start(tmp_path)
    for line in ("ok lets head down to the docks", "We should head up the cliff path to Gannet Point.",
                 "We take the stair down into the caves, quietly", "I cut the ropes off Aldous"):
        await manager.player_action(sid, line, character_name="Bram")
    response = await manager.player_action(sid, "Aldous, are you alright, old man?", character_name="Bram")
    assert response.dice_rolls == [] and TIDE_WORDS not in response.narrative
    await manager.close()


async def test_a_lie_to_a_friend_is_checked_with_advantage_and_a_failure_makes_no_grudge(tmp_path):
    failures = 0
    for seed in range(1, 13):
        manager, sid = await _start(tmp_path / str(seed), seed)
        response = await manager.player_action(sid, "I try to deceive Hesper into giving us free ale",
                                               character_name="Bram")
        check = next(r for r in response.dice_rolls if r.purpose == "Deception vs Hesper Quill")
        assert check.advantage == "advantage"
        if not check.success:
            failures += 1
            assert "on guard" not in response.narrative + " ".join(response.dice_log)
            assert "no ill will" in response.narrative
            assert (await _npc(manager, sid, "Hesper Quill"))["attitude"] == "friendly"
            facts = await manager.query_facts(sid)
            assert not [f for f in facts.facts if "will remember" in f.text]
        await manager.close()
    assert failures, "no seed made the check fail: the failure path was not tested"
