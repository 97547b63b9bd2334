"""How a message reaches the table, on the sample campaign: a whisper command to the DM ("/w DM") is no word of
the message, dictation software's spoken punctuation and its "by" for "buy" are read as meant, a condition
opening the message is no act, and a purchase made for a friend is
bought from whoever sells the ware."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at


def _parse(text: str, where: str, actor: str = "Idris"):
    return parse_at(text, where, actor)


@pytest.mark.parametrize("text", ["/w DM can Pim actually see the harbor office from the net shed?",
                                  "@DM does Vell know we took the tally board?"])

def test_a_whisper_to_the_dm_is_a_question_to_the_dm(text):
    assert _parse(text, "Kettlecove Docks").kind == "question"


@pytest.mark.parametrize(("text", "target"), [("by three flasks of oil for bram", "Osric Vell"),
                                              ("i'd like to by the rope please", "Osric Vell")])
def test_dictated_by_for_buy_is_a_purchase_from_the_seller(text, target):
    intent = _parse(text, "Kettlecove Docks")
    assert (intent.kind, intent.target) == ("inventory", target)


@pytest.mark.parametrize("text", ["I wait by the door", "by the way, I ask Pim about the boat"])
def test_by_as_a_preposition_buys_nothing(text):
    # Control: "by the door", "by the way" are no purchase.
    assert _parse(text, "Kettlecove Docks").kind != "inventory"


def test_spoken_punctuation_splits_the_sentences():
    intent = _parse("how many hit dice do I have left question mark we take a short rest period", "Wrecker Caves")
    assert intent.kind == "mixed" and [p.kind for p in intent.parts] == ["question", "rest"]


def test_a_condition_opening_the_message_is_no_act():
    intent = _parse("If the innkeeper pours me a drink, I pay her.", "Tarred Gull Inn", "Wren")
    assert (intent.kind, intent.parts) == ("inventory", [])


def test_a_name_after_if_is_its_subject_not_a_hail():
    intent = _parse("If Pim takes a copper, I give him one and ask who was on the quay that night.",
                    "Kettlecove Docks", "Tova")
    assert intent.kind == "mixed"


def test_the_seller_of_a_ware_is_the_one_bought_from():
    intent = _parse("buy some fishing tackle", "Kettlecove Docks")
    assert (intent.kind, intent.target) == ("inventory", "Pim Lowrie")
