"""How players at a real (or play-by-post) table phrase things, on the sample campaign: watching is looking,
sleep has its idioms, an order to a companion is the act ordered, "her" may be the lamp, a manner borrowed
from someone else is no act of theirs, "he" in a later clause is someone else, a weapon aimed needs no verb."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.blind_world import case_world, parse_at


def _parse(text: str, where: str, actor: str = "Bram", fight: bool = False):
    return parse_at(text, where, actor, ["Silas Crowe", "Wrecker Thug", "Giant Crab"] if fight else None)


@pytest.mark.parametrize("text", ["I take a moment to watch the gannets wheeling over the cliff",
                                  "rest my elbows on the rail and watch the boats come in"])
def test_watching_something_is_looking_not_resting(text):
    assert _parse(text, "Gannet Point").kind == "exploration"


@pytest.mark.parametrize("text", ["Bram keeps watch while we sleep", "i watch the door while the others rest",
                                  "I'll take first watch"])
def test_a_watch_kept_over_a_rest_is_the_rest(text):
    assert _parse(text, "Wrecker Caves", "Wren").kind == "rest"


@pytest.mark.parametrize("text", ["we crash here tonight", "ok lets call it a night", "I hit the sack"])
def test_sleep_idioms_are_a_rest(text):
    assert _parse(text, "Tarred Gull Inn").kind == "rest"


def test_an_order_to_a_companion_is_the_act_ordered():
    intent = _parse("Idris, light the lamp, quick, there's a sail out there", "Gannet Point")
    assert (intent.kind, intent.target) == ("puzzle", None)
    hit = _parse("Wren! shoot the crab", "Wrecker Caves", fight=True)
    assert (hit.kind, hit.target) == ("combat", "Giant Crab")


def test_a_question_to_a_companion_stays_words_to_them():
    intent = _parse("Idris, what do you make of this?", "Gannet Point")
    assert intent.kind == "roleplay"


def test_her_up_is_the_lamp_where_a_lamp_wants_lighting_and_a_drink_at_the_inn():
    assert _parse("fill her up and fire her up", "Gannet Point").kind == "puzzle"
    assert _parse("light her up", "Gannet Point").kind == "puzzle"
    assert _parse("fill her up", "Tarred Gull Inn").kind != "puzzle"


def test_the_way_someone_else_said_it_is_a_manner_not_their_words():
    assert _parse("i trim the wick the way aldous said to", "Gannet Point", "Wren").kind == "puzzle"


def test_he_in_a_later_clause_is_someone_else_unless_the_player_narrates_their_own_character():
    assert _parse("Cure Wounds on Bram, he just dropped", "Wrecker Caves", "Tova", fight=True).kind == "combat"
    own = _parse("Bram shoulders his pack. He heads back to the inn", "Kettlecove Docks")
    assert (own.kind, own.destination) == ("exploration", "Tarred Gull Inn")


def test_a_weapon_aimed_in_a_fight_is_an_attack_even_with_please():
    intent = _parse("nat 20 pls shortbow at Crowe", "Wrecker Caves", "Wren", fight=True)
    assert (intent.kind, intent.target) == ("combat", "Silas Crowe")


def test_going_up_to_a_feature_of_the_next_place_goes_there_not_to_its_keeper():
    intent = _parse("lemme go up to the lighthouse", "Kettlecove Docks", "Wren")
    assert (intent.destination, intent.target) == ("Gannet Point", None)


def test_leaving_a_place_with_one_way_out_goes_that_way():
    assert _parse("nope nope nope, we leave the chapel", "Drowned Chapel").destination == "Wrecker Caves"
    assert _parse("we leave the caves", "Wrecker Caves").destination is None  # three ways out: not guessed
    assert _parse("we don't leave yet", "Drowned Chapel").destination is None


def test_a_change_of_mind_aims_at_the_one_named_after_it():
    intent = _parse("Fire Bolt at Crowe. wait no, the crab's closer. Crab.", "Wrecker Caves", "Idris", fight=True)
    assert intent.target == "Giant Crab"


def test_in_a_fight_a_role_word_of_someone_elsewhere_is_no_target():
    text = "Wren readies her action: the second one sticks his head out of the lighthouse door, she looses an arrow"
    world = case_world({"location": "Gannet Point", "in_combat": True, "enemies": ["Wrecker Thug", "Wrecker Thug"]})
    assert parse(text, world, "Wren").target == "Wrecker Thug"


def test_the_rest_of_them_is_what_is_left_not_a_rest():
    intent = _parse("cast sleep on the rest of them", "Drowned Chapel", "Idris", fight=True)
    assert intent.kind == "combat"


@pytest.mark.parametrize("text", ["I study Hesper's face, is she holding back?",
                                  "I want to read her, is she holding something back about the light?"])
def test_reading_a_face_for_what_is_held_back_is_insight(text):
    intent = _parse(text, "Tarred Gull Inn", "Tova")
    assert (intent.kind, intent.clarify) == ("skill_check", None)


def test_going_through_a_chest_is_a_search_not_a_journey():
    intent = _parse("i go through crowe's sea chest", "Wrecker Caves")
    assert intent.kind == "exploration" and intent.destination is None
    assert "going, no place named" not in intent.matched


@pytest.mark.parametrize("text", ["I want to know what time it is", "Wren wants to know how many arrows she has left",
                                  "i wonder how much gold we have", "Bram asks the DM whether the crab is hurt",
                                  "I'd like to know where the harbormaster went"])
def test_a_question_put_indirectly_is_a_question_to_the_dm(text):
    assert _parse(text, "Tarred Gull Inn", "Wren").kind == "question"


def test_wanting_to_know_whether_someone_lies_reads_them():
    assert _parse("I want to know if Hesper is lying", "Tarred Gull Inn").kind == "skill_check"
    # Asked of someone there, it stays speech.
    assert _parse("I ask Hesper what time it is", "Tarred Gull Inn").kind == "roleplay"


def test_a_told_paragraph_is_the_act_it_builds_to():
    told = ("Idris folds the letter back into his coat, looks up at the dark tower on the headland and sighs. "
            '"Well. If the keeper won\'t come to us." He starts up the cliff path without waiting for the others.')
    assert _parse(told, "Kettlecove Docks", "Idris").kind == "exploration"
    poured = ('Tova sets her warhammer down and uncorks the flasks one after another. "Easy, old girl," she mutters, '
              "pouring the oil into the empty reservoir.")
    assert _parse(poured, "Gannet Point", "Tova").kind == "puzzle"
    # Acts listed one after another stay two acts, however long the telling.
    listed = "I drink my potion of healing and wipe my mouth on my sleeve. Then I swing my longsword at the crab."
    assert _parse(listed, "Wrecker Caves", fight=True).kind == "mixed"


def test_a_word_said_twice_in_greeting_is_no_sequence():
    text = '*Idris clears his throat* "Um. Excuse me, sir. Spectral sir. Are you the monk Hesper mentioned?"'
    assert _parse(text, "Drowned Chapel", "Idris").kind == "roleplay"
    assert _parse("Bram yanks the lamp room chains left, left, right", "Gannet Point").kind == "puzzle"


@pytest.mark.parametrize("text,where", [
    ("Idris|I light the great lamp with a fire bolt", "Gannet Point"),
    ("Idris|Mage Hand to tug the wet canvas out of the lamp housing", "Gannet Point"),
    ("top up the lamp with the oil we bought", "Gannet Point"),
    ("we get that light burning again before the tide", "Gannet Point"),
    ("shove the sailcloth aside and get the light going", "Gannet Point"),
    ("Idris|chant the binding words Aldous taught us", "Drowned Chapel"),
    ("I sing the tide ward liturgy at the altar", "Drowned Chapel"),
])
def test_working_the_place_s_mechanism_by_any_means_is_the_puzzle(text, where):
    actor, text = text.split("|") if "|" in text else ("Bram", text)
    assert _parse(text, where, actor).kind == "puzzle"


def test_the_same_means_elsewhere_keep_their_kind():
    assert _parse("I cast fire bolt at the thug", "Gannet Point", "Idris", fight=True).kind == "combat"
    assert _parse("Idris recites some terrible poetry at the fishermen", "Tarred Gull Inn", "Idris").kind == "roleplay"
    assert _parse("tova tries to pry the trapdoor open with her warhammer", "Gannet Point", "Tova").kind == "skill_check"
    going = _parse("let's get going to the caves", "Gannet Point")
    assert (going.kind, going.destination) == ("exploration", "Wrecker Caves")


def test_in_a_fight_a_foe_s_word_is_the_foe_not_a_place():
    intent = _parse("Bram. Longsword. Closest wrecker. Go.", "Gannet Point", fight=True)
    assert (intent.kind, intent.target, intent.destination) == ("combat", "Wrecker Thug", None)


def test_an_ooc_aside_and_a_recap_are_not_acts():
    aside = _parse("(OOC: sorry, phone died, back now) Tova swings her warhammer at the wrecker", "Gannet Point",
                   "Tova", fight=True)
    assert (aside.kind, aside.target) == ("combat", "Wrecker Thug")
    recap = _parse("two of them jumped us on the quay?? ok fire bolting the bigger one", "Wrecker Caves", "Idris",
                   fight=True)
    assert recap.kind == "combat"
    # Done to the speaker inside the act's own clause, it stays the act.
    assert _parse("chug the potion bram tossed me", "Wrecker Caves", "Wren").kind == "inventory"


@pytest.mark.parametrize("text", ["round for the house!! two silver on the bar", "Whatever's hot, and a pint for me",
                                  "a pint of your best, love"])
def test_asking_for_what_the_counter_sells_is_a_purchase(text):
    assert _parse(text, "Tarred Gull Inn", "Wren").kind == "inventory"


def test_a_measure_named_where_nothing_is_sold_is_no_order():
    assert _parse("a pint for me", "Gannet Point", "Wren").kind != "inventory"


def test_dropping_what_is_no_item_is_no_inventory():
    assert _parse("I drop the act and tell her the truth", "Tarred Gull Inn", "Wren").kind == "roleplay"
    assert _parse("drop prone", "Wrecker Caves", "Wren", fight=True).kind == "combat"
    assert _parse("I drop my pack by the fire", "Tarred Gull Inn", "Wren").kind == "inventory"


def test_the_head_noun_names_the_person_not_the_word_before_it():
    assert _parse("ask the drowned monk what his name was when he was alive", "Drowned Chapel", "Idris").target \
        == "Brother Ambrose"
    assert _parse("Bram shoves the drowned guy back into the water", "Drowned Chapel",
                  fight=True).target == "Drowned Sailor"


def test_the_one_bargained_for_is_not_the_one_asked():
    text = "What's your price, friend? For the old man and that box of bones."
    world = case_world({"location": "Wrecker Caves", "in_combat": False, "enemies": []})
    assert parse(text, world, "Wren").target == "Silas Crowe"


def test_an_order_at_the_counter_is_made_to_the_one_selling():
    assert _parse("we'll take a pitcher of wine for the table, love", "Tarred Gull Inn", "Wren").target == "Hesper Quill"


def test_a_question_about_what_would_follow_is_for_the_dm():
    assert _parse("if I flip Hesper a copper, will she talk?", "Tarred Gull Inn", "Wren").kind == "question"
    assert _parse("if we long rest here, does the tide flood this bit?", "Wrecker Caves", "Tova").kind == "question"
    # Asked of the one spoken to, it stays speech.
    assert _parse("I ask Hesper about Crowe. how much do you know?", "Tarred Gull Inn").kind == "roleplay"


@pytest.mark.parametrize("text,where,who", [("ask pin how much for the fishing stuff", "Kettlecove Docks", "Pim Lowrie"),
                                            ("ask ambrosia bout the tide words", "Drowned Chapel", "Brother Ambrose"),
                                            ("intimidate hester", "Tarred Gull Inn", "Hesper Quill"),
                                            ("gib aldus the tinderbox back", "Wrecker Caves", "Aldous Penn")])
def test_a_misspelt_name_where_a_person_must_be_is_the_person_here(text, where, who):
    assert _parse(text, where, "Idris").target == who


def test_a_pronoun_where_a_person_must_be_is_no_misspelt_name():
    assert _parse("ask him about the boats", "Kettlecove Docks").target != "Pim Lowrie"


def test_a_question_tagged_for_the_table_is_for_the_dm():
    assert _parse("would Hesper know anything about Crowe, do you reckon?", "Tarred Gull Inn", "Wren").kind == "question"
    assert _parse("Hesper, would you know anything about Crowe?", "Tarred Gull Inn", "Wren").kind == "roleplay"


def test_what_a_character_may_do_asked_in_report_is_for_the_dm():
    assert _parse("Bram's asking if he can still move after he attacks", "Gannet Point").kind == "question"
    assert _parse("I ask if he can row us round", "Kettlecove Docks").kind == "roleplay"


@pytest.mark.parametrize("text", ["if I cast Light on my dagger could we see to the back of the cave?",
                                  "if we wait here would the tide come in?",
                                  "say I gave Crowe the eleven silver, would he actually let us go?",
                                  "suppose we wait here, will the tide come in?"])
def test_a_supposing_question_without_a_comma_is_for_the_dm(text):
    assert _parse(text, "Wrecker Caves", "Idris").kind == "question"


def test_asking_leave_to_act_after_an_if_is_the_act():
    assert _parse("if nobody's looking can I pocket a few of the coins?", "Kettlecove Docks", "Wren").kind != "question"


@pytest.mark.parametrize("text,where,kind", [
    ("Pim's chattering away with his hand out. I sigh and flip him a copper", "Kettlecove Docks", "inventory"),
    ("Vell's shouting for the guards, so I slip out the back and head down to the quay", "Kettlecove Docks",
     "exploration"),
])
def test_what_someone_there_is_doing_is_no_act_of_the_players(text, where, kind):
    intent = _parse(text, where)
    assert intent.kind == kind and not intent.parts


def test_a_name_with_s_is_no_hail():
    # "Pim's boat" names whose boat; "Pim, ..." would be speech to him.
    assert _parse("Pim's boat is tied up by the net shed, I go and look it over", "Kettlecove Docks").kind \
        == "exploration"


@pytest.mark.parametrize("text,where", [
    ("*counts out a silver onto the counter*", "Kettlecove Docks"),
    ("'Two bowls of the stew, Hesper.' *slides four copper across the bar*", "Tarred Gull Inn"),
    ("Hesper love, a room for the two of us, here's your five silver", "Tarred Gull Inn"),
    ("I slap three gold on the bar", "Tarred Gull Inn"),
])
def test_money_laid_down_is_paying_whatever_is_said_with_it(text, where):
    assert _parse(text, where).kind == "inventory"


@pytest.mark.parametrize("text,where,kind", [
    ("'I'd give you two silver for that lantern, Vell, no more.'", "Kettlecove Docks", "roleplay"),
    ("I don't put a single copper on the bar until she answers", "Tarred Gull Inn", "roleplay"),
    ("how many silver do we have left?", "Tarred Gull Inn", "question"),
])
def test_coins_only_offered_denied_or_asked_about_are_not_paid(text, where, kind):
    assert _parse(text, where).kind == kind


@pytest.mark.parametrize("text,where,fight,kind", [
    ("Tova walks up the nave (chat, she is SO not okay, is this a vibe) right to the altar", "Drowned Chapel",
     False, "exploration"),
    ("I run along the ledge (chat, I am NOT rolling athletics, this is for the drama) and hack at the crab",
     "Wrecker Caves", True, "combat"),
])
def test_words_in_brackets_beside_a_turn_are_an_aside_to_the_table(text, where, fight, kind):
    intent = _parse(text, where, "Tova", fight=fight)
    assert intent.kind == kind and not intent.parts


def test_an_ooc_note_in_brackets_says_what_the_player_does():
    assert _parse("(OOC: heading out) *pulls her hood up and steps out into the rain*", "Tarred Gull Inn").kind \
        == "exploration"


def test_a_turn_wholly_in_brackets_is_read_as_said():
    assert _parse("(can I roll insight on Hesper?)", "Tarred Gull Inn").kind == "skill_check"


@pytest.mark.parametrize(("text", "where", "kind", "destination"), [
    ("we head back to the inn. oh and someone remind me to buy rope tomorrow", "Kettlecove Docks", "exploration",
     "Tarred Gull Inn"),
    ("I search the harbormaster's desk. note to self: buy oil before the lighthouse", "Kettlecove Docks",
     "exploration", None),
])
def test_a_reminder_for_later_is_no_act_now(text, where, kind, destination):
    intent = _parse(text, where, "Idris")
    assert (intent.kind, intent.destination) == (kind, destination)


def test_showing_the_table_how_it_is_done_is_no_look():
    assert _parse("look, it's simple. I stab the thug", "Wrecker Caves", "Wren", fight=True).kind == "combat"


def test_a_look_later_in_the_message_still_looks():
    assert _parse("what's in the crab pool? I lean over and look", "Wrecker Caves", "Wren").kind == "exploration"


@pytest.mark.parametrize(("text", "where", "kind"), [
    ("I buy three days of rations, then we move", "Kettlecove Docks", "inventory"),
    ("short rest first, then we set off", "Tarred Gull Inn", "rest"),
])
def test_setting_off_with_no_place_named_is_no_part_beside_an_act(text, where, kind):
    intent = _parse(text, where, "Wren")
    assert (intent.kind, intent.destination) == (kind, None)


def test_setting_off_to_a_place_named_is_still_the_move():
    intent = _parse("I buy three days of rations, then we set off for the point", "Kettlecove Docks", "Wren")
    assert (intent.kind, intent.destination) == ("mixed", "Gannet Point")
