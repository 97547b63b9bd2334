"""Whose deed the words tell: what someone is talked into, what a text says, a check named by a player telling
their turn in the third person or through a modal, dropped letters of dialect. Written for this test apart
from every blind set and read by the rules alone (the second opinion switched off)."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.blind_world import case_world, parse_at

pytestmark = pytest.mark.usefixtures("rules_alone")


def _parse(text: str, location: str, actor: str = "Wren", enemies: list[str] | None = None):
    return parse_at(text, location, actor, enemies)


@pytest.mark.parametrize(("text", "location", "target"), [
    ("I try to con Hesper into handing over a free bottle of the red", "Tarred Gull Inn", "Hesper Quill"),
    ("I persuade Vell to give us the ledger", "Kettlecove Docks", "Osric Vell"),
    ("I sweet-talk Hesper into a free room", "Tarred Gull Inn", "Hesper Quill"),
])
def test_what_someone_is_talked_into_is_their_deed_not_the_speakers(text: str, location: str, target: str) -> None:
    intent = _parse(text, location)
    assert (intent.kind, intent.target) == ("roleplay", target)


def test_leaving_asked_of_someone_else_takes_the_party_nowhere() -> None:
    # The inn has one way out, so "leave" alone would walk the party to the docks.
    intent = _parse("I convince Hesper to bar the door and leave", "Tarred Gull Inn")
    assert (intent.kind, intent.destination) == ("roleplay", None)
    assert _parse("we leave", "Tarred Gull Inn").destination == "Kettlecove Docks"  # control


def test_going_to_do_a_thing_still_reads_the_thing_after_the_move() -> None:
    assert _parse("we go upstairs to sleep", "Tarred Gull Inn").kind == "rest"


@pytest.mark.parametrize(("text", "actor"), [
    ("I would like to make an insight check on Vell, please", "Wren"),
    ("Bram rolls insight on the harbormaster", "Bram"),
    ("ok, decided: Tova rolls insight on Vell", "Tova"),
])
def test_a_check_named_after_a_modal_or_the_characters_own_name_is_asked_for(text: str, actor: str) -> None:
    intent = _parse(text, "Kettlecove Docks", actor)
    assert (intent.kind, intent.target) == ("skill_check", "Osric Vell")


def test_what_kind_of_save_a_spell_asks_for_is_no_check_asked() -> None:
    intent = _parse("Sacred Flame on the crab. That's a Dex save, and the rules say cover doesn't help it",
                    "Wrecker Caves", "Tova", ["Giant Crab"])
    assert (intent.kind, intent.target) == ("combat", "Giant Crab")


def test_what_a_note_says_is_no_one_speaking() -> None:
    assert _parse("the ledger says Crowe paid in silver. I search the desk", "Kettlecove Docks").kind == "exploration"


@pytest.mark.parametrize(("text", "kind"), [
    ("I watch Vell's hands while he talks, to see whether he is lying to us", "skill_check"),
    ("I ask Vell whether the harbor office is locked at night", "roleplay"),  # control: asking is talk
])
def test_watching_to_see_whether_someone_lies_is_insight(text: str, kind: str) -> None:
    assert _parse(text, "Kettlecove Docks").kind == kind


@pytest.mark.parametrize(("text", "location", "kind"), [
    ("I'm puttin' my boot through the net shed door", "Kettlecove Docks", "skill_check"),
    ("keepin' my ears open on the fishermen by the fire", "Tarred Gull Inn", "skill_check"),
    ("I'm 'avin' a proper look at them crab pots", "Kettlecove Docks", "exploration"),
    ("we split the watches and bed down", "Tarred Gull Inn", "rest"),
])
def test_everyday_and_dialect_phrasings(text: str, location: str, kind: str) -> None:
    assert _parse(text, location).kind == kind


def test_a_quote_that_opens_with_an_english_word_stays_a_quote() -> None:
    world = case_world({"location": "Wrecker Caves", "in_combat": False, "enemies": [], "actor": "Wren"})
    assert parse("'Old man, where's the key?' I ask Aldous", world, "Wren").kind == "roleplay"


def test_loosing_an_arrow_after_a_label_with_a_colon_is_the_attack() -> None:
    intent = _parse("He hasn't seen us. Surprise round, page 189: I loose an arrow at Crowe", "Wrecker Caves")
    assert (intent.kind, intent.target) == ("combat", "Silas Crowe")


@pytest.mark.parametrize(("text", "location", "kind"), [
    ("I prise the lid off the nearest barrel with my dagger", "Gannet Point", "exploration"),
    ("I jimmy the crate open with a crowbar", "Wrecker Caves", "exploration"),
    ("I try to pry the trapdoor open with my hammer", "Gannet Point", "skill_check"),  # a door is forced
])
def test_prying_open_a_crate_or_lid_opens_it(text: str, location: str, kind: str) -> None:
    assert _parse(text, location, "Bram").kind == kind


def test_a_player_wishing_their_own_character_to_act_is_the_act() -> None:
    intent = _parse("I would like Bram to hit the nearest sailor with his warhammer", "Drowned Chapel", "Bram",
                    ["Drowned Sailor"])
    assert (intent.kind, intent.target) == ("combat", "Drowned Sailor")


@pytest.mark.parametrize("question", ["Is that how it works?", "is that allowed?", "Does that work?"])
def test_whether_the_act_is_done_right_adds_no_part(question: str) -> None:
    intent = _parse(f"I swing my warhammer at the nearest sailor. {question}", "Drowned Chapel", "Bram",
                    ["Drowned Sailor"])
    assert intent.kind == "combat"


def test_a_possessed_thing_struck_is_no_blow_at_its_owner() -> None:
    intent = _parse("Idris strikes Aldous's tinderbox and puts the flame to the wick", "Gannet Point", "Idris")
    assert intent.kind == "puzzle"


@pytest.mark.parametrize(("text", "location", "kind", "target"), [
    ("Thanking Pim with a grin, we wander back up to the inn", "Kettlecove Docks", "exploration", None),
    ("Greeting Vell with a curt nod, I ask what the ledger would cost", "Kettlecove Docks", "roleplay", "Osric Vell"),
])
def test_thanks_or_a_greeting_told_as_the_way_of_an_act_adds_no_part(text, location, kind, target) -> None:
    intent = _parse(text, location)
    assert intent.kind == kind
    assert target is None or intent.target == target


@pytest.mark.parametrize(("text", "location", "kind"), [
    ("we all agreed Tova should carry it, so I hand her the reliquary", "Drowned Chapel", "inventory"),
    ("team vote: we long rest", "Tarred Gull Inn", "rest"),
])
def test_what_the_table_decided_is_no_act_of_the_characters(text: str, location: str, kind: str) -> None:
    assert _parse(text, location, "Idris").kind == kind


def test_a_clause_quietened_before_a_spell_leaves_the_spell_its_target() -> None:
    intent = _parse("we agreed the plan: Sacred Flame at the sailor, then Healing Word on Bram", "Drowned Chapel",
                    "Tova", ["Drowned Sailor"])
    assert (intent.kind, intent.target) == ("combat", "Drowned Sailor")


@pytest.mark.parametrize(("text", "location", "kind"), [
    ("I'll have a go at climbing the cliff face below the gallery", "Gannet Point", "skill_check"),
    ("I rest both elbows on the bar and ask Hesper who came in last night", "Tarred Gull Inn", "roleplay"),
    ("How many bolts have I got left? I've lost count.", "Wrecker Caves", "question"),
])
def test_idioms_that_go_nowhere_rest_nothing_and_count_nothing(text: str, location: str, kind: str) -> None:
    assert _parse(text, location, "Bram").kind == kind


def test_bringing_a_weapon_down_on_a_foe_is_a_blow() -> None:
    intent = _parse("*brings the warhammer down on the crab's shell*", "Wrecker Caves", "Bram", ["Giant Crab"])
    assert (intent.kind, intent.target) == ("combat", "Giant Crab")


def test_asking_whether_the_rules_allow_the_act_adds_no_part() -> None:
    intent = _parse("Am I right that I can use Second Wind once per rest? Then I do, and hit the thug",
                    "Kettlecove Docks", "Bram", ["Wrecker Thug"])
    assert (intent.kind, intent.target) == ("combat", "Wrecker Thug")


@pytest.mark.parametrize("text", ["we swim through the flooded arch", "Bram crawls through the flooded arch",
                                  "Same formation as before, we wade through the flooded arch."])
def test_crossing_through_the_way_out_is_the_journey(text: str) -> None:
    intent = _parse(text, "Wrecker Caves", "Bram", ["Silas Crowe", "Giant Crab"])
    assert (intent.kind, intent.destination) == ("exploration", "Drowned Chapel")


def test_swimming_inside_the_place_is_still_the_feat() -> None:
    assert _parse("I swim across the crab pool", "Wrecker Caves", "Bram").destination is None


def test_a_yorkshire_article_run_on_is_read() -> None:
    intent = _parse("we'll 'ead oop t'cliff path to t'lighthouse", "Kettlecove Docks", "Bram")
    assert (intent.kind, intent.destination) == ("exploration", "Gannet Point")


def test_accepting_a_thing_offered_takes_it_and_accepting_a_blessing_is_talk() -> None:
    assert _parse("I accept the bowl of stew Hesper offers", "Tarred Gull Inn").kind == "inventory"
    assert _parse("I accept Brother Ambrose's blessing", "Drowned Chapel").kind == "roleplay"


def test_back_the_way_we_came_leaves_a_place_with_one_way_out_whatever_was_refused_before() -> None:
    intent = _parse("Nope. Not fighting anything down here. Back the way we came.", "Drowned Chapel", "Bram")
    assert (intent.kind, intent.destination) == ("exploration", "Wrecker Caves")


def test_legging_it_down_a_path_is_the_journey() -> None:
    intent = _parse("nah, I leg it back down the cliff path", "Gannet Point", "Bram")
    assert (intent.kind, intent.destination) == ("exploration", "Kettlecove Docks")


@pytest.mark.parametrize(("text", "target"), [
    ("I try to shove the captain into the crab pool", "Silas Crowe"),
    ("Crowe goes in the crab pool if I have anything to say about it - I shove him", "Silas Crowe"),
    ("I hit the crab", "Giant Crab"),  # control: the creature itself
])
def test_a_thing_of_the_place_named_after_a_creature_is_no_creature(text: str, target: str) -> None:
    intent = _parse(text, "Wrecker Caves", "Bram", ["Silas Crowe", "Giant Crab"])
    assert intent.target == target


def test_a_misspelt_name_with_a_possessive_is_still_the_name() -> None:
    intent = _parse("I watch Hespar's hands while she talks about Aldous, to see if she's lying", "Tarred Gull Inn")
    assert (intent.kind, intent.target) == ("skill_check", "Hesper Quill")


def test_what_is_done_instead_of_something_else_is_the_act() -> None:
    intent = _parse("instead of punching Vell I warn him that Crowe is coming for him", "Kettlecove Docks", "Bram")
    assert intent.kind == "roleplay"


def test_asking_whether_one_is_allowed_to_act_is_the_act() -> None:
    intent = _parse("Am I allowed to swing my hammer at the crab? first game, sorry", "Wrecker Caves", "Bram",
                    ["Giant Crab"])
    assert (intent.kind, intent.target) == ("combat", "Giant Crab")


def test_inv_on_a_thing_named_is_investigation() -> None:
    assert _parse("inv the ledger on the desk", "Kettlecove Docks").kind == "skill_check"
    assert _parse("inv", "Kettlecove Docks").kind == "question"  # control: what you carry


def test_a_purpose_after_the_act_is_no_act_of_its_own() -> None:
    assert _parse("I'll have a go at scaling the lighthouse wall, so I will, to get a look at the bay",
                  "Gannet Point", "Bram").kind == "skill_check"


def test_what_a_party_member_is_hissed_at_to_do_is_said() -> None:
    intent = _parse("I hiss at Bram to keep down behind the crates until I say so", "Wrecker Caves", "Wren")
    assert (intent.kind, intent.target) == ("roleplay", "Bram")


@pytest.mark.parametrize("text", ["put me down for first watch", "I have got 2nd watch, wake me"])
def test_a_named_watch_is_the_rest(text: str) -> None:
    assert _parse(text, "Wrecker Caves", "Bram").kind == "rest"


def test_the_condition_of_a_question_about_the_act_is_part_of_that_question() -> None:
    intent = _parse("do I get sneak attack if Idris is right next to it? stabbing the thug", "Kettlecove Docks", "Wren",
                    ["Wrecker Thug"])
    assert intent.kind == "combat"


def test_an_act_supposed_before_a_question_waits_on_it_past_a_time_clause() -> None:
    intent = _parse("If I cast Shield when the thug hits me, does it hold for his second attack too?",
                    "Kettlecove Docks", "Idris", ["Wrecker Thug"])
    assert intent.kind == "question"


@pytest.mark.parametrize(("text", "kind"), [
    ("I quaff my potion and thereupon fall upon the thug with my longsword", "mixed"),
    ("who needs sleep, right? we push on up to the point", "exploration"),
])
def test_falling_upon_a_foe_and_who_needs_sleep(text: str, kind: str) -> None:
    assert _parse(text, "Kettlecove Docks", "Bram", ["Wrecker Thug"] if "thug" in text else None).kind == kind


@pytest.mark.parametrize("text", ["the crab, he is bloodied already or no?",
                                  "Bram my guy, what's the reach on your longsword again? DM?"])
def test_questions_with_a_tag_are_for_the_dm(text: str) -> None:
    assert _parse(text, "Wrecker Caves", "Idris", ["Giant Crab"]).kind == "question"


def test_a_bare_verb_joined_to_an_order_is_more_of_the_order() -> None:
    intent = _parse("I tell the thugs to drop their clubs and walk, we only want the keeper", "Gannet Point")
    assert (intent.kind, intent.destination) == ("roleplay", None)
    # With its own subject the joined act is the speaker's: "... and we head up to bed" is the rest.
    intent = _parse("I tell Hesper to wake us at dawn and we head up to bed", "Tarred Gull Inn")
    assert intent.kind == "mixed" and "rest" in [p.kind for p in intent.parts]


def test_what_a_thing_does_opening_the_message_is_no_act() -> None:
    # "it's giving haunted": what the place is like; the act is the leaving.
    intent = _parse("it's giving cursed in here. we're out, back to the docks", "Wrecker Caves")
    assert (intent.kind, intent.destination) == ("exploration", "Kettlecove Docks")


def test_what_a_place_word_where_clause_tells_is_no_act() -> None:
    # "where hands once rested" describes the hollows; no one rests.
    intent = _parse("I study the altar, the worn hollows where pilgrims once rested, without touching it",
                    "Drowned Chapel")
    assert intent.kind == "exploration"
    assert _parse("I keep my hands where Nessa can see them and tell her we mean no harm",
                  "Gannet Point").target == "Nessa Rook"  # where my hands are: no description
