"""Who a named or described person in the words is, once the parse has linked someone: refinements that need
the whole reading. A word of someone's description who is elsewhere names no one; a "one" described in a fight
is a foe; a change of mind aims at the foe named after it; a role word of someone away from the fight is no
target."""

from __future__ import annotations

import re

from rapidfuzz.distance import OSA

from engine.models.actions import ActionType
from engine.models.intent import EntityRef
from engine.models.world import Campaign
from engine.play.cue_keys import LEXICON, is_verb
from engine.play.deciding import CLAUSE_MIN, THEN_MIN
from engine.play.entities import alias_stems, named_where, rank_people
from engine.play.intent_result import OUTRIGHT
from engine.play.passing import passed_to_whom
from engine.play.person_nouns import HONORIFICS, NOUNS, PERSON_WEIGHT
from engine.play.reading import Reading, Token
from engine.text import stem, words


def described_elsewhere(world: Campaign, actor: str | None, ref: EntityRef) -> bool:
    """An NPC linked by a word that is no one's name or role, who is not where the party stands."""
    return ref.score < OUTRIGHT and _away(world, ref) and stem(ref.via) not in alias_stems(world, actor)[1]


_CHANGED_MIND = re.compile(r"\b(?:wait,?\s+no|no,?\s+wait|scratch that|i mean|actually,?\s+no|on second thought)\b",
                           re.IGNORECASE)


def changed_mind(text: str, world: Campaign, actor: str | None, target: EntityRef) -> EntityRef | None:
    """"Fire Bolt at Crowe. wait no, the crab's closer. Crab.": whoever is named after the player changes their
    mind is the target."""
    said = list(_CHANGED_MIND.finditer(text))
    if not said:
        return None
    later = rank_people([(stem(w), 1.0) for w in words(text[said[-1].end():])], world, actor)
    return later[0] if later and later[0].kind == "combatant" and later[0].name != target.name else None


def absent_by_role(world: Campaign, ref: EntityRef) -> bool:
    """An NPC linked by a role or description word, not by name, who is not where the fight is."""
    return ref.score <= OUTRIGHT and _away(world, ref)


def _away(world: Campaign, ref: EntityRef) -> bool:
    """An NPC who is not where the party stands."""
    npc = world.npc(ref.name) if ref.kind == "npc" else None
    return npc is not None and (npc.location or "").casefold() != world.game_state.party_location.casefold()


def a_described_one(reading: Reading, ref: EntityRef) -> bool:
    """"the dripping one", "the big ones": an NPC linked only by a word that describes a "one" is not named;
    in a fight that "one" is a foe."""
    if ref.kind != "npc" or ref.score >= OUTRIGHT:
        return False
    via = stem(ref.via)
    return any(a.stem == via and b.word in ("one", "ones") for a, b in zip(reading.tokens, reading.tokens[1:], strict=False))



# Where a blow sends someone, or where it comes from: "off the cliff", "into the surf", "from the gorse".
_WHERE_TO = {"off", "over", "into", "onto", "down", "across", "toward", "towards", "from", "through", "overboard"}


def a_place_word(reading: Reading, ref: EntityRef) -> bool:
    """"shove the left one off the cliff": an NPC linked only by a word of the place a blow sends someone to
    (Nessa watches "from the gorse above the cliff") is not aimed at; the place is."""
    if ref.kind != "npc" or ref.score >= OUTRIGHT:
        return False
    via = stem(ref.via)
    for clause in reading.clauses:
        ws = clause.words
        spots = [i for i, w in enumerate(ws) if stem(w) == via]
        if spots and all(any(w in _WHERE_TO for w in ws[max(0, i - 3):i]) for i in spots):
            return True
    return False


def head_noun(reading: Reading, ranked: list[EntityRef], target: EntityRef) -> EntityRef | None:
    """"the drowned monk" is the monk, not a Drowned Sailor: a word that only qualifies the next one names no
    one when that next word is someone else's own (a role, a word of their description). An everyday noun
    next ("the drowned guy") fits the first one, and changes nothing."""
    others = {stem(r.via): r for r in ranked if r.name != target.name and r.via and r.score >= PERSON_WEIGHT}
    tokens = reading.tokens
    at = next((i for i, t in enumerate(tokens) if t.stem == stem(target.via)), None)
    if at is None or at + 1 >= len(tokens):
        return None
    nxt = tokens[at + 1]
    said = reading.clauses[tokens[at].clause].words
    # A person's own name is never a qualifier ("tell Hesper Aldous is alive"), unless it owns the next one
    # ("ray of frost on Crowe's crab").
    if target.kind in ("npc", "character") and not tokens[at].possessive or nxt.clause != tokens[at].clause \
            or nxt.word in NOUNS or nxt.stem in _NOUN_STEMS \
            or nxt.word in {w.casefold() for w in words(target.name)} or not any(
            a == tokens[at].word and b == nxt.word for a, b in zip(said, said[1:], strict=False)):
        return None
    head = others.get(nxt.stem)
    # "the thug Bram is fighting": a name next starts another clause, it is no head noun.
    owned = tokens[at].possessive
    if head is None or head.kind == "character" or nxt.word in {w.casefold() for w in words(head.name)} and not owned:
        return None
    return head


_NOUN_STEMS = frozenset(stem(n) for n in NOUNS)  # "the drowned guys" as well as "the drowned guy"


# Words for a foe picked out by what it does or where it stands ("the one dragging Bram", "the guy by Tova").
_PICKED_OUT = {"one", "ones", "guy", "guys", "thing", "whoever", "whichever", "it"}


def picked_out_by(reading: Reading, target: EntityRef) -> bool:
    """A party member named only to pick out a foe ("magic missile at the one dragging Bram", "sneak attack the
    one bram's engaged with"): the foe is meant, not them."""
    if target.kind != "character" or not target.via:
        return False
    said = stem(target.via)
    for i, t in enumerate(reading.tokens):
        if t.stem == said:
            before = [x.word for x in reading.tokens[max(0, i - 5):i] if x.clause == t.clause]
            return bool(set(before) & _PICKED_OUT)
    return False


_AT = {"at", "on", "into"}


def attacked_by_role(reading: Reading, ref: EntityRef) -> bool:
    """The role word is what the blow is aimed at ("attack the harbormaster", "fire bolt at the keeper"), not a
    word of a foe's description ("the one by the lighthouse door")."""
    said = stem(ref.via) if ref.via else ""
    for i, t in enumerate(reading.tokens):
        if stem(t.word) != said:
            continue
        before = [x for x in reading.tokens[max(0, i - 2):i] if x.clause == t.clause]
        if before and before[-1].word in _AT:
            return True
        return any(c.action_type == ActionType.COMBAT and c.weight >= 2 for x in before for c in LEXICON.get((x.stem,), ()))
    return False


def named_in_the_act(reading: Reading, ranked: list[EntityRef], acting: dict[int, dict[ActionType, float]],
                     target: EntityRef, world: Campaign, actor: str | None) -> EntityRef | None:
    """"The crab's hurt and Crowe's out of reach, so Ray of Frost on the crab": a blow is aimed at the one named
    in the clause that carries it, not at someone named by a name or role only in the clauses around it."""
    act = _first_acting(reading, acting, ActionType.COMBAT)
    if act is None:
        return None
    named = named_where([t.stem for t in reading.tokens], world, actor)
    clauses = {n: {reading.tokens[i].clause for i in at} for n, at in named.items()}
    if act in clauses.get(target.name, ()):
        return None
    return next((r for r in ranked if act in clauses.get(r.name, ())), None)


_ASKING = {stem(w) for w in ("ask", "enquire", "inquire", "question")}
_WHAT_IS_ASKED = {"if", "whether", "when"}  # clause leads that carry on what someone is asked


def only_in_what_is_asked(reading: Reading, ref: EntityRef) -> bool:
    """Named only in what someone is asked, not as the one asked: "ask her when her watch ends n if the
    keepers alive" asks the lookout about the keeper."""
    asked, inside, outside = False, False, False
    said = stem(ref.via.casefold())
    for i, clause in enumerate(reading.clauses):
        content = asked and clause.lead in _WHAT_IS_ASKED
        named = any(t.stem == said for t in reading.tokens if t.clause == i)
        inside, outside = inside or content and named, outside or not content and named
        if not content:
            asked = any(stem(w) in _ASKING for w in clause.words)
    return inside and not outside


_SPOKEN_ON = {"to", "with", "at", "the", "old", "a", "quietly", "gently", "softly", "calmly", "again", "straight"}
_OBJECT_PRONOUNS = {"him", "her", "them"}


def spoken_to(reading: Reading, ranked: list[EntityRef], acting: dict[int, dict[ActionType, float]],
              world: Campaign, actor: str | None) -> EntityRef | None:
    """"I tell him Hesper sent us", "lie to Nessa and say Crowe sent us": words go to the one the speech verb of
    the act takes, named or a pronoun for someone named before; who is named in what is said is only talked of.
    Someone who is not here is spoken to only if nobody here is ("I ask Vell. oh wait, we're at the inn. I ask
    Hesper")."""
    first = _first_acting(reading, acting, ActionType.ROLEPLAY)
    if first is None:
        return None
    tokens = reading.tokens
    named = named_where([t.stem for t in tokens], world, actor)
    # A word several answer to ("the man", "the lady") is the one the whole sentence points at most.
    at = {i: r for r in reversed(ranked) for i in named.get(r.name, ())}
    talking = {i for i, s in acting.items() if i >= first and s.get(ActionType.ROLEPLAY, 0.0) > THEN_MIN}
    found = [_taken_by(tokens, i, at, ranked, named) for i, t in enumerate(tokens)
             if t.clause in talking and t.factor > 0 and not t.noun and any(
                 c.action_type == ActionType.ROLEPLAY and c.weight >= 1.5 for c in LEXICON.get((t.stem,), ()))]
    found = [f for f in found if f is not None]
    return next((f for f in found if not _away(world, f)),
                found[0] if found else None)


def _taken_by(tokens: list[Token], verb: int, at: dict[int, EntityRef], ranked: list[EntityRef],
              named: dict[str, list[int]]) -> EntityRef | None:
    """Whom the speech verb at `verb` takes: named within a few words of it, or a pronoun for one named before."""
    clause = tokens[verb].clause
    for j in range(verb + 1, min(verb + 4, len(tokens))):
        if tokens[j].clause != clause:
            return None
        if j in at:
            # "Mister Lowrie", "the man Vell": a title, or a word the one named next answers to, is settled by
            # that name; "tell Nessa Crowe is finished" and "tell the girl Crowe's dead" name two.
            while j + 1 in at and tokens[j + 1].clause == clause and (
                    at[j + 1].name == at[j].name or tokens[j].word in HONORIFICS
                    or j in named.get(at[j + 1].name, ())):
                j += 1
            # "the drowned monk": a word that only qualifies the one it describes names no one.
            nxt = tokens[j + 1].stem if j + 1 < len(tokens) and tokens[j + 1].clause == clause \
                and j + 1 not in at else ""
            return next((r for r in ranked if r.name != at[j].name and r.via and stem(r.via) == nxt), at[j])
        if tokens[j].word in _OBJECT_PRONOUNS:
            before = {at[k].name for k in at if k < verb}
            return next((r for r in ranked if r.name in before), None)
        if tokens[j].word not in _SPOKEN_ON:
            return None
    return None


def _first_acting(reading: Reading, acting: dict[int, dict[ActionType, float]], action: ActionType) -> int | None:
    """The first clause that plainly does `action` (not words quoted from someone else)."""
    return min((i for i, s in acting.items() if s.get(action, 0.0) > THEN_MIN and i < len(reading.clauses)
                and not reading.clauses[i].quoted), default=None)


def _name_stems(ref: EntityRef) -> set[str]:
    return {stem(w.casefold()) for w in words(ref.name)}


def handed_to(reading: Reading, ranked: list[EntityRef], world: Campaign, actor: str | None) -> EntityRef | None:
    """Whom a thing is handed or passed to, named by a name or role, when several people are named."""
    if len(ranked) < 2 or (found := passed_to_whom(reading, world, actor)) is None:
        return None
    named = named_where([stem(found[1])], world, actor)
    return next((r for r in ranked if r.name in named), None)


def misheard_foe(reading: Reading, world: Campaign) -> EntityRef | None:
    """"eye shoot the crap": a noun one letter off a foe's name in this fight, dictated or typed in haste, is that
    foe (a real word, so no spelling fix touches it)."""
    combat = world.game_state.combat
    if combat is None or not combat.active:
        return None
    foes = [(c.name, w) for c in combat.order if c.kind == "monster" and not c.defeated
            for w in {*words((c.monster or "").casefold()), *words(c.name.casefold())} if len(w) >= 4]
    said = {w for _, w in foes}
    for t in reading.tokens:
        if t.noun and t.factor > 0 and len(t.word) >= 4 and t.word not in said:
            near = {name for name, w in foes if w[0] == t.word[0] and OSA.distance(t.word, w) == 1}
            if len(near) == 1:
                return EntityRef(name=near.pop(), kind="combatant", via=t.word, score=1.0)
    return None


_STRUCK = _OBJECT_PRONOUNS | {"it"}


def struck_unnamed(reading: Reading, acting: dict[int, dict[ActionType, float]], named: EntityRef) -> bool:
    """The first clause that fights aims at a pronoun and names no one, while `named` is said elsewhere."""
    first = min((i for i, s in acting.items() if s.get(ActionType.COMBAT, 0.0) >= CLAUSE_MIN), default=None)
    if first is None:
        return False
    own = [t for t in reading.tokens if t.clause == first]
    return any(t.word in _STRUCK for t in own) and not any(named.via and t.word == named.via for t in own)


def speakers_own(reading: Reading, described: set[int] | frozenset[int]) -> set[int]:
    """Positions of the speaker's verbs and of the speaker's own things, which describe no one: "keep my hand on
    my sword" is neither Crowe, who keeps a crab, nor Aldous, whose hands are scarred."""
    return {i for i, t in enumerate(reading.tokens) if i not in described and (t.own or not t.noun and is_verb(t.word))}
