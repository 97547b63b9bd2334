"""Quests advance from what happens: after every change, each open objective's conditions are checked
against the world as it now stands, the facts on record, and the change itself.

Completing an objective (or starting a quest, or finishing one) is a state change in the same history
entry as the change that met it, with a line for the narrative, so undoing that entry takes it back
exactly. The DM's own tick goes through `tick`, with the same changes and lines.
"""

from __future__ import annotations

from rapidfuzz import fuzz, process, utils

from engine.errors import InvalidInputError, NotFoundError
from engine.facts.tracker import FactTracker
from engine.models.actions import StateChange
from engine.models.intent import ActionIntent
from engine.models.quest import Objective, Quest, QuestCondition, QuestStatus
from engine.models.world import Campaign
from engine.play.deeds import acted

_CLOSED = (QuestStatus.COMPLETED, QuestStatus.FAILED)
# How alike a typed name must be to a quest or objective to be taken for it (0-100, see _likeness).
_NAME_CUTOFF = 70


class Event:
    """What the change itself did, beyond the world it left: the player's words (with the intent parsed from
    them, when known), the state changes, and the ids of the facts it recorded (None: not known, so every
    fact on record counts)."""

    def __init__(self, action: str | None = None, changes: list[StateChange] | None = None,
                 new_facts: list[str] | None = None, intent: ActionIntent | None = None) -> None:
        # What the words do, not merely say: a question, a negation or a look does no deed (engine.play.deeds).
        self.acted = acted(action, intent) if action else None
        self.changes = changes or []
        self.new_facts = new_facts
        # Only while `advance` settles the quests: the world may change between two uses of one event.
        self._held: tuple[Campaign, frozenset[str]] | None = None
        self._settling = False

    def held(self, world: Campaign) -> frozenset[str]:
        """Names (casefolded) of the things found in the world or carried. While `advance` runs they are
        worked out once, not once per item condition (only a quest's completion changes the world meanwhile,
        and advance forgets them then)."""
        if self._held is not None and self._held[0] is world:
            return self._held[1]
        names = {d.name.casefold() for loc in world.locations for d in loc.discoveries if d.found}
        names |= {i.name.casefold() for c in world.characters for i in c.inventory if i.quantity > 0}
        if self._settling:
            self._held = (world, frozenset(names))
        return frozenset(names)


def met(cond: QuestCondition, world: Campaign, facts: FactTracker, event: Event, every_fact: bool = True) -> bool:
    """Whether the condition holds now. With `every_fact` False a fact condition looks only at the facts this
    change recorded: enough for "any", since a fact already on record was checked when it was recorded."""
    here = world.game_state.party_location.casefold()
    if cond.kind == "fact":
        among = None if every_fact or event.new_facts is None else event.new_facts
        return (among is None or bool(among)) and facts.supporting(cond.text, cond.subject, among) is not None
    if cond.kind == "item":
        return cond.name.casefold() in event.held(world)
    if cond.kind == "npc":
        npc = world.npc(cond.name)
        if npc is None:
            return False
        if cond.state == "found":
            return (npc.location or "").casefold() == here
        if cond.state == "freed":
            return not npc.captive
        beaten = any(c.target.casefold() == npc.name.casefold() and c.kind == "status"
                     and str(c.after) in ("defeated", "dead") for c in event.changes)
        fight = world.game_state.combat
        down = fight is not None and any(c.defeated for c in fight.order if c.name.casefold() == npc.name.casefold())
        return not npc.alive or beaten or down
    if cond.kind == "place":
        place = world.location(cond.name)
        if place is None:
            return False
        if cond.state == "cleared":
            return not place.encounter
        return place.visited or place.name.casefold() == here
    # A deed: done in the player's own words, as an act, where it must be done.
    if event.acted is None or (cond.place is not None and cond.place.casefold() != here):
        return False
    if any(c.kind == "setback" for c in event.changes):
        return False  # the attempt failed its check ("the solution stays out of reach"): not done
    return any(event.acted.does(p) for p in cond.phrases)


def _objective_met(o: Objective, world: Campaign, facts: FactTracker, event: Event) -> bool:
    if not o.when or o.by_hand:
        return False
    if o.needs == "all":
        return all(met(c, world, facts, event) for c in o.when)
    return any(met(c, world, facts, event, every_fact=False) for c in o.when)


def advance(world: Campaign, facts: FactTracker, event: Event) -> tuple[list[StateChange], list[str]]:
    """Complete what the world now meets; changes `world` in place. Returns (state changes, narrative lines)."""
    changes: list[StateChange] = []
    lines: list[str] = []
    event._settling, event._held = True, None
    try:
        _settle(world, facts, event, changes, lines)
    finally:
        event._settling, event._held = False, None
    return changes, lines


def _settle(world: Campaign, facts: FactTracker, event: Event, changes: list[StateChange], lines: list[str]) -> None:
    for quest in world.quests:
        if quest.status in _CLOSED:
            continue
        newly = [o for o in quest.objectives if not o.done and _objective_met(o, world, facts, event)]
        if quest.status == QuestStatus.NOT_STARTED and (
                newly or any(met(c, world, facts, event, every_fact=False) for c in quest.starts_when)):
            _set_status(quest, QuestStatus.ACTIVE, changes, lines)
        for objective in newly:
            _set_done(quest, objective, True, changes, lines)
        if newly:  # only news finishes a quest: one the DM reopened stays open
            _finish_if_done(world, quest, changes, lines)
            event._held = None  # a reward changes the world


def tick(world: Campaign, quest_name: str, objective: str | None, done: bool) -> tuple[list[StateChange], list[str]]:
    """The DM's hand: mark one objective (or, with none named, the whole quest) done or not done."""
    quest = find_quest(world, quest_name)
    changes: list[StateChange] = []
    lines: list[str] = []
    if objective is None:
        target = QuestStatus.COMPLETED if done else QuestStatus.ACTIVE
        if quest.status == target:
            raise InvalidInputError(f"Quest '{quest.name}' is already {target.value.replace('_', ' ')}; nothing changed.")
        if done:
            for o in quest.objectives:
                if not o.done:
                    _set_done(quest, o, True, changes, lines)
        _set_status(quest, target, changes, lines)
        if done:
            _reward(world, quest, changes, lines)
        return changes, lines
    chosen = find_objective(quest, objective)
    if chosen.done == done:
        state = "done" if done else "not done"
        raise InvalidInputError(f"'{chosen.text}' ({quest.name}) is already {state}; nothing changed.")
    if done and quest.status == QuestStatus.NOT_STARTED:
        _set_status(quest, QuestStatus.ACTIVE, changes, lines)
    chosen.by_hand = True
    _set_done(quest, chosen, done, changes, lines)
    if done:
        _finish_if_done(world, quest, changes, lines)
    elif quest.status == QuestStatus.COMPLETED:
        _set_status(quest, QuestStatus.ACTIVE, changes, lines)
    return changes, lines


def find_quest(world: Campaign, name: str) -> Quest:
    if not isinstance(name, str) or not name.strip():
        raise InvalidInputError("Name the quest, e.g. /quest Light on Gannet Point.")
    names = [q.name for q in world.quests]
    if not names:
        raise NotFoundError("This campaign has no quests.")
    exact = world.quest(name.strip())
    if exact is not None:
        return exact
    index = _closest(name, names, "quest", ", ".join(names))
    return world.quests[index]


def find_objective(quest: Quest, text: str) -> Objective:
    """An objective by its number (1 = first) or by its words."""
    texts = [o.text for o in quest.objectives]
    listed = "; ".join(f"{i}. {t}" for i, t in enumerate(texts, 1))
    if not texts:
        raise NotFoundError(f"Quest '{quest.name}' has no objectives; tick the quest itself.")
    key = text.strip() if isinstance(text, str) else ""
    if not key:
        raise InvalidInputError(f"Name the objective of '{quest.name}': {listed}.")
    if key.isdigit():
        number = int(key)
        if not 1 <= number <= len(texts):
            raise NotFoundError(f"Quest '{quest.name}' has objectives 1 to {len(texts)}: {listed}.")
        return quest.objectives[number - 1]
    exact = next((o for o in quest.objectives if o.text.casefold() == key.casefold()), None)
    return exact or quest.objectives[_closest(key, texts, f"objective of '{quest.name}'", listed)]


def _closest(name: str, choices: list[str], what: str, listed: str) -> int:
    """The one choice `name` means; too far from all (or as near to two) is an error naming the closest."""
    best = process.extract(name, choices, scorer=_likeness, processor=utils.default_process, limit=2)
    if not best or best[0][1] < _NAME_CUTOFF:
        near = f" The closest is '{best[0][0]}'." if best else ""
        raise NotFoundError(f"No {what} matches '{name}'.{near} Choose one of: {listed}.")
    if len(best) > 1 and best[1][1] == best[0][1]:
        raise InvalidInputError(f"'{name}' fits '{best[0][0]}' and '{best[1][0]}' equally well; "
                                f"say which (for an objective, its number will do): {listed}.")
    return best[0][2]


def _likeness(a: str, b: str, **_: object) -> float:
    """WRatio reads typos and word starts ("kettle"), token sets read words in any order ("lamp of gannet");
    either alone ties names that share a little word."""
    return (fuzz.WRatio(a, b) + fuzz.token_set_ratio(a, b)) / 2


def _set_status(quest: Quest, status: QuestStatus, changes: list[StateChange], lines: list[str]) -> None:
    before, quest.status = quest.status, status
    said = {QuestStatus.ACTIVE: f"New quest: {quest.name}." if before == QuestStatus.NOT_STARTED
            else f"Quest '{quest.name}' is under way again.",
            QuestStatus.COMPLETED: f"Quest complete: {quest.name}!"}.get(status, f"Quest '{quest.name}' {status.value}.")
    changes.append(StateChange(target=quest.name, kind="quest_status", before=before.value, after=status.value,
                               description=said))
    lines.append(said)


def _set_done(quest: Quest, o: Objective, done: bool, changes: list[StateChange], lines: list[str]) -> None:
    o.done = done
    said = (f"{quest.name}: {o.text} — done ({quest.progress()})." if done
            else f"{quest.name}: {o.text} — not done after all ({quest.progress()}).")
    changes.append(StateChange(target=quest.name, kind="objective", before=not done, after=done, description=said))
    lines.append(said)


def _finish_if_done(world: Campaign, quest: Quest, changes: list[StateChange], lines: list[str]) -> None:
    if quest.objectives and quest.status != QuestStatus.COMPLETED and all(o.done for o in quest.objectives):
        _set_status(quest, QuestStatus.COMPLETED, changes, lines)
        _reward(world, quest, changes, lines)


def _reward(world: Campaign, quest: Quest, changes: list[StateChange], lines: list[str]) -> None:
    """The quest's XP, shared by the living party the first time it completes (reopened and finished
    again, it pays nothing more)."""
    living = [pc for pc in world.characters if not pc.dead]
    if quest.rewarded or quest.xp_reward <= 0 or not living:
        return
    quest.rewarded = True
    share = quest.xp_reward // len(living)
    for pc in living:
        before, pc.xp = pc.xp, pc.xp + share
        changes.append(StateChange(target=pc.name, kind="xp", before=before, after=pc.xp,
                                   description=f"{pc.name} gains {share} XP ({before} -> {pc.xp})."))
    names = [pc.name for pc in living]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    lines.append(f"{who} {'gains' if len(names) == 1 else 'each gain'} {share} XP.")
