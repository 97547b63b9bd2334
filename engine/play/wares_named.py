"""Ordering what is sold here: "I order a bowl of stew", "I'll have a pint", "get us two loaves". A thing the
place's sellers list (by its name or keywords in the campaign's wares) asked for with a verb of ordering is
a purchase, whoever is addressed. Derived from the world, so any campaign's menu and stock count."""

from __future__ import annotations

import re

from engine.models.intent import EntityRef
from engine.models.wares import Ware
from engine.models.world import Attitude, Campaign
from engine.play.entities import STOP, alias_stems, npcs_here
from engine.play.reading import Reading
from engine.play.world_memo import remembered
from engine.text import NUMBER_WORDS, stem, words

# Verbs of ordering (stems): what a customer says at a counter.
ORDERING = {stem(w) for w in "order have get grab take want fancy buy purchase rent".split()}
ORDERED = "a ware of the place ordered"  # the cue the parse reports, read by the trade agent
PURCHASE = {stem(w) for w in ("buy", "purchase")}  # a purchase said outright ("purchasing" too), seller or not
# A bare order ("one ale", "more wine, Hesper") is looked for in a message of up to this many clauses; in a
# longer story a ware named is more often told of than asked for.
_ORDER_CLAUSES = 6
_REACH = 4  # the verb comes at most this many words before the ware ("order a big bowl of stew")


def ware_words(world: Campaign) -> frozenset[str]:
    """Stems of every ware sold where the party stands (names and keywords, no common words)."""
    here = world.game_state.party_location

    def build() -> frozenset[str]:
        sold = [w for npc in world.npcs_at(here) if npc.attitude != Attitude.HOSTILE for w in npc.wares]
        loc = world.location(here)
        sold += loc.wares if loc is not None else []
        return frozenset(s for ware in sold for s in _stems_of(ware))
    return remembered(world, ("ware words", here), build)


def _stems_of(ware: Ware) -> set[str]:
    """Stems of a ware's name and keywords, no common words."""
    return {stem(w) for text in (ware.name, *ware.keywords) for w in words(text) if len(w) > 2 and w not in STOP}


_ASKING = {stem(w) for w in ("ask", "beg", "request")}
ASKING_KEYS = {(s,) for s in _ASKING}  # the cue keys of asking, whose talk an order asked for is not
_WILL = {"i'll", "ill", "we'll", "i'd", "we'd", "id"}
_WOULD = {"i'd", "we'd", "id", "would", "should"}  # "I should like a pitcher"
# Standing a round: "a round of ale for the room, on me", "drinks are on me", "my treat".
_TREATS = {("on", "me"), ("on", "us"), ("my", "treat"), ("my", "shout")}


def _orders(tokens: list, i: int) -> bool:
    """A verb of ordering; "have" only as "I'll have" ("I have a look" orders nothing), "like" only as "I'd like"."""
    if tokens[i].word == "like":  # "I'd like", "I should very much like"
        return any(t.word in _WOULD for t in tokens[max(0, i - 3):i])
    if tokens[i].word == "for":  # "we ask Hesper for a room", "ask for two ales"
        return any(t.stem in _ASKING and t.clause == tokens[i].clause for t in tokens[max(0, i - 3):i])
    if tokens[i].stem not in ORDERING:
        return False
    return tokens[i].stem != stem("have") or (i > 0 and tokens[i - 1].word in _WILL)


# How drink and food are asked for at a counter, with no verb ("a pint for me", "round for the house") or
# with a verb of serving ("pour me a shot of whatever burns").
_MEASURES = {stem(w) for w in "pint shot round mug tankard flagon glass cup bowl plate bottle pitcher jug dram".split()}
_SERVING = {stem(w) for w in "pour bring fetch serve".split()}
_COINS = {stem(w) for w in "silver gold copper coin coins sp gp cp".split()}
_TALLY = re.compile(r"^(?:x\d+|\d+x)$")
# Words of asking said bare with an order ("stew please", "ale, love"); what closes one asks nothing.
BARE_ASKING = {"please", "pls", "plz", "love", "thanks", "ta", "cheers"}
_MORE = {"another", "more", "refill", "extra"}
# "your stew could raise the dead", "the ale tastes like tar": the ware is talked of, not asked for.
_SAID_OF = {"could", "can", "is", "was", "tastes", "smells", "looks", "sounds"}
_FOR_WHOM = {"me", "us", "house", "table", "room", "everyone", "everybody", "all"}


def _asked_for(tokens: list, clause: int, sold: frozenset[str], hailed: frozenset[str] = frozenset()) -> bool:
    """A clause that is only the thing wanted ("a pint of your best, love", "round for the house", "two
    silver on the bar") or a verb of serving aimed at the speaker ("pour me a shot"). `hailed`: name words of
    the people here, whose name beside an order asks them for it ("more wine, Hesper")."""
    own = [t for t in tokens if t.clause == clause and t.factor > 0 and not t.negated]
    if not own or any(t.word in _SAID_OF for t in own):
        return False
    if [t.word for t in own[:2]] == ["same", "again"]:
        return True  # "same again, love": the last order, again
    more = own[0].word in _MORE and len(own) > 1
    if more:
        # "another bowl of stew please Hesper", "more wine": more of a ware, asked of whoever is named
        own = [t for t in own[1:] if t.word not in BARE_ASKING and t.word not in hailed]
        if not own:
            return False
    # "two ales, love"; "stew x2", "2x ale": a count typed as a shop's tally
    count_first = more or own[0].word.isdigit() or own[0].word in NUMBER_WORDS or bool(_TALLY.match(own[0].word))
    counted = count_first or any(_TALLY.match(t.word) for t in own[1:3])
    head = own[1] if count_first and not more and len(own) > 1 else own[0]
    if head.stem in _COINS and own[0].word.isdigit():
        return True  # money laid down for what is sold here
    # "stew please", "ale, love": the thing sold named bare, with a word of asking or none, is the order.
    bare = len(own) <= 2 and head.stem in sold and all(t is head or t.word in BARE_ASKING for t in own)
    # "stew for me please, Hesper", "ale for the table": the thing sold, then whom it is for.
    bare = bare or head is own[0] and head.stem in sold and len(own) > 2 and own[1].word == "for" \
        and own[2].word in _FOR_WHOM
    if head.noun or counted or bare or head is own[0] and head.word in ("round", "another"):
        wanted = head.stem in sold | _MEASURES
        # Longer, it is still an order when it says whom it is for ("a bowl of stew for the lad by the fire").
        return wanted and (len(own) <= 4 or bool({t.word for t in own} & _FOR_WHOM)
                           or any(t.word == "for" for t in own[1:4]))
    return any(t.stem in _SERVING and nxt.word in ("me", "us") for t, nxt in zip(own, own[1:], strict=False))


def ordered(reading: Reading, world: Campaign | None) -> int | None:
    """The clause in which a ware sold here is ordered, or None."""
    if world is None:
        return None
    sold = ware_words(world)
    if not sold:
        return None
    tokens = reading.tokens
    pairs = {(a.word, b.word) for a, b in zip(tokens, tokens[1:], strict=False)}
    treat = bool(pairs & _TREATS) or any(c.words[-2:] == ["on", "me"] for c in reading.clauses)
    for i, token in enumerate(tokens):
        if reading.clauses[token.clause].recounted:
            continue  # "last week we bought rope off Vell": the story so far, no order now
        if (token.stem in sold or token.stem in _MEASURES) and token.factor > 0 and treat and not token.negated:
            return token.clause  # the round is the purchase, whatever verb stands or none
        if (token.stem in sold or token.stem in _MEASURES) and token.factor > 0:  # "like a pitcher of your red"
            before = tokens[max(0, i - _REACH):i]
            verbs = [t for t in before if _orders(tokens, tokens.index(t)) and t.clause == token.clause and not t.negated]
            # "grab me a pint off the bar": asked of someone for me; "grab the lantern off the hook": picked up.
            for_me = any(tokens[tokens.index(t) + 1].word in ("me", "us") for t in verbs)
            if verbs and (for_me or not _taken_out(tokens, i, world)):
                return token.clause
    if sum(bool(c.words) for c in reading.clauses) > _ORDER_CLAUSES:
        return None
    # Said in quotes, an order is a plain statement ("'two ales, love'"); "'a pint? in this weather?'" is not.
    hailed = frozenset(w for npc in npcs_here(world) for w in words(npc.name))
    return next((i for i, c in enumerate(reading.clauses)
                 if not (c.quoted and c.asked) and not c.recounted and _asked_for(tokens, i, sold, hailed)),
                None)


_OUT_OF = {"from", "off", "out"}
_PLACE_ARTICLES = {"the", "a", "an", "of", "under", "that", "this", "his", "her", "their"}


def _taken_out(tokens: list, i: int, world: Campaign) -> bool:
    """The thing at `i` is taken out of or off something, not from someone ("grab the red lantern from under
    the sailcloth", "take the lantern out of the net shed"): picked up where it lies, not ordered."""
    titles = alias_stems(world, None)[1]
    clause = tokens[i].clause
    after = [t for t in tokens[i + 1:] if t.clause == clause]
    for k, t in enumerate(after):
        if t.word in _OUT_OF:
            named = next((x for x in after[k + 1:] if x.word not in _PLACE_ARTICLES), None)
            return named is not None and named.stem not in titles and named.word not in ("me", "us")
    return False


def priced_ware(world: Campaign, stems: set[str]) -> bool:
    """A ware sold here and coin named together ("ten silver for the rope, not a gold piece"): haggling."""
    return bool(stems & _COINS and stems & ware_words(world))


def seller_of(world: Campaign, stems: set[str]) -> EntityRef | None:
    """The one person here who sells the wares named ("twenty crossbow bolts" at the docks: the harbormaster),
    the one whose wares the words name most; None when nobody does, or two do equally."""
    here = world.game_state.party_location
    # "a flask of oil from the gear table": the oil and the flask are the harbormaster's; "gear" alone (of
    # the urchin's "fishing gear") does not make the boy a second seller.
    matched = {npc.name: len(set().union(*(_stems_of(ware) for ware in npc.wares)) & stems)
               for npc in world.npcs_at(here) if npc.alive and npc.attitude != Attitude.HOSTILE and npc.wares}
    best = max(matched.values(), default=0)
    sellers = [name for name, n in matched.items() if n == best]
    if best == 0 or len(sellers) != 1:
        return None
    return EntityRef(name=sellers[0], kind="npc", via="the seller", score=1.0)
