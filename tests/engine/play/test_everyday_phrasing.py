"""Everyday ways players say things, on the sample campaign: a place by the word for its kind, a rest by how it
is spent, a thing set into a fixture, an order at the counter, a rules question, a question put to someone, lore
recalled by racking one's memory, a weapon put in a foe, words said quietly."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.blind_world import case_world, parse_at


def _parse(text: str, where: str, actor: str = "Bram", fight: bool = False):
    return parse_at(text, where, actor, ["Silas Crowe", "Wrecker Thug", "Giant Crab"] if fight else None)


@pytest.mark.parametrize(("text", "where", "arrives"), [
    ("go to the pub", "Kettlecove Docks", "Tarred Gull Inn"),
    ("we head back to the tavern", "Kettlecove Docks", "Tarred Gull Inn"),
    ("let's get down to the harbour", "Tarred Gull Inn", "Kettlecove Docks"),
    ("we walk up to the headland", "Kettlecove Docks", "Gannet Point"),
])
def test_a_place_is_reached_by_the_everyday_word_for_its_kind(text, where, arrives):
    intent = _parse(text, where)
    assert (intent.kind, intent.destination) == ("exploration", arrives)


def test_the_bar_inside_the_inn_is_no_journey():
    intent = _parse("I lean on the bar and listen to the fishermen", "Tarred Gull Inn")
    assert intent.destination is None


@pytest.mark.parametrize("text", [
    "we hunker down for an hour and bind our wounds",
    "we sit on the upturned boats for an hour and patch ourselves up",
    "short rest, I bandage Wren's arm",
])
def test_wounds_tended_over_a_rest_are_the_rest(text):
    assert _parse(text, "Wrecker Caves").kind == "rest"


def test_binding_wounds_with_no_rest_is_its_own_act():
    assert _parse("I bind Wren's wounds", "Wrecker Caves").kind != "rest"


def test_a_count_of_hours_is_a_rest_span():
    assert _parse("we sit tight in the boathouse, eight hours", "Kettlecove Docks").kind == "rest"


@pytest.mark.parametrize("text", ["I wedge the reliquary into the cracked circle", "I lay the reliquary on the altar"])
def test_a_thing_set_into_a_fixture_works_the_puzzle(text):
    assert _parse(text, "Drowned Chapel", "Tova").kind == "puzzle"


def test_a_hand_laid_on_a_fixture_is_no_puzzle():
    assert _parse("I rest my hand on the altar and look at the carvings", "Drowned Chapel", "Tova").kind == "exploration"


@pytest.mark.parametrize(("text", "where"), [
    ("I head up the spiral stair and examine the lamp", "Gannet Point"),
    ("climb the spiral stair up to the lamp room", "Gannet Point"),
])
def test_the_stair_inside_the_lighthouse_goes_nowhere_else(text, where):
    intent = _parse(text, where)
    assert (intent.kind, intent.destination) == ("exploration", None)


@pytest.mark.parametrize(("text", "kind", "dest"), [
    ("we climb the cliff path to Gannet Point", "exploration", "Gannet Point"),
    ("we climb the cliff path toward the lighthouse", "exploration", "Gannet Point"),
    # controls: the cliff itself, or a cliff face beside the path, is the climb
    ("I climb the cliff", "skill_check", None),
    ("I climb the cliff face beside the path", "skill_check", None),
])
def test_climbing_a_path_walks_it(text, kind, dest):
    intent = _parse(text, "Kettlecove Docks")
    assert (intent.kind, intent.destination) == (kind, dest)


@pytest.mark.parametrize("text", ["I'd like us to scramble up the cliff path to the lighthouse, please",
                                  "we want to climb up the path to the lighthouse now"])
def test_wanting_to_climb_to_a_place_is_the_move_not_a_reason_for_one(text):
    # The "to" of wanting comes before the climb; only a "to" after the going says what it is for.
    intent = _parse(text, "Kettlecove Docks")
    assert (intent.kind, intent.destination) == ("exploration", "Gannet Point")


def test_going_somewhere_to_look_around_travels():
    intent = _parse("Wren wanders down to the harbour to have a nose around", "Tarred Gull Inn", "Wren")
    assert (intent.kind, intent.destination) == ("exploration", "Kettlecove Docks")


@pytest.mark.parametrize(("text", "where"), [
    ("I'd like 20 arrows please", "Kettlecove Docks"),
    ("a round of ale for the room, on me", "Tarred Gull Inn"),
])
def test_an_order_at_the_counter_is_a_purchase(text, where):
    intent = _parse(text, where, "Wren")
    assert (intent.kind, intent.destination) == ("inventory", None)


@pytest.mark.parametrize(("text", "fight"), [
    ("can I cast shield after I've already been hit?", True),
    ("can i cast fire bolt and still move after?", True),
    ("can I use action surge again or do I need a rest first", True),
    ("could I hold concentration on bless if a thug lands a hit on me", True),  # put on a condition
    ("can I shoot past the crab or is Crowe covered by it", True),  # beside what else might stand
])
def test_asking_whether_one_may_again_or_after_is_a_rules_question(text, fight):
    assert _parse(text, "Wrecker Caves", "Idris", fight).kind == "question"


@pytest.mark.parametrize(("text", "kind", "target"), [
    ("can I ask Aldous if he's hurt?", "roleplay", "Aldous Penn"),
    ("could I ask the old keeper if he's hurt?", "roleplay", "Aldous Penn"),
    ("can I check if the crates are nailed shut?", "exploration", None),
])
def test_asking_leave_to_ask_or_check_whether_is_the_act(text, kind, target):
    # The "if" says what is asked or checked, not a condition on the rules: "can I ask him if ..." is asking him.
    intent = _parse(text, "Wrecker Caves", "Tova")
    assert (intent.kind, intent.target) == (kind, target)


@pytest.mark.parametrize("text", ["how far is it, roughly, to climb down to the caves from here?",
                                  "how long till the tide turns, if the crab doesn't drag this out?"])
def test_the_clauses_of_a_question_up_to_its_mark_are_the_question(text):
    intent = _parse(text, "Wrecker Caves", "Idris")
    assert (intent.kind, intent.parts, intent.destination) == ("question", [], None)


@pytest.mark.parametrize("text", ["can I climb the wall?", "could i sneak past the crab without it noticing"])
def test_asking_leave_to_act_is_the_act(text):
    assert _parse(text, "Wrecker Caves").kind == "skill_check"


@pytest.mark.parametrize("text", ["whats hesper know about silas crowe", "what does hesper think of the harbormaster"])
def test_what_someone_present_knows_is_asked_of_them(text):
    intent = _parse(text, "Tarred Gull Inn", "Wren")
    assert (intent.kind, intent.target) == ("roleplay", "Hesper Quill")


def test_what_the_party_knows_of_someone_is_a_question_to_the_dm():
    assert _parse("what do we know about Hesper", "Tarred Gull Inn", "Wren").kind == "question"


def test_a_peek_taken_while_others_drink_is_a_look():
    text = "while everyone's drinking I take a peek at the coins in the bar tin"
    assert _parse(text, "Tarred Gull Inn", "Wren").kind == "exploration"


def test_in_a_fight_a_described_one_is_a_foe_not_the_ghost_who_looks_alike():
    world = case_world({"location": "Drowned Chapel", "in_combat": True,
                        "enemies": ["Drowned Sailor", "Drowned Sailor"]})
    intent = parse("Sacred Flame on the dripping one by the pews", world, "Tova")
    assert (intent.kind, intent.target) == ("combat", "Drowned Sailor")
    assert parse("Tova swings at the ghost", world, "Tova").target == "Brother Ambrose"


def test_a_persons_word_naming_a_place_is_the_place():
    # Pim is the net-mender; "the net shed" is a shed.
    intent = _parse("check the net shed", "Kettlecove Docks", "Wren")
    assert intent.kind == "exploration"


def test_a_thing_used_on_a_fixture_works_the_puzzle():
    assert _parse("use aldous's tinderbox on the lamp", "Gannet Point", "Wren").kind == "puzzle"


def test_a_word_from_the_description_of_someone_elsewhere_names_no_one():
    # Nessa "watches" in her description and is at Gannet Point; at the docks "I watch his face" is not her.
    assert _parse("is he lying? I watch his face", "Kettlecove Docks", "Wren").target is None
    assert _parse("where is Silas?", "Kettlecove Docks", "Wren").target == "Silas Crowe"


@pytest.mark.parametrize("text", ["I pray to the Tide Mother for the souls lost on the rocks",
                                  "Tova kneels by the hearth and says a prayer for the drowned sailors"])
def test_a_prayer_that_casts_nothing_is_said_to_no_one_here(text):
    # Hesper stands in the taproom, but a prayer is not said to her; and "Mother" asks after no Brother.
    intent = _parse(text, "Tarred Gull Inn", actor="Tova")
    assert (intent.kind, intent.target, intent.clarify) == ("roleplay", None, None)


@pytest.mark.parametrize("text", ["we divvy up the silver from the chest",
                                  "I'd be grateful if we could share the coins evenly between the four of us"])
def test_sharing_out_the_loot_is_inventory(text):
    assert _parse(text, "Wrecker Caves").kind == "inventory"


def test_a_recap_opened_with_yeah_is_still_the_story_so_far():
    intent = _parse("yeah yeah we already asked her about the lamp, anyway I go to the docks", "Tarred Gull Inn")
    assert (intent.kind, intent.destination) == ("exploration", "Kettlecove Docks")


@pytest.mark.parametrize("text", ["I rack my brains for anything I've read about drowned chapels",
                                  "Idris searches his memory for the old tide prayers"])
def test_racking_ones_memory_is_recalling_lore(text):
    assert _parse(text, "Wrecker Caves", "Idris").kind == "skill_check"


@pytest.mark.usefixtures("rules_alone")
@pytest.mark.parametrize("text", ["I put an arrow between the crab's eyestalks",
                                  "my heart says run, my gut says stay. I put a bolt in the thug."])
def test_a_weapon_put_in_a_foe_is_a_blow_and_an_inner_voice_is_no_talk(text):
    assert parse_at(text, "Wrecker Caves", "Wren", ["Giant Crab", "Wrecker Thug"]).kind == "combat"
    # Out of a fight, the same verb with a thing of the place still works the place.
    assert _parse("I set the reliquary between the candles in the niche", "Drowned Chapel").kind == "puzzle"


@pytest.mark.usefixtures("rules_alone")
@pytest.mark.parametrize(("text", "where", "kind"), [
    ("Softly, quietly, to the Tide Mother: 'Keep them, please.'", "Drowned Chapel", "roleplay"),
    ("I quietly slip the ledger out from under the pile", "Kettlecove Docks", "skill_check"),
])
def test_quietly_said_is_how_words_go_and_quietly_done_is_unseen(text, where, kind):
    assert _parse(text, where, "Tova").kind == kind
