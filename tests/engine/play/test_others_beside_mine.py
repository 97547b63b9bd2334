"""Beside the character's own act, what another named person does is theirs and adds no part (the guide: "what
another named party member does in the same message adds no part"), so the turn and its target are the
character's own."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from tests.engine.play.blind_world import parse_at


@pytest.mark.parametrize(("text", "actor", "kind", "target"), [
    ("Idris searches the crates while I attack the crab", "Bram", IntentKind.COMBAT, "Giant Crab"),
    ("Tova heals Bram while I shoot the crab", "Wren", IntentKind.COMBAT, "Giant Crab"),
])
def test_another_named_persons_act_beside_mine_is_theirs(text, actor, kind, target):
    intent = parse_at(text, "Wrecker Caves", actor, ["Giant Crab"])
    assert intent.kind == kind
    assert intent.target == target
    assert intent.parts == []


def test_a_potion_drunk_while_another_shoves_is_the_potion():
    intent = parse_at("Bram shoves the crab back and I drink my potion", "Wrecker Caves", "Wren", ["Giant Crab"])
    assert intent.kind == IntentKind.INVENTORY


def test_my_own_name_telling_my_act_still_counts():
    # a control: the player tells their own character's deed in the third person
    intent = parse_at("Idris drinks his potion and I step back from the pool", "Wrecker Caves", "Idris",
                      ["Giant Crab"])
    assert intent.kind != IntentKind.COMBAT
