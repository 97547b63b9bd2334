"""The archivist: rolling summaries, end-of-session summaries (seed 001) and "previously on" recaps.

Deterministic and offline: everything is read from the structured history (state changes, rolls,
NPC replies, facts) and the world, never from an LLM.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.models.actions import ActionType, EntryKind, HistoryEntry, StateChange
from engine.models.facts import FactCategory
from engine.models.session import SessionSummary
from engine.models.world import Campaign, QuestStatus
from engine.play.digest import left_out, pick, whole_words

_MAX_LIST = 25
_RECAP_EVENTS = 8
# Lines that mention these outlive routine ones when a summary must shrink.
_WEIGHTY = re.compile(r"\b(fell|went down|died|slain|revealed|quest|travelled|learned|became|fight|freed|done)\b", re.I)
# What a recap tells first: quest progress, then secrets revealed, then deaths, then the rest.
QUEST, SECRET, DEATH, OTHER = range(4)


@dataclass
class _Note:
    turn: int
    text: str
    weight: int  # 1 routine, 2 notable, 3 key event
    decision: bool = False
    rank: int = OTHER


def _num(value: object) -> int | None:
    try:
        return int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return None


def _name(value: object) -> str:
    if isinstance(value, dict):
        return str(value.get("name", ""))
    return "" if value is None else str(value)


def _change_note(turn: int, change: StateChange, actor: str) -> _Note | None:
    kind, target = change.kind, change.target
    before, after = _num(change.before), _num(change.after)
    if kind == "hp" and after is not None and after <= 0 and (before is None or before > 0):
        return _Note(turn, f"{target} went down", 3)
    if kind == "status" and _name(change.after) in ("dead", "defeated"):
        return _Note(turn, f"{target} was {'killed' if change.after == 'dead' else 'defeated'}", 3, rank=DEATH)
    if kind == "location" and change.after:
        origin = f" from {_name(change.before)}" if change.before else ""
        return _Note(turn, f"the party travelled{origin} to {_name(change.after)}", 2, decision=True)
    if kind == "quest_status":
        return _Note(turn, f"quest '{target}' became {_name(change.after).replace('_', ' ')}", 3, decision=True,
                     rank=QUEST)
    if kind == "objective":
        state = "done" if change.after else "reopened"
        text = change.description.split(": ", 1)[-1].split(" — ")[0]
        return _Note(turn, f"'{target}': {text[:1].lower() + text[1:]} ({state})", 3, rank=QUEST)
    if kind == "freed":
        return _Note(turn, change.description.rstrip(".").replace(" frees ", " freed "), 3)
    if kind == "attitude":
        return _Note(turn, f"{target} became {_name(change.after)} toward the party", 2, decision=True)
    if kind == "fact":
        return _Note(turn, f"the party learned: {(_name(change.after) or change.description).rstrip('.')}", 2)
    if kind == "setback" and isinstance(change.after, dict):
        return _setback_note(turn, target, change.after)
    if kind == "combat_start":
        return _Note(turn, "a fight broke out", 1)
    if kind == "combat_end":
        return _Note(turn, "the fight ended", 1)
    if kind == "inventory_add":
        return _Note(turn, f"{target} gained {_name(change.after) or 'an item'}", 1)
    if kind == "rest":
        rest = _name(change.after) or "short"
        return _Note(turn, f"the party took a {rest if 'rest' in rest else rest + ' rest'}", 1)
    if kind == "condition_add" and "unconscious" not in _name(change.after).casefold():
        return _Note(turn, f"{target} became {_name(change.after)}", 1)
    if kind == "death_save" and "dead" in _name(change.after).casefold():
        return _Note(turn, f"{target} died", 3, rank=DEATH)
    return None


def _setback_note(turn: int, target: str, details: dict) -> _Note:
    """What a failed check cost, as something that happened to the party (never something it learned)."""
    kind, npc, skill = details.get("type"), details.get("npc") or "someone", details.get("skill") or "check"
    if kind == "wary":
        topic = f" about {details['topic']}" if details.get("topic") else ""
        return _Note(turn, f"{npc} grew wary of {target} pressing{topic}", 1)
    if kind == "noticed":
        return _Note(turn, f"{npc} caught {target} watching", 1)
    if kind == "noise":
        return _Note(turn, f"{target} was heard at {details.get('place') or 'the scene'}", 1)
    if kind == "clue":
        return _Note(turn, f"{target} half-saw {details.get('clue') or 'something'}", 1)
    return _Note(turn, f"{target}'s failed {skill} check cost time", 1)


def entry_notes(entry: HistoryEntry) -> list[_Note]:
    """What one history entry contributed, as short past-tense notes."""
    if entry.kind == EntryKind.DM_ROLL:
        return []
    actor = entry.actor or next((r.roller for r in entry.dice_rolls if r.roller), None) or "the party"
    notes = [n for c in entry.state_changes if (n := _change_note(entry.turn, c, actor))]
    # "X was defeated" says more than "X went down"; one line per target.
    beaten = {n.text.split(" was ")[0] for n in notes if n.text.endswith((" was defeated", " was killed"))}
    notes = [n for n in notes if not (n.text.endswith(" went down") and n.text[:-10] in beaten)]
    for reply in entry.npc_responses:
        if reply.attitude_after and reply.attitude_after != reply.attitude_before and not any(
                c.kind == "attitude" and c.target == reply.npc for c in entry.state_changes):
            before, after = reply.attitude_before or "indifferent", reply.attitude_after
            text = (f"{actor} won {reply.npc} over ({before} → {after})" if _rank(after) > _rank(before)
                    else f"{reply.npc} turned {after} after talking with {actor}")
            notes.append(_Note(entry.turn, text, 2, decision=True))
        if reply.revealed_secret:
            notes.append(_Note(entry.turn, f"{reply.npc} revealed: {reply.revealed_secret.rstrip('.')}", 3, rank=SECRET))
    if entry.npc_responses and not notes:
        names = ", ".join(dict.fromkeys(r.npc for r in entry.npc_responses))
        notes.append(_Note(entry.turn, f"{actor} spoke with {names}", 1))
    # Events and attitudes are already notes of their own; the rest of the new facts were learned.
    swayed = {c.target for c in entry.state_changes if c.kind == "attitude"}
    # A setback's fact ("Hesper will remember Wren pressing") is what went wrong, told by its own note.
    swayed |= {c.after.get("npc") for c in entry.state_changes if c.kind == "setback" and isinstance(c.after, dict)}
    notes += [_Note(entry.turn, f"the party learned: {f.text.rstrip('.')}", 2) for f in entry.facts_added
              if f.category != FactCategory.EVENT and f.subject not in swayed
              and not any("learned:" in n.text for n in notes)]
    hits = [r for r in entry.dice_rolls if "attack" in (r.purpose or "").casefold() and r.success]
    if hits and not any(n.weight == 3 for n in notes):
        notes.append(_Note(entry.turn, f"{actor} landed {len(hits)} hit{'s' if len(hits) > 1 else ''}", 1))
    if not notes and entry.kind == EntryKind.PLAYER_ACTION:
        notes.append(_Note(entry.turn, f'{actor}: "{whole_words(entry.action, 70)}"', 1))
    # Four characters resting make one "the party took a rest"; a secret told is not also "learned".
    kept, _ = pick([n.text for n in notes])
    return [notes[i] for i in kept]


def _rank(attitude: str | None) -> int:
    order = ["hostile", "unfriendly", "indifferent", "friendly", "helpful"]
    return order.index(attitude) if attitude in order else 2


def _lines(entries: list[HistoryEntry]) -> list[tuple[int, str, int]]:
    """(turn, line, weight), one line per entry, a whole fight folded into one line."""
    lines: list[tuple[int, str, int]] = []
    fight: list[HistoryEntry] = []

    def close_fight() -> None:
        if not fight:
            return
        fighters = ", ".join(dict.fromkeys(e.actor for e in fight if e.actor)) or "the party"
        events = [n.text for e in fight for n in entry_notes(e) if n.weight >= 2 and "fight" not in n.text]
        first, last = fight[0].turn, fight[-1].turn
        span = f"T{first}" if first == last else f"T{first}-{last}"
        detail = "; ".join(events) if events else "no one fell"
        lines.append((first, f"{span}: fight ({fighters}): {detail}", 3 if events else 2))
        fight.clear()

    for entry in entries:
        kinds = {c.kind for c in entry.state_changes}
        # A fight opens with combat_start or real blows (a combat action that resolved nothing is not one);
        # other entries during a fight (a DM quest change, a parley) keep lines of their own.
        blows = "hp" in kinds or any("attack" in (r.purpose or "").casefold() for r in entry.dice_rolls)
        combat = kinds & {"combat_start", "combat_end"} or (
            entry.action_type == ActionType.COMBAT and (bool(fight) or blows))
        if combat and entry.kind != EntryKind.DM_ROLL:
            fight.append(entry)
            if "combat_end" in kinds:
                close_fight()
            continue
        notes = entry_notes(entry)
        if notes:
            text = "; ".join(n.text for n in notes)
            lines.append((entry.turn, f"T{entry.turn}: {text}", max(n.weight for n in notes)))
    close_fight()
    return sorted(lines, key=lambda line: line[0])


class Archivist:
    name = "archivist"

    def rolling_summary(self, entries: list[HistoryEntry], previous: str = "", max_chars: int = 2000) -> str:
        """Merge `entries` into `previous`, keeping at most `max_chars`; minor and older lines go first."""
        lines = [line.strip() for line in previous.splitlines() if line.strip()]
        lines += [f"- {text}" for _, text, _ in _lines(entries)]
        # Each item once: of near-identical lines the newest stays. Then whole lines go, minor and older first.
        newest_first, _ = pick(lines[::-1])
        lines = [lines[len(lines) - 1 - i] for i in sorted(newest_first, reverse=True)]
        weights = [3 if _WEIGHTY.search(line) else 1 for line in lines]
        while lines and len("\n".join(lines)) > max_chars:
            drop = min(range(len(lines)), key=lambda i: (weights[i], i))
            if len(lines) == 1:
                return whole_words(lines[0], max_chars)
            del lines[drop], weights[drop]
        return "\n".join(lines)

    def session_summary(self, entries: list[HistoryEntry], world: Campaign,
                        notes: str | None = None) -> SessionSummary:
        """Seed 001's fields, from the history and the world as it stands."""
        active = [q for q in world.quests if q.status == QuestStatus.ACTIVE]
        location = world.game_state.party_location
        objective = (f"Pursue {', '.join(repr(q.name) for q in active)}" if active
                     else f"Continue the adventure at {location}")
        lines = _lines(entries)
        # Each item once, the weightiest kept when there are too many, then told in order.
        ranked = sorted(range(len(lines)), key=lambda i: (-lines[i][2], -lines[i][0]))
        kept, left = pick([lines[i][1] for i in ranked], _MAX_LIST)
        actions = [lines[i][1] for i in sorted(ranked[k] for k in kept)] + ([left_out(left, "action")] if left else [])
        decided = [f"T{n.turn}: {n.text}" for e in entries for n in entry_notes(e) if n.decision]
        chosen, left = pick(decided[::-1], _MAX_LIST)  # the latest decisions matter most
        decisions = [decided[len(decided) - 1 - i] for i in sorted(chosen, reverse=True)]
        decisions += [left_out(left, "decision")] if left else []
        been = {_name(c.after).casefold() for e in entries for c in e.state_changes if c.kind == "location"}
        been |= {_name(c.before).casefold() for e in entries for c in e.state_changes if c.kind == "location"}
        return SessionSummary(objective=objective + ".", actions_taken=actions, decisions_made=decisions,
                              open_items=self._open_items(world), next_actions=self._next_actions(world, been),
                              quest_progress=quest_progress(world), notes=notes)

    def _open_items(self, world: Campaign) -> list[str]:
        items = [f"Quest '{q.name}': {o.text}" for q in world.quests if q.status == QuestStatus.ACTIVE
                 for o in q.objectives if not o.done]
        combat = world.game_state.combat
        if combat and combat.active:
            foes = [c.name for c in combat.order if c.kind == "monster" and not c.defeated]
            items.append(f"Combat still under way at {world.game_state.party_location} (round {combat.round})"
                         + (f": {', '.join(foes)} still standing" if foes else ""))
        items += [self._down(c.name, c.hp.current, c.hp.max, c.dead) for c in world.characters
                  if c.dead or c.hp.current <= 0 or c.unconscious]
        return items

    @staticmethod
    def _down(name: str, hp: int, hp_max: int, dead: bool) -> str:
        return f"{name} is dead" if dead else f"{name} is down ({max(hp, 0)}/{hp_max} HP)"

    def _next_actions(self, world: Campaign, been: set[str]) -> list[str]:
        steps: list[str] = []
        combat = world.game_state.combat
        if combat and combat.active:
            foes = [c.name for c in combat.order if c.kind == "monster" and not c.defeated]
            steps.append(f"Finish the fight: defeat or escape {', '.join(foes) or 'the remaining foes'}")
        steps += [f"Stabilize or heal {c.name}" for c in world.characters
                  if not c.dead and (c.hp.current <= 0 or c.unconscious)]
        hurt = [c.name for c in world.characters if not c.dead and 0 < c.hp.current < c.hp.max / 2]
        if hurt and not (combat and combat.active):
            steps.append(f"Rest or heal: {', '.join(hurt)} {'is' if len(hurt) == 1 else 'are'} badly hurt")
        for quest in world.quests:
            todo = next((o.text for o in quest.objectives if not o.done), None)
            if quest.status == QuestStatus.ACTIVE and todo:
                steps.append(f"Work toward '{todo}' for {quest.name}")
        here = world.location(world.game_state.party_location)
        if here:
            unvisited = [n for n in here.connections if n.casefold() not in been
                         and ((loc := world.location(n)) is None or not loc.visited)]
            steps += [f"Explore {name}, reachable from {here.name}" for name in unvisited[:2]]
        return steps or ["Decide the party's next goal"]

    def recap(self, entries: list[HistoryEntry], world: Campaign, summary: SessionSummary | None,
              session_name: str) -> str:
        """A short Markdown "Previously on…" from the most important events and where things stand."""
        location = world.game_state.party_location
        names = [c.name for c in world.characters]
        party = (", ".join(names[:-1]) + " and " + names[-1]) if len(names) > 1 else "".join(names) or "the party"
        if not entries:
            place = world.location(location)
            about = f" {place.description.strip()}" if place and place.description.strip() else ""
            return (f"**{session_name}**\n\nThe adventure is about to begin at **{location}**.{about}\n\n"
                    f"Gathered here: {party}.")
        # The recap tells the recent stretch; older turns are in the rolling summary.
        notes = [n for e in entries[-_RECAP_WINDOW:] for n in entry_notes(e)]
        key = [i for i, n in enumerate(notes) if n.weight >= 2]
        if len(key) < 3:  # a quiet session: add its latest routine moments
            key = sorted(key + [i for i, n in enumerate(notes) if n.weight < 2][-(4 - len(key)):])
        # Most important first (quest progress, secrets, deaths, the rest), each once; the latest of a kind win
        # a place, then are told in order. Whole items are left out, and counted, never cut.
        order = sorted(key, key=lambda i: (notes[i].rank, -notes[i].weight, -i))
        kept, left = pick([notes[i].text for i in order], _RECAP_EVENTS)
        shown = sorted((order[k] for k in kept), key=lambda i: (notes[i].rank, i))
        events = " ".join(_cap(notes[i].text) + "." for i in shown) or "The party pressed on."
        if left:
            events += " " + left_out(left, "event")
        now = [f"{_cap(party)} now {'stands' if len(world.characters) == 1 else 'stand'} at **{location}**."]
        for quest in (q for q in world.quests if q.status == QuestStatus.ACTIVE):
            todo = [o.text[:1].lower() + o.text[1:] for o in quest.objectives if not o.done]
            if todo:
                listed = todo[0] if len(todo) == 1 else ", ".join(todo[:-1]) + " and " + todo[-1]
                now.append(f"'{quest.name}' still needs the party to {listed}.")
        open_items = summary.open_items if summary else self._open_items(world)
        others = [i for i in open_items if not i.startswith("Quest '")]
        if others:
            now.append("Still unresolved: " + "; ".join(others[:3]) + "." + (
                " " + left_out(len(others) - 3) if len(others) > 3 else ""))
        return f"**Previously on {session_name}...**\n\n{events}\n\n{' '.join(now)}"


_RECAP_WINDOW = 1000


def quest_progress(world: Campaign) -> list[str]:
    """One line per quest: its status and each objective, [x] done or [ ] not yet."""
    out = []
    for q in world.quests:
        marks = "; ".join(f"[{'x' if o.done else ' '}] {o.text}" for o in q.objectives)
        out.append(f"{q.name} ({q.status.value.replace('_', ' ')}, {q.progress()})" + (f": {marks}" if marks else ""))
    return out


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
