"""The parts of a compound action: each act the player said, in order, with its own verb, target, spell,
item and destination ("healing word on Wren, then I swing at Crowe"; "I shoot the thug and then the crab").

The clauses are the reading's own (engine.play.classifier), and a clause is an act of its own when the
scores that decided the intent's kind say so (the same measure engine.play.deciding uses), so the parts
never disagree with the kind: every part's kind is one of the intent's kinds. A clause that only names
another foe after an act ("... and then the crab") repeats that act on them. A single act has no parts.
Each part's names are linked in its own clause; a part that names no one is aimed like the whole action.
"""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.models.intent import EntityRef, IntentKind, IntentPart
from engine.models.world import Campaign
from engine.play.deciding import CLAUSE_MIN, THEN_MIN, sequenced
from engine.play.described import describing, here_words
from engine.play.entities import PRONOUNS, STOP, alias_stems, link_person, rank_people
from engine.play.intent_result import OUTRIGHT, only_foe
from engine.play.reading import Reading, Token
from engine.text import stem, words

K = IntentKind
# Kinds whose parts are aimed at someone even when their clause names no one ("I drink a potion and attack").
_AIMED = {K.COMBAT, K.ROLEPLAY}
# Kinds whose people are found by description too, as for the whole intent.
_SOCIAL = {K.COMBAT, K.ROLEPLAY, K.QUESTION}
# A clause that only names someone after an act ("and then the crab", "then at the other thug too").
_NAMING_ONLY = {"at", "on", "to", "too", "also", "again", "next", "other", "one", "first", "second", "third",
                "last", "now", "as", "well"}
_ELIDED_LEADS = {"and", "then", ""}
_ELIDED_MAX = 6
_CAST = {"cast", "casts", "casting"}
_DIRECT = 0.9  # a word said outright, not in a topic ("about ..."), a question or quotes

ClauseScores = dict[int, dict[ActionType, float]]


def compound_parts(reading: Reading, facts: dict[str, object], kinds: list[IntentKind], world: Campaign | None,
                   actor: str | None, last_target: str | None, whole: EntityRef | None,
                   destination: str | None) -> list[IntentPart]:
    """The acts of the sentence in the order said; empty for a single act. `kinds` are the intent's kinds,
    `whole` its target and `destination` its destination."""
    acting: ClauseScores = facts.get("acting") or {}  # type: ignore[assignment]
    picked = _acts(reading, acting, kinds)
    elided: dict[int, int] = {}  # clause -> the clause whose act it repeats
    if world is not None and picked:
        for i in range(len(reading.clauses)):
            before = max((j for j in picked if j < i), default=None)
            # A spell is cast once: "healing word on Bram and Wren" names two, it is not two castings.
            if i not in picked and before is not None and picked[before] in _AIMED and before < len(reading.clauses) \
                    and _spell(reading, before, _tokens(reading, before)) is None \
                    and _names_only(reading, i, acting, world, actor):
                elided[i] = before
                picked[i] = picked[before]
    order = sorted(picked)
    if len(order) < 2:
        return [IntentPart(kind=k) for k in kinds] if len(kinds) > 1 else []
    main: dict[int, tuple[ActionType, float, int, tuple[str, ...]]] = facts.get("main") or {}  # type: ignore[assignment]
    parts: list[IntentPart] = []
    refs: list[EntityRef | None] = []
    verbs: dict[int, str] = {}  # clause -> the verb as said, for an act repeated on another target
    for i in order:
        clause = reading.clauses[i] if i < len(reading.clauses) else None
        tokens = _tokens(reading, i)
        spell = None if i in elided else _spell(reading, i, tokens)
        if i in elided:
            said, verb = verbs.get(elided[i], ""), parts[order.index(elided[i])].verb
        elif picked[i] == K.QUESTION:
            said, verb = "", None  # a question to the DM is no act
        else:
            said, verb = _verb(reading, tokens, main.get(i), spell)
        verbs[i] = said
        text = " ".join(clause.words) if clause is not None else ""
        previous = next((r.name for r in reversed(refs) if r is not None), last_target)
        ref = _linked(reading, i, picked[i], world, actor, previous) if world is not None else None
        if ref is not None and whole is not None and ref.name == whole.name:
            ref = whole  # the whole intent's link went through every check: the same person, the same ref
        refs.append(ref)
        parts.append(IntentPart(kind=picked[i], text=f"{said} {text}".strip() if i in elided else text, verb=verb,
                                spell=spell, item=_item(tokens, world, actor)))
    _aim_the_rest(parts, refs, whole, world)
    _place(parts, order, facts, destination)
    return parts


def _acts(reading: Reading, acting: ClauseScores, kinds: list[IntentKind]) -> dict[int, IntentKind]:
    """clause -> kind for each clause that acts on its own, as the decision counted them; every kind of the
    intent gets a clause (where it weighs most), questions asked are parts of their own."""
    wanted = set(kinds)
    near = sequenced(reading)
    picked: dict[int, IntentKind] = {}
    for i, per in acting.items():
        if not per:
            continue
        best_type, best = max(per.items(), key=lambda kv: kv[1])
        kind = K(best_type.value)
        if kind in wanted and best >= (THEN_MIN if i in near else CLAUSE_MIN):
            picked[i] = kind
    if K.QUESTION in wanted:
        for i, clause in enumerate(reading.clauses):
            before = reading.clauses[i - 1] if i else None
            same_question = before is not None and before.question and not before.asked  # "..., after I bought it?"
            if clause.question and clause.words and i not in picked and not same_question:
                picked[i] = K.QUESTION
    for kind in [k for k in kinds if k not in picked.values() and k != K.QUESTION]:
        weighed = sorted(((per.get(ActionType(kind.value), 0.0), i) for i, per in acting.items() if i not in picked),
                         reverse=True)
        if weighed and weighed[0][0] > 0:
            picked[weighed[0][1]] = kind
        elif len(kinds) > 1:
            picked[len(reading.clauses) + len(picked)] = kind  # said in no clause of its own (quoted speech)
    return picked


def _names_only(reading: Reading, i: int, acting: ClauseScores, world: Campaign, actor: str | None) -> bool:
    """A short clause with no act of its own that only names someone: "and then the crab"."""
    clause = reading.clauses[i]
    if clause.question or clause.quoted or not clause.words or len(clause.words) > _ELIDED_MAX \
            or clause.lead not in _ELIDED_LEADS or any(v > 0 for v in acting.get(i, {}).values()):
        return False
    tokens = _tokens(reading, i)
    every = alias_stems(world, actor)[0]
    return bool(tokens) and not any(t.negated for t in tokens) and all(
        t.word in _NAMING_ONLY or t.word.isdigit() or t.stem in every for t in tokens)


def _tokens(reading: Reading, i: int) -> list[Token]:
    return [t for t in reading.tokens if t.clause == i]


def _linked(reading: Reading, i: int, kind: IntentKind, world: Campaign, actor: str | None,
            previous: str | None) -> EntityRef | None:
    """Whom the clause's own words name (a pronoun: whom the part before it was aimed at)."""
    at = [j for j, t in enumerate(reading.tokens) if t.clause == i]
    if not at:
        return None
    tokens = [(reading.tokens[j].stem, _weight(reading.tokens[j])) for j in at]
    described = describing(reading.tokens, here_words(world))
    ranked = rank_people(tokens, world, actor, kind in _SOCIAL, {n for n, j in enumerate(at) if j in described})
    said = [reading.tokens[j] for j in at]
    if previous is not None and any(t.word in PRONOUNS and t.factor >= _DIRECT for t in said) and not any(
            r.score >= OUTRIGHT and any(t.stem == stem(r.via) and t.factor >= _DIRECT for t in said) for r in ranked[:1]):
        # "ask her about the lighthouse", "tell him we know about his tenth": the one the pronoun stands for
        # is spoken to; a name in the topic or a word of someone's description is only what it is about.
        ranked = []
    ref = link_person(tokens, world, actor, last=previous, ranked=ranked)
    return ref if ref is not None and (ref.score >= 1.0 or ref.via == "pronoun") else None


def _weight(t: Token) -> float:
    # As the whole intent weighs them: a spell's words count in full, a negated or asked word half.
    return 1.0 if t.factor == 0 and not t.negated else max(t.factor, 0.5)


def _aim_the_rest(parts: list[IntentPart], refs: list[EntityRef | None], whole: EntityRef | None,
                  world: Campaign | None) -> None:
    """A part aimed at someone that names no one is aimed like the whole action, unless another part named
    that one ("I drink a potion, then attack the thug": the potion is aimed at nobody). A blow that names no
    one after words to a foe falls on that foe ("yells at Crowe to surrender and then swings anyway")."""
    named = {r.name for r in refs if r is not None}
    for n, part in enumerate(parts):
        ref = refs[n]
        if ref is None and part.kind in _AIMED:
            ref = whole if whole is not None and whole.name not in named else None
            if ref is None and part.kind == K.COMBAT:
                ref = next((p.target_ref for p in reversed(parts[:n]) if p.kind in _AIMED and p.target_ref is not None
                            and p.target_ref.kind != "character"), None)
            if ref is None and part.kind == K.COMBAT and world is not None:
                ref = only_foe(world)
        part.target, part.target_ref = (ref.name, ref) if ref is not None else (None, None)


def _place(parts: list[IntentPart], order: list[int], facts: dict[str, object], destination: str | None) -> None:
    """The journey goes with the part that names the place, else with the first part that explores."""
    if destination is None:
        return
    going = [n for n, p in enumerate(parts) if p.kind == K.EXPLORATION]
    at = facts.get("place_clause")
    chosen = next((n for n in going if order[n] == at), going[0] if going else None)
    if chosen is not None:
        parts[chosen].destination = destination


def _verb(reading: Reading, tokens: list[Token], cue: tuple[ActionType, float, int, tuple[str, ...]] | None,
          spell: str | None) -> tuple[str, str | None]:
    """(the verb as said, its stem): the clause's leading cue, else "cast" for a spell, else its first word."""
    if cue is not None and reading.tokens[cue[2] - len(cue[3])].word not in PRONOUNS:  # "pin her down" is no "her"
        key = cue[3]
        return reading.tokens[cue[2] - len(key)].word if len(key) == 1 else " ".join(key), " ".join(key)
    if spell is not None:
        return "cast", "cast"
    first = next((t for t in tokens if t.factor > 0 and t.word not in STOP), None)
    return (first.word, first.stem) if first is not None else ("", None)


def _spell(reading: Reading, i: int, tokens: list[Token]) -> str | None:
    """The spell this clause casts: the reading's spell when its words are here, else what follows "cast"."""
    spoken = [t for t in tokens if t.factor == 0 and not t.negated]  # a spell's words weigh nothing as cues
    if not spoken:
        return None
    here = {t.stem for t in spoken}
    if reading.spell and {stem(w) for w in words(reading.spell)} <= here:
        return reading.spell
    return " ".join(t.word for t in spoken) if set(reading.clauses[i].words) & _CAST else None


def _item(tokens: list[Token], world: Campaign | None, actor: str | None) -> str | None:
    """The actor's item this clause names: every word of its name, else the word its name is about ("my
    potion" for the Potion of healing, "the cloak" for the Dark hooded cloak; "the dark rowboat" names none)."""
    pc = world.character(actor) if world is not None and actor else None
    if pc is None:
        return None
    said = {t.stem for t in tokens if not t.negated}
    best, best_score = None, 0
    for item in pc.inventory:
        name = item.name.split("(")[0]
        named = [stem(w) for w in words(name) if w not in STOP]
        head = [stem(w) for w in words(name.split(" of ")[0]) if w not in STOP][-1:]
        hits = sum(1 for s in named if s in said)
        score = 2 * hits if named and hits == len(named) else 1 if head and head[0] in said else 0
        if score > best_score:
            best, best_score = item.name, score
    return best
