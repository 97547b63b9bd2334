"""The story so far and talk to the table, on the sample campaign: a recap told in the past before the turn
is no act and goes nowhere; a stock phrase to the table ("where were we", "asking for a friend") asks and does
nothing; chat words drawn out or slang are read as what they are, not folded onto a cue."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from engine.play.typos import correct
from tests.engine.play.blind_world import case_world, parse_at


def _parse(text: str, where: str, actor: str = "Bram"):
    return parse_at(text, where, actor)


def test_a_place_passed_through_in_the_recap_is_no_destination():
    intent = _parse("We already rested at the inn, so I just walk over to Vell and ask about the fees.",
                    "Kettlecove Docks", "Tova")
    assert (intent.kind, intent.destination, intent.target) == ("roleplay", None, "Osric Vell")


@pytest.mark.parametrize(("text", "where", "kind"), [
    # what I have done already, beside a question
    ("I have searched the boats already. what time is it?", "Kettlecove Docks", "question"),
    # a verb joined by "and" shares the told subject
    ("we climbed up here from the docks and chased off the lookout. I go into the lighthouse.", "Gannet Point",
     "exploration"),
    # every deed in a recap list is told
    ("Last time we paid Pim to row us in, fought the crab, and got Aldous out. How many hit dice have I got left?",
     "Wrecker Caves", "question"),
    # a plural noun as the told subject
    ("the sailors already drank the whole barrel. I search the crates for anything dry", "Wrecker Caves",
     "exploration"),
])
def test_the_deeds_of_a_recap_are_no_acts(text, where, kind):
    assert _parse(text, where, "Tova").kind == kind


def test_the_act_after_a_recap_still_counts():
    # Control: the move told now is the turn, the recap's fights and purchases are not.
    intent = _parse("Last session we killed two thugs on the docks and bought rope off Vell. "
                    "So now I head up the cliff path to the point.", "Kettlecove Docks")
    assert (intent.kind, intent.destination) == ("exploration", "Gannet Point")


@pytest.mark.parametrize(("text", "where", "kind"), [
    ("Right, where were we. Nessa ran off after we scared her. I try to track her down the path.",
     "Gannet Point", "skill_check"),
    ("do I get a free search before we head out? asking for a friend", "Tarred Gull Inn", "question"),
    ("i pour the oil into the reservoir, what could possibly go wrong", "Gannet Point", "puzzle"),
])
def test_a_stock_phrase_to_the_table_is_no_act_and_no_question(text, where, kind):
    assert _parse(text, where, "Wren").kind == kind


def test_a_stock_phrase_said_alone_is_left_to_the_reading():
    # Control: "thank you" on its own to someone is still words to them.
    assert _parse("thank you, Hesper", "Tarred Gull Inn").kind == "roleplay"


@pytest.mark.parametrize(("typed", "meant"), [("nooooo", "no"), ("sooo", "so"), ("goood", "good"),
                                               ("attaaack", "attack"), ("stabbbb", "stab")])
def test_a_word_drawn_out_for_effect_is_the_word(typed, meant):
    assert correct(typed, frozenset({"attack", "stab", "roll"})) == meant


@pytest.mark.parametrize(("typed", "not_meant"), [("rofl", "roll"), ("yall", "yell")])
def test_chat_slang_is_no_typo_of_a_cue(typed, not_meant):
    assert correct(typed, frozenset({"roll", "yell", "kind"})) != not_meant



@pytest.mark.parametrize(("text", "where"), [
    # "tell me" with no one hailed is said to whoever runs the table
    ("how much oil is left in the reservoir?? tell me tell me", "Gannet Point"),
    ("ok tell me, how many hit dice do I have left", "Tarred Gull Inn"),
    # slang that only says "honestly"
    ("real talk, is the harbormaster's office still locked", "Kettlecove Docks"),
    # the same in old-fashioned English
    ("Pray, what hour is it now? We have been walking since dawn.", "Gannet Point"),
    ("Tell me honestly, how many silver pieces remain in my purse?", "Tarred Gull Inn"),
])
def test_words_to_the_listener_add_nothing_to_a_question(text, where):
    assert _parse(text, where, "Wren").kind == "question"


def test_tell_me_said_to_someone_hailed_is_still_talk():
    # Control: with a name hailed first, "tell me" is said to them.
    intent = _parse("Pim, tell me who rowed out that night?", "Kettlecove Docks")
    assert (intent.kind, intent.target) == ("roleplay", "Pim Lowrie")


def test_a_span_someone_else_spoke_of_is_no_rest():
    intent = _parse("How long before the tide fills this cave? Pim said about three hours. Still true?",
                    "Wrecker Caves", "Tova")
    assert intent.kind == "question"


@pytest.mark.parametrize("text", ["do crabs take extra damage from bludgeoning",
                                  "do these thugs have any healing potions on them"])
def test_do_then_a_subject_then_its_verb_asks(text):
    assert _parse(text, "Wrecker Caves").kind == "question"


def test_do_then_the_thing_to_do_orders_it():
    # Control: "do" with what is done after it is an act, not a question.
    assert _parse("do a quick search of the crates", "Wrecker Caves").kind == "exploration"


@pytest.mark.parametrize(("typed", "meant"), [("givin", "giving"), ("readin", "reading"), ("rollin", "rolling")])
def test_an_ing_said_without_its_g_is_the_word(typed, meant):
    assert correct(typed, frozenset({"give", "read", "roll"})) == meant


def test_a_word_ending_in_in_is_left_alone():
    # Control: "cabin" and "begin" are words of their own.
    assert [correct(w, frozenset()) for w in ("cabin", "begin")] == ["cabin", "begin"]


@pytest.mark.parametrize(("text", "act"), [("what time is it now. ok, I climb up to the ledge", "skill_check"),
                                           ("how many arrows have I got left. right, I shoot the crab", "combat")])
def test_a_question_typed_without_its_mark_ends_with_its_sentence(text, act):
    intent = parse(text, case_world({"location": "Wrecker Caves", "in_combat": False, "enemies": []}), "Wren")
    assert (intent.kind, [p.kind for p in intent.parts]) == ("mixed", ["question", act])


@pytest.mark.parametrize(("text", "where", "kind"), [
    ("Camp? Here? With ghosts in the pews? Sure, what's the worst that can happen. Short rest.", "Drowned Chapel",
     "rest"),
    ("A trapdoor under the barrels. Who saw that coming. I climb down it.", "Gannet Point", "skill_check"),
])
def test_sarcasm_asks_nothing(text, where, kind):
    assert _parse(text, where, "Bram").kind == kind


@pytest.mark.parametrize(("act", "where", "said_after"), [
    ("I pick the lock on the office door", "Kettlecove Docks", "it's giving heist movie"),
    ("I shove the trapdoor open", "Gannet Point", "and it drops with a bang"),
])
def test_what_a_thing_does_is_no_act_of_the_character(act, where, said_after):
    alone = _parse(act, where, "Wren")
    assert _parse(f"{act}, {said_after}", where, "Wren").kind == alone.kind != "mixed"


def test_an_it_clause_after_if_still_leaves_the_act_after_it():
    # Control: "if it's late" sets a condition; "we sleep" is the act.
    assert _parse("what time is it? if it's late we sleep", "Tarred Gull Inn").kind == "mixed"


@pytest.mark.parametrize("text", [
    "May I ask whether the harbormaster's office is locked at night",
    "might I enquire if we have time before the tide turns"])
def test_leave_to_ask_whether_is_a_question(text):
    assert _parse(text, "Kettlecove Docks", "Tova").kind == "question"


def test_leave_to_ask_someone_is_still_talk():
    # Control: asked of someone there, it is words to them.
    assert _parse("may I ask Vell where he was that night", "Kettlecove Docks", "Tova").kind == "roleplay"


@pytest.mark.parametrize("text, where", [
    ("wait, did you say the lookout had a whistle or a horn?", "Gannet Point"),
    ("you mentioned a ledger on his desk - what's written in it?", "Kettlecove Docks"),
])
def test_the_you_who_described_the_scene_is_the_dm(text, where):
    # Someone stands there, but "you said" / "you mentioned" points at whoever told the scene: the DM.
    assert _parse(text, where, "Wren").kind == "question"


def test_asking_the_one_there_is_still_talk():
    # Control: "you" with no telling of the scene is said to the person there.
    assert _parse("did you see the lookout go down the trapdoor?", "Gannet Point", "Wren").kind == "roleplay"


@pytest.mark.parametrize("text", ["mind if I go over to the crab pool and have a look?", "have a look?"])
def test_having_a_look_put_as_a_question_is_the_look(text):
    assert _parse(text, "Wrecker Caves", "Wren").kind == "exploration"


@pytest.mark.parametrize(("text", "where", "kind"), [
    # someone else's deed told with "the", then the party's own going
    ("so the lamp's lit and the girl ran off, and then we head back down to the boats", "Gannet Point", "exploration"),
    # "had to" is what was needed then; a name before a verb in the past is its subject, not a hail
    ("Nessa blew that whistle last time and we had to run. I tackle her before she can blow it", "Gannet Point",
     "combat"),
])
def test_what_others_did_and_what_had_to_be_done_are_the_story_so_far(text, where, kind):
    world = case_world({"location": where, "in_combat": False, "enemies": [], "actor": "Wren"})
    assert parse(text, world, "Wren").kind == kind
