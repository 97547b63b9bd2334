"""A check read on someone misspelt ("roll intimidation on vel", "insight on hester") is read on that person,
and haggling over a ware is said to whoever sells it here."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.test_understanding import _world


@pytest.mark.parametrize(("text", "where", "person"), [
    ("roll intimidation on vel, he's sweating", "Kettlecove Docks", "Osric Vell"),
    ("rolling insight on hester, is she covering for someone", "Tarred Gull Inn", "Hesper Quill"),
    ("deception check on nesa", "Gannet Point", "Nessa Rook"),
])
def test_a_check_on_a_misspelt_name_is_on_that_person(text, where, person):
    intent = parse(text, _world(where), "Wren")
    assert (intent.kind, intent.target) == ("skill_check", person), (text, intent)


def test_haggling_over_a_ware_is_said_to_the_one_who_sells_it():
    # Pim stands at the docks too, but only the harbormaster sells lanterns.
    intent = parse("haggle the hooded lantern: 5gp is robbery, I offer 3", _world("Kettlecove Docks"), "Wren")
    assert (intent.kind, intent.target) == ("roleplay", "Osric Vell")
