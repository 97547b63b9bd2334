"""Quest conditions, their advance after a change, the DM's tick, and freeing a captive (engine.play)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.errors import InvalidInputError, NotFoundError
from engine.facts.tracker import FactTracker
from engine.models.actions import StateChange
from engine.models.facts import FactCategory, FactInput
from engine.models.quest import DeedCondition, FactCondition, ItemCondition, NpcCondition, PlaceCondition
from engine.models.world import Campaign, Combatant, CombatState, HitPoints, Item, QuestStatus
from engine.play import quests
from engine.play.quests import Event, advance, met, tick
from engine.play.rescue import free_captives

SAMPLE = Path(__file__).resolve().parents[3] / "campaigns" / "dark-lantern" / "campaign.json"
NOW = datetime(2026, 1, 1, tzinfo=UTC)
NAMES = ["Aldous Penn", "Osric Vell", "Gannet Point", "Wrecker Caves", "Silas Crowe"]


@pytest.fixture
def world() -> Campaign:
    return Campaign.model_validate(json.loads(SAMPLE.read_text(encoding="utf-8")))


@pytest.fixture
def facts() -> FactTracker:
    return FactTracker(known_entities=NAMES)


def record(facts: FactTracker, text: str, subject: str | None = None) -> None:
    facts.record(FactInput(text=text, category=FactCategory.WORLD, subject=subject), turn=1, now=NOW)


def discover(world: Campaign, name: str) -> None:
    next(d for loc in world.locations for d in loc.discoveries if d.name == name).found = True


# ---- each kind of condition ----

def test_a_fact_condition_is_met_by_a_fact_saying_the_same_claim_not_by_its_negation(world, facts):
    lit = FactCondition(text="The Gannet Point lamp is lit")
    assert not met(lit, world, facts, Event())
    record(facts, "The lamp at Gannet Point is not lit.")
    assert not met(lit, world, facts, Event())
    record(facts, "Tova says the lamp of Gannet Point is lit again, trimmed and full.")
    assert met(lit, world, facts, Event())


def test_a_fact_condition_reads_a_pronoun_as_its_subject(world, facts):
    tenth = FactCondition(text="Osric Vell takes a tenth of the salvage")
    record(facts, "He takes a tenth of everything the wreckers salvage and writes it in a ledger.", "Osric Vell")
    assert met(tenth, world, facts, Event())
    assert not met(FactCondition(text="Silas Crowe takes a tenth of the salvage"), world, facts, Event())


def test_an_item_is_a_found_discovery_or_something_carried(world, facts):
    lamp, rope = ItemCondition(name="smothered lamp"), ItemCondition(name="Silver key")
    assert not met(lamp, world, facts, Event())
    discover(world, "Smothered lamp")
    assert met(lamp, world, facts, Event())
    assert not met(rope, world, facts, Event())
    world.characters[0].inventory.append(Item(name="Silver key"))
    assert met(rope, world, facts, Event())


def test_an_npc_is_found_where_they_are_freed_when_no_longer_captive_defeated_when_beaten(world, facts):
    found, freed = NpcCondition(name="Aldous Penn"), NpcCondition(name="Aldous Penn", state="freed")
    beaten = NpcCondition(name="Silas Crowe", state="defeated")
    assert not met(found, world, facts, Event()) and not met(freed, world, facts, Event())
    world.game_state.party_location = "Wrecker Caves"
    assert met(found, world, facts, Event()) and not met(freed, world, facts, Event())
    world.npc("Aldous Penn").captive = False
    assert met(freed, world, facts, Event())
    assert not met(beaten, world, facts, Event())
    blow = StateChange(target="Silas Crowe", kind="status", before="fighting", after="defeated")
    assert met(beaten, world, facts, Event(changes=[blow]))
    world.game_state.combat = CombatState(order=[Combatant(id="npc:Silas Crowe", name="Silas Crowe", kind="monster",
                                                           initiative=10, hp=HitPoints(current=0, max=20),
                                                           defeated=True)])
    assert met(beaten, world, facts, Event())


def test_a_place_is_reached_when_visited_and_cleared_when_its_foes_are_gone(world, facts):
    reached, cleared = PlaceCondition(name="Wrecker Caves"), PlaceCondition(name="Wrecker Caves", state="cleared")
    assert not met(reached, world, facts, Event()) and not met(cleared, world, facts, Event())
    world.location("Wrecker Caves").visited = True
    world.location("Wrecker Caves").encounter = []
    assert met(reached, world, facts, Event()) and met(cleared, world, facts, Event())


def test_a_deed_needs_the_players_words_at_the_right_place(world, facts):
    deed = DeedCondition(phrases=["relight the lamp", "light the lamp"], place="Gannet Point")
    assert not met(deed, world, facts, Event("Tova relights the lamp"))  # at the inn
    world.game_state.party_location = "Gannet Point"
    assert met(deed, world, facts, Event("Tova relights the lamp"))
    assert met(deed, world, facts, Event("We light the great lamp again"))
    assert not met(deed, world, facts, Event("Tova looks at the lamp"))
    assert not met(deed, world, facts, Event(None))  # a DM command is no player's deed
    # The attempt failed its check (a setback was recorded): the lamp is not lit.
    failed = StateChange(target="Tova", kind="setback", before=None, after={"type": "time"},
                         description="Tova's failed check costs time")
    assert not met(deed, world, facts, Event("Tova relights the lamp", [failed]))


# ---- advance ----

def test_advance_completes_objectives_and_the_quest_with_a_line_for_each(world, facts):
    world.game_state.party_location = "Wrecker Caves"
    discover(world, "Smothered lamp")
    record(facts, "The Gannet Point lamp is lit.")
    changes, lines = advance(world, facts, Event())
    light = world.quest("Light on Gannet Point")
    assert light.status == QuestStatus.COMPLETED and all(o.done for o in light.objectives)
    assert [c.kind for c in changes] == ["objective"] * 3 + ["quest_status"] + ["xp"] * 4
    assert lines[-2:] == ["Quest complete: Light on Gannet Point!", "Bram, Wren, Tova and Idris each gain 75 XP."]
    assert [c.xp for c in world.characters] == [375] * 4  # 300 each before, the quest's 300 shared
    assert advance(world, facts, Event()) == ([], [])  # nothing twice


def test_a_quest_not_yet_begun_starts_when_its_start_condition_is_met(world, facts):
    world.game_state.party_location = "Wrecker Caves"
    world.npc("Aldous Penn").captive = False
    changes, lines = advance(world, facts, Event())
    assert world.quest("Wreckers of Kettlecove").status == QuestStatus.ACTIVE
    assert "New quest: Wreckers of Kettlecove." in lines
    assert any(c.kind == "quest_status" and c.before == "not_started" for c in changes)


def test_needs_all_waits_for_every_condition(world, facts):
    world.game_state.party_location = "Kettlecove Docks"
    smash = Event("Bram smashes the lantern")
    lantern = world.quest("Wreckers of Kettlecove").objectives[2]
    advance(world, facts, smash)
    assert not lantern.done  # not found yet: nothing to smash
    discover(world, "Red-glassed lantern")
    advance(world, facts, Event("Bram looks around"))
    assert not lantern.done
    advance(world, facts, smash)
    assert lantern.done


# ---- the DM's tick ----

def test_tick_finds_quests_and_objectives_by_inexact_names_and_numbers(world):
    changes, lines = tick(world, "lamp of gannet", "keeper", True)
    assert world.quest("Light on Gannet Point").objectives[1].done
    assert lines == ["Light on Gannet Point: Find the keeper, Aldous Penn — done (1/3)."]
    tick(world, "Light on Gannet Point", "3", True)
    assert world.quest("Light on Gannet Point").objectives[2].done


def test_tick_refuses_unknown_names_with_the_closest_and_changes_nothing(world):
    before = world.model_dump()
    with pytest.raises(NotFoundError, match="The closest is 'Light on Gannet Point'.*Choose one of"):
        tick(world, "the lighthouse", None, True)
    with pytest.raises(NotFoundError, match="objective of 'Light on Gannet Point'.*1. Find out why"):
        tick(world, "Light on Gannet Point", "dance at the harvest fair", True)
    with pytest.raises(NotFoundError, match="objectives 1 to 3"):
        tick(world, "Light on Gannet Point", "7", True)
    assert world.model_dump() == before
    quest = world.quest("Light on Gannet Point")
    quest.objectives[0].text, quest.objectives[2].text = "Search the old mill", "Search the old mill cellar"
    before = world.model_dump()
    with pytest.raises(InvalidInputError, match="equally well.*its number will do"):
        tick(world, "Light on Gannet Point", "the old mill", True)
    assert world.model_dump() == before


def test_tick_twice_is_refused_and_a_whole_quest_can_be_ticked_and_reopened(world):
    tick(world, "Wreckers", "1", True)
    assert world.quest("Wreckers of Kettlecove").status == QuestStatus.ACTIVE  # a ticked objective starts it
    with pytest.raises(InvalidInputError, match="already done"):
        tick(world, "Wreckers", "1", True)
    changes, _ = tick(world, "Wreckers", None, True)
    quest = world.quest("Wreckers of Kettlecove")
    assert quest.status == QuestStatus.COMPLETED and all(o.done for o in quest.objectives)
    assert [c.kind for c in changes] == ["objective", "objective", "quest_status"] + ["xp"] * 4
    tick(world, "Wreckers", "2", False)
    assert quest.status == QuestStatus.ACTIVE and not quest.objectives[1].done
    changes, lines = tick(world, "Wreckers", "2", True)  # finished again: the XP was paid once already
    assert quest.status == QuestStatus.COMPLETED and "xp" not in [c.kind for c in changes]
    assert [c.xp for c in world.characters] == [300 + 450 // 4] * 4


def test_an_objective_the_dm_unticked_is_not_completed_again_by_its_conditions(world, facts):
    world.game_state.party_location = "Wrecker Caves"
    advance(world, facts, Event())
    keeper = world.quest("Light on Gannet Point").objectives[1]
    assert keeper.done
    tick(world, "Light on Gannet Point", "2", False)
    advance(world, facts, Event())
    assert not keeper.done and keeper.by_hand


def test_find_quest_in_a_campaign_without_quests(world):
    world.quests = []
    with pytest.raises(NotFoundError, match="no quests"):
        quests.find_quest(world, "anything")


# ---- freeing a captive ----

def test_untying_the_keeper_frees_him_by_name_or_by_role(world):
    world.game_state.party_location = "Wrecker Caves"
    changes, lines, warnings = free_captives(world, "I untie the old keeper", "Wren")
    assert not world.npc("Aldous Penn").captive
    assert lines == ["Wren frees Aldous Penn."] and changes[0].kind == "freed" and warnings == []


def test_nobody_is_freed_elsewhere_or_by_words_that_free_no_one(world):
    assert free_captives(world, "I free Aldous Penn", "Wren") == ([], [], [])  # he is not at the inn
    world.game_state.party_location = "Wrecker Caves"
    assert free_captives(world, "I keep a hand free and look around", "Wren") == ([], [], [])
    assert free_captives(world, "Wren searches the crates", "Wren") == ([], [], [])
    assert world.npc("Aldous Penn").captive
    assert free_captives(world, "I cut the ropes", "Wren")[1] == ["Wren frees Aldous Penn."]


def test_no_prisoner_is_freed_while_the_captors_still_fight(world):
    world.game_state.party_location = "Wrecker Caves"
    world.game_state.combat = CombatState(order=[Combatant(id="m1", name="Wrecker Thug", kind="monster",
                                                           initiative=12, hp=HitPoints(current=11, max=11))])
    changes, lines, warnings = free_captives(world, "I cut Aldous Penn's bonds", "Wren")
    assert changes == [] and world.npc("Aldous Penn").captive
    assert "cannot be freed while the fight goes on" in warnings[0]


def test_after_a_change_an_any_objective_reads_only_the_facts_that_change_recorded(world, facts):
    record(facts, "The Gannet Point lamp is lit.")
    relight = world.quest("Light on Gannet Point").objectives[2]
    advance(world, facts, Event(new_facts=[]))  # a change that recorded nothing: the old fact was seen already
    assert not relight.done
    newest = facts.all()[-1].id
    advance(world, facts, Event(new_facts=[newest]))
    assert relight.done


def test_the_xp_goes_to_the_living_only(world, facts):
    world.characters[0].dead = True
    changes, lines = tick(world, "Abbot", None, True)
    assert lines[-1] == "Wren, Tova and Idris each gain 83 XP."
    assert [c.xp for c in world.characters] == [300, 383, 383, 383]
