"""A very polite player, on the sample campaign: leave asked ("if I may"), thanks and apologies to the table
wrap a plain act and change nothing; asking to be told what one's own sheet holds asks the DM; thanks said
to someone there is still said to them."""

from __future__ import annotations

import pytest

from engine.play.courtesy import without_courtesy
from tests.engine.play.blind_world import parse_at

_FIGHT = {"Kettlecove Docks": ["Wrecker Thug", "Wrecker Thug"], "Wrecker Caves": ["Wrecker Thug", "Giant Crab"]}


def _parse(text: str, where: str, fight: bool = False):
    return parse_at(text, where, "Bram", _FIGHT[where] if fight else None)


@pytest.mark.parametrize(("text", "plain"), [
    ("I'd like to search the net shed, if I may.", "I'd like to search the net shed."),
    ("If it's not too much trouble, could you roll for me?", "could you roll for me?"),
    ("Thank you, DM. I open the door.", "I open the door."),
    ("Terribly sorry, a quick question first: is it still raining?", "is it still raining?"),
    ("I drink my potion and then, if you don't mind, I swing at him", "I drink my potion and then, I swing at him"),
])
def test_formulas_of_courtesy_are_taken_out(text, plain):
    assert without_courtesy(text) == plain


@pytest.mark.parametrize("text", [
    "Thank you kindly for the stew, Hesper",  # says more than the formula: speech to her
    "thank you!",  # nothing but courtesy: left as the player said it
    "I beg your pardon for the mess, Mrs Quill",
])
def test_courtesy_that_says_more_is_left_whole(text):
    assert without_courtesy(text) == text


def test_leave_asked_keeps_the_order_of_the_acts():
    # "... and then, if I may, strike ..." was one act: the "then" was lost behind the courtesy.
    intent = _parse("Thank you, DM. I'd like to drink my potion of healing first and then, if I may, "
                    "swing my longsword at the crab.", "Wrecker Caves", fight=True)
    assert (intent.kind, [p.kind for p in intent.parts]) == ("mixed", ["inventory", "combat"])


@pytest.mark.parametrize(("text", "where", "kind"), [
    ("I do apologise. Would it be awfully rude if I searched the harbor office desk?", "Kettlecove Docks",
     "exploration"),
    ("So sorry to be a pain. I'd like to take a short rest here, if that's alright.", "Gannet Point", "rest"),
])
def test_an_act_wrapped_in_courtesy_is_the_act(text, where, kind):
    assert _parse(text, where).kind == kind


@pytest.mark.parametrize("text", [
    "If it's no bother, could you tell me how many arrows I have left?",
    "Sorry to interrupt - could you remind me whether we still have the rope?",
    "would you let me know if I've got any healing potions left",
])
def test_asking_to_be_told_what_one_holds_asks_the_dm(text):
    # Someone stands there (Osric, Pim), but what the player's own sheet holds is the DM's to tell.
    assert _parse(text, "Kettlecove Docks").kind == "question"


def test_asking_someone_hailed_is_still_talk():
    # Control: hailed by name, the "you" is Hesper, even about the player's own tab.
    intent = _parse("Hesper, could you tell me how much I have left on my tab?", "Tarred Gull Inn")
    assert (intent.kind, intent.target) == ("roleplay", "Hesper Quill")
