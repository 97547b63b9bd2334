"""Who words are for: a lone "her" beside the one woman here, a companion hailed to open the message, and a
person named inside what is said to someone else. Written for this test apart from every blind set and read
by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")


@pytest.mark.parametrize(("text", "kind"), [
    ("I hand her a bit of dried fish from my pack", "inventory"),
    ("can I tell if she's bluffing?", "skill_check"),
    ("I smile at her and ask how long she's been up here in the wind", "roleplay"),
])
def test_a_lone_her_is_the_one_woman_standing_here(text: str, kind: str) -> None:
    intent = parse_at(text, "Gannet Point", "Idris")
    assert (intent.kind, intent.target) == (kind, "Nessa Rook")


def test_her_beside_two_men_and_no_woman_stays_open() -> None:
    # At the docks stand Vell and Pim: "her" could be no one there.
    assert parse_at("I hand her a bit of dried fish from my pack", "Kettlecove Docks", "Idris").target is None


def test_in_a_fight_her_is_no_bystander() -> None:
    intent = parse_at("she roars and brings her hammer down on the brute", "Gannet Point", "Tova", ["Wrecker Thug"])
    assert (intent.kind, intent.target) == ("combat", "Wrecker Thug")


@pytest.mark.parametrize(("text", "location", "actor", "target"), [
    ("Idris, not now. Vell is watching us.", "Kettlecove Docks", "Wren", "Idris"),
    ('Tova mutters: "Bram, don\'t you dare. Hesper has been good to us."', "Tarred Gull Inn", "Tova", "Bram"),
    ('"Wren," I whisper, "the boy is lying to us."', "Kettlecove Docks", "Bram", "Wren"),
])
def test_talk_opening_on_a_companions_name_is_for_them(text: str, location: str, actor: str, target: str) -> None:
    intent = parse_at(text, location, actor)
    assert (intent.kind, intent.target) == ("roleplay", target)


def test_a_companion_named_later_in_the_talk_does_not_take_it() -> None:
    intent = parse_at("I ask Hesper, not Bram, whether the stew is fresh", "Tarred Gull Inn", "Wren")
    assert (intent.kind, intent.target) == ("roleplay", "Hesper Quill")


@pytest.mark.parametrize(("text", "location", "target"), [
    ("I tell the girl Crowe is already in irons, so she may as well talk", "Gannet Point", "Nessa Rook"),
    ("I tell the boy Vell sent us", "Kettlecove Docks", "Pim Lowrie"),
    ("I tell mister Lowrie the harbormaster wants him", "Kettlecove Docks", "Pim Lowrie"),
])
def test_someone_named_in_what_is_said_is_only_talked_of(text: str, location: str, target: str) -> None:
    intent = parse_at(text, location, "Wren")
    assert (intent.kind, intent.target) == ("roleplay", target)


@pytest.mark.parametrize("text", [
    # Vell sells rope, lanterns and oil; Pim sells "fishing gear" and gossip.
    "Eight silver for the lantern and not a copper more",
    "a flask of oil off the gear stall for a silver, I'll take two",
])
def test_a_price_named_for_a_ware_is_said_to_its_seller(text: str) -> None:
    assert parse_at(text, "Kettlecove Docks", "Bram").target == "Osric Vell"


def test_a_number_in_someones_description_does_not_name_them() -> None:
    # Pim is "a boy of about ten": ten coins are a price, not the boy.
    assert parse_at("ten silver for the rope, it's frayed", "Kettlecove Docks", "Bram").target == "Osric Vell"


@pytest.mark.parametrize(("text", "location", "target"), [
    # Crowe "keeps" a crab and "keeps" his cutlass oiled; Nessa "watches" the Point.
    ("I crouch by the old man and keep my voice low: \"Are you hurt?\"", "Wrecker Caves", "Aldous Penn"),
    ("I keep an eye out and ask the lad where Vell keeps his ledger", "Kettlecove Docks", "Pim Lowrie"),
])
def test_the_speakers_own_verb_describes_no_one(text: str, location: str, target: str) -> None:
    assert parse_at(text, location, "Wren").target == target


def test_a_blow_at_him_is_at_the_foe_though_someone_is_named_after() -> None:
    intent = parse_at("I hit him, then yell at Hesper to get behind the bar", "Tarred Gull Inn", "Bram", ["Wrecker Thug"])
    assert (intent.kind, intent.target) == ("mixed", "Wrecker Thug")


@pytest.mark.parametrize(("text", "location", "target"), [
    ("I grab the hooded lantern from under the sailcloth", "Kettlecove Docks", None),  # picked up, not ordered
    ("grab me a pint off the bar, Hesper", "Tarred Gull Inn", "Hesper Quill"),  # asked of her: the order
    ("I take a lantern from Vell", "Kettlecove Docks", "Osric Vell"),
])
def test_a_ware_taken_out_of_somewhere_is_picked_up_not_ordered(text: str, location: str, target: str | None) -> None:
    intent = parse_at(text, location, "Wren")
    assert (intent.kind, intent.target) == ("inventory", target)


@pytest.mark.parametrize(("text", "location", "target"), [
    ("ask her how long she's been up here and if the keeper is still alive", "Gannet Point", "Nessa Rook"),
    ("I ask the girl when the boats went out, and whether the innkeeper knew", "Gannet Point", "Nessa Rook"),
])
def test_someone_named_only_in_what_is_asked_is_not_the_one_asked(text: str, location: str, target: str) -> None:
    # The keeper and the innkeeper are away; what is asked about them is asked of the one standing here.
    intent = parse_at(text, location, "Tova")
    assert (intent.kind, intent.target) == ("roleplay", target)


def test_the_one_asked_is_still_the_one_named_before_what_is_asked() -> None:
    intent = parse_at("I ask Hesper if Vell has paid his tab this month", "Tarred Gull Inn", "Tova")
    assert (intent.kind, intent.target) == ("roleplay", "Hesper Quill")


@pytest.mark.parametrize("text", [
    "Wren hisses 'Call your dog off, Silas!' and stabs at the thug",
    "I slash at the thug. 'It's over, Crowe, drop the blade!'",
])
def test_a_foe_hailed_in_a_taunt_beside_a_blow_is_not_the_one_struck(text: str) -> None:
    intent = parse_at(text, "Wrecker Caves", "Wren", ["Silas Crowe", "Wrecker Thug", "Giant Crab"])
    assert (intent.kind, intent.target) == ("combat", "Wrecker Thug")


@pytest.mark.parametrize(("text", "location", "enemies", "target"), [
    ("while Tova keeps the big one busy I slip round behind him and stab him", "Kettlecove Docks",
     ["Wrecker Thug"], "Wrecker Thug"),
    ("before they get to Idris I sacred flame the nearest one", "Drowned Chapel", ["Drowned Sailor"], "Drowned Sailor"),
])
def test_someone_named_in_a_clause_that_says_when_is_not_the_one_aimed_at(text, location, enemies, target) -> None:
    intent = parse_at(text, location, "Wren", enemies)
    assert (intent.kind, intent.target) == ("combat", target)


def test_a_foe_chased_after_is_still_the_one_aimed_at() -> None:
    intent = parse_at("I use my action to help Bram go after the thug", "Kettlecove Docks", "Wren", ["Wrecker Thug"])
    assert intent.target == "Wrecker Thug"


def test_a_word_of_a_foe_before_a_plural_everyday_noun_is_that_foe() -> None:
    # "the drowned guys" are Drowned Sailors, as "the drowned guy" is: no other "guy" named in the world.
    intent = parse_at("sacred flame on one of the drowned guys", "Drowned Chapel", "Tova", ["Drowned Sailor"])
    assert (intent.kind, intent.target) == ("combat", "Drowned Sailor")
