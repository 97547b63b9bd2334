"""Questions to the DM ("what time is it?", "where is Silas?", "how many arrows do I have?"),
answered from the state: no roll, no time passing, nothing changed."""

from __future__ import annotations

from engine.models.facts import Fact
from engine.models.world import Campaign
from engine.play.agents import market, place_questions
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.agents.rules_answers import rules_answer
from engine.play.intent import match_place
from engine.play.intent_result import ONLY_FOE
from engine.text import stem, stems, words

_TIME = {"time", "late", "dark", "day", "night", "hour", "morning", "evening", "tide", "long", "till", "until"}
_EXITS = {"way", "exit", "exits", "go", "far", "route", "road", "path", "which"}
_HEALTH = {"hurt", "hp", "health", "wounded", "bloodied", "alive", "ac", "armor", "armour", "damage", "dying"}
_FIGHT = {"standing", "enemies", "foes", "initiative", "turn", "round", "fight", "winning"}
_KNOW = {"know", "knows", "heard", "remember", "recall", "learned", "learnt"}
_QUESTS = {"quest", "quests", "job", "objective", "objectives", "task", "xp", "experience"}


def answer(ctx: AgentContext, result: AgentResult) -> None:
    """Beats that answer the question; every branch only reads the world."""
    world = ctx.world
    ws = set(words(ctx.action))
    target = ctx.intent.target if ctx.intent is not None else None
    said = stems(ctx.action)
    answered = False
    via = ctx.intent.target_ref.via if ctx.intent is not None and ctx.intent.target_ref is not None else None
    if via == ONLY_FOE:
        target = None  # a question names whom it is about; "how many hit points do I have?" is not about the foe
    if ws & _KNOW:
        # "what do I know about the Drowned Chapel?": what the party has seen and learned, not a stat block
        # that shares a word with it; the place wins when the words name it more fully than a person.
        place = match_place(ctx.action, [loc.name for loc in world.locations])
        subject = place if place and (not target or _named_words(place, said) >= _named_words(target, said)) \
            else target
        if subject:
            result.beats.append(_known(world, subject, ctx.relevant_facts))
            answered = True
    pc = world.character(ctx.actor) if ctx.actor else None
    asked_of = world.character(target) if target else None  # "how much coin has Wren got?": Wren's, not the asker's
    if asked_of is not None and not answered and (money := market.answer(world, asked_of, ctx.action)) is not None:
        result.beats.append(money)  # money asked about a party member: their purse
        answered = True
    if asked_of is not None and ws & {"slot", "slots"} and not answered:
        result.beats.append(_slots(asked_of))
        answered = True
    if target and not answered and not (via == "pronoun" and ws & (_TIME | _EXITS | _FIGHT)):  # "it" in "what time is it?"
        result.beats.append(_about(world, target, ws))
        answered = True
    if pc and (ws & _HEALTH or {"hit", "points"} <= ws) and not answered:
        result.beats.append(_about(world, pc.name, ws))
        answered = True
    rule = None if answered else rules_answer(ctx.action, pc)
    if rule is not None:  # "what does Sleep do?", "does Sneak Attack work with a shortbow?": the SRD's words
        result.beats.append(rule)
        answered = True
    combat = world.game_state.combat
    if combat and combat.active and ws & _FIGHT and not answered:
        standing = [f"{c.name} ({c.hp.current}/{c.hp.max} HP)" if c.hp and c.kind != "monster" else c.name
                    for c in combat.order if not c.defeated]
        result.beats.append(f"Round {combat.round}. Still standing: {', '.join(standing) or 'no one'}; "
                            f"{combat.order[combat.turn_index].name} is up.")
        answered = True
    placed = None if answered else place_questions.answer(ctx)
    if placed is not None:  # "how long until the tide floods this place?": the Tide line's to tell, not the clock's
        result.beats.append(placed[0])
        result.follow_up_options += placed[1]
        answered = True
    money = None if answered else market.answer(world, pc, ctx.action)  # purses and prices (trade): "a room for the night" asks no time
    if money is not None:
        result.beats.append(money)
        answered = True
    if ws & _TIME and not answered:
        hours, minutes = divmod(world.game_state.minutes, 60)
        light = "daylight" if 6 <= hours < 19 else "dark"
        result.beats.append(f"It is day {world.game_state.day}, {hours:02d}:{minutes:02d}; outside it is {light}.")
        answered = True
    if pc and (ws & {"slot", "slots"} or (ws & {"spell", "spells"} and not said & _item_words(pc))) and not answered:
        result.beats.append(_slots(pc))
        answered = True
    carried = [i for i in pc.inventory if stem(i.name.split()[0].lower()) in said] if pc else []
    if pc and (carried or ws & {"inventory", "carrying", "pack", "have", "got"}) and not answered:
        items = carried or pc.inventory
        result.beats.append(f"{pc.name} carries " + (", ".join(f"{i.name} x{i.quantity}" for i in items)
                                                     or "nothing") + ".")
        answered = True
    if ws & _QUESTS and not answered:
        live = [q for q in world.quests if q.status.value == "active"]
        result.beats.append("Quests under way: " + ("; ".join(q.name for q in live) or "none") +
                            f". Party XP: {', '.join(f'{c.name} {c.xp}' for c in world.characters)}.")
        answered = True
    place = match_place(ctx.action, [loc.name for loc in world.locations])
    if place is not None and not answered:
        # "how far is the cave?", "how do we get to the chapel?": the way there, leg by leg.
        result.beats.append(_way_to(world, place))
        answered = True
    elif not answered or ws & _EXITS:
        here = world.location(world.game_state.party_location)
        people = ", ".join(n.name for n in world.npcs_at(world.game_state.party_location)) or "nobody else"
        exits = ", ".join(here.connections) if here else "none"
        result.beats.append(f"The party is at {world.game_state.party_location}; here: {people}. "
                            f"Ways on: {exits}.")
    result.follow_up_options += ["Look around", "Ask another question"]


def _slots(pc) -> str:
    slots = ", ".join(f"level {lvl}: {s.max - s.used}/{s.max}" for lvl, s in pc.spell_slots.items()) or "none"
    return f"{pc.name}'s spell slots left: {slots}."


def _item_words(pc) -> set[str]:
    return {stem(w) for i in pc.inventory for w in words(i.name)}


def _way_to(world: Campaign, place: str) -> str:
    here = world.game_state.party_location
    if place.casefold() == here.casefold():
        return f"The party is at {here} already."
    route = _route(world, here, place)
    if route is None:
        return f"No known way leads from {here} to {place}."
    legs = len(route) - 1
    count = "one leg" if legs == 1 else f"{legs} legs"
    return f"{place} is {count} from here: {' -> '.join(route)}."


def _route(world: Campaign, start: str, goal: str) -> list[str] | None:
    """The shortest chain of connected places from `start` to `goal` (breadth first over the map)."""
    links = {loc.name.casefold(): loc.connections for loc in world.locations}
    came: dict[str, str | None] = {start.casefold(): None}
    names = {loc.name.casefold(): loc.name for loc in world.locations} | {start.casefold(): start}
    frontier = [start.casefold()]
    while frontier:
        nxt: list[str] = []
        for node in frontier:
            for other in links.get(node, []):
                key = other.casefold()
                if key not in came:
                    came[key], names[key] = node, names.get(key, other)
                    nxt.append(key)
        frontier = nxt
    if goal.casefold() not in came:
        return None
    path, node = [], goal.casefold()
    while node is not None:
        path.append(names[node])
        node = came[node]
    return path[::-1]


def _about(world: Campaign, name: str, ws: set[str]) -> str:
    pc = world.character(name)
    if pc is not None:
        return f"{pc.name} is at {pc.hp.current}/{pc.hp.max} HP, AC {pc.ac}" + (
            f", {', '.join(c.name.value for c in pc.conditions)}" if pc.conditions else "") + "."
    combat = world.game_state.combat
    foes = [c for c in combat.order if c.name == name or c.monster == name] if combat else []
    standing = [c for c in foes if not c.defeated]
    if foes:
        hurt = [c.name for c in standing if c.hp and c.hp.current <= c.hp.max // 2]
        return (f"{len(standing)} {name} still standing (AC {foes[0].ac})" +
                (f"; bloodied: {', '.join(hurt)}" if hurt else "; none bloodied") + ".")
    npc = world.npc(name)
    if npc is not None:
        where = npc.location or "somewhere unknown"
        state = "alive" if npc.alive else "dead"
        return f"{npc.name} ({npc.role}) was last seen at {where}; {state}, {npc.attitude.value} toward the party."
    block = world.monster(name)
    if block is not None:
        lurking = [loc.name for loc in world.locations if name in loc.encounter]
        return f"{name}: AC {block.ac}, {block.hp} HP" + (f"; known to lurk at {', '.join(lurking)}" if lurking
                                                          else "") + "."
    return f"The DM has nothing recorded about {name}."


def _named_words(name: str, said: set[str]) -> int:
    return sum(stem(w) in said for w in words(name))


def _known(world: Campaign, subject: str, facts: list[Fact]) -> str:
    """What the party knows of a place or a person: what it has seen there, found, and been told."""
    told = [f.text for f in facts if f.status.value == "active" and (
        f.subject.casefold() == subject.casefold() or subject.casefold() in f.text.casefold())]
    loc = world.location(subject)
    if loc is not None:
        if loc.visited or loc.name == world.game_state.party_location:
            seen = loc.description.split(". ")[0].rstrip(".") + "."
            found = [d.name for d in loc.discoveries if d.found]
            parts = [f"The party has been to {loc.name}: {seen}"]
            if found:
                parts.append("Found there: " + ", ".join(found) + ".")
        else:
            parts = [f"The party has not been to {loc.name} yet. " + _way_to(world, loc.name)]
    else:
        npc = world.npc(subject)
        met = npc is None or any(loc.visited and loc.name == npc.location for loc in world.locations) \
            or npc.location == world.game_state.party_location
        # Knowing of someone is not knowing where they are: an NPC the party never met is only a name.
        parts = [_about(world, subject, set()) if met else f"The party has not met {subject}."]
    if told:
        parts.append("Learned so far: " + " ".join(t if t.endswith(".") else t + "." for t in told[:4]))
    else:
        parts.append("Nothing more has been learned about it; a History or Investigation check, or someone who "
                     "knows, could tell more." if loc is not None else
                     "Nothing more has been learned; asking those who know them could tell more.")
    return " ".join(parts)
