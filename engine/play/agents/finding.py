"""What a check at a place can find: the campaign's hidden discoveries there, and how a find is told.

A search (exploration) and a check named or implied ("serch the shingle for tracks" is Survival; the rules
agent) both turn up what the world holds: the discovery whose skill fits the check or whose words fit
what is searched, rolled against its own DC. One good roll turns up everything of that kind it beats.
"""

from __future__ import annotations

from engine.models.actions import StateChange
from engine.models.facts import FactCategory, FactInput
from engine.models.world import Character, Discovery, Location
from engine.play.agents.base import AgentContext, AgentResult
from engine.text import overlap, stem, stems, words

# Skills that look for things: a discovery kept behind one of them is found by any of them when its
# words fit ("look for tracks" finds the Survival clue), as a search does.
LOOKING = ("perception", "investigation", "survival")
# Skills whose success is knowing or noticing something: when the world holds nothing for them here,
# the table is told so plainly rather than left with a bare "it succeeds".
LEARNING = (*LOOKING, "insight", "arcana", "history", "nature", "religion")
# Words too common to say which discovery is meant ("the", "for", "anything").
_STOP = {"the", "and", "for", "with", "from", "into", "onto", "any", "anything", "something", "around",
         "look", "search", "find", "see", "can", "what", "there", "here", "this", "that", "our", "her", "his"}
_ITEM_WORDS = {stem(w) for w in "key ring amulet coin coins gold gem gems sword dagger scroll potion map letter "
               "book idol crown necklace chest".split()}


def topic(text: str) -> set[str]:
    return stems(" ".join(w for w in words(text) if w not in _STOP))


def score(d: Discovery, text_stems: set[str], skill: str | None) -> int:
    return 3 * overlap(d.name, text_stems) + overlap(d.text, text_stems) + (2 if d.skill == skill else 0)


def fitting(here: Location, text: str, skill: str) -> Discovery | None:
    """The hidden discovery here a check with `skill` goes after: one kept behind that skill, or (for a
    looking skill) one whose words the action says; the best fit first, then the campaign's order."""
    said = topic(text)
    hidden = [d for d in here.discoveries if not d.found and (
        d.skill == skill or (skill in LOOKING and d.skill in LOOKING and score(d, said, None) > 0))]
    if not hidden:
        return None
    return max(hidden, key=lambda d: (score(d, said, skill), -hidden.index(d)))


def beaten(here: Location, best: Discovery, total: int) -> list[Discovery]:
    """Everything hidden of the same kind as `best` that a roll of `total` beats (always `best` itself)."""
    return [d for d in here.discoveries if not d.found and (d is best or (d.skill == best.skill and d.dc <= total))]


def reveal(ctx: AgentContext, pc: Character, here: Location, found: list[Discovery], result: AgentResult) -> None:
    for d in found:
        d.found = True
        result.state_changes.append(StateChange(target=here.name, kind="discovery", before="hidden", after="found",
                                                description=f"{pc.name} discovers {d.name} at {here.name}."))
        is_item = bool({stem(w) for w in d.name.lower().split()} & _ITEM_WORDS)
        result.facts.append(FactInput(text=f"{d.name} at {here.name}: {d.text}",
                                      category=FactCategory.ITEM if is_item else FactCategory.LOCATION,
                                      subject=d.name if is_item else here.name))
        result.beats.append(f"{pc.name} finds {common(d.name, ctx)}. {d.text}")


def common(name: str, ctx: AgentContext) -> str:
    """A discovery's name inside a sentence: "the silent survivor", "the keel marks"; proper names kept."""
    proper = {w for n in ctx.world.npcs + ctx.world.characters for w in words(n.name)} | {
        w for loc in ctx.world.locations for w in words(loc.name)}
    parts = name.split()
    if not parts or parts[0].lower() in proper or not parts[0][1:].islower():
        return name
    lowered = " ".join(p.lower() if p.lower() not in proper and p[1:].islower() else p for p in parts)
    return lowered if parts[0].lower() in ("the", "a", "an") else "the " + lowered


def nothing_more(pc: Character, here: Location, skill: str) -> str:
    """The plain beat for a check that succeeds where the world holds nothing more for it."""
    if skill in LOOKING:
        return f"{pc.name} finds nothing new at {here.name}."
    return f"{pc.name} learns nothing new from it."  # recalling, praying, reading a mood: not the place's to hold
