"""The parse's routing view (IntentResult) and what it does when unsure: ask back, or in a fight against
one kind of foe take the first of them."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.models.actions import ActionType
from engine.models.intent import EntityRef
from engine.models.world import Campaign
from engine.play.person_nouns import NOUNS
from engine.text import stem

T = ActionType
LOW_CONFIDENCE = 0.34
GOING_NOWHERE_NAMED = "going, no place named"  # a cue the parse adds: the exploration agent asks where to
WEAK_CHECK = 3.0  # below this a skill check is only a guess: ask first
CLARIFY_PHRASE: dict[ActionType, str] = {
    T.COMBAT: "to attack", T.ROLEPLAY: "to talk to someone", T.EXPLORATION: "to look around or move on",
    T.PUZZLE: "to work at the puzzle", T.SKILL_CHECK: "to attempt something risky (a skill check)",
    T.REST: "to rest", T.INVENTORY: "to use or handle your gear", T.MIXED: "several things at once"}


class IntentResult(BaseModel):
    action_type: ActionType
    confidence: float = Field(ge=0.0, le=1.0)
    alternatives: list[tuple[ActionType, float]] = Field(
        default_factory=list, description="Other candidate types with their share of the evidence, best first")
    matched: list[str] = Field(default_factory=list, description="The cues that decided it")
    agents: list[str] = Field(default_factory=list)
    components: list[ActionType] = Field(
        default_factory=list, description="The concrete types handled: one, or two for MIXED (agent order)")
    question: bool = Field(False, description="Only a question to the DM: answer it, roll nothing")
    evidence: float = Field(0.0, description="The winning type's raw score: how much the words said")
    leaders: list[ActionType] = Field(
        default_factory=list, description="Kinds that lead a clause with some weight (an act said to come next "
        "would count), in the order said: what a second act could be when the words make it too faint to count")


def clarify(result: IntentResult) -> str | None:
    """A question back to the player when the words say too little to act on: a skill check on thin
    evidence is asked about, never rolled on a guess."""
    if result.question or len(result.components) != 1:
        return None
    unsure = 0 < result.confidence < LOW_CONFIDENCE
    named_spell = any(m.startswith("spell:") for m in result.matched)
    thin_check = result.action_type == T.SKILL_CHECK and result.evidence < WEAK_CHECK and not named_spell \
        and "reading a person" not in result.matched  # Insight on someone: no guess to ask about
    if not (unsure or thin_check or result.confidence == 0):
        return None
    options = [result.action_type, *(a for a, _ in result.alternatives[:1])] if result.confidence else []
    if not options or options == [T.SKILL_CHECK]:
        options = [T.SKILL_CHECK, T.EXPLORATION] if result.action_type == T.SKILL_CHECK else \
            [T.EXPLORATION, T.ROLEPLAY]
    return "Did you mean " + " or ".join(CLARIFY_PHRASE[a] for a in options) + "?"


ONLY_FOE = "the only kind of foe"


def fighting(world: Campaign | None) -> bool:
    """A fight is on and some monster in it still stands."""
    combat = world.game_state.combat if world is not None else None
    return bool(combat and combat.active and any(c.kind == "monster" and not c.defeated for c in combat.order))


def only_foe(world: Campaign) -> EntityRef | None:
    """In a fight against one kind of foe, an attack that names no one is at the first of them ("attack!",
    "the one in the middle"); against several kinds the combat agent picks, the parse does not guess."""
    combat = world.game_state.combat
    if combat is None or not combat.active:
        return None
    foes = [c for c in combat.order if c.kind == "monster" and not c.defeated]
    if not foes or len({(c.monster or c.name).casefold() for c in foes}) != 1:
        return None
    return EntityRef(name=foes[0].name, kind="combatant", via=ONLY_FOE, score=1.0)


# Verbs of trade: with no one named, the one trading is whoever keeps shop here.
TRADE = {stem(w) for w in ("buy", "sell", "purchase", "pay", "trade", "haggle", "barter", "order", "rent", "hire")}
OUTRIGHT = 2.0  # a link this strong came from a name or a role said outright, not from a topic or a description


def only_here(world: Campaign, target: EntityRef | None, stems: set[str], speaking: bool,
              topic: bool = False) -> EntityRef | None:
    """The one person here, when the words speak (or trade) to no one named who is here: "ask about the
    attack on the lighthouse" is asked of the innkeeper standing there, not of the lighthouse keeper."""
    if not speaking and not stems & TRADE:
        return target
    here = world.game_state.party_location.casefold()
    if target is not None and not topic and (target.kind != "npc" or target.score >= OUTRIGHT or (
            world.npc(target.name) and (world.npc(target.name).location or "").casefold() == here)):  # type: ignore[union-attr]
        return target
    # Someone named only in passing ("I ask the kid about Osric") is the topic, not the one asked.
    present = [n for n in world.npcs if n.alive and (n.location or "").casefold() == here
               and (target is None or n.name != target.name)]
    if len(present) != 1:
        return target
    return EntityRef(name=present[0].name, kind="npc", via="the one here", score=1.0)


def where_they_are(world: Campaign, target: EntityRef | None) -> str | None:
    """The place next to this one where the NPC named is, when going to see them is a move there."""
    # Named, or called by their role ("the harbormaster"); "the lad" fits more than the one at the docks.
    npc = world.npc(target.name) if target is not None and target.kind == "npc" and target.via not in NOUNS else None
    here = world.location(world.game_state.party_location)
    if npc is None or not npc.location or here is None:
        return None
    return next((c for c in here.connections if c.casefold() == npc.location.casefold()), None)
