"""A player thinking aloud, on the sample campaign: a turn taken back is replaced by what they finally do, and
a question they answer themselves asks the DM nothing. Going to bed is a rest; the speaker's own room is no
place elsewhere on the map."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at

_FIGHT = {"Wrecker Caves": ["Silas Crowe", "Wrecker Thug", "Giant Crab"],
          "Drowned Chapel": ["Drowned Sailor", "Drowned Sailor"]}


def _parse(text: str, where: str, actor: str = "Bram", fight: bool = False):
    return parse_at(text, where, actor, _FIGHT[where] if fight else None)


@pytest.mark.parametrize(("text", "where", "fight", "kind"), [
    ("I swing at the crab - no wait, I drink my potion instead", "Wrecker Caves", True, "inventory"),
    ("ok I hide behind the rocks... actually scratch that, I shoot Crowe", "Wrecker Caves", True, "combat"),
    ("hmm, should I fight the ghost? nope. I put the reliquary in the niche", "Drowned Chapel", False, "puzzle"),
    ("let's search the cave. on second thought we rest first", "Wrecker Caves", False, "rest"),
    ("I start climbing the tower - hold on, I'll just ask Nessa to open the door", "Gannet Point", False,
     "roleplay"),
])
def test_only_what_the_player_finally_does_is_the_turn(text, where, fight, kind):
    assert _parse(text, where, "Wren", fight).kind == kind


def test_a_spell_begun_and_broken_off_is_not_cast():
    intent = _parse("Magic Missile at the - hang on. how many sailors are still up?", "Drowned Chapel",
                    "Idris", fight=True)
    assert (intent.kind, intent.spell) == ("question", None)


def test_an_amended_order_is_still_the_order():
    # Control: "actually make that two" amends the purchase, it takes nothing back.
    assert _parse("I buy rope from Vell. Actually make that two coils.", "Kettlecove Docks", "Wren").kind \
        == "inventory"


def test_the_one_hailed_is_still_spoken_to_after_a_change_of_mind():
    # Control: the hail before the change of mind is kept.
    intent = _parse("Hesper, an ale - no wait, make it a rum", "Tarred Gull Inn", "Tova")
    assert intent.target == "Hesper Quill"


@pytest.mark.parametrize(("text", "where", "kind"), [
    ("down through the trapdoor. wait, do we have rope? yeah Tova has rope. ok down we go", "Gannet Point",
     "exploration"),
])
def test_a_question_the_player_answers_themselves_asks_nothing(text, where, kind):
    assert _parse(text, where, "Bram").kind == kind


def test_a_question_waiting_on_an_answer_still_asks():
    # Control: "no?" waits on the DM; the question stands beside the act.
    intent = _parse("is the door locked? no? then I push it open", "Gannet Point")
    assert intent.kind != "exploration" or intent.question


@pytest.mark.parametrize("text", ["nevermind the stew, I go up to bed", "time to go up to bed"])
def test_going_to_bed_is_a_rest(text):
    assert _parse(text, "Tarred Gull Inn", "Idris").kind == "rest"


def test_my_room_at_the_inn_is_no_room_elsewhere():
    intent = _parse("I head up to my room and turn in", "Tarred Gull Inn", "Idris")
    assert intent.destination is None


@pytest.mark.parametrize(("typed", "where"), [("I heard something below. I hang the lantern on the hook and listen",
                                               "Gannet Point")])
def test_words_an_old_dictionary_lacks_are_no_typos(typed, where):
    # "heard" is no "head", "hang" no "hand": the two dictionaries together know them.
    assert _parse(typed, where).kind == "exploration"
