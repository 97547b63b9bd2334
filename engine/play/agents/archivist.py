"""The archivist: rolling summaries, end-of-session summaries (seed 001) and "previously on" recaps.

Deterministic and offline: everything is read from the structured history (state changes, rolls,
NPC replies, facts) and the world, never from an LLM.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.models.actions import HistoryEntry
from engine.models.session import SessionSummary
from engine.models.world import Campaign, QuestStatus
from engine.persistence.history import History
from engine.play.agents.entry_notes import DEATH, OTHER, QUEST, SECRET, Digest, Note, digest_of, entry_notes
from engine.play.digest import left_out, pick, whole_words

__all__ = ["DEATH", "OTHER", "QUEST", "SECRET", "Archivist", "Note", "digests", "entry_notes", "quest_progress"]

_MAX_LIST = 25
_RECAP_EVENTS = 8
# Lines that mention these outlive routine ones when a summary must shrink.
_WEIGHTY = re.compile(r"\b(fell|went down|died|slain|revealed|quest|travelled|learned|became|fight|freed|done)\b", re.I)
Entries = Sequence[HistoryEntry] | Sequence[Digest] | History


def digests(entries: Entries, last: int | None = None) -> list[Digest]:
    """The digests of `entries` (the `last` ones only, when given): a session's history keeps each entry's
    digest once worked out, so a summary or recap after another costs no note twice."""
    if isinstance(entries, History):
        start = 0 if last is None else max(len(entries) - last, 0)
        return [entries.derived(i, digest_of) for i in range(start, len(entries))]
    tail = entries if last is None else entries[-last:]
    return [e if isinstance(e, Digest) else digest_of(e) for e in tail]


def _lines(entries: list[Digest]) -> list[tuple[int, str, int]]:
    """(turn, line, weight), one line per entry, a whole fight folded into one line."""
    lines: list[tuple[int, str, int]] = []
    fight: list[Digest] = []

    def close_fight() -> None:
        if not fight:
            return
        fighters = ", ".join(dict.fromkeys(e.actor for e in fight if e.actor)) or "the party"
        events = [n.text for e in fight for n in e.notes if n.weight >= 2 and "fight" not in n.text]
        first, last = fight[0].turn, fight[-1].turn
        span = f"T{first}" if first == last else f"T{first}-{last}"
        detail = "; ".join(events) if events else "no one fell"
        lines.append((first, f"{span}: fight ({fighters}): {detail}", 3 if events else 2))
        fight.clear()

    for entry in entries:
        kinds = entry.kinds
        # A fight opens with combat_start or real blows (a combat action that resolved nothing is not one);
        # other entries during a fight (a DM quest change, a parley) keep lines of their own.
        combat = kinds & {"combat_start", "combat_end"} or (entry.combat_action and (bool(fight) or entry.blows))
        if combat and not entry.dm_roll:
            fight.append(entry)
            if "combat_end" in kinds:
                close_fight()
            continue
        notes = entry.notes
        if notes:
            text = "; ".join(n.text for n in notes)
            lines.append((entry.turn, f"T{entry.turn}: {text}", max(n.weight for n in notes)))
    close_fight()
    return sorted(lines, key=lambda line: line[0])


class Archivist:
    name = "archivist"

    def rolling_summary(self, entries: Entries, previous: str = "", max_chars: int = 2000) -> str:
        """Merge `entries` into `previous`, keeping at most `max_chars`; minor and older lines go first."""
        lines = [line.strip() for line in previous.splitlines() if line.strip()]
        lines += [f"- {text}" for _, text, _ in _lines(digests(entries))]
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

    def session_summary(self, entries: Entries, world: Campaign, notes: str | None = None,
                        last: int | None = None) -> SessionSummary:
        """Seed 001's fields, from the history (its `last` entries, when given) and the world as it stands."""
        entries = digests(entries, last)
        active = [q for q in world.quests if q.status == QuestStatus.ACTIVE]
        location = world.game_state.party_location
        objective = (f"Pursue {', '.join(repr(q.name) for q in active)}" if active
                     else f"Continue the adventure at {location}")
        lines = _lines(entries)
        # Each item once, the weightiest kept when there are too many, then told in order.
        ranked = sorted(range(len(lines)), key=lambda i: (-lines[i][2], -lines[i][0]))
        kept, left = pick([lines[i][1] for i in ranked], _MAX_LIST)
        actions = [lines[i][1] for i in sorted(ranked[k] for k in kept)] + ([left_out(left, "action")] if left else [])
        decided = [f"T{n.turn}: {n.text}" for e in entries for n in e.notes if n.decision]
        chosen, left = pick(decided[::-1], _MAX_LIST)  # the latest decisions matter most
        decisions = [decided[len(decided) - 1 - i] for i in sorted(chosen, reverse=True)]
        decisions += [left_out(left, "decision")] if left else []
        been = {place for e in entries for place in e.places}
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

    def recap(self, entries: Entries, world: Campaign, summary: SessionSummary | None,
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
        notes = [n for e in digests(entries, _RECAP_WINDOW) for n in e.notes]
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
