"""Intent: what a player's words mean, resolved against the world, made once per action.

`parse` gives the structured ActionIntent every agent reads (kind, target, destination, spell,
negation, question, parts); `classify` is its action-type view (IntentResult) for routing. The
reading of the sentence is in engine.play.classifier, the world's names in engine.play.entities.
"""

from __future__ import annotations

from functools import lru_cache

from engine.models.actions import ActionType
from engine.models.intent import ActionIntent, IntentKind
from engine.models.sheet import SKILLS
from engine.models.world import Campaign
from engine.play import lexicon as lx
from engine.play import structure
from engine.play.asking import as_insight, refused, said_on
from engine.play.attempts import attempted
from engine.play.chat_layout import laid_out
from engine.play.classifier import read
from engine.play.compound import approaches, fight_moves, going_nowhere, gone_to_do
from engine.play.courtesy import without_courtesy
from engine.play.covert import covert, unnoticed
from engine.play.cue_keys import CUE_WORDS, LEXICON, MOVEMENT_KEYS
from engine.play.deciding import CLAUSE_MIN, THEN_MIN, decide, sequenced, told_paragraph
from engine.play.dm_questions import about_the_act, looked_into, questions_of_what_is_there
from engine.play.entities import (
    STOP,
    alias_stems,
    npcs_here,
)
from engine.play.evidence import (
    MainVerb,
)
from engine.play.frames import companion_hailed, order_to_companion, without_speaker, without_wish_for_oneself
from engine.play.intent_result import (
    GOING_NOWHERE_NAMED,
    ONLY_FOE,
    OUTRIGHT,
    IntentResult,
    clarify,
    fighting,
    where_they_are,
)
from engine.play.parts import compound_parts
from engine.play.passing import BESIDE_THE_MONEY
from engine.play.places_named import words_of_place
from engine.play.purpose import purposes
from engine.play.reading import Reading
from engine.play.scoring import FINDING_OUT, GOING, LOOKING, score_reading
from engine.play.second_opinion import RuleView, reconsidered, rerouted
from engine.play.spell_names import named_spell
from engine.play.swayed import TALKED_INTO, talked_into, told
from engine.play.targeting import aimed_at
from engine.play.tense import recounted
from engine.play.thinking_aloud import answered_themselves, options_weighed, taken_back
from engine.play.typos import nonsense, rejoined, world_vocabulary
from engine.play.wondering import hypotheticals, indirect_questions
from engine.play.world_memo import holding_still
from engine.play.written import written_saying
from engine.text import stem, words

T = ActionType

# "inv": the text-adventure command for what you carry (see dm_questions), a word and no typo.
_BASE_VOCABULARY = CUE_WORDS | frozenset(w for w in STOP | lx.QUESTION_WORDS | lx.AUXILIARIES if len(w) > 3) | {"inv"}


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



# Words that say how things are, not what the character does ("they're undead", "crossbow guy is annoying").
_TELLS_HOW_IT_IS = {"is", "are", "was", "were", "they're", "theyre", "it's", "he's", "she's", "isn't", "aren't"}
_CONTESTS = {stem(w) for w in ("grapple", "grappling", "shove", "shoving")}  # manoeuvres decided by a contest
# "athletics" (not "hand" of sleight_of_hand), and the abilities a grapple or shove is rolled with ("8 strength").
_SKILL_WORDS = {skill for skill in SKILLS if "_" not in skill} | {"strength", "dexterity", "str", "dex"}


def _understand(text: str, world: Campaign | None, actor: str | None
                ) -> tuple[Reading, IntentResult, dict[str, object]]:
    present = frozenset(w for n in npcs_here(world)
                        for w in words(n.name)) if world is not None else frozenset()
    reading = read(text, _vocabulary(world), present)
    named_spell(reading, world, actor)
    others = _other_names(world, actor)
    structure.described(reading, others)
    told(reading, _name_words(world))
    self_told = bool(actor) and (words(text)[:1] or [""])[0] in {w.casefold() for w in words(actor or "")}
    structure.others_acts(reading, others, self_told, present)
    structure.as_others_do(reading, others)
    structure.found_out(reading)
    recounted(reading, others)
    taken_back(reading)
    answered_themselves(reading)
    options_weighed(reading)
    structure.reported_questions(reading)
    indirect_questions(reading)
    structure.things_doing(reading)
    structure.set_going(reading)
    tried = structure.sequence(text, reading)
    swayed = talked_into(reading)
    written_saying(reading)
    purposes(reading)
    hidden = covert(reading)
    in_fight = world is not None and bool(world.game_state.combat and world.game_state.combat.active)
    contested = in_fight and any(t.stem in _CONTESTS and t.factor >= 1.0 for t in reading.tokens)
    if contested:  # "grapple on Crowe, Athletics vs his Athletics": the skills named are the grapple's contest
        for t in reading.tokens:
            if t.word in _SKILL_WORDS:
                t.factor = 0.0
    scores, clause_scores, matched, facts = score_reading(reading, world, actor)
    if swayed:
        matched.append(TALKED_INTO)
    unnoticed(hidden, scores, clause_scores, matched)
    if world is not None:
        titles = lambda: alias_stems(world, actor)[1]  # noqa: E731 - computed only when a clause closes in
        leading_up = approaches(reading, clause_scores, facts["main"], titles,  # type: ignore[arg-type]
                                facts.get("place_clause"))  # type: ignore[arg-type]
        fighting = in_fight
        moves = fight_moves(reading, clause_scores, facts["main"], facts.get("place"), fighting)  # type: ignore[arg-type]
        # A clause that only leads up to the next act, or moves about beside an attack, is no act of its own.
        nowhere = going_nowhere(reading, clause_scores, facts["main"], facts.get("place"))  # type: ignore[arg-type]
        for label, found in (("closing in", leading_up), ("moving in the fight", moves), ("going, nowhere said", nowhere)):
            for i in found:
                for kind, value in clause_scores.pop(i, {}).items():
                    scores[kind] -= value
                matched.append(label)
        for i in gone_to_do(reading, facts["main"], facts.get("place_clause")):  # type: ignore[arg-type]
            scores[T.EXPLORATION] -= clause_scores.get(i, {}).pop(T.EXPLORATION, 0.0)
            matched.append("gone to do it")
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
    requested = None if contested else structure.check_requested(reading, frozenset(w.casefold() for w in words(actor or "")))
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
        # In a fight a blow said plainly is an act however few its words ("is Crowe bloodied? arrow at him").
        acting = {i: s for i, s in clause_scores.items() if i not in asked
                  and (max(s.values()) >= CLAUSE_MIN or i >= waiting and max(s.values()) > 0
                       or in_fight and s.get(T.COMBAT, 0.0) >= THEN_MIN and max(s, key=s.get) == T.COMBAT
                       and not set(reading.clauses[i].words) & _TELLS_HOW_IT_IS)}
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
        finding = {i for i in acting if i in main and main[i][3] in FINDING_OUT and i > min(asked)
                   and all(looked_into(reading.clauses[q], reading.clauses[i], LOOKING) for q in asked if q < i)}
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
    # Money or an order beside words on another matter is two acts however it is told (the guide's own rule).
    one_act = told_paragraph(text) and BESIDE_THE_MONEY not in matched
    return reading, decide(scores, clause_scores, matched, sequenced(reading), one_act), facts


def classify(text: str, world: Campaign | None = None, actor: str | None = None) -> IntentResult:
    """The action type(s) of a player's words, and the agents that handle them."""
    return _understand(laid_out(text), world, actor)[1]


def _name_words(world: Campaign | None) -> frozenset[str]:
    """Every word of every person's name ("Crowe" as well as "Silas"): whoever may be the subject of words said."""
    if world is None:
        return frozenset()
    return _all_words(tuple(c.name for c in (*world.characters, *world.npcs)))


@lru_cache(maxsize=64)
def _all_words(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w for n in names for w in words(n) if w not in STOP)


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
    hailed = companion_hailed(laid_out(text), [c.name for c in world.characters], actor) if world else None
    text = _prepared(text, world, actor)
    with holding_still():  # reading changes no world: what it asks of the world is worked out once
        return _understood(text, world, actor, last_target, hailed)


def _prepared(text: str, world: Campaign | None, actor: str | None) -> str:
    """The text as the rules read it: laid out, without the speaker's name, the world's words typed as two
    joined ("harbor master"), orders to companions unwrapped."""
    text = without_wish_for_oneself(without_speaker(without_courtesy(laid_out(text)), actor), actor)
    if world is not None:
        text = rejoined(text, world)
        text = order_to_companion(text, [c.name for c in world.characters], actor) or text
    return text


def rule_view(text: str, world: Campaign | None = None, actor: str | None = None) -> RuleView:
    """What the rules alone make of a message (the second opinion's input; its trainer reads these)."""
    text = _prepared(text, world, actor)
    with holding_still():
        reading, result, _ = _understand(text, world, actor)
    return _view_of(text, tuple(_ruled_kinds(reading, result)[0]), result, world)


def _view_of(text: str, kinds: tuple[IntentKind, ...], result: IntentResult, world: Campaign | None) -> RuleView:
    return RuleView(text, kinds, tuple(result.matched), result.confidence, fighting(world),
                    tuple(IntentKind(t.value) for t in result.leaders))


def _ruled_kinds(reading: Reading, result: IntentResult) -> tuple[list[IntentKind], bool]:
    """The kinds the rules found, in order, and whether anything is asked of the DM."""
    asked = any(c.question for c in reading.clauses)
    kinds = [IntentKind(t.value) for t in result.components]
    if result.question:
        kinds = [IntentKind.QUESTION]
    elif asked and kinds == [IntentKind.EXPLORATION] \
            and questions_of_what_is_there(reading.clauses):
        asked = False  # "I look around the taproom, who's in tonight?": the look answers it
    # "do I get sneak attack | if Bram's right next to it?": the condition is part of the question it follows.
    elif asked and kinds and all(about_the_act(c) for i, c in enumerate(reading.clauses) if c.question and not (
            c.lead == "if" and i and reading.clauses[i - 1].question)):
        asked = False  # "Sacred Flame on the wrecker. Is that a save or an attack roll?": how the act works
    elif asked:
        kinds = [IntentKind.QUESTION, *kinds]
    return kinds, asked


def _understood(text: str, world: Campaign | None, actor: str | None,
                last_target: str | None, hailed_companion: str | None = None) -> tuple[IntentResult, ActionIntent]:
    reading, result, facts = _understand(text, world, actor)
    kinds, asked = _ruled_kinds(reading, result)
    second = reconsidered(_view_of(text, tuple(kinds), result, world))
    if second is not None:
        result = rerouted(result, *second)
        kinds, asked = list(second[0]), second[0] == (IntentKind.QUESTION,)
    kind = kinds[0] if len(kinds) == 1 else IntentKind.MIXED
    # The part said first, not the loudest: "buying a lantern and oil, then we go up to the Point".
    said_first = next((IntentKind(a.value) for a in result.leaders if IntentKind(a.value) in kinds), kinds[0])
    action_type = result.action_type if not result.question else T.EXPLORATION
    aim = aimed_at(text, reading, result, facts, kinds, said_first, world, actor, last_target, hailed_companion)
    target, candidates, name_question, unresolved = aim.target, aim.candidates, aim.question, aim.unresolved
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
