"""A creature named in an attack that is not in the fight (nor anywhere in this world) is never hit in
someone else's place: the DM answers "There is no ogre here. Did you mean the Wrecker Thug?", nothing
is rolled, nothing changes and the turn is not spent. Sentences written before the fix (issue 11)."""

from __future__ import annotations

import pytest

from engine.play.intent import parse
from tests.engine.play.test_understanding import FIGHT, _act, _world

pytestmark = pytest.mark.anyio
THUGS = ["Wrecker Thug", "Wrecker Thug"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


# (what the player types, the creature that is not here); every one in a fight at Gannet Point with two thugs.
ABSENT = [
    ("I attack the ogre", "ogre"),
    ("i attack the minotaur", "minotaur"),
    ("I shoot the wyvern", "wyvern"),
    ("stab the owlbear", "owlbear"),
    ("i swing my sword at the troll", "troll"),
    ("fire bolt at the hag", "hag"),
    ("I hit the goblin with my mace", "goblin"),
    ("I charge the orc!", "orc"),
    ("smack the kobold", "kobold"),
    ("i put an arrow in the harpy", "harpy"),
    ("I slash at the werewolf's throat", "werewolf"),
    ("attack the zombie", "zombie"),
    ("I stab the skeleton in the ribs", "skeleton"),
    ("i whack the gnoll with my hammer", "gnoll"),
    ("I cast magic missile at the basilisk", "basilisk"),
    ("Bram cleaves into the bugbear", "bugbear"),
    ("i shoot an arrow at the manticore", "manticore"),
    ("I swing at the big hobgoblin", "hobgoblin"),
    ("lunge at the vampire", "vampire"),
    ("I try to hit the dragon", "dragon"),
    ("I attack the wolf", "wolf"),
    ("shoot the giant spider", "spider"),
    ("i go for the cultist with my dagger", "cultist"),
    ("I punch the imp", "imp"),
    ("i attack the mummy!!", "mummy"),
    ("sacred flame on the wraith", "wraith"),
    ("I fire my crossbow at the gargoyle", "gargoyle"),
    ("i hack at the ettin", "ettin"),
    ("I bash the ghoul with my shield", "ghoul"),
    ("i hit the pirate", "pirate"),
    ("I attack the bandit on the left", "bandit"),
    ("stab the sahuagin", "sahuagin"),
    ("I throw my javelin at the griffon", "griffon"),
    ("I slash the wererat", "wererat"),
    ("kill the lich", "lich"),
    ("I smite the specter", "specter"),
    ("i attack the scorpion", "scorpion"),
    ("I swing at the hydra's heads", "hydra"),
    ("shoot the stirge out of the air", "stirge"),
    ("I stab at the mimic", "mimic"),
    ("i atack the ogre", "ogre"),
    ("I attack the Ogre with my longsword", "ogre"),
]

# Named foes that are here: they are the ones meant, whatever else the sentence mentions.
PRESENT = [
    ("I attack the thug", "Wrecker Thug"),
    ("I hide in the shadows and shoot the thug", "Wrecker Thug"),
    ("i hit the thug with my bat", "Wrecker Thug"),
    ("I swing at the giant crab", "Giant Crab"),
    ("I attack the crab", "Giant Crab"),
    ("stab the captain", "Wrecker Captain"),
]


@pytest.mark.parametrize("text, creature", ABSENT)
def test_the_parse_names_the_absent_creature_and_asks(text, creature):
    world = _world("Gannet Point", THUGS, actor="Bram")
    intent = parse(text, world, "Bram")
    assert intent.target is None, (text, intent.target)
    assert intent.unresolved == creature
    assert intent.clarify == f"There is no {creature} here. Did you mean the Wrecker Thug?"


@pytest.mark.parametrize("text, foe", PRESENT)
def test_a_foe_who_is_here_is_still_the_target(text, foe):
    intent = parse(text, _world("Wrecker Caves", FIGHT), "Bram")
    assert intent.target == foe and intent.unresolved is None, (text, intent)


async def test_attacking_an_absent_creature_changes_nothing_and_offers_the_foes():
    world = _world("Wrecker Caves", FIGHT)
    before = world.model_dump()
    res = await _act(world, "I attack the ogre")
    assert res.dice_rolls == [] and res.state_changes == []
    assert res.world.model_dump() == before
    assert res.narrative.startswith("There is no ogre here. Did you mean the ")
    assert sorted(res.follow_up_options) == sorted(FIGHT)
    assert all(f"the {foe}" in res.narrative for foe in FIGHT)


async def test_out_of_a_fight_an_absent_creature_is_not_summoned():
    world = _world("Kettlecove Docks")
    res = await _act(world, "I attack the ogre")
    assert res.dice_rolls == [] and res.state_changes == [] and res.world.game_state.combat is None
    assert res.narrative.startswith("There is no ogre here.")


def test_a_creature_word_that_is_also_a_word_of_talk_aims_at_the_one_here():
    world = _world("Drowned Chapel", [], actor="Bram")
    intent = parse("attack ghost", world, "Bram")
    assert (intent.kind, intent.target) == ("combat", "Brother Ambrose")


async def test_attacking_someone_by_a_role_they_hold_elsewhere_asks_and_changes_nothing():
    world = _world("Gannet Point", THUGS, actor="Bram")
    before = world.model_dump()
    intent = parse("I attack the harbormaster", world, "Bram")
    assert (intent.target, intent.unresolved) == (None, "harbormaster")
    res = await _act(world, "I attack the harbormaster")
    assert res.dice_rolls == [] and res.state_changes == [] and res.world.model_dump() == before
    assert res.narrative.startswith("There is no harbormaster here. Did you mean the Wrecker Thug?")


def test_a_role_word_describing_a_foe_still_aims_at_the_foe():
    # Control: "the lighthouse" only says where the thug stands.
    world = _world("Gannet Point", THUGS, actor="Bram")
    assert parse("the one by the lighthouse door, I shoot him", world, "Bram").target == "Wrecker Thug"


# A creature word that is not the attack's object: said in quotes, called at a friend, or seen in a clause
# that strikes nothing. The blow goes to the foe here; nobody is asked about an ogre that was never attacked.
NOT_ATTACKED = [
    "'Eat steel, you overgrown goblin!' Bram roars, and swings at the thug",
    "OOC: Wren you absolute troll lol. Action: I shoot the thug",
    "Ugh, zombies. Soggy zombies. I shoot the nearer one",
    "\"Die, orc-spawn!\" and I cleave into him",
]


@pytest.mark.parametrize("text", NOT_ATTACKED)
def test_a_creature_word_that_is_not_attacked_does_not_stop_the_blow(text):
    intent = parse(text, _world("Gannet Point", THUGS, actor="Bram"), "Bram")
    assert (intent.kind, intent.target, intent.unresolved) == ("combat", "Wrecker Thug", None), (text, intent)


def test_a_creature_in_the_clause_of_the_blow_is_still_asked_about():
    # Control: the same words with the creature struck.
    intent = parse("Ugh, thugs. I shoot the zombie", _world("Gannet Point", THUGS, actor="Bram"), "Bram")
    assert intent.unresolved == "zombie" and intent.target is None


def test_a_creature_in_a_likeness_is_not_attacked():
    intent = parse("Cold as a ghoul's grin, Bram brings the axe down on the thug", _world("Gannet Point", THUGS), "Bram")
    assert (intent.target, intent.unresolved) == ("Wrecker Thug", None)


@pytest.mark.parametrize("text", ["I shove the left one off the cliff", "shoving the nearer thug over the cliff edge",
                                  "I knock him down the cliff path"])
def test_where_a_blow_sends_a_foe_names_no_one_who_watches_from_there(text):
    # Nessa watches "from the gorse above the cliff": the cliff is where the thug goes, not who is hit.
    intent = parse(text, _world("Gannet Point", THUGS, actor="Bram"), "Bram")
    assert intent.target == "Wrecker Thug", (text, intent)


def test_someone_named_beside_the_place_is_still_aimed_at():
    # Control: a name said outright is the target, whatever place follows.
    intent = parse("I shove Nessa off the cliff", _world("Gannet Point", THUGS, actor="Bram"), "Bram")
    assert intent.target == "Nessa Rook"


def _sailors():
    from tests.engine.play.blind_world import case_world
    return case_world({"location": "Drowned Chapel", "in_combat": True, "actor": "Bram",
                       "enemies": ["Drowned Sailor", "Drowned Sailor"]})


@pytest.mark.parametrize("text", ["I smash the skeleton with the weed on it", "hit the zombie again!"])
def test_a_word_for_what_the_only_foes_are_is_them(text: str) -> None:
    # Against drowned sailors (undead) alone, a small undead named loosely is one of them, not someone else.
    intent = parse(text, _sailors(), "Bram")
    assert (intent.kind, intent.target, intent.clarify) == ("combat", "Drowned Sailor", None)


@pytest.mark.parametrize("text, creature", [("lunge at the vampire", "vampire"), ("I attack the wolf", "wolf")])
def test_a_greater_or_other_creature_is_still_asked_about(text: str, creature: str) -> None:
    intent = parse(text, _sailors(), "Bram")
    assert intent.target is None and intent.unresolved == creature
    assert intent.clarify.startswith(f"There is no {creature} here.")
