"""Things changing hands: a thing moved to a person is an inventory act, whatever the verb of moving it.

"toss my spare dagger to Wren", "pass the healer's kit to Tova" (gear to a companion), and as often a thing
that was never on a sheet: "I slide the ale over to Bram", "flip him a copper", "toss Pim two coins",
"push the coin across to Vell". Without this, the person named reads as someone spoken to.
"""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.models.world import Campaign
from engine.play.cue_keys import LEXICON
from engine.play.entities import alias_stems, npcs_here
from engine.play.evidence import spans_naming
from engine.play.reading import Reading
from engine.play.wares_named import BARE_ASKING
from engine.text import stem, words

T = ActionType
# Verbs that move a thing from hand to hand; "throw"/"toss" at someone is an attack, so a recipient
# must follow "to" or stand right after the verb ("toss Pim a coin"), never "at".
PASSING = {stem(w) for w in ("give", "hand", "pass", "slide", "toss", "flip", "flick", "chuck", "lob", "throw",
                               "push", "shove", "slip", "tip", "bung", "lend", "pay", "roll")}
_RECIPIENTS = {"him", "her", "them", "em", "'em"}  # not "me": "give me the key" asks for it
# Words that open the thing handed over ("a copper", "two coins", "my last potion").
_THING_OPENERS = {"a", "an", "the", "some", "my", "our", "his", "her", "their", "this", "that", "one", "two", "three",
                  "four", "five", "six", "ten", "few", "couple", "another", "half", "all"}
# "give him a chance", "give it a shove", "hand him a line": not a thing handed over.
_NO_THING = {stem(w) for w in ("chance", "look", "stare", "glare", "nod", "wink", "smile", "warning", "hand", "shove",
                               "push", "kick", "punch", "slap", "hug", "pat", "moment", "minute", "second", "break",
                               "try", "go", "word", "hint", "answer", "piece", "hard", "time", "line", "earful", "taste",
                               "wide", "reason", "choice", "deal", "bargain", "way", "lift", "boost", "leg", "attention",
                               "respect", "heed", "mind", "compliment", "regard", "thank", "tribute", "homage")}
_LINKS = {"to", "at", "into", "onto", "in", "on", "off", "of", "with", "from", "against", "and", "or", "then"}
_ON_THE_WAY = {"over", "across", "back", "up", "down", "along", "round", "around", "off"}
_REACH = 9


def handed_over(reading: Reading, world: Campaign, actor: str | None, carried: set[int] | None = None) -> int | None:
    """The clause where the character passes one of their things to a companion ("toss my spare dagger to
    Wren", "hand our rope up to Bram", "pass the healer's kit to Tova"): gear changing hands, whatever the
    verb. `carried` are the token indexes naming a thing on the actor's sheet."""
    party = {stem(w) for c in world.characters if actor is None or c.name.casefold() != actor.casefold()
             for w in words(c.name)}
    tokens = reading.tokens
    if not any(t.stem in party for t in tokens):
        return None
    # Anyone's kit changes hands this way, the recipient's own too ("pass the healer's kit to Tova").
    carried = (carried or set()) | spans_naming(reading, tuple(i.name for c in world.characters for i in c.inventory))
    for i, t in enumerate(tokens):
        if not (t.own or i in carried) or t.factor <= 0:
            continue
        rest = [x for x in tokens[i + 1:] if x.clause == t.clause]
        thing = i in carried or any(any(c.action_type in (T.INVENTORY, T.COMBAT) and c.weight <= 1.5
                                        for c in LEXICON.get((x.stem,), [])) for x in [t, *rest[:2]])
        if thing and any(x.stem in party for x in rest) and "to" in reading.clauses[t.clause].words:
            return t.clause
    return None


def passed_to(reading: Reading, world: Campaign, actor: str | None) -> int | None:
    """The clause where a thing is moved to a person: to someone ("slide the ale over to Bram") or
    before the thing ("flip him a copper"). Said in quotes or denied ("I don't give him a thing"), nothing."""
    found = passed_to_whom(reading, world, actor)
    return found[0] if found is not None else None


def passed_to_whom(reading: Reading, world: Campaign, actor: str | None) -> tuple[int, str] | None:
    """(clause, the word naming the one it goes to) where a thing is moved to a person."""
    if not any(t.stem in PASSING for t in reading.tokens):
        return None  # no verb of moving a thing: the common case, answered before the people are gathered
    people = people_here(world, actor)
    negated = {t.clause for t in reading.tokens if t.negated}
    owners = frozenset(t.word for t in reading.tokens if t.possessive)
    for index, clause in enumerate(reading.clauses):
        if clause.quoted or index in negated:
            continue
        ws = clause.words
        for j, w in enumerate(ws):
            if stem(w) not in PASSING:
                continue
            rest = ws[j + 1:j + 1 + _REACH]
            if (whom := _to_someone(rest, people, owners) or _someone_then_thing(rest, people)) is not None:
                return index, whom
    return None


def _to_someone(rest: list[str], people: set[str], owners: frozenset[str] = frozenset()) -> str | None:
    """ "the coin over to Vell": a thing first, then "to" and a person, with no "at" between."""
    # A person first is the one handed to ("him a copper"), unless only the thing's owner ("Aldous's tinderbox").
    if not rest or rest[0] in ("to", "at") or _is_person(rest[0], people) and rest[0] not in owners:
        return None
    if "to" not in rest or "at" in rest[:rest.index("to")]:
        return None
    k = rest.index("to")
    thing = [w for w in rest[:k] if w not in _ON_THE_WAY and w not in _THING_OPENERS]
    if not thing or any(stem(w) in _NO_THING for w in thing):
        return None  # "pay attention to Vell", "give my regards to Hesper"
    after = rest[k + 1:k + 3]
    if after and _is_person(after[0], people):
        return after[0]
    return after[1] if len(after) > 1 and after[0] == "the" and _is_person(after[1], people) else None


def _someone_then_thing(rest: list[str], people: set[str]) -> str | None:
    """ "him a copper", "Pim two coins", "the old keeper the sealed letter": a person right after the verb,
    then a thing."""
    if rest[:1] == ["the"]:  # a person by role, with a word or two about them ("the lookout girl")
        ends = next((k for k in (1, 2, 3) if k + 2 < len(rest) and rest[k + 1] in _THING_OPENERS), None)
        if ends is None or not any(_is_person(w, people) for w in rest[1:ends + 1]):
            return None
        rest = [rest[ends], *rest[ends + 1:]]
        people = people | {stem(rest[0])}
    if len(rest) < 3 or not _is_person(rest[0], people):
        return None
    opener, noun = rest[1], rest[2]
    handed = (opener in _THING_OPENERS or opener.isdigit()) and stem(noun) not in _NO_THING and noun not in _LINKS
    return rest[0] if handed else None


def _is_person(word: str, people: set[str]) -> bool:
    return word in _RECIPIENTS or stem(word.removesuffix("'s")) in people


def people_here(world: Campaign, actor: str | None) -> set[str]:
    """Stems of the names and roles of the party and of everyone here: who can be handed a thing."""
    here = {stem(w) for n in npcs_here(world) for w in words(n.name)}
    party = {stem(w) for c in world.characters if actor is None or c.name.casefold() != actor.casefold()
             for w in words(c.name)}
    creatures = {stem(w) for m in world.monsters for w in words(m.name)}
    return here | party | (set(alias_stems(world, actor)[1]) - creatures)  # a coin tossed to an ogre is a stretch


# Money put down or counted out for someone ("counts out a silver", "slaps two gold on the bar", "here's
# your five silver"): paying, with or without a named recipient. Offering ("I offer him two silver") is
# bargaining, so "offer" is no verb of paying here.
_COINS = {stem(w) for w in ("silver", "gold", "copper", "coin", "coins", "sp", "gp", "cp", "crown", "penny")}
_LAYING = PASSING | {stem(w) for w in ("count", "lay", "put", "set", "place", "slap", "drop", "leave", "press",
                                       "plonk", "stack")}
# "I'd give you two silver", "I can pay five": an offer, not money laid down.
_OFFERING = {"i'd", "we'd", "i'll", "we'll", "would", "will", "could", "can", "might", "gonna", "wanna", "to"}
_HOW_MANY = _THING_OPENERS | {"your", "yer", "ur", "the", "those", "these", "them"}


def paid(reading: Reading) -> int | None:
    """The clause in which coins are laid down, counted out or held out with "here's" (not asked about,
    not denied, not waiting on an "if")."""
    negated = {t.clause for t in reading.tokens if t.negated}
    for index, clause in enumerate(reading.clauses):
        if clause.question or clause.lead == "if" or index in negated:
            continue
        ws = clause.words
        held_out = ws[:1] in (["here"], ["heres"])
        for j, w in enumerate(ws[1:], start=1):
            counted = ws[j - 1] in _HOW_MANY or ws[j - 1].isdigit()
            if stem(w) in _COINS and counted and (held_out or _laid(ws, j)):
                return index
    return None


def _laid(ws: list[str], coins: int) -> bool:
    """A verb of laying money down a few words before the coins, not offered ("I'd give you ...")."""
    return any(stem(w) in _LAYING and (k == 0 or ws[k - 1] not in _OFFERING)
               for k, w in enumerate(ws[:coins]) if k >= coins - 6)


# Words of the deal itself: talk with these in it is part of the purchase ("keep the change", "how much").
_DEAL = {stem(w) for w in ("price", "cost", "change", "tab", "much", "worth", "deal", "charge", "cheap", "pay",
                           "payment", "fee", "buy", "sell", "sold", "rent", "room", "thanks", "cheers")}


# The cue the scoring records for words said beside money passed: the second opinion leaves those turns be.
BESIDE_THE_MONEY = "words beside the money"


# "who's been paying you in that odd silver?": asked who, where, when or why, money words are the news asked for,
# not the deal (the deal asks how much, or what is owed).
_ANOTHER_MATTER = {"who", "whose", "where", "when", "why"}


_TAGS = {"was", "is", "isn't", "wasn't", "right", "yeah", "innit", "eh", "ok", "okay", "yes", "no"}


# "Could I get a bowl of the stew, love?": a word of address or courtesy closing an order asks nothing.
_CLOSERS = BARE_ASKING | {"mate", "lad", "lass", "dear", "friend", "sir", "madam", "missus"}


def _tag(ws: list[str]) -> bool:
    """"Two silver, was it?", "right?", ", love?": a tag on what was said before, not a question of its own."""
    return len(ws) <= 2 and ws[0] in _TAGS | _CLOSERS


def talk_beside(reading: Reading, passing: int, sold: frozenset[str], money: bool) -> int | None:
    """The clause of words said to someone, beside money or a thing passed to them, about anything but the deal
    ("here's a copper - who rowed out that night?"), or None: paying and asking are two acts. Beside a thing
    handed over only a question counts: the rest is what goes with the gift ("From Orrin. He said you'd know it")."""
    for index, clause in enumerate(reading.clauses):
        if index == passing or not clause.words or not (clause.quoted or reading.addressed) or clause.question:
            continue
        said = [t for t in reading.tokens if t.clause == index and not t.negated]
        if (any(t.stem in _DEAL | _COINS | sold for t in said) or _tag(clause.words)) \
                and clause.words[0] not in _ANOTHER_MATTER:
            continue
        if clause.asked or money and any(c.action_type == T.ROLEPLAY and c.weight >= 2 for t in said
                                         for c in LEXICON.get((t.stem,), ())):
            return index
    return None
