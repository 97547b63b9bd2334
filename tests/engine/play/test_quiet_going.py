"""Going quietly to a place named by its name is going there (the guide: "moving to a connected place,
however quietly, is exploration with that destination"); sneaking up on someone, or to a spot in the
place, is still a Stealth check."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at


@pytest.mark.parametrize(("text", "where", "destination"), [
    ("I tiptoe back down to the docks so the thugs don't hear", "Gannet Point", "Kettlecove Docks"),
    ("we slink back to the Gull keeping to the shadows", "Kettlecove Docks", "Tarred Gull Inn"),
    ("I creep up to the point, staying low", "Kettlecove Docks", "Gannet Point"),
])
def test_going_quietly_to_a_named_place_goes_there(text, where, destination):
    intent = parse_at(text, where, "Wren")
    assert intent.kind == IntentKind.EXPLORATION
    assert intent.destination == destination


@pytest.mark.parametrize(("text", "where"), [
    # controls: toward a person or a spot here, the quiet is the feat
    ("I sneak up on Nessa while she watches the sea", "Gannet Point"),
    ("I creep along under the harbor office window, keeping low", "Kettlecove Docks"),
])
def test_sneaking_up_on_someone_or_to_a_spot_is_a_check(text, where):
    intent = parse_at(text, where, "Wren")
    assert intent.kind == IntentKind.SKILL_CHECK
    assert intent.destination is None
