"""Encounter difficulty from the SRD 5.2 XP budgets, through the SessionManager."""

from __future__ import annotations

import pytest

from engine.content.encounters import parse
from engine.errors import InvalidInputError, NotFoundError
from engine.rules.difficulty import party_budget

pytestmark = pytest.mark.anyio


def test_party_budgets_sum_each_characters_budget() -> None:
    assert party_budget([2, 2, 2, 2]) == {"low": 400, "moderate": 600, "high": 800}
    assert party_budget([1, 5]) == {"low": 550, "moderate": 825, "high": 1200}
    with pytest.raises(InvalidInputError, match="1 to 20"):
        party_budget([21])


def test_the_dm_writes_counts_either_way() -> None:
    assert parse("goblin warrior x4, 2 bugbear warriors and zombie") == \
        [("goblin warrior", 4), ("bugbear warriors", 2), ("zombie", 1)]


async def test_the_sample_party_against_goblins_and_a_bugbear(manager, campaign) -> None:
    s = await manager.start_session(campaign, name="rating", seed=1)
    rated = await manager.encounter_difficulty("goblin warrior x4, bugbear warrior", s.session_id)
    # Four level-2 characters: Low 400, Moderate 600, High 800; 4 x 50 + 200 XP = 400.
    assert rated.party_levels == [2, 2, 2, 2] and rated.total_xp == 400
    assert rated.difficulty == "low"
    harder = await manager.encounter_difficulty("bugbear warrior x4", s.session_id)
    assert (harder.total_xp, harder.difficulty) == (800, "high")
    deadly = await manager.encounter_difficulty("Silas Crowe, ogre x2", s.session_id)
    assert deadly.total_xp == 450 + 2 * 450 and deadly.difficulty == "beyond high"
    assert "Silas Crowe" in deadly.message and "Beyond High" in deadly.message


async def test_rating_by_levels_alone_and_bad_names(manager) -> None:
    rated = await manager.encounter_difficulty("goblin warrior", party_levels=[1])
    assert (rated.total_xp, rated.difficulty) == (50, "low")
    with pytest.raises(NotFoundError, match="Closest"):
        await manager.encounter_difficulty("goblin wizardqqq x3", party_levels=[1])
    with pytest.raises(InvalidInputError, match="party's levels"):
        await manager.encounter_difficulty("goblin warrior")


async def test_a_fight_that_starts_shows_its_difficulty(manager, campaign) -> None:
    s = await manager.start_session(campaign, name="start", seed=2)
    await manager.spawn(s.session_id, "bugbear warrior", 4)
    reply = await manager.player_action(s.session_id, "I attack the bugbear warrior", "Bram")
    note = next(c for c in reply.state_changes if c.kind == "encounter_difficulty")
    assert note.after == "high" and "800 XP" in note.description
