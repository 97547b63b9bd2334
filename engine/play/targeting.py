"""Who an action is aimed at: the person or creature its words name, resolved against the world.

intent.py decides what kinds of act a message holds; this finds whom the first of them is for: the one
named or hailed, a foe in a fight, a seller in trade, or a question back when the name fits no one here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.models.intent import EntityRef, IntentKind
from engine.models.world import Campaign
from engine.play.absent import absent_creature, no_one_here
from engine.play.classifier import PLACED_BY
from engine.play.described import describing, here_words
from engine.play.entities import NAME_WEIGHT, alias_stems, link_person, rank_people
from engine.play.first_named import first_named
from engine.play.intent_result import TRADE, IntentResult, only_foe, only_here
from engine.play.naming import check_names
from engine.play.reading import Reading
from engine.play.scoring import MONEY_LAID_DOWN
from engine.play.wares_named import ORDERED, PURCHASE, priced_ware, seller_of
from engine.play.who_is_meant import (
    a_described_one,
    a_place_word,
    absent_by_role,
    attacked_by_role,
    changed_mind,
    described_elsewhere,
    handed_to,
    head_noun,
    misheard_foe,
    named_in_the_act,
    only_in_what_is_asked,
    picked_out_by,
    speakers_own,
    spoken_to,
    struck_unnamed,
)
from engine.text import stem, words

_BUYING = {*PURCHASE, stem("order")}  # "buy Wren a pint": the one it is bought for comes next


_WHEN = {"while", "before", "after", "until", "once"}  # the reader has made "whilst"/"as" "while", "till" "until"
_WHEN_WEIGHT = 0.3


def _when_clauses(reading: Reading) -> set[int]:
    """Clauses that only say when the act is done, opened by a word of time and not by the speaker ("while
    Bram keeps the big one busy"); "while I talk to Vell" is the speaker's own doing."""
    return {i for i, c in enumerate(reading.clauses) if c.lead in _WHEN and c.words[:1] not in (["i"], ["we"])
            and not (i and stem((reading.clauses[i - 1].words or [""])[-1]) in PLACED_BY)}  # "go after the captain"


@dataclass(frozen=True)
class Aim:
    """Whom the act is for, or, when the name said fits no one here, the question to ask and the options."""

    target: EntityRef | None = None
    candidates: list[str] = field(default_factory=list)
    question: str | None = None
    unresolved: str | None = None


def aimed_at(text: str, reading: Reading, result: IntentResult, facts: dict[str, object],
             kinds: list[IntentKind], said_first: IntentKind, world: Campaign | None, actor: str | None,
             last_target: str | None, hailed_companion: str | None) -> Aim:
    """The one the first part of the act is aimed at, as a careful DM would read the message."""
    if world is None:
        return Aim()
    kind = kinds[0] if len(kinds) == 1 else IntentKind.MIXED
    candidates: list[str] = []
    unresolved: str | None = None
    # Someone read for Insight is named like someone spoken to ("is the ghost telling the truth?").
    social = bool({IntentKind.COMBAT, IntentKind.ROLEPLAY, IntentKind.QUESTION} & set(kinds)) \
        or "reading a person" in result.matched
    # Whoever is named out of character ("OOC: I know Vell's going to lie") is talked of at the table, not aimed at;
    # whoever is named in a clause that says when ("while Crowe isn't looking", "before they reach Tova") sets
    # the moment, and is aimed at only if no one else is named.
    when = _when_clauses(reading)
    tokens = [(t.stem, 0.0 if reading.clauses[t.clause].out_of_character
               else _WHEN_WEIGHT if t.clause in when
               else 1.0 if t.factor == 0 and not t.negated else max(t.factor, 0.5)) for t in reading.tokens]
    described = describing(reading.tokens, here_words(world))
    ranked = rank_people(tokens, world, actor, social, described, speakers_own(reading, described))
    person = link_person(tokens, world, actor, last=last_target, ranked=ranked)
    target = person if person is not None and (person.score >= 1.0 or person.via == "pronoun") else None
    if target is not None:
        target = head_noun(reading, ranked, target) or target
    if said_first == IntentKind.INVENTORY and target is not None:
        # "I hand Aldous's tinderbox to Tova", "handing Bram his share of Crowe's coin": the one it goes to.
        target = handed_to(reading, ranked, world, actor) or target
    if kind == IntentKind.ROLEPLAY and len(ranked) > 1:
        target = spoken_to(reading, ranked, facts.get("acting") or {}, world, actor) or target
    if kind == IntentKind.COMBAT and target is not None and len(ranked) > 1 \
            and "the Help action" not in result.matched:
        target = named_in_the_act(reading, ranked, facts.get("acting") or {}, target, world, actor) or target
    if kind == IntentKind.COMBAT and target is not None and target.kind == "character" and facts.get("fights") \
            and not reading.spell and "the Help action" not in result.matched:
        # "stab him with the shortsword, since Bram's right next to him": a blow is for the foe named, not a friend.
        target = next((r for r in ranked if r.kind == "combatant"), target)
    if target is not None and described_elsewhere(world, actor, target):
        target = None  # "I watch his face": Nessa, who "watches" in her description, is not even here
    if kind == IntentKind.MIXED:
        target = first_named(reading, ranked, world, actor) or target  # the first part's, not the loudest
        if said_first == IntentKind.COMBAT and target is not None and target.kind != "combatant" \
                and struck_unnamed(reading, facts.get("acting") or {}, target):
            # "I hit him, then tell Hesper to hide": the blow is at the foe, whom "him" stands for.
            target = only_foe(world) or target
    aimed = bool({IntentKind.COMBAT, IntentKind.ROLEPLAY} & set(kinds))
    # A prayer to the Tide Mother is said to no one here.
    praying = kinds == [IntentKind.ROLEPLAY] and bool({"pray to", "say prayer"} & set(result.matched)) \
        and not reading.addressee
    if praying:
        aimed, target = False, None
    if reading.addressee:
        # Someone hailed by name ("madam Quill, ...", "..., Vell.") is who the words are for.
        hailed = next((r for r in ranked if reading.addressee in words(r.name)), None)
        if said_first == IntentKind.COMBAT and hailed is not None and target is not None \
                and target.name != hailed.name and (hailed.kind != "combatant" or kinds == [IntentKind.COMBAT]):
            # "Hesper threw a mug at him... Healing Word on Bram": a blow or a spell is not words. Nor is a
            # foe hailed in a taunt beside the blow ("'Call off your crab, Silas!' and swings at the thug").
            hailed = None
        target = hailed or target
    elif kinds == [IntentKind.ROLEPLAY] and hailed_companion is not None:
        # "Bram, put the axe down. She's sixteen.": talk that opens on a companion's name is for them.
        target = EntityRef(name=hailed_companion, kind="character", via=hailed_companion, score=NAME_WEIGHT)
    absent = absent_creature(reading, world, actor, facts.get("acting")) if IntentKind.COMBAT in kinds else None
    if absent is not None:
        # "I attack the ogre" with no ogre here: ask, never hit whoever stands nearest.
        target, candidates, name_question, unresolved = None, absent.options, absent.question, absent.creature
    else:
        names = check_names(text, world, actor, target, ranked, reading.vocabulary, aimed)
        target, candidates, name_question, unresolved = names.target, names.options, names.question, names.said
    if target is not None and IntentKind.COMBAT in kinds and not unresolved and a_described_one(reading, target):
        # "sacred flame on the dripping one": in a fight, a foe described, not the ghost who only looks alike.
        target = only_foe(world) or target
    if target is not None and IntentKind.COMBAT in kinds and not unresolved and a_place_word(reading, target):
        target = None  # "off the cliff": where the foe goes, not Nessa who watches from above it
    if target is not None and IntentKind.COMBAT in kinds and not unresolved and picked_out_by(reading, target):
        target = None  # "the one dragging Bram": a foe, whom the fight's own foe finder names below
    if target is not None and IntentKind.COMBAT in kinds and not unresolved:
        target = changed_mind(text, world, actor, target) or target
        if absent_by_role(world, target) and attacked_by_role(reading, target):
            # "attack the harbormaster" where he isn't: asked, never a blow at whoever stands nearest.
            gone = no_one_here(target.via, world)
            target, candidates, name_question, unresolved = None, gone.options, gone.question, target.via
        elif absent_by_role(world, target):
            target = None  # "the second one sticks his head out of the lighthouse door": a foe, not the keeper
    if target is None and IntentKind.COMBAT in kinds and not unresolved:
        target = only_foe(world) or misheard_foe(reading, world)
    elif not unresolved and not candidates and not praying \
            and {IntentKind.ROLEPLAY, IntentKind.INVENTORY} & set(kinds):
        # Named only after "about" (or, in words to someone, "for": "your price for the old man"): the topic.
        topics = ("about", "for") if IntentKind.ROLEPLAY in kinds else ("about",)
        topic = target is not None and (any(
            target.via in c.words[c.words.index(w) + 1:] and target.via not in c.words[:c.words.index(w)]
            for c in reading.clauses for w in topics if w in c.words) or only_in_what_is_asked(reading, target))
        said = {t.stem for t in reading.tokens if t.factor > 0}
        # Coin laid down or a purchase made with no seller named is trade with whoever keeps shop here.
        # So is haggling over a ware ("haggle the lantern: 5gp is robbery"), said to whoever sells it.
        trading = said_first == IntentKind.INVENTORY and bool(
            {ORDERED, MONEY_LAID_DOWN} & set(result.matched) or said & PURCHASE or priced_ware(world, said)) \
            or said_first == IntentKind.ROLEPLAY and bool(said & TRADE or priced_ware(world, said))
        target = only_here(world, target, said, IntentKind.ROLEPLAY in kinds or ORDERED in result.matched
                           or trading, topic)
        if trading and (target is None or target.kind == "monster" or absent_by_role(world, target)
                        or target.kind == "character" and _bought_for(reading, target)
                        or stem(target.via) not in alias_stems(world, actor)[1]):
            # "by twenty crossbow bolts for tova": bought from the one who sells them, for Tova. Nobody buys
            # from a stat block ("a pint for the burned sailor by the fire"), nor from someone away ("buy
            # rope and go to the lighthouse" does not buy from its keeper). A word of a description is no
            # seller either: "not a copper more" is not the boy who "sells gossip by the copper".
            target = seller_of(world, said) or target
    return Aim(target, candidates, name_question, unresolved)


def _bought_for(reading: Reading, person: EntityRef) -> bool:
    """Who a purchase is for or whose ware it is, not who sells it: named right after "for" or after the verb of
    buying ("buy Wren a pint", "order Bram a stew"), or only as an owner ("the rope, Bram's is frayed")."""
    via = person.via.casefold()
    # Read over the tokens, so across a colon too: a form typed "BUY: bolts x20 | FOR: Tova".
    if any((a.word == "for" or a.stem in _BUYING) and b.word == via
           for a, b in zip(reading.tokens, reading.tokens[1:], strict=False)):
        return True
    said = [t for t in reading.tokens if t.word == via]
    return bool(said) and all(t.possessive for t in said)
