"""Intent: what a player's words mean, resolved against the world, made once per action.

`parse` gives the structured ActionIntent every agent reads (kind, target, destination, spell,
negation, question, parts); `classify` is its action-type view (IntentResult) for routing. The
reading of the sentence is in engine.play.classifier, the world's names in engine.play.entities.
"""

from __future__ import annotations

from functools import lru_cache

from engine.models.actions import ActionType
from engine.models.intent import ActionIntent, IntentKind
from engine.models.world import Campaign
from engine.play import lexicon as lx
from engine.play import structure
from engine.play.absent import absent_creature
from engine.play.aimed import WEAPON_AIMED, at_a_thing, weapon_aimed
from engine.play.asking import as_insight, asks_of_them, refused, said_on
from engine.play.attempts import attempted
from engine.play.classifier import (
    CUE_WORDS,
    LEXICON,
    MAIN_CUE_BONUS,
    MOVEMENT_KEYS,
    PEOPLE,
    SOCIAL_KEYS,
    SPEECH_KEYS,
    SPELL_KEYS,
    Reading,
    match_cues,
    read,
    spell_kind,
)
from engine.play.compound import approaches
from engine.play.covert import covert, unnoticed
from engine.play.deciding import AGENT_FOR, CLAUSE_MIN, decide, sequenced, told_paragraph
from engine.play.described import describing
from engine.play.entities import STOP, alias_stems, link_person, npcs_here, rank_people, words_of_place
from engine.play.evidence import (
    MainVerb,
    has_object,
    item_spans,
    lifted_open,
    routes_taken,
    said_to_a_thing,
    world_evidence,
)
from engine.play.first_named import first_named
from engine.play.fixtures import deed_here, worked_fixtures
from engine.play.frames import order_to_companion, without_speaker
from engine.play.gear import GEAR_WEIGHT, handled_gear
from engine.play.helping import HELP_WEIGHT, helped_clause
from engine.play.intent_result import (
    GOING_NOWHERE_NAMED,
    ONLY_FOE,
    OUTRIGHT,
    IntentResult,
    clarify,
    only_foe,
    only_here,
    where_they_are,
)
from engine.play.naming import check_names
from engine.play.parts import compound_parts
from engine.play.passing import PASSING, handed_over, passed_to
from engine.play.spans import SPAN_WEIGHT, rest_span, tended
from engine.play.spell_names import named_spell
from engine.play.typos import nonsense, world_vocabulary
from engine.play.wares_named import ORDERED, ordered
from engine.play.who_is_meant import (
    a_described_one,
    absent_by_role,
    changed_mind,
    described_elsewhere,
    head_noun,
)
from engine.play.wondering import hypotheticals, indirect_questions
from engine.play.world_memo import holding_still
from engine.text import stem, words

T = ActionType
QUOTE_BONUS = 4.0
OWN_BONUS = 2.0
ITEM_WEIGHT = 1.0
PLACE_CLAUSE = 4.5
PERSON_CLAUSE = 2.0
HANDED_WEIGHT = 3.0
FOLLOWING = {stem(w) for w in lx.FOLLOWING}
SIGNS = {stem(w) for w in lx.SIGNS}
GOING = {stem(w) for w in lx.GOING}
INTRANSITIVE = {stem(w) for w in lx.INTRANSITIVE}
UTTERANCES = {stem(w) for w in lx.UTTERANCES}
_RECITING = {(stem(w),) for w in ("chant", "recite", "intone")}
FINDING_OUT = {tuple(stem(w) for w in f.split("_")) for f in lx.FINDING_OUT}

_BASE_VOCABULARY = CUE_WORDS | frozenset(w for w in STOP | lx.QUESTION_WORDS | lx.AUXILIARIES if len(w) > 3)


def match_place(text: str, names: list[str]) -> str | None:
    """The place among `names` that `text` names: any word of its name (however short), most words winning."""
    said = {stem(w) for w in words(text)}
    best, best_score = None, 0
    for name in names:
        score = sum(1 for w in words(name) if w not in STOP and stem(w) in said)
        if score > best_score:
            best, best_score = name, score
    return best


def _vocabulary(world: Campaign | None) -> frozenset[str]:
    return _with_base(world_vocabulary(world)) if world is not None else _BASE_VOCABULARY


@lru_cache(maxsize=8)
def _with_base(world_words: frozenset[str]) -> frozenset[str]:
    # One object per world vocabulary, so the typo cache keyed on it hits by identity.
    return _BASE_VOCABULARY | world_words


def _score(reading: Reading, world: Campaign | None, actor: str | None
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

    combat = world.game_state.combat if world is not None else None
    fighting = bool(combat and combat.active and any(c.kind == "monster" and not c.defeated for c in combat.order))
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
        if len(key) == 1 and lifted_open(reading, index):
            # "I just lift the trapdoor": lifting a cover open is opening it, not a feat of strength.
            entries = [c.model_copy(update={"action_type": T.EXPLORATION}) for c in entries]
        if any(c.action_type == T.COMBAT for c in entries) and at_a_thing(reading, index, key, world, actor):
            entries = [cue for cue in entries if cue.action_type != T.COMBAT]  # "strike a match", "hit the lever"
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
            if fighting and key in SPELL_KEYS:
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
    aimed = weapon_aimed(reading, world, actor) if fighting and world is not None else None
    if aimed is not None:
        add(T.COMBAT, WEAPON_AIMED, aimed, "weapon aimed")
    if fighting and world is not None and (helped := helped_clause(reading, world, actor)) is not None:
        add(T.COMBAT, HELP_WEIGHT, helped, "the Help action")
    worked = worked_fixtures(reading, world)
    for clause in worked:
        add(T.PUZZLE, lx.FIXTURE_WEIGHT, clause, "a fixture of the place worked")
    # A room taken to sleep in is part of the rest ("get rooms at the Gull and sleep till dawn").
    if (asked := ordered(reading, world)) is not None and not scores[T.REST]:
        add(T.INVENTORY, lx.FIXTURE_WEIGHT, asked, ORDERED)
    if gear is not None:
        add(T.INVENTORY, GEAR_WEIGHT, gear[0], "own gear handled")
    elif carried:
        clause = reading.tokens[min(carried)].clause
        add(T.INVENTORY, ITEM_WEIGHT, clause, "item carried")
    if handed is not None:
        add(T.INVENTORY, HANDED_WEIGHT, handed[0], handed[1])
    for clause in {t.clause for t in reading.tokens if t.stem in FOLLOWING and t.factor > 0}:
        if any(t.clause == clause and t.stem in SIGNS and t.factor > 0 for t in reading.tokens):
            add(T.SKILL_CHECK, lx.TRACKING_WEIGHT, clause, "tracking")
    if reading.spell:
        kind = spell_kind(reading.spell)
        clause = next((t.clause for t in reading.tokens if t.factor == 0 and not t.negated), 0)
        weight = 4.0 if kind else 1.0
        if fighting:
            kind = T.COMBAT
        elif clause in worked or (kind != T.EXPLORATION and worked):
            kind = T.PUZZLE  # "light the lamp with a fire bolt", "Mage Hand to tug the canvas out": the spell is the tool
        elif kind == T.SKILL_CHECK:
            weight = lx.UTILITY_SPELL_WEIGHT  # "cast light on my hammer and look around": the looking is the act
        add(kind or T.COMBAT, weight, clause, f"spell:{reading.spell}")
    # "the word 'tide'", "the password": quoted words named as words are tried, not said to someone.
    named_words = any(t.stem in UTTERANCES and t.factor >= 1.0 for t in reading.tokens)
    requested = asks_of_them(reading)  # "Pim, can you row us round?": theirs to do, so said to them
    if (reading.quoted or reading.addressed) and (said_to_thing or named_words) and not reading.addressed:
        scores[T.PUZZLE] += QUOTE_BONUS  # "I say 'the tide' out loud to the door": words tried on a thing
        matched.append("words said to a thing")
    elif reading.quoted or reading.addressed:
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


def _up_the_stairs(reading: Reading, index: int, clause: int) -> bool:
    return any(t.stem in _EASY_WAYS for t in reading.tokens[index + 1:index + 5] if t.clause == clause)


def _understand(text: str, world: Campaign | None, actor: str | None
                ) -> tuple[Reading, IntentResult, dict[str, object]]:
    present = frozenset(w for n in npcs_here(world)
                        for w in words(n.name)) if world is not None else frozenset()
    reading = read(text, _vocabulary(world), frozenset(w for w in present))
    named_spell(reading, world, actor)
    others = _other_names(world, actor)
    structure.described(reading, others)
    self_told = bool(actor) and (words(text)[:1] or [""])[0] in {w.casefold() for w in words(actor or "")}
    structure.others_acts(reading, others, self_told)
    structure.as_others_do(reading, others)
    structure.reported_questions(reading)
    indirect_questions(reading)
    structure.things_doing(reading)
    structure.set_going(reading)
    tried = structure.sequence(text, reading)
    hidden = covert(reading)
    scores, clause_scores, matched, facts = _score(reading, world, actor)
    unnoticed(hidden, scores, clause_scores, matched)
    if world is not None:
        titles = lambda: alias_stems(world, actor)[1]  # noqa: E731 - computed only when a clause closes in
        for i in approaches(reading, clause_scores, facts["main"], titles,  # type: ignore[arg-type]
                            facts.get("place_clause")):  # type: ignore[arg-type]
            for kind, value in clause_scores.pop(i).items():
                scores[kind] -= value
            matched.append("closing in")
    attempted(reading, scores, clause_scores, matched)
    as_insight(reading, scores, clause_scores, matched)
    refused(reading, scores, clause_scores, facts)
    said_on(reading, facts)
    hypotheticals(reading)
    if tried is not None:
        scores[T.PUZZLE] += structure.SEQUENCE_WEIGHT
        per = clause_scores.setdefault(tried, {})
        per[T.PUZZLE] = per.get(T.PUZZLE, 0.0) + structure.SEQUENCE_WEIGHT
        matched.append("sequence")
    asked = [i for i, c in enumerate(reading.clauses) if c.question]
    requested = structure.check_requested(reading)
    if requested is not None and reading.clauses[requested].lead == "then":
        # "what's the time? then I roll insight on Vell": a check that comes next is one act among others.
        per = clause_scores.setdefault(requested, {})
        per[T.SKILL_CHECK] = per.get(T.SKILL_CHECK, 0.0) + structure.CHECK_REQUEST
        scores[T.SKILL_CHECK] += structure.CHECK_REQUEST
        matched.append("check requested")
        requested = None
    if requested is not None:
        # "what do I know about drowned sailors? religion check": the question is what the check is for;
        # "arcana on the ward, then I try the lever": another act beside the check still counts.
        scores[T.SKILL_CHECK] += structure.CHECK_REQUEST
        matched.append("check requested")
        per = clause_scores.setdefault(requested, {})
        per[T.SKILL_CHECK] = per.get(T.SKILL_CHECK, 0.0) + structure.CHECK_REQUEST
        # Clauses asked in question form ("is he lying?") say what the check is for, not another act.
        # Only an act that follows the check ("arcana on the ward, then I pull the lever") stays beside it;
        # the rest says what the check is for ("figure out where the coins came from, history check").
        acting = {i: s for i, s in clause_scores.items()
                  if i == requested or (i > requested and reading.clauses[i].lead == "then"
                                        and not structure.asks(reading.clauses[i].words))}
        scores = {t: sum(s.get(t, 0.0) for s in acting.values()) + scores[t] * 0.1 for t in scores}
        for clause in reading.clauses:
            clause.question = False
        facts["acting"] = acting  # the clauses that decided it, for the parts
        return reading, decide(scores, acting, matched, sequenced(reading)), facts
    if asked:
        # "is it locked? if not I open it and go in": what follows "if not"/"if so" is an act, however plain.
        waiting = next((i for i, c in enumerate(reading.clauses) if c.conditional), len(reading.clauses))
        acting = {i: s for i, s in clause_scores.items() if i not in asked
                  and (max(s.values()) >= CLAUSE_MIN or i >= waiting and max(s.values()) > 0)}
        if not acting:
            # Only questions: the exploration agent answers from state, nothing is rolled or advanced.
            result = IntentResult(action_type=T.EXPLORATION, confidence=1.0, matched=["question", *matched],
                                  agents=["exploration"], components=[T.EXPLORATION], question=True)
            return reading, result, facts
        scores = {t: sum(s.get(t, 0.0) for s in acting.values()) + (scores[t] * 0.1) for t in scores}
        clause_scores = acting
        main: dict[int, MainVerb] = facts["main"]  # type: ignore[assignment]
        # ... unless the act waits on the answer ("is it locked? if not I go in").
        # A guess beside a puzzle worked ("I take a stab at the riddle: is it a shadow?") is the attempt.
        # Going there to see ("whats up the stair? i go up and see") is finding out too.
        finding = {i for i in acting if i in main and main[i][3] in FINDING_OUT and i > min(asked)}
        finding |= {i for i in acting if i in main and (main[i][3] in MOVEMENT_KEYS or main[i][3][0] in GOING)
                    and i + 1 < len(reading.clauses) and (i + 1 in finding or any(
                        (stem(w),) in FINDING_OUT for w in reading.clauses[i + 1].words))}
        if all((i in finding or i in main and main[i][0] == T.PUZZLE)
               and reading.clauses[i].lead != "if" for i in acting):
            # "what's under the barrels? I go look": the act is how the question gets answered.
            for i in asked:
                reading.clauses[i].question = False
    elif reading.negated and max(scores.values()) < CLAUSE_MIN and not any(
            t.factor > 0 and not t.negated and (t.stem,) in LEXICON and not t.noun for t in reading.tokens):
        # Everything said is what the character won't do: words to the table, not an action.
        scores[T.ROLEPLAY] += CLAUSE_MIN
        matched.append("negated")
    facts["acting"] = clause_scores
    return reading, decide(scores, clause_scores, matched, sequenced(reading), told_paragraph(text)), facts


def classify(text: str, world: Campaign | None = None, actor: str | None = None) -> IntentResult:
    """The action type(s) of a player's words, and the agents that handle them."""
    return _understand(text, world, actor)[1]


def _other_names(world: Campaign | None, actor: str | None) -> frozenset[str]:
    """First names of everyone but the actor: the subject of someone else's act ("while Tova patches us up")."""
    if world is None:
        return frozenset()
    names = [c.name for c in world.characters if actor is None or c.name.casefold() != actor.casefold()]
    return _first_words((*names, *(n.name for n in world.npcs)))


@lru_cache(maxsize=64)
def _first_words(names: tuple[str, ...]) -> frozenset[str]:
    # Cached on the names themselves: they rarely change, and every reading asks.
    return frozenset(words(n)[0] for n in names if words(n))


def parse(text: str, world: Campaign | None = None, actor: str | None = None,
          last_target: str | None = None) -> ActionIntent:
    """The structured intent of a player's action, every name resolved against `world`."""
    return understand(text, world, actor, last_target)[1]


def understand(text: str, world: Campaign | None = None, actor: str | None = None,
               last_target: str | None = None) -> tuple[IntentResult, ActionIntent]:
    """The routing view and the structured intent from one reading of the text."""
    text = without_speaker(text, actor)
    if world is not None:
        text = order_to_companion(text, [c.name for c in world.characters], actor) or text
    with holding_still():  # reading changes no world: what it asks of the world is worked out once
        return _understood(text, world, actor, last_target)


def _understood(text: str, world: Campaign | None, actor: str | None,
                last_target: str | None) -> tuple[IntentResult, ActionIntent]:
    reading, result, facts = _understand(text, world, actor)
    asked = any(c.question for c in reading.clauses)
    kinds = [IntentKind(t.value) for t in result.components]
    if result.question:
        kinds = [IntentKind.QUESTION]
    elif asked:
        kinds = [IntentKind.QUESTION, *kinds]
    kind = kinds[0] if len(kinds) == 1 else IntentKind.MIXED
    action_type = result.action_type if not result.question else T.EXPLORATION
    target = None
    candidates: list[str] = []
    name_question: str | None = None
    unresolved: str | None = None
    person = facts.get("person")
    if world is not None:
        # Someone read for Insight is named like someone spoken to ("is the ghost telling the truth?").
        social = bool({IntentKind.COMBAT, IntentKind.ROLEPLAY, IntentKind.QUESTION} & set(kinds)) \
            or "reading a person" in result.matched
        tokens = [(t.stem, 1.0 if t.factor == 0 and not t.negated else max(t.factor, 0.5)) for t in reading.tokens]
        ranked = rank_people(tokens, world, actor, social, describing(reading.tokens))
        person = link_person(tokens, world, actor, last=last_target, ranked=ranked)
        target = person if person is not None and (person.score >= 1.0 or person.via == "pronoun") else None
        if target is not None:
            target = head_noun(reading, ranked, target) or target
        if target is not None and described_elsewhere(world, actor, target):
            target = None  # "I watch his face": Nessa, who "watches" in her description, is not even here
        if kind == IntentKind.MIXED:
            target = first_named(reading, ranked, world, actor) or target  # the first part's, not the loudest
        aimed = bool({IntentKind.COMBAT, IntentKind.ROLEPLAY} & set(kinds))
        if reading.addressee:
            # Someone hailed by name ("madam Quill, ...", "..., Vell.") is who the words are for.
            hailed = next((r for r in ranked if reading.addressee in words(r.name)), None)
            target = hailed or target
        absent = absent_creature(reading, world, actor) if IntentKind.COMBAT in kinds else None
        if absent is not None:
            # "I attack the ogre" with no ogre here: ask, never hit whoever stands nearest.
            target, candidates, name_question, unresolved = None, absent.options, absent.question, absent.creature
        else:
            names = check_names(text, world, actor, target, ranked, reading.vocabulary, aimed)
            target, candidates, name_question, unresolved = names.target, names.options, names.question, names.said
        if target is not None and IntentKind.COMBAT in kinds and not unresolved and a_described_one(reading, target):
            # "sacred flame on the dripping one": in a fight, a foe described, not the ghost who only looks alike.
            target = only_foe(world) or target
        if target is not None and IntentKind.COMBAT in kinds and not unresolved:
            target = changed_mind(text, world, actor, target) or target
            if absent_by_role(world, target):
                target = None  # "the second one sticks his head out of the lighthouse door": a foe, not the keeper
        if target is None and IntentKind.COMBAT in kinds and not unresolved:
            target = only_foe(world)
        elif not unresolved and not candidates and {IntentKind.ROLEPLAY, IntentKind.INVENTORY} & set(kinds):
            # Named only after "about" (or, in words to someone, "for": "your price for the old man"): the topic.
            topics = ("about", "for") if IntentKind.ROLEPLAY in kinds else ("about",)
            topic = target is not None and any(
                target.via in c.words[c.words.index(w) + 1:] and target.via not in c.words[:c.words.index(w)]
                for c in reading.clauses for w in topics if w in c.words)
            target = only_here(world, target, {t.stem for t in reading.tokens if t.factor > 0},
                               IntentKind.ROLEPLAY in kinds or ORDERED in result.matched, topic)
    destination = facts.get("place") if facts.get("moving") and IntentKind.EXPLORATION in kinds else None
    if destination is None and facts.get("moving") and IntentKind.EXPLORATION in kinds and world is not None:
        destination = where_they_are(world, target)  # "let's go see the harbormaster": to wherever he is
    if destination is not None and target is not None and (target.kind == "npc" and target.score <= OUTRIGHT
                                                           or target.kind in ("monster", "combatant")) \
            and world is not None and stem(target.via) in words_of_place(world, str(destination)):
        # "go up to the lighthouse": the place the keeper is named for; "go to Wrecker Caves": no Wrecker Thug.
        target = None
    if kind == IntentKind.QUESTION and target is not None and target.via == "it" \
            and any(c.words[-1:] == ["it"] and c.question for c in reading.clauses):
        target = None  # "what time is it?", "how far is it?": "it" closing the question stands for nobody
    going_unplaced = bool(facts.get("moving")) and destination is None and IntentKind.EXPLORATION in kinds
    verb = next((t.stem for t in reading.tokens if t.factor > 0 and t.word not in STOP), None)
    confidence = result.confidence
    question = name_question or clarify(result)
    understood_someone = target is not None and target.via != ONLY_FOE
    if name_question is None and not understood_someone and nonsense(text, reading.vocabulary):  # "asdf qwerty": asked back, never a guessed attack
        confidence, question = 0.0, f"I didn't catch that. What does {actor or 'the character'} do?"
    return result, ActionIntent(
        kind=kind, action_type=action_type, actor=actor, verb=verb, target=target.name if target else None,
        target_ref=target, destination=str(destination) if destination else None, spell=reading.spell,
        negated=reading.negated, question=asked, confidence=min(1.0, confidence),
        parts=compound_parts(reading, facts, kinds, world, actor, last_target, target,
                             str(destination) if destination else None), components=result.components,
        clarify=question, unresolved=unresolved, candidates=candidates,
        matched=[*result.matched, GOING_NOWHERE_NAMED] if going_unplaced else result.matched)
