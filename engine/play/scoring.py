"""Scoring a reading: the weight of evidence for each ActionType, overall and per clause.

The lexicon's cues (engine.play.classifier), then what the world says of the words (a fixture worked, gear
handled or passed on, a route taken, a spell, a place or person named: engine.play.evidence and friends).
engine.play.intent decides from these scores.
"""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.models.world import Campaign
from engine.play import lexicon as lx
from engine.play.aimed import WEAPON_AIMED, at_a_thing, weapon_aimed
from engine.play.asking import asks_of_them
from engine.play.classifier import MAIN_CUE_BONUS
from engine.play.cue_keys import (
    LEXICON,
    MOVEMENT_KEYS,
    PEOPLE,
    QUIET_KEYS,
    SOCIAL_KEYS,
    SPEECH_KEYS,
    SPELL_KEYS,
    cue_stem,
    spell_kind,
)
from engine.play.cue_matching import match_cues
from engine.play.deciding import AGENT_FOR
from engine.play.entities import alias_stems, npcs_here
from engine.play.evidence import (
    SIGNS,
    UTTERANCES,
    MainVerb,
    has_object,
    item_spans,
    lifted_open,
    routes_taken,
    said_to_a_thing,
    world_evidence,
)
from engine.play.fixtures import BODY, deed_here, serving_the_work, worked_fixtures
from engine.play.gear import GEAR_WEIGHT, handled_gear
from engine.play.helping import HELP_WEIGHT, helped_clause
from engine.play.intent_result import fighting as in_a_fight
from engine.play.passing import (
    BESIDE_THE_MONEY,
    PASSING,
    handed_over,
    paid,
    passed_to,
    people_here,
    talk_beside,
)
from engine.play.reading import Reading, Token
from engine.play.spans import SPAN_WEIGHT, rest_span, tended
from engine.play.structure import DESCRIBED
from engine.play.wares_named import ASKING_KEYS, ORDERED, PURCHASE, ordered, ware_words
from engine.text import stem

T = ActionType
QUOTE_BONUS = 4.0
_LISTEN = (cue_stem("listen"),)
_EAR_TO = {tuple(cue_stem(w) for w in k.split("_")) for k in ("listen_at", "ear_to", "ear_against", "listen_in")}
_APART_FROM_TALK = {T.INVENTORY, T.PUZZLE}
_RESTING = (stem("rest"),)
_COUNTING = (stem("count"),)
_ACCEPTING = (stem("accept"),)
_UNTAKEN = {stem(w) for w in ("blessing", "offer", "deal", "job", "quest", "terms", "apology", "thanks", "help",
                              "challenge", "bet", "invitation", "price", "bargain", "proposal", "task", "mission",
                              "advice", "that", "this", "word", "words", "promise", "oath", "surrender", "fate",
                              "truth", "it's", "you", "him", "her", "them", "plan", "idea", "request", "condition",
                              "conditions", "hospitality")}
_HEALING_THINGS = {"healing", "healin"}  # "my healing potion": a thing, drunk, not a spell cast
OWN_BONUS = 2.0
ITEM_WEIGHT = 1.0
PLACE_CLAUSE = 4.5
PERSON_CLAUSE = 2.0
HANDED_WEIGHT = 3.0
FOLLOWING = {stem(w) for w in lx.FOLLOWING}
GOING = {stem(w) for w in lx.GOING}
INTRANSITIVE = {stem(w) for w in lx.INTRANSITIVE}
_RECITING = {(stem(w),) for w in ("chant", "recite", "intone")}
FINDING_OUT = {tuple(stem(w) for w in f.split("_")) for f in lx.FINDING_OUT}
# The finding-out verbs and how they are done: none names a thing looked at ("let me look around quickly").
LOOKING = frozenset({s for f in FINDING_OUT for s in f} | {stem(w) for w in (
    "around", "closer", "closely", "carefully", "quick", "quickly", "again", "let", "peek", "glance", "find", "out")})

_REQUESTS = {(a, b) for a in ("can", "could", "may") for b in ("i", "we")}
MONEY_LAID_DOWN = "money laid down"  # coin put down for something: a purchase, whoever is named


def score_reading(reading: Reading, world: Campaign | None, actor: str | None
           ) -> tuple[dict[ActionType, float], dict[int, dict[ActionType, float]], list[str], dict[str, object]]:
    stems_at = [t.stem for t in reading.tokens]
    # "I go look": a verb of going right before another verb is no journey; the second verb is the act.
    cues = [c for c in match_cues(reading.tokens)
            if not (c[0][0] in GOING and c[4] + 1 < len(stems_at) and (stems_at[c[4] + 1],) in LEXICON)]
    keys = {key for key, _, _, noun, _ in cues if not noun}
    audience = world is None or reading.quoted or bool(npcs_here(world)) \
        or bool(keys & PEOPLE)
    scores = {t: 0.0 for t in AGENT_FOR}
    clause_scores: dict[int, dict[ActionType, float]] = {}
    seen: set[int] = set()
    matched: list[str] = []

    def add(action_type: ActionType, value: float, clause: int, label: str) -> None:
        scores[action_type] += value
        clause_scores.setdefault(clause, {}).setdefault(action_type, 0.0)
        clause_scores[clause][action_type] += value
        matched.append(label)

    def shift(clause: int, kind: ActionType, to: ActionType, label: str) -> None:
        """A clause's weight for `kind` counted for `to` instead ("ask Hesper for a room" orders)."""
        moved = clause_scores.get(clause, {}).pop(kind, 0.0)
        scores[kind] -= moved
        add(to, moved, clause, label)

    fighting = in_a_fight(world)
    main: dict[int, MainVerb] = {}
    carried = item_spans(reading, world, actor)
    gear = handled_gear(reading, world, actor)
    if gear is not None:
        carried |= gear[1]  # the weapon readied is gear, not a cue to fight
    handed = _handed(reading, world, actor, carried)
    said_to_thing = False
    for key, clause, factor, noun, index in cues:
        entries = [cue for cue in LEXICON[key] if not (noun and cue.verb_only)]
        if key == _REST and _next_word(reading, index + 1) == "of":
            continue  # "the rest of them", "the rest of the day": what is left, not a rest
        if index in carried:
            # "the holy symbol" on the sheet is gear, not a puzzle's symbol.
            entries = [cue for cue in entries if cue.action_type == T.INVENTORY]
        if key[0] in INTRANSITIVE and has_object(reading, index):
            continue
        if key in MOVEMENT_KEYS and _up_the_stairs(reading, index, clause):
            # "climb the spiral stair to the lamp room": walking up a stair is going there, not a feat.
            entries = [c.model_copy(update={"action_type": T.EXPLORATION}) if c.action_type == T.SKILL_CHECK else c
                       for c in entries]
        if handed is not None and clause == handed[0] and key[0] in PASSING:
            entries = [cue for cue in entries if cue.action_type != T.COMBAT]  # "shove the coins across to Vell"
        if key == _LISTEN and keys & _EAR_TO:
            # "ear to the office door... listening...": the listening is the Perception check of the ear laid there.
            entries = [c.model_copy(update={"action_type": T.SKILL_CHECK}) for c in entries]
        if len(key) == 1 and lifted_open(reading, index):
            # "I just lift the trapdoor": lifting a cover open is opening it, not a feat of strength.
            entries = [c.model_copy(update={"action_type": T.EXPLORATION}) for c in entries]
        if any(c.action_type == T.COMBAT for c in entries) and at_a_thing(reading, index, key, world, actor):
            entries = [cue for cue in entries if cue.action_type != T.COMBAT]  # "strike a match", "hit the lever"
        if key == _RESTING and any(t.stem in BODY for t in reading.tokens[index + 1:index + 4] if t.clause == clause):
            entries = []  # "I rest both forearms on the rail": a posture, no rest
        if key == _ACCEPTING:
            taken = [t for t in reading.tokens[index + 1:index + 4] if t.clause == clause]
            if taken and not any(t.stem in _UNTAKEN for t in taken):
                # "I accept the spare key she offers": a thing handed over is taken (the guide: inventory);
                # a blessing, a deal or a job accepted is said.
                entries = [c.model_copy(update={"action_type": T.INVENTORY}) for c in entries]
        if key == _COUNTING and index and reading.tokens[index - 1].word == "lost":
            entries = []  # "I've quite lost count": nothing is counted
        if not entries:
            continue
        bonus = MAIN_CUE_BONUS if clause not in seen and factor == 1.0 else 1.0
        if clause not in seen and not noun:
            top = max(entries, key=lambda c: c.weight)
            main[clause] = (top.action_type, top.weight, index + len(key), key)
        seen.add(clause)
        own = reading.tokens[index].own
        to_thing = key in SPEECH_KEYS and not noun and said_to_a_thing(reading, clause, world, actor)
        said_to_thing = said_to_thing or to_thing
        # The words are the verb's object, not its topic ("ask Aldous about the words" is a question).
        voiced = not noun and any(t.stem in UTTERANCES and t.factor >= 0.9 for t in reading.tokens[index + 1:index + 4]
                                  if t.clause == clause)
        # "'By tide and ebb, sleep now,' I intone, speaking the ward words": reciting voices set words wherever named.
        voiced = voiced or key in _RECITING and any(t.stem in UTTERANCES and t.factor >= 0.9 for t in reading.tokens)
        for cue in entries:
            action_type = cue.action_type
            if to_thing and action_type == T.ROLEPLAY:
                action_type = T.PUZZLE  # "speak the words", "say it to the door": words tried on the world
            elif voiced and action_type in (T.ROLEPLAY, T.SKILL_CHECK):
                action_type = T.PUZZLE  # "sing the tide words", "chant the verse": any verb voicing words
            elif key in _RECITING and not voiced and (world is None or not deed_here(world)):
                action_type = T.ROLEPLAY  # "recites some terrible poetry at the fishermen": a performance
            if own and action_type == T.INVENTORY:
                bonus *= OWN_BONUS  # "check my pack": the act is about one's own gear
            if action_type == T.ROLEPLAY and key in SOCIAL_KEYS and not audience:
                action_type = T.SKILL_CHECK
            if fighting and key in SPELL_KEYS and not (len(key) == 1 and reading.tokens[index].word in _HEALING_THINGS):
                action_type = T.COMBAT
            add(action_type, cue.weight * factor * bonus, clause, cue.label)
    for i, t in enumerate(reading.tokens):
        if t.factor > 0 and t.clause not in clause_scores and lifted_open(reading, i):
            add(T.EXPLORATION, lx.OPENED_WEIGHT, t.clause, "lifted open")  # "raise the lid of the crate"
    spent = rest_span(reading)
    if spent is not None:
        add(T.REST, SPAN_WEIGHT, spent, "a rest's span of time")
    if scores[T.REST] >= SPAN_WEIGHT:
        # "we hunker down for an hour and bind our wounds", "short rest, wren watches the trapdoor": wounds
        # tended and a watch kept are how the rest is spent, not acts beside it.
        for clause, kind in tended(reading):
            moved = clause_scores.get(clause, {}).pop(kind, 0.0)
            scores[kind] -= moved
            add(T.REST, moved, clause, "part of the rest")
    elif carried:
        # "healer's kit on Bram, stabilise him": wounds tended with a thing carried are the thing used.
        for clause, kind in tended(reading):
            if kind == T.SKILL_CHECK:
                shift(clause, T.SKILL_CHECK, T.INVENTORY, "tended with a thing carried")
    aimed = weapon_aimed(reading, world, actor) if fighting and world is not None else None
    if aimed is not None:
        add(T.COMBAT, WEAPON_AIMED, aimed, "weapon aimed")
    if fighting and world is not None and (helped := helped_clause(reading, world, actor)) is not None:
        add(T.COMBAT, HELP_WEIGHT, helped, "the Help action")
    worked = worked_fixtures(reading, world)
    for clause in worked:
        add(T.PUZZLE, lx.FIXTURE_WEIGHT, clause, "a fixture of the place worked")
    # A room taken to sleep in is part of the rest ("get rooms at the Gull and sleep till dawn").
    # A time word alone ("where was Vell last night") is no rest that could take the order in.
    if (asked := ordered(reading, world)) is not None and scores[T.REST] <= lx.TIME_WORD:
        add(T.INVENTORY, lx.FIXTURE_WEIGHT, asked, ORDERED)
    # An order said to the seller is the purchase; "what do you want for a room" asks the price, which is talk.
    # "Hesper, can I get a pint?" asks for the ware, as the guide reads a request put as a question: the order.
    for_self = asked is not None and tuple(reading.clauses[asked].words[:2]) in _REQUESTS
    ordering = asked if asked is not None and (not reading.clauses[asked].question or for_self) \
        and not set(reading.clauses[asked].words[:1]) & lx.QUESTION_WORDS else None
    if ordering is not None and ordering in main and main[ordering][3] in ASKING_KEYS:
        shift(ordering, T.ROLEPLAY, T.INVENTORY, ORDERED)  # "we ask Hesper for a room": the order, not talk
    if gear is not None and gear[0] != aimed:  # a blade driven into a foe is used, not handled
        add(T.INVENTORY, GEAR_WEIGHT, gear[0], "own gear handled")
    elif carried:
        clause = reading.tokens[min(carried)].clause
        add(T.INVENTORY, ITEM_WEIGHT, clause, "item carried")
    if handed is not None:
        add(T.INVENTORY, HANDED_WEIGHT, handed[0], handed[1])
    paying = paid(reading) if handed is None else None
    # Money spoken of inside quotes is talk ("'two silver? robbery!'"), unless it is handed over as it is said
    # ("'Here's your copper, Pim.'").
    laid_down = paying is not None and (not reading.clauses[paying].quoted or reading.clauses[paying].words[:1] == ["here"])
    if paying is not None:
        add(T.INVENTORY, HANDED_WEIGHT, paying, MONEY_LAID_DOWN)
    # An order is a purchase too: "one ale, and who's been paying you in odd silver?" is two acts.
    passing = handed[0] if handed is not None else paying if paying is not None else \
        asked if asked is not None and ORDERED in matched else None
    if passing is not None and world is not None and (
            talk := talk_beside(reading, passing, ware_words(world), passing == paying)) is not None:
        add(T.ROLEPLAY, QUOTE_BONUS, talk, BESIDE_THE_MONEY)
    if world is not None and any(c.question for c in reading.clauses):
        _unheard(reading, clause_scores, scores, alias_stems(world, actor)[1])
    apart = {c for c, m in main.items() if m[3] in FINDING_OUT or m[3] in MOVEMENT_KEYS or m[3][0] in GOING}
    # In a fight each act is a turn's part of its own ("shove the crab back then drink my potion").
    for clause, kind in serving_the_work(reading, clause_scores, worked if world is not None and not fighting else set(),
                                         apart, people_here(world, actor) if world is not None else set()):
        moved = clause_scores[clause].pop(kind)
        scores[kind] -= moved
        add(T.PUZZLE, moved, clause, "part of working it")
    for clause in {v.clause for v in reading.tokens if v.stem in FOLLOWING and v.factor > 0 and any(
            t.clause == v.clause and t.stem in SIGNS and t.factor > 0 and _sign(t, v) for t in reading.tokens)}:
        add(T.SKILL_CHECK, lx.TRACKING_WEIGHT, clause, "tracking")
    if reading.spell:
        kind = spell_kind(reading.spell)
        # The spell's words weigh nothing as cues; so do the words of a clause quietened ("we agreed the order: ...").
        named = set(reading.spell.split())
        clause = next((t.clause for t in reading.tokens if t.factor == 0 and not t.negated and t.word in named),
                      next((t.clause for t in reading.tokens if t.factor == 0 and not t.negated), 0))
        weight = 4.0 if kind else 1.0
        if reading.clauses[clause].recounted:
            weight *= DESCRIBED  # "I think I burned one on Detect Magic earlier": a spell told of, not cast
        if fighting:
            kind = T.COMBAT
        elif kind == T.EXPLORATION and clause in worked:
            shift(clause, T.PUZZLE, T.EXPLORATION, "looked at by a spell")  # "detect magic on the circle": a look
        elif clause in worked or (kind != T.EXPLORATION and worked):
            kind = T.PUZZLE  # "light the lamp with a fire bolt", "Mage Hand to tug the canvas out": the spell is the tool
        elif kind == T.SKILL_CHECK:
            weight = lx.UTILITY_SPELL_WEIGHT  # "cast light on my hammer and look around": the looking is the act
        add(kind or T.COMBAT, weight, clause, f"spell:{reading.spell}")
        if fighting:
            # Each spell cast in a fight is a blow or a heal of its own: "cast healing word on Bram, then cast
            # sacred flame on the crab" is two, the first aimed at Bram.
            for other, name in reading.casts.items():
                if other != clause and name != reading.spell and not reading.clauses[other].recounted:
                    add(T.COMBAT, 4.0 if spell_kind(name) else 1.0, other, f"spell:{name}")
    # "the word 'tide'", "the password": quoted words named as words are tried, not said to someone.
    named_words = any(t.stem in UTTERANCES and t.factor >= 1.0 for t in reading.tokens)
    # "Pim, can you row us round?": theirs to do, so said to them; "can I get a pint?" is the buyer's order.
    # "i'll buy the stupid form. one silver, Vell.": a purchase said outright is no talk, whoever is hailed.
    buying = any(t.stem in PURCHASE and t.factor >= 1.0 and not t.negated and not t.noun
                 and not reading.clauses[t.clause].quoted and not reading.clauses[t.clause].question
                 for t in reading.tokens)
    requested = asks_of_them(reading) and not (ordering is not None and for_self) and not buying
    if (reading.quoted or reading.addressed) and (said_to_thing or named_words) and not reading.addressed:
        scores[T.PUZZLE] += QUOTE_BONUS  # "I say 'the tide' out loud to the door": words tried on a thing
        matched.append("words said to a thing")
    elif (reading.quoted or reading.addressed) and not ((aimed is not None or laid_down or buying
                                                         or ordering is not None) and not requested):
        # A war cry beside a blade driven home is colour, and words said while money is laid down (not
        # money spoken of inside the quotes) are the purchase's.
        put = next((i - (len(c.words) < 2) for i, c in enumerate(reading.clauses) if c.quoted and (c.asked or c.question)
                    and (len(c.words) >= 2 or i and reading.clauses[i - 1].quoted)), None)
        # "*draws her shortsword* 'Where is he, Crowe?'": a question put in words beside a thing handled or
        # worked is a part of its own; crouching or sitting down to talk is the talk's.
        handling = any(max(per.items(), key=lambda kv: kv[1])[0] in _APART_FROM_TALK and max(per.values()) >= 3.0
                       for c, per in clause_scores.items() if per and c != put)
        if put is not None and reading.quoted and handling:
            add(T.ROLEPLAY, QUOTE_BONUS * (2 if requested else 1), put, "quoted speech")
        else:
            scores[T.ROLEPLAY] += QUOTE_BONUS * (2 if requested else 1)
            matched.append("quoted speech")
    routes = routes_taken(reading)
    for clause in routes:
        add(T.EXPLORATION, lx.ROUTE_WEIGHT, clause, "route")
    # A verb of fighting said outside quotes: without one, a foe named beside quoted words is spoken to.
    fights = any(not noun and factor >= 1.0 and any(c.action_type == T.COMBAT and c.weight >= 2 for c in LEXICON[key])
                 for key, _, factor, noun, _ in cues)
    # Only the character's own going moves the party ("if the captain moves toward Idris" does not).
    going = {key for key, _, factor, noun, _ in cues if not noun and factor >= 0.5}
    facts: dict[str, object] = {"moving": (bool(going & MOVEMENT_KEYS) or bool(routes)) and not requested,
                                "main": main,
                                "fights": fights or bool(reading.spell) or aimed is not None,
                                "handed": handed[0] if handed is not None else None,  # its recipient is no one spoken to
                                "ordered": ordering,  # a seller named in the order is sold to, not talked to
                                "gear": carried}
    if world is not None:
        world_evidence(reading, world, actor, keys, scores, matched, facts)
        spoken = facts.get("person_clause")
        if spoken is not None and any(k in SPEECH_KEYS for k, c, _, noun, _ in cues if c == spoken and not noun):
            per = clause_scores.setdefault(int(spoken), {})  # type: ignore[call-overload]
            per[T.ROLEPLAY] = per.get(T.ROLEPLAY, 0.0) + PERSON_CLAUSE
        if facts.get("moving") and facts.get("place_clause") is not None:
            # The clause that reaches a named place is travel ("then we climb down to the caves").
            per = clause_scores.setdefault(int(facts["place_clause"]), {})  # type: ignore[call-overload]
            per[T.EXPLORATION] = per.get(T.EXPLORATION, 0.0) + PLACE_CLAUSE
            verb = main.get(int(facts["place_clause"]))  # type: ignore[call-overload]
            if verb is not None and verb[3] in QUIET_KEYS:
                # "we creep up the cliff path to the point": going quietly to a place is going there.
                shift(int(facts["place_clause"]), T.SKILL_CHECK, T.EXPLORATION, "going quietly")  # type: ignore[call-overload]
    return scores, clause_scores, list(dict.fromkeys(matched)), facts


def _handed(reading: Reading, world: Campaign | None, actor: str | None, carried: set[int]) -> tuple[int, str] | None:
    """(clause, label) where a thing changes hands: gear to a companion, or anything moved to someone."""
    if world is None:
        return None
    if (clause := handed_over(reading, world, actor, carried)) is not None:
        return clause, "handed to a companion"
    if (clause := passed_to(reading, world, actor)) is not None:
        return clause, "passed to someone"
    return None


_EASY_WAYS = {stem(w) for w in lx.EASY_WAYS}
_REST = (stem("rest"),)


def _next_word(reading: Reading, index: int) -> str:
    return reading.tokens[index].word if index < len(reading.tokens) else ""


_BESIDE = {"beside", "by", "near", "next", "past", "alongside", "above", "below", "under", "over"}


def _up_the_stairs(reading: Reading, index: int, clause: int) -> bool:
    """The way climbed is the verb's own object, before any word of where it is ("the cliff face beside the
    path" is the cliff)."""
    for t in reading.tokens[index + 1:index + 5]:
        if t.clause != clause or t.word in _BESIDE:
            return False
        if t.stem in _EASY_WAYS:
            return True
    return False


def _sign(sign: Token, verb: Token) -> bool:
    """`sign` is a mark to follow, not the verb itself: "look for tracks" tracks, "I've lost track" does not."""
    return sign is not verb or sign.noun or sign.word.endswith("s")


_HEARD = {"him", "her", "them", "you", "everyone"}


def _unheard(reading: Reading, clause_scores: dict[int, dict[ActionType, float]],
             scores: dict[ActionType, float], names: frozenset[str]) -> None:
    """"how many slots do I have left? sheet says 3 max", "... asking for reasons": beside a question to the DM,
    words said to no one named are the player's commentary, not talk."""
    for clause in list(clause_scores):
        said = reading.clauses[clause]
        own = [t for t in reading.tokens if t.clause == clause]
        if any((t.stem,) in SPEECH_KEYS for t in own) and not said.question and not said.quoted \
                and not any(t.stem in names or t.word in _HEARD for t in own):
            per = clause_scores.get(clause, {})
            scores[T.ROLEPLAY] -= per.pop(T.ROLEPLAY, 0.0)
            if not per:
                clause_scores.pop(clause, None)
