"""The built-in narrator: varied template prose from resolved mechanics, deterministic per seed.

It reads the structured outcome first (dice rolls, state changes, NPC replies) and falls back to
the agents' beats for anything the structure does not say. It never adds an outcome of its own.

Template choice is a pure function of (session seed, turn, beat kind, occurrence in the turn): a
hashed position in the kind's variants (shuffled per seed), moved on when it equals the previous
turn's, then stepped by the occurrence. So consecutive turns never share a template, uses in one turn
differ, and nothing recurs in step with a regular pattern of play. Slots given as tuples
(engine.narration.prose) are hashed per turn too, which multiplies the distinct sentences. Slots given as tuples (engine.narration.prose) are picked per turn as well.
Being pure, it needs no saved state: the text is the same after a reload, an undo, or a crash
recovery that re-narrates a turn. The templates themselves live in engine.narration.templates.
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import AsyncIterator
from functools import lru_cache
from typing import Any

from engine.models.actions import StateChange
from engine.narration.base import Build, NarrationRequest, NarrationResult
from engine.narration.combat_templates import NEEDS
from engine.narration.events import Event, actor_of, and_list, as_int, item_change, label, sentence
from engine.narration.prose import grounds, pick
from engine.narration.rolls import RollReader
from engine.narration.story_templates import LEADS
from engine.narration.templates import BEAT_FAMILIES, DIALOGUE, FAMILY, TEMPLATES, item_phrase

__all__ = ["OfflineNarrator", "TEMPLATES"]

_STATUS_EVENT = {"dying": "unconscious", "dead": "death", "defeated": "death"}
# Beats like "Mira attacks Goblin 2 with Scimitar ..." name the target an attack roll does not.
_ATTACK_BEAT = re.compile(r"^(?P<attacker>.+?) attacks (?P<target>.+?) with ")
_QUEST_STATUS = {"active": "underway", "completed": "complete", "failed": "failed", "not_started": "not yet begun"}
# Rolls the engine makes to decide something for itself (which hero a monster goes for): they stay in
# the roll log, but the table hears only the attack they lead to.
_INTERNAL_ROLL = re.compile(r"\bpicks? a target\b", re.I)
# Beats that set the scene for everything else this turn (a foe arriving): told first.
_LEAD = re.compile(r"\bsteps out to fight\b", re.I)
_BOOKKEEPING = {"time", "initiative", "hit_dice", "spell_slot", "death_save", "location", "combat_start",
                "encounter", "encounter_difficulty", "condition_tick", "temp_hp", "turn", "round", "boon_add",
                "boon_remove", "feature_use", "item_use", "ac", "effect_end"}
# Whose turn it is: the initiative tracker's and the dice/log line's, never the prose's.
_TURN_BEAT = re.compile(r"^It is .+?'s turn\b")


class OfflineNarrator:
    """The default narrator: no network, no model, the same words for the same seed and turn."""

    name = "offline"

    def __init__(self, **settings: Any) -> None:
        self.settings = settings

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        return NarrationResult(text=self.render(request))

    async def stream(self, request: NarrationRequest) -> AsyncIterator[str]:
        for chunk in re.findall(r"\s+|\S+\s*", self.render(request)):
            yield chunk

    def render(self, request: NarrationRequest) -> str:
        """The narration as plain text with light Markdown: paragraphs, quoted dialogue, bold speakers."""
        events = _told(request)
        seen: dict[str, int] = {}
        base = {"actor": actor_of(request), "location": request.location, "action": request.action,
                "ground": grounds(request.location), **LEADS}
        paragraphs: list[list[str]] = [[]]
        for event in events:
            occurrence = seen.get(event.kind, 0)
            seen[event.kind] = occurrence + 1
            build = request.builds.get(str(event.fields.get("target", "")))
            template = _template(request.session_seed, event.kind, request.turn, occurrence, build)
            fields = {**base, **event.fields, "armour": build.armour if build and build.armour else "armour"}
            line = sentence(template.format_map(_slots(fields, request, event.kind, occurrence)))
            if event.kind in DIALOGUE:
                paragraphs += [[line], []]
            else:
                if len(paragraphs[-1]) >= 4:
                    paragraphs.append([])
                paragraphs[-1].append(line)
        return "\n\n".join(" ".join(p) for p in paragraphs if p)


def _told(request: NarrationRequest) -> list[Event]:
    """The turn's events; a compound action's acts one after another, in the order the player said them
    (each stretch of the outcome told on its own, then what followed the acts)."""
    stretches = request.stretches()
    if len(stretches) == 1:
        return _Builder(request).events()
    events = [e for stretch in stretches for e in _Builder(stretch).events(alone=False)]
    return events or [Event("action", {"action": request.action.strip().rstrip(".")})]


# Agent beats that say a fixed thing: told in varied words from their parts.
_REPHRASED = (("nothing_new", re.compile(r"^(?P<actor>.+?) finds nothing new at (?P<place>.+?)\.$")),
              ("learned_nothing", re.compile(r"^(?P<actor>.+?) learns nothing new from it\.$")),
              ("refusal", re.compile(r"^(?P<npc>.+?) will not say more about that\.$")),
              ("unread", re.compile(r"^(?P<actor>.+?) cannot read (?P<npc>.+?)\.$")),
              ("hostile", re.compile(r"^Something hostile lurks here\.$")),
              ("cannot_act", re.compile(r"^(?P<actor>.+?) is (?P<state>.+?)(?: at \d+ HP)? and cannot act\.$")))


@lru_cache(maxsize=512)
def _order(seed: int, kind: str) -> tuple[str, ...]:
    """The kind's templates in this seed's order."""
    variants = list(TEMPLATES[kind])
    random.Random(f"{seed}:{kind}").shuffle(variants)
    return tuple(variants)


def _index(seed: int, kind: str, turn: int, n: int, depth: int = 4) -> int:
    """A hashed position for the turn, moved on when it equals the previous turn's (looked back a few
    turns, so the rule stays pure): consecutive turns never share a template, and nothing recurs in step
    with a pattern of play the way a fixed rotation does."""
    raw = zlib.crc32(f"{seed}:{kind}:{turn}".encode()) % n
    if depth == 0 or turn <= 0 or n < 2:
        return raw
    previous = _index(seed, kind, turn - 1, n, depth - 1)
    return (raw + 1) % n if raw == previous else raw


def _template(seed: int, kind: str, turn: int, occurrence: int, build: Build | None = None) -> str:
    """The turn's variant among those that tell no gear or body the target lacks (the sheet or stat block says
    what it has; a target the request does not describe has none told)."""
    variants = [v for v in _order(seed, kind) if _fits(v, build)] or list(_order(seed, kind))
    return variants[(_index(seed, kind, turn, len(variants)) + occurrence) % len(variants)]


def _fits(template: str, build: Build | None) -> bool:
    need = NEEDS.get(template)
    if need is None:
        return True
    if build is None:
        return False
    return bool(build.armour) if need == "armour" else build.shield if need == "shield" else build.humanoid


def _place(name: str) -> str:
    """A place inside a sentence: "The Crooked Lantern" reads "the Crooked Lantern" after the first word."""
    return "the" + name[3:] if name.startswith("The ") else name


def _setback(target: str, details: dict[str, Any]) -> Event:
    topic = str(details.get("topic") or "")
    kind = f"setback_{details.get('type', 'time')}"
    return Event(kind if kind in TEMPLATES else "setback_time", {
        "actor": target, "place": _place(str(details.get("place") or "here")), "clue": str(details.get("clue") or "something"),
        "skill": str(details.get("skill") or "effort"), "npc": str(details.get("npc") or "they"),
        "topic_tail": f" about {topic}" if topic else "", "subject": topic or "that",
        # The minutes are the clock's (the dice/log line shows the time change).
        "minutes_tail": "", "minutes_tail_s": ""})


def _slots(fields: dict[str, Any], request: NarrationRequest, kind: str, occurrence: int) -> dict[str, Any]:
    """Tuple slots picked per (seed, turn, kind, occurrence, slot); a picked phrase may name other slots."""
    key = (request.session_seed, request.turn, kind, occurrence)
    picked = {name: pick(value, *key, name) for name, value in fields.items() if isinstance(value, tuple)}
    plain = {**fields, **picked}
    return {**plain, **{name: value.format_map(plain) if "{" in value else value for name, value in picked.items()}}


class _Builder(RollReader):
    """Turns one request's structured outcome (then its beats) into ordered narration events."""

    def __init__(self, request: NarrationRequest) -> None:
        self.req = request
        self.actor = actor_of(request)
        self.changes: list[StateChange] = list(request.state_changes)
        self.used: set[int] = set()
        self.beat_targets: dict[str, list[str]] = {}
        for beat in request.beats:
            if match := _ATTACK_BEAT.match(beat):
                self.beat_targets.setdefault(match["attacker"].casefold(), []).append(match["target"])

    def _take(self, kind: str, target: str | None = None) -> StateChange | None:
        for i, change in enumerate(self.changes):
            if i not in self.used and change.kind == kind and (
                    target is None or change.target.casefold() == target.casefold()):
                self.used.add(i)
                return change
        return None

    def _foe(self, roller: str) -> str:
        named = self.beat_targets.get(roller.casefold())
        if named:
            return named.pop(0)
        for i, change in enumerate(self.changes):
            before, after = as_int(change.before), as_int(change.after)
            if (i not in self.used and change.kind == "hp" and change.target.casefold() != roller.casefold()
                    and before is not None and after is not None and after < before):
                return change.target
        return "their foe"

    def _down(self, target: str, after: int | None) -> list[Event]:
        """What dropping to `after` HP meant, from the status/condition the rules recorded beside it."""
        if after is None or after > 0:
            return []
        for i, change in enumerate(self.changes):
            if i in self.used or change.target.casefold() != target.casefold():
                continue
            value = str(change.after).casefold()
            if change.kind == "status" and value in _STATUS_EVENT:
                self.used.add(i)
                return [Event(_STATUS_EVENT[value], {"target": target})]
            if change.kind == "condition_add" and "unconscious" in value:
                self.used.add(i)
                return [Event("unconscious", {"target": target})]
        return [Event("down", {"target": target})]

    def events(self, alone: bool = True) -> list[Event]:
        """The events in telling order; `alone` (the whole turn, not one act's stretch): never none."""
        # What the actor did comes before what the foes do after it: a spell cast without a roll ("Tova
        # casts Bless on Bram") would otherwise follow the monsters' attack rolls.
        cast = re.compile(rf"^{re.escape(self.actor)} casts ") if self.actor else None
        leads = [b for b in self.req.beats if _LEAD.search(b)
                 or (cast is not None and cast.search(b) and not re.search(r"\d", b))]  # numbers are the log's
        events = [Event("generic", {"text": sentence(b)}) for b in leads]
        if moved := self._take("location"):
            events.append(Event("travel", {"origin": label(moved.before, "the last place"),
                                            "destination": label(moved.after, self.req.location)}))
        initiative = [r for r in self.req.dice_rolls if "initiative" in (r.purpose or "").casefold()]
        started = self._take("combat_start")
        if started or initiative:  # the order itself is the tracker's and the dice log's to show, not the prose's
            events.append(Event("combat_start"))
        rolls = [r for r in self.req.dice_rolls if r not in initiative and not _INTERNAL_ROLL.search(r.purpose or "")]
        events += self._rolls(rolls)
        for reply in self.req.npc_responses:
            speech = {"npc": reply.npc, "text": reply.text.strip().strip('"')}
            events.append(Event("npc_gesture", {**speech, "gesture": reply.gesture}) if reply.gesture
                          else Event("npc_speech", speech))
            if reply.attitude_after and reply.attitude_after != reply.attitude_before and not any(
                    c.kind == "attitude" and c.target == reply.npc for c in self.changes):
                events.append(Event("attitude", {"npc": reply.npc, "before": reply.attitude_before or "wary",
                                                  "after": reply.attitude_after}))
            if reply.revealed_secret:
                events.append(Event("secret", {"npc": reply.npc, "text": sentence(reply.revealed_secret)}))
        events += self._remaining()
        covered = {FAMILY.get(e.kind, "other") for e in events}
        for beat in (b for b in self.req.beats if b not in leads and not _TURN_BEAT.search(b)):
            family = next((f for f, pattern in BEAT_FAMILIES if pattern.search(beat)), "other")
            if family not in covered or family in ("other", "nothing", "npc_mood"):
                events.append(self._beat(beat, family))
        return events or ([Event("action", {"action": self.req.action.strip().rstrip(".")})] if alone else [])

    def _remaining(self) -> list[Event]:
        """Events for the state changes the rolls did not already account for."""
        events: list[Event] = []
        xp: dict[int, list[str]] = {}
        for i, change in enumerate(self.changes):
            if i in self.used:
                continue
            self.used.add(i)
            before, after = as_int(change.before), as_int(change.after)
            if change.kind == "xp" and before is not None and after is not None:
                xp.setdefault(after - before, []).append(change.target)  # one line per award, not per head
                continue
            if change.kind == "inventory_remove" and (given := self._given(change)):
                events.append(given)
                continue
            for event in self._change(change):
                if event.kind != "rest" or not any(e.fields == event.fields for e in events):
                    events.append(event)
        for amount, names in xp.items():
            many = len(names) > 1
            events.append(Event("xp", {"target": and_list(names), "amount": str(amount), "each": "each " if many
                                        else "", "s": "" if many else "s", "is_are": "are" if many else "is"}))
        return events

    def _given(self, removed: StateChange) -> Event | None:
        """An item leaving one character and reaching another in the same action: one handover."""
        name, moved, _ = item_change(removed)
        for i, change in enumerate(self.changes):
            if i in self.used or change.kind != "inventory_add" or change.target == removed.target:
                continue
            got, count, _ = item_change(change)
            if got.casefold() == name.casefold():
                self.used.add(i)
                item = item_phrase(name, count or moved)
                return Event("give", {"giver": removed.target, "receiver": change.target, "item": item,
                                       "item_cap": item[:1].upper() + item[1:]})
        return None

    def _beat(self, beat: str, family: str) -> Event:
        for kind, pattern in _REPHRASED:
            if found := pattern.match(beat):
                return Event(kind, {"place": _place(self.req.location),
                                    **{k: _place(v) if k == "place" else v for k, v in found.groupdict().items()}})
        label, colon, rest = beat.partition(": ")
        if colon and label.casefold() == "here":
            names = [n.strip() for n in rest.rstrip(".").split(",") if n.strip()]
            return Event("present", {"names": and_list(names), "is_are": "is" if len(names) == 1 else "are"})
        if colon and label.casefold() == self.req.location.casefold():
            return Event("scene", {"text": sentence(rest)})
        return Event("discovery" if family == "discovery" else "generic", {"text": sentence(beat)})

    def _change(self, change: StateChange) -> list[Event]:
        kind, target = change.kind, change.target
        before, after = as_int(change.before), as_int(change.after)
        if kind == "hp" and before is not None and after is not None:
            if after < before:
                return [Event("damage", {"target": target, "dmg": f"{before - after} damage"}),
                        *self._down(target, after)]
            return [Event("heal", {"target": target, "amount": str(after - before)})] if after > before else []
        if kind in ("condition_add", "condition_remove"):
            value = change.after if kind == "condition_add" else change.before
            if kind == "condition_remove" and "unconscious" in str(value) and any(
                    c.kind == "status" and c.target == target and c.after == "conscious" for c in self.changes):
                return []  # "regains consciousness" says it once
            return [Event(kind, {"target": target, "condition": label(value or change.after, "affected")})]
        if kind in ("inventory_add", "inventory_remove"):
            name, count, left = item_change(change)
            item = item_phrase(name, count)
            gone = kind == "inventory_remove" and left == 0
            return [Event("inventory_gone" if gone else kind, {
                "target": target, "item": item, "item_cap": item[:1].upper() + item[1:], "name": name.lower(),
                "left": f" ({left} left)" if left else ""})]
        if kind == "quest_status":
            status = _QUEST_STATUS.get(str(change.after), label(change.after, "changed"))
            return [Event("quest", {"quest": target, "status": status})]
        if kind == "attitude":
            return [Event("attitude", {"npc": target, "before": label(change.before, "wary"),
                                        "after": label(change.after, "changed")})]
        if kind == "rest":
            rest = str(change.after or "rest")
            return [Event("rest", {"rest": rest if "rest" in rest else f"{rest} rest"})]
        if kind == "combat_end":
            return [Event("combat_end")]
        if kind == "setback" and isinstance(change.after, dict):
            return [_setback(target, change.after)]
        if kind == "fact":
            return [Event("discovery", {"text": sentence(label(change.after, change.description))})]
        if kind in ("discovery", "secret"):  # the agents' beats carry what was found; use them when present
            if any(p.search(b) for b in self.req.beats for f, p in BEAT_FAMILIES if f == "discovery"):
                return []
            return [Event("discovery", {"text": sentence(change.description)})] if change.description else []
        if kind == "status" and str(change.after) in _STATUS_EVENT:
            return [Event(_STATUS_EVENT[str(change.after)], {"target": target})]
        if kind in _BOOKKEEPING:
            return []  # bookkeeping the rolls or other events already tell
        return [Event("generic", {"text": sentence(change.description)})] if change.description else []
