"""Healing said plainly, on the sample campaign: in a fight "heal Bram" is a spell or a potion's work on the
turn (combat, as the guide has healing spells cast in a fight); out of one it is a Medicine check; a healing
potion drunk is still a potion drunk."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at

SAILORS = ["Drowned Sailor", "Drowned Sailor"]


def _parse(text: str, fight: bool):
    return parse_at(text, "Drowned Chapel", "Tova", SAILORS if fight else None)


@pytest.mark.parametrize("text", ["heal Bram", "wren's down, I heal her"])
def test_healing_in_a_fight_is_a_fight_action(text):
    assert _parse(text, fight=True).kind == "combat"


def test_healing_out_of_a_fight_is_a_check():
    # Control: with no fight on, tending someone is Medicine.
    assert _parse("heal Bram", fight=False).kind == "skill_check"


def test_a_healing_potion_drunk_in_a_fight_is_a_potion():
    # Control: "healing" naming the potion is no spell.
    assert _parse("I drink my healing potion", fight=True).kind == "inventory"


def test_a_question_about_a_spell_whose_name_ends_in_ed_asks():
    # "sacred" is no participle: "is sacred flame ..." asks how things stand.
    assert _parse("is sacred flame any good against these sailors", fight=True).kind == "question"


def test_hit_points_are_no_hit():
    assert _parse("my hit points are low so I drink my potion", fight=True).kind == "inventory"
