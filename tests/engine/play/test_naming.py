"""Did you mean: a name that points at two people, at someone only nearly, or at no one, is asked about
(no roll, no change, the turn recorded as the DM's question); a clear match or one kind of foe is taken."""

from __future__ import annotations

import pytest

from engine.models.world import NPC, Attitude
from engine.play.intent import parse
from tests.engine.play.test_understanding import _act, _world

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _with_dog(location: str = "Wrecker Caves"):
    world = _world(location)
    world.npcs.append(NPC(name="Crowe's Dog", role="Silas Crowe's hound", attitude=Attitude.HOSTILE,
                          description="A scarred grey lurcher.", location="Wrecker Caves"))
    return world


def test_two_people_answering_to_the_same_name_are_asked_about():
    intent = parse("I attack Crowe", _with_dog(), "Bram")
    assert intent.unresolved == "crowe"
    assert set(intent.candidates) == {"Silas Crowe", "Crowe's Dog"}
    assert intent.clarify == "Who do you mean: Silas Crowe or Crowe's Dog?"


def test_the_full_name_settles_it():
    intent = parse("I attack Silas Crowe", _with_dog(), "Bram")
    assert intent.target == "Silas Crowe" and intent.unresolved is None and intent.clarify is None


def test_two_foes_of_one_kind_are_no_ambiguity():
    world = _world("Gannet Point", ["Wrecker Thug", "Wrecker Thug"])
    intent = parse("I hit the thug", world, "Bram")
    assert intent.target == "Wrecker Thug" and intent.unresolved is None


def test_a_name_close_to_one_person_is_that_person():
    intent = parse("I shove Nessa Ruk off the ledge", _world("Gannet Point"), "Bram")
    assert intent.target == "Nessa Rook" and intent.unresolved is None


@pytest.mark.parametrize(("text", "where", "actor", "target"), [
    ("hand the letter to aldus", "Wrecker Caves", "Idris", "Aldous Penn"),
    ("buy a flask of oil from vel, and ask him about the crowe guy", "Kettlecove Docks", "Wren", "Osric Vell"),
    ("healing word on iris, he is down", "Drowned Chapel", "Tova", "Idris"),  # a party member too
])
def test_a_misspelt_name_after_to_from_or_on_is_the_one_meant(text, where, actor, target):
    assert parse(text, _world(where), actor).target == target


@pytest.mark.parametrize("text", ["sacred flame on the one grabbing Bram", "I hit whoever's got hold of Bram",
                                  "sacred flame on the one clawing at Bram"])  # "clawing" names no Crawling Claw
def test_a_party_member_named_to_pick_out_a_foe_is_not_the_target(text):
    world = _world("Drowned Chapel", ["Drowned Sailor", "Drowned Sailor"], actor="Tova")
    assert parse(text, world, "Tova").target == "Drowned Sailor"


def test_a_party_member_healed_in_a_fight_is_the_target():
    # Control: named as the one the spell is for, they are the target.
    world = _world("Drowned Chapel", ["Drowned Sailor", "Drowned Sailor"], actor="Tova")
    assert parse("healing word on Bram", world, "Tova").target == "Bram"


@pytest.mark.parametrize(("text", "target"), [("ray of frost on Crowe's crab", "Giant Crab"),
                                             ("I hit Crowe's thug with my hammer", "Wrecker Thug"),
                                             ("I slash at Crowe's sword arm", "Silas Crowe")])  # control: his own arm
def test_what_a_person_owns_is_what_is_aimed_at(text, target):
    world = _world("Wrecker Caves", ["Silas Crowe", "Wrecker Thug", "Giant Crab"], actor="Idris")
    assert parse(text, world, "Idris").target == target


def test_a_name_only_near_someone_is_offered_back():
    # Not where a name must stand ("I ask Hespa ..." is taken as Hesper): waved over, the name is offered back.
    intent = parse("I wave Hespa over for a room", _world("Tarred Gull Inn"), "Wren")
    assert intent.unresolved == "Hespa" and intent.candidates == ["Hesper Quill"]
    assert intent.clarify == "Did you mean Hesper Quill?"


def test_a_name_like_no_one_is_reported_unknown():
    intent = parse("I attack Zorgrim", _world("Kettlecove Docks"), "Bram")
    assert intent.unresolved == "Zorgrim" and intent.target is None
    assert intent.clarify == "There is nobody called Zorgrim here. Who do you mean?"


def test_misspelt_words_are_not_taken_for_names():
    for text in ("we splash back thru the arch", "talk to the harbormastr about the wrek"):
        assert parse(text, _world("Kettlecove Docks"), "Bram").unresolved is None


async def test_the_dm_asks_back_and_nothing_is_rolled_or_changed():
    world = _with_dog()
    res = await _act(world, "I attack Crowe")
    assert res.narrative == "Who do you mean: Silas Crowe or Crowe's Dog?"
    assert res.dice_rolls == [] and res.state_changes == []
    assert res.world.model_dump() == world.model_dump()
    assert set(res.follow_up_options) == {"Silas Crowe", "Crowe's Dog"}


async def test_the_question_is_recorded_as_a_turn_with_no_roll(tmp_path):
    from engine.api import SessionManager

    manager = SessionManager(tmp_path)
    session = await manager.start_session("dark-lantern", name="names")
    response = await manager.player_action(session.session_id, "I attack Zorgrim", character_name="Bram")
    assert response.narrative.startswith("There is nobody called Zorgrim here")
    assert response.dice_rolls == [] and response.state_changes == []
    state = await manager.get_session_state(session.session_id, include_history=True)
    assert state.recent_history[-1].action == "I attack Zorgrim" and state.recent_history[-1].dice_rolls == []


def test_a_capitalised_word_in_an_act_aimed_at_nobody_is_no_misspelt_name():
    # "Mother" is two letters from "Brother", but a prayer to the Tide Mother is aimed at no one here.
    intent = parse("Tova prays to the Tide Mother for guidance", _world("Tarred Gull Inn"), "Tova")
    assert intent.clarify is None and intent.target is None, intent
    # Aimed at someone, a near name is still offered back.
    asked = parse("I ask Brothr Ambros about the relic", _world("Drowned Chapel"), "Tova")
    assert asked.target == "Brother Ambrose" or "Brother Ambrose" in (asked.clarify or ""), asked


@pytest.mark.parametrize("text", ["ok I am SO DONE with these two. shoving the left one off the cliff",
                                  "I swing at the thug AGAIN", "I attack the thug, FINALLY"])
def test_a_word_shouted_in_capitals_is_no_name(text):
    intent = parse(text, _world("Gannet Point", ["Wrecker Thug", "Wrecker Thug"]), "Bram")
    assert (intent.target, intent.unresolved, intent.clarify) == ("Wrecker Thug", None, None), (text, intent)


def test_a_name_in_capitals_is_still_a_name():
    # Control: shouting a name nobody has is still asked about.
    intent = parse("I attack ZORGRIM", _world("Kettlecove Docks"), "Bram")
    assert intent.unresolved == "ZORGRIM" and intent.target is None


def test_chat_to_the_players_after_ooc_is_not_speech_in_the_scene():
    world = _world("Gannet Point", ["Wrecker Thug", "Wrecker Thug"])
    intent = parse("OOC: Wren you absolute muppet. Action: I shoot the thug", world, "Bram")
    assert (intent.kind, intent.target) == ("combat", "Wrecker Thug")


@pytest.mark.parametrize("text, location, who", [
    ("my cleric asks Hes whether the lamp was lit last night", "Tarred Gull Inn", "Hesper Quill"),
    ("I ask Ness what she saw from the gorse", "Gannet Point", "Nessa Rook"),
])
def test_a_name_cut_short_is_the_one_person_here_it_starts(text, location, who):
    intent = parse(text, _world(location), "Tova")
    assert (intent.target, intent.clarify) == (who, None)


def test_a_clipped_word_in_lower_case_is_no_name():
    # "hes" typed for "he's": only a capitalised word inside a sentence is read as a name cut short.
    intent = parse("ask the lad if hes seen the light go out", _world("Tarred Gull Inn"), "Tova")
    assert intent.target_ref is None or intent.target_ref.via.casefold() != "hes"


@pytest.mark.parametrize("text, location, who", [
    ("I ask Hester whether anyone's been paying in odd silver", "Tarred Gull Inn", "Hesper Quill"),  # a real name
    ("Mr Vellum, where were you the night of the wreck?", "Kettlecove Docks", "Osric Vell"),  # after an honorific
])
def test_a_name_misremembered_where_a_name_must_stand_is_the_one_person_near_it(text, location, who):
    intent = parse(text, _world(location), "Tova")
    assert (intent.target, intent.clarify) == (who, None)


def test_a_misremembered_name_near_no_one_here_is_still_asked_about():
    # Hester is near Hesper, who stands at the inn, not on the docks: nobody here to take it for.
    intent = parse("I ask Hester whether anyone's been paying in odd silver", _world("Kettlecove Docks"), "Tova")
    assert intent.target != "Hesper Quill"


def test_a_blow_said_first_is_aimed_at_the_foe_not_at_whoever_is_hailed_after():
    world = _world("Drowned Chapel", ["Drowned Sailor", "Drowned Sailor"])
    intent = parse("*crunch* hammer into the sailor's skull, then 'Brother Ambrose, how do we end this?!'", world, "Tova")
    assert intent.target == "Drowned Sailor"
