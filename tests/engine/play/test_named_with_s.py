"""A person named only with "'s" ("Crowe's out cold", "Vell's desk") is told of or owns a thing: nobody speaks
to them, so the act beside it is the turn. Read by the rules alone, as with no second opinion shipped."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")


def test_a_person_told_of_with_s_is_not_spoken_to():
    assert parse_at("since Crowe's out cold I grab the silver box from the sea chest", "Wrecker Caves",
                    "Wren").kind == IntentKind.INVENTORY


def test_a_person_spoken_to_is_still_spoken_to():
    # a control: a speech verb beside the name
    assert parse_at("since Crowe's awake I ask him where the keeper is", "Wrecker Caves", "Wren").kind \
        == IntentKind.ROLEPLAY
