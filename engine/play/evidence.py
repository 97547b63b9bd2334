"""World evidence for the parse: who is named and how (foe, NPC, spoken to), where the words lead (a
place by name, a feature, a route, a direction), the actor's own gear, and whose verb governs a name.

Everything is read from the world (engine.play.entities); the sentence's words come from
engine.play.classifier. Used by engine.play.intent when it scores a reading.
"""

from __future__ import annotations

from functools import lru_cache

from rapidfuzz.distance import OSA

from engine.models.actions import ActionType
from engine.models.intent import EntityRef
from engine.models.world import Campaign
from engine.play import lexicon as lx
from engine.play.cue_keys import LEXICON, MOVEMENT_KEYS, PEOPLE, QUIET_KEYS, SPEECH_KEYS
from engine.play.entities import (
    PRONOUNS,
    STOP,
    alias_stems,
    link_person,
    npcs_here,
)
from engine.play.gear import kit
from engine.play.inflection import describing_word
from engine.play.places_named import leading_words, link_place, words_of_place
from engine.play.reading import Reading, Token
from engine.play.way_out import only_way_out
from engine.play.world_memo import remembered
from engine.text import stem, words

T = ActionType
PLACE_MIN = 0.5
ROUTE_VERBS = {stem(w) for w in lx.ROUTE_VERBS}
ROUTES = {stem(w) for w in lx.ROUTES}
UTTERANCES = {stem(w) for w in lx.UTTERANCES}
_OPENINGS = {stem(w) for w in lx.OPENINGS}
_LIFTING = {stem(w) for w in lx.LIFTING}
_PRYING = {stem(w) for w in ("pry", "prise", "prize", "jimmy")}
_LIDDED = {stem(w) for w in ("crate", "lid", "barrel", "chest", "box", "cask", "coffer", "keg")}
PRONOUN_STEMS = {stem(w) for w in PRONOUNS if w not in ("it", "its")}
MainVerb = tuple[ActionType, float, int, tuple[str, ...]]  # kind, weight, index after it, cue key


def world_evidence(reading: Reading, world: Campaign, actor: str | None, keys: set[tuple[str, ...]],
                    scores: dict[ActionType, float], matched: list[str], facts: dict[str, object]) -> None:
    gear: set[int] = facts.get("gear", set())  # type: ignore[assignment]
    # The actor's own gear named ("my light crossbow") is no foe armed alike.
    acting = [(t.stem, t.factor if t.factor > 0 and i not in gear else 0.0) for i, t in enumerate(reading.tokens)]
    person = link_person([(s, f or 0.0) for s, f in acting], world, actor)
    facts["person"] = person
    # A description word ("the boats", "the net shed") is no one addressed; a name or a title is.
    if person is not None and person.score >= 2.0 and any(f > 0.2 for _, f in acting) \
            and not describes_a_thing(reading, person.via, world, actor) \
            and not _governed_elsewhere(reading, person.via, facts["main"]) \
            and _clause_of(reading, person.via) != facts.get("handed") \
            and not _ordered_from(reading, world, person, facts.get("ordered")):  # type: ignore[arg-type]
        said_to = _spoken_to(reading, person.via, facts["main"])  # type: ignore[arg-type]
        if person.kind == "combatant" and (reading.quoted or said_to) and not facts["fights"]:
            # "I bellow at the thug: 'drop the blade'", "I tell Crowe we want the keeper": words to a foe.
            scores[T.ROLEPLAY] += 2.0 + 1.5
            matched.append(f"spoken to foe:{person.name}")
        elif person.kind == "combatant":
            scores[T.COMBAT] += 2.0 + 1.5
            matched.append(f"foe:{person.name}")
        elif person.kind == "npc" and _seized(reading, person.via, facts["main"]):  # type: ignore[arg-type]
            scores[T.COMBAT] += 4.0  # "grab the lookout": laying hands on someone is a grapple
            matched.append(f"seized:{person.name}")
        elif person.kind == "npc":
            here = world.game_state.party_location.casefold()
            npc = world.npc(person.name)
            present = npc is not None and (npc.location or "").casefold() == here
            # Named as the object of an attack, they are the foe, not someone spoken to; named in a clause
            # that speaks, they are spoken to ("dodge, and shout at Aldous"), whatever else is going on.
            clause = next((t.clause for t in reading.tokens if t.stem == stem(person.via)), None)
            main: dict[int, MainVerb] = facts["main"]  # type: ignore[assignment]
            spoken = clause in main and main[clause][3] in SPEECH_KEYS
            side = T.COMBAT if scores[T.COMBAT] > scores[T.ROLEPLAY] and not spoken else T.ROLEPLAY
            # "now that Crowe's down I grab the box", "I search Vell's desk": named only with "'s", a person is
            # told of or owns a thing; no one speaks to them.
            owned = not keys & SPEECH_KEYS and not reading.quoted and not reading.addressed and all(
                t.possessive for t in reading.tokens if t.stem == stem(person.via))
            scores[side] += 1.0 if owned else 4.0 if present else 2.0
            matched.append(f"npc:{person.name}")
            if present and side == T.ROLEPLAY:
                facts["person_clause"] = clause
    combat = world.game_state.combat
    foe_words: set[str] = set()
    if combat and combat.active and any(c.kind == "monster" and not c.defeated for c in combat.order):
        scores[T.COMBAT] += 1.5
        matched.append("combat active")
        # In a fight "the closest wrecker" is a Wrecker Thug, not the Wrecker Caves.
        foe_words = {stem(w) for c in combat.order if c.kind == "monster" and not c.defeated for w in words(c.name)}
    if npcs_here(world) and keys & SPEECH_KEYS:
        scores[T.ROLEPLAY] += 1.0
        matched.append("npc present")
    # Verbs say how one goes, not where ("head" is no place's "head height"); names still count in full.
    # A time of day is no place ("we crash for the night" goes nowhere, whatever a place's text says of nights).
    # Nor is a place the story so far passed through ("we already rested at the inn, so I ..."), nor the
    # speaker's own things ("up to my room" at the inn is no lamp room elsewhere).
    # Nor the clause where a ware is ordered ("buy some rope and then go to the lighthouse": rope is no place),
    # unless the order is the way taken ("we take a boat round to the sea caves").
    main = facts.get("main") or {}
    bought = facts.get("ordered")
    if bought in routes_taken(reading) or bought in main and main[bought][3] in MOVEMENT_KEYS:  # type: ignore[operator,index]
        bought = None
    stems_said = [_place_spelt(t, world) if keys & MOVEMENT_KEYS else t.stem for t in reading.tokens
                  if not t.negated and not t.own and t.stem not in _TIMES and not reading.clauses[t.clause].recounted
                  and t.clause != bought]
    # Only a cue used as a verb is ignored: "the stair" is a feature even though "stairs" is a cue.
    verbs = {t.stem for t in reading.tokens if (t.stem,) in LEXICON and not t.noun}
    place, strength = link_place([s for s in stems_said if s not in foe_words], world, ignore=verbs)
    if place is None:
        only_way_out(reading, world, keys, scores, matched, facts)
        return
    here_loc = world.location(world.game_state.party_location)
    # "go through the flooded arch", "follow the green glow": through or after a way out is going; through the
    # drawers is searching, and tracks followed are tracking.
    tracking = any(stem(t.word) in SIGNS for t in reading.tokens)
    verb_moves = bool(facts["moving"]) or bool(keys & _THROUGH) and not tracking and here_loc is not None \
        and place in here_loc.connections
    # "into the chapel", "back to the inn": a direction right before the place's name moves too.
    name_stems = {stem(w) for w in words(place)}
    refused = {t.clause for t in reading.tokens if t.negated}  # "we don't go to the caves": no going there
    # ... past a word or two describing it ("back down to the village docks").
    directed = any(w in lx.DIRECTIONS and {stem(x) for x in [x for x in c.words[i + 1:] if x not in STOP][:_REACH]}
                   & name_stems for n, c in enumerate(reading.clauses) if n not in refused for i, w in enumerate(c.words))
    by_name = strength >= 3.0
    # Going quietly travels only to a way on named by a word of its name ("creep up to the point").
    verb_moves = verb_moves or bool(keys & QUIET_KEYS) and bool(name_stems & set(stems_said)) \
        and here_loc is not None and place in here_loc.connections
    # A verb that is itself a feat ("climb the outside of the lighthouse") travels only to a place named
    # by name; toward a feature ("the ledge", "the gallery") it is the feat, not a journey.
    # Through a way out of here, though, it is the journey ("we swim through the flooded arch").
    through = any(t.word == "through" for t in reading.tokens) and here_loc is not None \
        and place in here_loc.connections
    verb_moves = verb_moves or through and bool(keys & _CROSSING)
    feat_only = bool(keys & MOVEMENT_KEYS) and not through and \
        all(any(c.action_type == T.SKILL_CHECK for c in LEXICON[k]) for k in keys & MOVEMENT_KEYS)
    # Led by a feature, not a name, the way must be one step from here: features do not cross the map.
    near = here_loc is None or place in here_loc.connections or by_name
    # "the docks", "back to the inn", "lighthouse": a way out of here named and nothing else is the way taken.
    # "down through the trapdoor", "east up the cliff": with a direction, the words of a way on from here too.
    terms = words_of_place(world, place) | name_stems | (
        leading_words(world) if any(t.word in lx.DIRECTIONS for t in reading.tokens) else set())
    fight = world.game_state.combat is not None and world.game_state.combat.active  # "other one. bolt!" is no way out
    fleeing = fight and any(t.word in _FLEEING for t in reading.tokens)  # "flee. arch. caves. now"
    # "caves. now. before Bram eats another pie": what is said of when is no part of the way named.
    said = [t for t in reading.tokens if reading.clauses[t.clause].lead not in _WHEN_LEADS] or reading.tokens
    # "it's dark", "so cold": a state of things said alone is a remark, though the lighthouse "went dark".
    alone = (not fight or fleeing) and here_loc is not None and place in here_loc.connections and all(
        t.stem in terms and all(c.action_type == T.EXPLORATION or c.weight <= 1 for c in LEXICON.get((t.stem,), ()))
        or t.word in STOP or t.word in lx.DIRECTIONS or t.word in lx.FILLERS or t.word in _FLEEING for t in said) \
        and any(t.stem in terms and not describing_word(t.word) for t in said)
    # "short rest, then gannet point", "SR then -> point": a later step that is only a way on, by a word of its
    # name, names the move; a word of its description does not ("then we go down", "who was in the boat").
    alone = alone or (not fight or fleeing) and here_loc is not None and place in here_loc.connections and any(
        n and c.lead in ("then", "") and _only_the_way(reading, n, name_stems) for n, c in enumerate(reading.clauses)
        if c.words and n not in refused)
    heading = strength >= PLACE_MIN and _heads_for(reading, _toward_terms(world, place), facts["main"])  # type: ignore[arg-type]
    moving = (verb_moves and (by_name or (strength >= PLACE_MIN and not feat_only and near))) \
        or (directed and by_name) or alone or (heading and near)
    if heading and not near:
        # Toward something that is a step too far ("tp to the lighthouse" from the inn): going, but nowhere
        # named, so the way there is asked, not taken.
        scores[T.EXPLORATION] += 2.5  # above an absent person named by a word of the place (2.0)
        matched.append("toward somewhere far")
    if moving or by_name:
        facts["place"], facts["moving"] = place, moving
        scores[T.EXPLORATION] += 4.5 if moving else 0.5
        facts["place_clause"] = next((t.clause for t in reading.tokens if t.stem in name_stems), None)
        matched.append(f"place:{place}")


def _only_the_way(reading: Reading, clause: int, terms: set[str]) -> bool:
    """Clause `clause` says nothing but the words of a way on ("the point", "back down to the docks")."""
    own = [t for t in reading.tokens if t.clause == clause]
    return any(t.stem in terms and not describing_word(t.word) for t in own) and all(
        t.stem in terms and all(c.action_type == T.EXPLORATION or c.weight <= 1 for c in LEXICON.get((t.stem,), ()))
        or t.word in STOP or t.word in lx.DIRECTIONS or t.word in lx.FILLERS for t in own)


def _place_spelt(token: Token, world: Campaign) -> str:
    """A word one letter off a word of a place's name, where a going verb sends someone ("goin to the docs"),
    is that place's word; typo correction leaves it alone because it is a word in its own right."""
    if len(token.word) < 4 or not token.word.isalpha():
        return token.stem
    names = remembered(world, "place name words", lambda: frozenset(
        w.casefold() for loc in world.locations for w in words(loc.name) if len(w) >= 4))
    if token.word in names:
        return token.stem
    near = [n for n in names if n[0] == token.word[0] and OSA.distance(token.word, n) == 1]
    return stem(near[0]) if len(near) == 1 else token.stem


def _ordered_from(reading: Reading, world: Campaign, person: EntityRef, ordered: int | None) -> bool:
    """A seller named in the clause of an order, or hailed on their own beside it ("Hesper, pour me a
    shot"): the one sold to. Named in a clause of its own beside it ("... and ask Hesper who paid"), talked to."""
    npc = world.npc(person.name)
    if ordered is None or npc is None or not npc.wares:
        return False
    clause = _clause_of(reading, person.via)
    # Hailed at either end of the order ("I'd like a pint and a bowl of stew, Hesper") or right beside it.
    said = [i for i, c in enumerate(reading.clauses) if c.words]
    hailed = clause is not None and len(reading.clauses[clause].words) <= 2 and (
        abs(clause - ordered) == 1 or clause in (said[0], said[-1]))
    return clause == ordered or hailed


_CROSSING = {(stem(w),) for w in ("swim", "climb", "crawl", "wade", "scramble", "squeeze", "slip", "dive", "clamber")}
_FLEEING = {"flee", "retreat", "escape", "run", "fall", "back"}
_WHEN_LEADS = {"before", "while", "until", "after", "once", "when"}
_THROUGH = {(stem("go"), stem("through")), (stem("follow"),)}
SIGNS = {stem(w) for w in lx.SIGNS}  # tracks and marks: what following them tracks
TOWARD = lx.DIRECTIONS | {"for"}
# "for" heads somewhere only after a verb of setting out ("we make for the inn"; "a round for the room" goes nowhere).
_MAKING = {"make", "makes", "making", "made", "head", "heads", "heading", "off", "bound", "set", "leave", "leaving",
           "start", "strike", "break", "run", "ran", "bolt", "dash"}
_REACH = 3
_TIMES = {stem(w) for w in lx.TIME_WORDS}


def _toward_terms(world: Campaign, place: str) -> set[str]:
    """Words that point at `place` and not at anything here ("into the crab pool" stays in the caves)."""
    return words_of_place(world, place) - words_of_place(world, world.game_state.party_location)


def _heads_for(reading: Reading, terms: set[str], main: dict[int, MainVerb]) -> bool:
    """A clause with no known verb but a way of going ("wanders down to the harbour", "we make for the
    inn"): a direction right before a word of the place, and nothing else for the clause to be doing."""
    for index, clause in enumerate(reading.clauses):
        ws = clause.words
        # The going comes before the clause's act ("wanders down to the harbour to have a nose around"): the
        # act is what they will do there.
        acts_at = len(ws)
        if index in main and main[index][3] not in MOVEMENT_KEYS:
            verb = reading.tokens[main[index][2] - len(main[index][3])].word
            acts_at = ws.index(verb) if verb in ws else 0
        for i, w in enumerate(ws[:min(acts_at, len(ws) - 1)]):
            nxt = next((stem(x) for x in ws[i + 1:] if x not in STOP), "")
            if w in TOWARD and nxt in terms and nxt not in _TIMES and (w != "for" or i > 0 and ws[i - 1] in _MAKING):
                return True
    return False


# Verbs that hand things to someone: a person after them is the recipient, not the one handled.
_TRANSFER = {stem(w) for w in ("give", "hand", "pay", "sell", "buy", "toss", "lend", "trade", "offer", "purchase",
                                "split", "throw", "pass", "show")}


def _seized(reading: Reading, via: str, main: dict[int, MainVerb]) -> bool:
    """A verb for handling things with a person as its direct object ("grab the lookout", "drag Pim
    inside"): the person is taken hold of."""
    said = stem(via)
    index = next((i for i, t in enumerate(reading.tokens) if t.stem == said), None)
    if index is None or reading.tokens[index].clause not in main:
        return False
    kind, _, after, key = main[reading.tokens[index].clause]
    return kind == T.INVENTORY and index == after and key[0] not in _TRANSFER


def describes_a_thing(reading: Reading, via: str, world: Campaign, actor: str | None) -> bool:
    """A person's word used of a thing: right before another noun that is no one's name or role ("the
    net sheds", "Vell's strongbox", "my best Crowe voice"); the thing is what the words are about."""
    said = stem(via)
    spots = [i for i, t in enumerate(reading.tokens) if t.stem == said]
    titles = _person_words(world, actor)
    for i in spots:
        nxt = reading.tokens[i + 1] if i + 1 < len(reading.tokens) else None
        # Right after it (an article between starts a new phrase: "spins Pim a tale"), a noun (not
        # "Crowe's bleeding"), and nobody's name or role ("the wrecker captain").
        # After an article itself, the word and the noun after it are one phrase ("the net shed"; "shed" and
        # "bed" are no participles).
        adjacent = nxt is not None and nxt.clause == reading.tokens[i].clause and (
            not nxt.noun or reading.tokens[i].possessive or reading.tokens[i].noun)
        if not adjacent or nxt.stem in titles or nxt.word in STOP or len(nxt.word) > 4 and nxt.word.endswith(("ing", "ed", "ly")) \
                or (nxt.stem,) in LEXICON and not nxt.noun or not nxt.word.isalpha():  # type: ignore[union-attr]
            return False
    return bool(spots)


def said_to_a_thing(reading: Reading, clause: int, world: Campaign | None, actor: str | None) -> bool:
    """Words spoken in this clause go to a thing, not a person: an utterance as the object ("the words",
    "the password") or "to" a thing ("to the door"), and no one named or described in the clause."""
    toks = [t for t in reading.tokens if t.clause == clause]
    if world is not None and any(t.stem in _person_words(world, actor) or t.stem in PRONOUN_STEMS for t in toks):
        return False
    if any((t.stem,) in PEOPLE for t in toks):
        return False
    if any(t.stem in UTTERANCES for t in toks):
        return True
    return any(a.word == "to" and (b.stem,) in LEXICON and all(c.action_type in (T.EXPLORATION, T.PUZZLE)
                                                                for c in LEXICON[(b.stem,)])
               for a, b in zip(toks, toks[1:], strict=False))


def _person_words(world: Campaign, actor: str | None) -> frozenset[str]:
    """Stems of anyone's name or role (worked out once per people index)."""
    return alias_stems(world, actor)[1]


def item_spans(reading: Reading, world: Campaign | None, actor: str | None) -> set[int]:
    """Token indexes naming an item of two words or more on the actor's sheet ("holy symbol", "thieves' tools")."""
    pc = world.character(actor) if world is not None and actor else None
    if pc is None:
        return set()
    return spans_naming(reading, kit(pc))


def spans_naming(reading: Reading, items: tuple[str, ...]) -> set[int]:
    """Token indexes naming any of `items` (names of two words or more)."""
    stems_at = [t.stem for t in reading.tokens]
    found: set[int] = set()
    for item in _item_keys(items):
        for i in range(len(stems_at) - len(item) + 1):
            if tuple(stems_at[i:i + len(item)]) == item:
                found.update(range(i, i + len(item)))
    return found


@lru_cache(maxsize=64)
def _item_keys(names: tuple[str, ...]) -> list[tuple[str, ...]]:
    keys = [tuple(stem(w) for w in words(n.split("(")[0]) if w not in STOP) for n in names]
    return [k for k in keys if len(k) >= 2]


def routes_taken(reading: Reading) -> set[int]:
    """Clauses where a route is taken or followed ("take the cliff path", "follow the stair down")."""
    out: set[int] = set()
    for i, t in enumerate(reading.tokens):
        if t.stem in ROUTE_VERBS and t.factor > 0 and not t.noun:
            rest = [x for x in reading.tokens[i + 1:i + 4] if x.clause == t.clause]
            if any(x.stem in ROUTES for x in rest):
                out.add(t.clause)
    return out


def has_object(reading: Reading, index: int) -> bool:
    """The verb at `index` takes a thing as its object ("rest my hand"), a time aside ("rest the night")."""
    nxt = reading.tokens[index + 1] if index + 1 < len(reading.tokens) else None
    return nxt is not None and nxt.noun and nxt.clause == reading.tokens[index].clause \
        and nxt.word not in lx.TIME_WORDS


MainVerb = tuple[ActionType, float, int, tuple[str, ...]]  # kind, weight, index after it, cue key
GOVERNING = {T.INVENTORY, T.EXPLORATION, T.PUZZLE, T.SKILL_CHECK}
STRONG_VERB = 2.5


def _governed_elsewhere(reading: Reading, via: str, main: dict[int, MainVerb]) -> bool:
    """The person is the recipient or the place of another kind of act ("give the letter to Aldous",
    "sneak up behind Nessa"): the clause's main verb decides the kind, not the person named. Only the
    direct object of a skill verb ("I jump Nessa") is still the one acted on."""
    said = stem(via)
    index = next((i for i, t in enumerate(reading.tokens) if t.stem == said), None)
    if index is None or reading.tokens[index].clause not in main:
        return False
    kind, weight, after, _ = main[reading.tokens[index].clause]
    # Handing things over ("pay Hesper five silver", "toss the rope to Wren") governs even as a light verb.
    strong = STRONG_VERB if kind != T.INVENTORY else STRONG_VERB - 0.5
    if kind not in GOVERNING or weight < strong or index < after:
        return False
    return not (kind == T.SKILL_CHECK and index == after)




def lifted_open(reading: Reading, index: int) -> bool:
    """The lifting verb at `index` opens something ("lift the trapdoor", "raise the lid", "I just lift it"
    with a hatch named before): its object is a cover, door or lid."""
    clause = reading.tokens[index].clause
    after = [t for t in reading.tokens[index + 1:index + 4] if t.clause == clause]
    if reading.tokens[index].stem in _PRYING:
        # "pry the lid off the crate", "I pry one open": an unlocked crate or lid prised open is opened (the
        # guide); a door or trapdoor prised is forced, a feat.
        return any(t.stem in _LIDDED for t in after) or [t.word for t in after[:2]] == ["one", "open"]
    if reading.tokens[index].stem not in _LIFTING:
        return False
    if any(t.stem in _OPENINGS for t in after):
        return True
    return bool(after) and after[0].word in ("it", "them") and any(t.stem in _OPENINGS for t in reading.tokens[:index])


def _clause_of(reading: Reading, via: str) -> int | None:
    said = stem(via)
    return next((t.clause for t in reading.tokens if t.stem == said), None)


def _spoken_to(reading: Reading, via: str, main: dict[int, MainVerb]) -> bool:
    """The name is in a clause whose verb speaks ("tell Crowe we want the keeper")."""
    clause = next((t.clause for t in reading.tokens if t.stem == stem(via) and t.factor > 0), None)
    return clause is not None and clause in main and main[clause][3] in SPEECH_KEYS
