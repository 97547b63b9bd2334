"""Turns typed as code ("bram.search(desk)", "sneak_up_on(thugs)  # the two by the door", "move --to caves") are
read as the words inside the syntax, and each spell cast by name in a fight is an act of its own. Written for
this test apart from every blind set and read by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from engine.play.code_typed import as_prose
from tests.engine.play.blind_world import parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")


@pytest.mark.parametrize(("typed", "prose"), [
    ("wren.pick_lock(office_door)", "pick lock office door"),
    ("hide(behind='the nets')  # pim can't see me", "hide the nets (pim can't see me)"),
    ("if crab.hp < 10: bram.attack(crab)", "if crab's hp < 10: attack crab"),
    ("travel --to docks --fast", "travel to docks fast"),
    ("say(nessa, 'we mean no harm')", "say nessa, 'we mean no harm'"),
    ("// how many arrows left", "how many arrows left"),
    ("heal(target(nearest(ally(hurt(bram)))))", "heal target nearest ally hurt bram"),  # calls inside calls
    ("buy(item='rope') => go_to(gannet point)", "buy rope => go to gannet point"),
])
def test_code_syntax_is_read_off_into_words(typed: str, prose: str) -> None:
    assert as_prose(typed) == prose


@pytest.mark.parametrize("typed", [
    "I go (OOC: heading out) to the docks",  # a bracket in prose is no call
    "Bram swings at the crab. Wren hides.",
    "#1 priority: find the keeper",  # a number sign opening prose is no comment
    "I sneak past the guard(s) #stealthy then open the door",  # a plural's ending in brackets is no call
    "I search the crate(s) -- rules at https://example.org/basic-rules -- then head to the point",  # a link
    "Bram's HP=12, is DC = 15 right?",  # an "=" outside a call names no argument
])
def test_prose_is_left_as_typed(typed: str) -> None:
    assert as_prose(typed) == typed


@pytest.mark.parametrize(("text", "location", "enemies", "kind", "target"), [
    # A comment says something about the act; it names no one on its own ("lighthouse" is no keeper here).
    ("sneak_up_on(thugs)  # the pair by the lighthouse door", "Gannet Point", None, "skill_check", "Wrecker Thug"),
    # A string is a spot or a name, not words said to someone.
    ("cast('sleep', area='the thugs by the bollards')  # pim's over by the nets", "Kettlecove Docks",
     ["Wrecker Thug"], "combat", "Wrecker Thug"),
    ("order(hesper, 'two ales')  # one for wren", "Tarred Gull Inn", None, "inventory", "Hesper Quill"),
    ("drink(potion_of_healing)", "Tarred Gull Inn", None, "inventory", None),
])
def test_a_turn_typed_as_code_is_the_act_it_calls(text, location, enemies, kind, target) -> None:
    intent = parse_at(text, location, "Wren", enemies)
    assert (intent.kind, intent.target) == (kind, target)


@pytest.mark.parametrize("text", [
    "I cast cure wounds on Bram and then cast guiding bolt on the thug",
    "cast cure wounds bram; cast guiding bolt thug",
    "tova.cast(cure_wounds, bram); tova.cast(guiding_bolt, thug)",
])
def test_two_spells_cast_in_a_fight_are_two_acts_aimed_first_at_the_one_named_first(text: str) -> None:
    intent = parse_at(text, "Gannet Point", "Tova", ["Wrecker Thug"])
    assert (intent.kind, intent.target) == ("combat", "Bram")
    assert [p.kind for p in intent.parts] == ["combat", "combat"]
