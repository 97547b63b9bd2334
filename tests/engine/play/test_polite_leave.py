"""Asking the table's leave in the politest words is the act itself (the guide's requests put as questions),
read by the rules alone; wondering about the world stays a question. Written apart from every blind set."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.blind_world import case_world

pytestmark = pytest.mark.usefixtures("rules_alone")


def _parse(text: str, location: str, actor: str = "Idris"):
    return parse(text, case_world({"location": location, "in_combat": False, "enemies": [], "actor": actor}), actor)


@pytest.mark.parametrize("text, location, kind", [
    ("Does anybody mind if I take a short rest while you two argue?", "Tarred Gull Inn", "rest"),
    ("would everyone mind awfully if I searched the net shed", "Kettlecove Docks", "exploration"),
    ("I was wondering if I could have a proper look around the oil store", "Gannet Point", "exploration"),
    ("We wonder if we might rest here an hour before going on.", "Gannet Point", "rest"),
])
def test_asking_leave_politely_is_the_act(text: str, location: str, kind: str) -> None:
    intent = _parse(text, location)
    assert (intent.kind, intent.question) == (kind, False)


def test_wondering_about_the_world_is_still_a_question() -> None:
    intent = _parse("I wonder if the keeper is still alive down there?", "Gannet Point")
    assert intent.kind == "question"
