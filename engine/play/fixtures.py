"""Working a fixture of the place: "clear the wick", "fill the reservoir", "set the reliquary in the niche",
"light the lamp". A verb of handling aimed at something built into where the party stands (named by the
place's description, its discoveries, or a deed a quest wants done there) is a puzzle, not an errand with
gear or a look around. Derived from the world, so any campaign's altars and levers count."""

from __future__ import annotations

from functools import lru_cache

from engine.models.actions import ActionType
from engine.models.world import Campaign
from engine.play.cue_keys import SPEECH_KEYS
from engine.play.entities import content_stems
from engine.play.reading import Reading
from engine.play.world_memo import remembered
from engine.text import stem

T = ActionType

# Verbs of handling a thing in place (stems); looking, opening, taking and talking are other acts.
HANDLING = {stem(w) for w in """turn rotate twist spin align arrange set place put slot fit press push pull
    slide insert return replace restore mend repair fix light relight rekindle kindle clear unblock fill
    refill trim strike match adjust wind crank seal pour lay rest seat nestle wedge lower shove tuck top tug yank
    free loosen dislodge unjam remove rip tear peel strip""".split()}
# "get the light going", "get that lamp burning again": the fixture set working, not fetched.
_GET = stem("get")
_RUNNING = {"going", "burning", "lit", "working", "running", "started", "alight", "lighted"}
_ONWARD = {"on", "ahead", "forward", "onward", "onwards"}
# Verbs of using a thing on something else, and the words that name what it is used on.
_USING = {stem(w) for w in ("use", "apply", "hold", "touch", "wave", "raise", "lift")}
_ONTO = {"on", "onto", "to", "against", "over", "at"}
_PLACING = {"at", "by", "near", "beside", "from", "toward", "towards", "with", "like", "for", "behind", "under",
            "over", "above", "below", "across", "through"}
# "fill her up", "light her up": the place's lamp or engine, the way sailors speak of it.
_STARTED = (["her", "up"], ["it", "up"])
# Things any place may have that a hand works but that are no puzzle of this place.
_DONE = 0.5
_MISSILES = {stem(w) for w in ("arrow", "bolt", "quarrel", "shot", "blade")}
_GEAR = {stem(w) for w in "door trapdoor hatch gate shutter pack bag torch rope weapon sword bow arrow potion coin gold".split()}
# How a thing stands is no thing worked ("shove the trapdoor open": the description's "open" sea is no fixture).
_STATES = {stem(w) for w in "open opened shut closed".split()}
# Laying a hand on something is touching it, not setting a thing in place ("rest my hand on the altar").
BODY = {stem(w) for w in ("hand hands palm palms finger fingers elbow elbows arm arms head foot feet ear ears cheek "
                          "shoulder shoulders back eye eyes knee fist nose boot forearm forearms chin").split()}
_WHOSE = {"my", "her", "his", "their", "our", "your", "an", "one"}


def fixtures(world: Campaign) -> frozenset[str]:
    """Stems of what is built into the party's place, and the objects of deeds to be done there."""
    here = world.game_state.party_location
    return remembered(world, ("fixtures", here), lambda: _fixtures(world, here))


def _deeds(world: Campaign, here: str) -> tuple[str, ...]:
    return tuple(phrase for quest in world.quests for objective in quest.objectives for condition in objective.when
                 if condition.kind == "deed" and (condition.place or here) == here for phrase in condition.phrases)


def deed_here(world: Campaign) -> bool:
    """Whether a quest wants something done at the party's place: a mechanism to work, not just furniture."""
    here = world.game_state.party_location
    return remembered(world, ("deed here", here), lambda: bool(_deeds(world, here)))


def _fixtures(world: Campaign, here: str) -> frozenset[str]:
    loc = world.location(here)
    deeds = _deeds(world, here)
    found = tuple((d.name, d.text) for d in loc.discoveries) if loc is not None else ()
    return _built_in(loc.description if loc is not None else "", found, deeds)


@lru_cache(maxsize=64)
def _built_in(description: str, discoveries: tuple[tuple[str, str], ...], deeds: tuple[str, ...]) -> frozenset[str]:
    # Keyed on the texts themselves: they rarely change, and every reading asks.
    deed_words = content_stems(deeds)
    texts = [description, *(name for name, _ in discoveries)] if description or discoveries else []
    # A discovery about a deed's object tells its working parts ("Smothered lamp": the wick, the reservoir).
    texts += [text for name, text in discoveries if content_stems([name]) & deed_words]
    return frozenset((content_stems(texts) | deed_words) - _GEAR - _STATES)


def _arms(world: Campaign) -> frozenset[str]:
    """Stems of what the party strikes with: the weapons on their sheets and what bows and crossbows shoot."""
    return remembered(world, "arms", lambda: frozenset(
        content_stems(a.name for pc in world.characters for a in pc.attacks) | _MISSILES))


def worked_fixtures(reading: Reading, world: Campaign | None) -> set[int]:
    """Clauses whose verb of handling is followed, within a few words, by one of the place's fixtures."""
    if world is None:
        return set()
    built_in = fixtures(world)
    started = deed_here(world)
    fighting = world.game_state.combat is not None and world.game_state.combat.active
    arms = _arms(world) if fighting else frozenset()
    tokens = reading.tokens
    worked: set[int] = set()
    for i, token in enumerate(tokens):
        # A weighed-down verb (reported speech, a description, a question) is talked of, not done.
        if token.stem not in HANDLING or token.negated or token.factor < _DONE or token.noun:
            continue
        before = [t for t in tokens[:i] if t.clause == token.clause]
        if any((t.stem,) in SPEECH_KEYS for t in before):
            continue  # "ask Ambrose what it would take to mend the ward": the mending is the topic
        after = [t for t in tokens[i + 1:i + 6] if t.clause == token.clause]
        if after and after[0].stem in _ONWARD | _PLACING:
            continue  # "press on down the stair", "strike at whatever comes": going on, or aiming, not handling
        # The verb's own object, up to the first word of place: "light it by the fire" works no fireplace.
        obj = after[:next((k for k, t in enumerate(after) if t.stem in _PLACING), len(after))]
        own = [t for t in obj if t.word not in _WHOSE]
        if own and own[0].stem in BODY:
            continue  # "press her ear to the door", "set my shoulder to it": the body laid on it, nothing worked
        if own and fighting and own[0].stem in arms:
            continue  # "put an arrow between the crab's eyestalks": a weapon put in a foe is a blow
        if any(t.stem in built_in and not t.own for t in obj) or started and [t.word for t in after[:2]] in _STARTED:
            worked.add(token.clause)
    for i, token in enumerate(tokens):
        if token.stem != _GET or token.negated or token.factor < _DONE:
            continue
        after = [t for t in tokens[i + 1:i + 6] if t.clause == token.clause]
        state = next((k for k, t in enumerate(after) if t.word in _RUNNING), None)
        if state is not None and any(t.stem in built_in for t in after[:state]):
            worked.add(token.clause)
    for i, token in enumerate(tokens):
        # "use aldous's tinderbox on the lamp", "hold the holy symbol to the ward": a thing used on a fixture.
        if token.stem not in _USING or token.negated or token.factor < _DONE or token.noun:
            continue
        after = [t for t in tokens[i + 1:i + 8] if t.clause == token.clause]
        on = next((k for k, t in enumerate(after) if t.word in _ONTO), None)
        if on is not None and any(t.stem in built_in for t in after[on + 1:on + 4]):
            worked.add(token.clause)
    return worked


# What a hand does or a voice says in the course of working a fixture ("hold up my holy symbol and say the
# tide words", "then read out the binding"); looking about, going somewhere and asking are acts of their own,
# and so are words said to someone ("then ask Ambrose if that's right").
_SERVING = {T.INVENTORY, T.ROLEPLAY, T.SKILL_CHECK, T.EXPLORATION}
_VOICING = {stem(w) for w in "say speak read recite chant intone whisper sing pray utter murmur".split()}
_SOMEONE = {"him", "her", "them", "you"}


def serving_the_work(reading: Reading, clause_scores: dict[int, dict[ActionType, float]], worked: set[int],
                     own_acts: set[int], people: set[str]) -> set[tuple[int, ActionType]]:
    """Clauses beside a fixture worked whose act is part of the working: (clause, the kind it would be on
    its own). `own_acts` are clauses that stand apart whatever they say (a place reached, a search);
    `people` the stems of the names of everyone who could be spoken to."""
    if not worked:
        return set()
    serving = set()
    for clause, per in clause_scores.items():
        if clause in worked or clause in own_acts or not per or reading.clauses[clause].question:
            continue
        top = max(per, key=lambda k: per[k])
        said = [t for t in reading.tokens if t.clause == clause]
        to_someone = any(t.word in _SOMEONE or t.stem in people for t in said)
        if top in _SERVING and not (top == T.ROLEPLAY and (to_someone or not any(t.stem in _VOICING for t in said))):
            serving.add((clause, top))
    return serving
