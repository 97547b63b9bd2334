"""A blow goes to the one named in the clause that carries it. Who else is told of around it (the foe out of
reach, a friend being hurt, someone defended) only sets the scene; with two acts, the first is aimed."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at

CAVE_FIGHT = ["Silas Crowe", "Wrecker Thug", "Giant Crab"]


@pytest.mark.parametrize(("text", "enemies", "where", "actor", "aimed"), [
    ("Crowe's grinning at me from the ledge but he's too far, so I put a fire bolt in the crab",
     CAVE_FIGHT, "Wrecker Caves", "Idris", "Giant Crab"),
    ("the crab has Wren pinned and Crowe is shouting orders. I hit the thug with my axe",
     CAVE_FIGHT, "Wrecker Caves", "Bram", "Wrecker Thug"),
    ("cure wounds on Bram, then my action is sacred flame on Crowe",
     CAVE_FIGHT, "Wrecker Caves", "Tova", "Bram"),
    ("nobody threatens Hesper in her own inn. I smash the thug over the head with my shield",
     ["Wrecker Thug"], "Tarred Gull Inn", "Bram", "Wrecker Thug"),
    ("the thug is down, so I swing at Crowe", CAVE_FIGHT, "Wrecker Caves", "Bram", "Silas Crowe"),
])
def test_the_blow_goes_to_the_one_named_where_it_is_struck(text, enemies, where, actor, aimed):
    assert parse_at(text, where, actor, enemies).target == aimed



def test_someone_hailed_beside_a_blow_is_not_struck():
    assert parse_at("Pim, stay back! I swing my axe at the nearest thug", "Kettlecove Docks", "Bram",
                    ["Wrecker Thug", "Wrecker Thug"]).target == "Wrecker Thug"



@pytest.mark.parametrize(("text", "aimed"), [
    ("ok so I hit the crap with my warhammer", "Giant Crab"),
    ("eye stab the thud in the ribs", "Wrecker Thug"),
])
def test_a_foe_misheard_by_dictation_is_still_the_foe(text, aimed):
    assert parse_at(text, "Wrecker Caves", "Bram", CAVE_FIGHT).target == aimed
