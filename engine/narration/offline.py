"""The built-in narrator: varied template prose from resolved mechanics, deterministic per seed.

It reads the structured outcome first (dice rolls, state changes, NPC replies) and falls back to
the agents' beats for anything the structure does not say. It never adds an outcome of its own.

Template choice is a pure function of (session seed, turn, beat kind, occurrence in the turn):
each kind's variants are split into two halves by turn parity, so a kind narrated on consecutive
turns never reuses a template, and repeats of a kind within one turn walk through their half
without an adjacent repeat. Being pure, it needs no saved state: the text is the same after a
reload, an undo, or a crash recovery that re-narrates a turn. (A kind that skips a turn may reuse
the template it had two turns earlier; that is the price of keeping no state.) The templates
themselves live in engine.narration.templates.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from engine.models.actions import DiceRoll, StateChange
from engine.narration.base import NarrationRequest, NarrationResult
from engine.narration.templates import BEAT_FAMILIES, DIALOGUE, FAMILY, TEMPLATES, check_name, item_phrase

__all__ = ["OfflineNarrator", "TEMPLATES"]

_DAMAGE_TYPES = ("acid bludgeoning cold fire force lightning necrotic piercing poison psychic radiant "
                 "slashing thunder").split()
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
                "encounter", "condition_tick", "temp_hp", "turn", "round"}


@dataclass
class _Event:
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)


def _sentence(text: str) -> str:
    text = text.strip()
    if text and text[-1] not in ".!?\"'…":
        text += "."
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _label(value: Any, fallback: str = "") -> str:
    if isinstance(value, dict):
        qty, name = value.get("quantity"), value.get("name", fallback)
        return f"{qty} {name}" if qty not in (None, 1) else str(name)
    return fallback if value in (None, "") else str(value)


def _roll_fields(roll: DiceRoll, against: str) -> dict[str, str]:
    vs = f"{roll.total} against {against} {roll.dc}" if roll.dc is not None else f"a {roll.total}"
    paren = f"({roll.total} vs {against} {roll.dc})" if roll.dc is not None else f"({roll.total})"
    return {"total": str(roll.total), "roll_vs": vs, "roll_paren": paren}


def _succeeded(roll: DiceRoll) -> bool | None:
    if roll.success is not None:
        return roll.success
    return None if roll.dc is None else roll.total >= roll.dc


def _and(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _actor(request: NarrationRequest) -> str:
    """The acting character; when the request names none, whoever rolled first."""
    return request.actor or next((r.roller for r in request.dice_rolls if r.roller), None) or "the party"


def _item_change(change: StateChange) -> tuple[str, int | None, int | None]:
    """(item name, how many moved, how many the holder has left) from an inventory change."""
    before, after = change.before, change.after
    if isinstance(before, dict) or isinstance(after, dict):
        b = before if isinstance(before, dict) else {}
        a = after if isinstance(after, dict) else {}
        name = str(a.get("name") or b.get("name") or "an item")
        qb, qa = _int(b.get("quantity")), _int(a.get("quantity"))
        moved = abs(qa - qb) if qa is not None and qb is not None else None
        return name, moved, qa if change.kind == "inventory_remove" else None
    value = after if change.kind == "inventory_add" else (before or after)
    return _label(value, change.description or "an item"), None, None


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
        rng = random.Random(f"{request.session_seed}:{request.turn}:narration")
        events = _Builder(request).events()
        starts: dict[str, int] = {}
        seen: dict[str, int] = {}
        base = {"actor": _actor(request), "location": request.location, "action": request.action}
        paragraphs: list[list[str]] = [[]]
        for event in events:
            half = TEMPLATES[event.kind][request.turn % 2::2] or TEMPLATES[event.kind]
            if event.kind not in starts:
                starts[event.kind] = rng.randrange(len(half))
            occurrence = seen.get(event.kind, 0)
            seen[event.kind] = occurrence + 1
            template = half[(starts[event.kind] + occurrence) % len(half)]
            line = _sentence(template.format_map({**base, **event.fields}))
            if event.kind in DIALOGUE:
                paragraphs += [[line], []]
            else:
                if len(paragraphs[-1]) >= 4:
                    paragraphs.append([])
                paragraphs[-1].append(line)
        return "\n\n".join(" ".join(p) for p in paragraphs if p)


class _Builder:
    """Turns one request's structured outcome (then its beats) into ordered narration events."""

    def __init__(self, request: NarrationRequest) -> None:
        self.req = request
        self.actor = _actor(request)
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
            before, after = _int(change.before), _int(change.after)
            if (i not in self.used and change.kind == "hp" and change.target.casefold() != roller.casefold()
                    and before is not None and after is not None and after < before):
                return change.target
        return "their foe"

    def _down(self, target: str, after: int | None) -> list[_Event]:
        """What dropping to `after` HP meant, from the status/condition the rules recorded beside it."""
        if after is None or after > 0:
            return []
        for i, change in enumerate(self.changes):
            if i in self.used or change.target.casefold() != target.casefold():
                continue
            value = str(change.after).casefold()
            if change.kind == "status" and value in _STATUS_EVENT:
                self.used.add(i)
                return [_Event(_STATUS_EVENT[value], {"target": target})]
            if change.kind == "condition_add" and "unconscious" in value:
                self.used.add(i)
                return [_Event("unconscious", {"target": target})]
        return [_Event("down", {"target": target})]

    def _initiative(self) -> str:
        """The initiative order as the engine sorted it (ties broken by DEX), else by the rolls."""
        listed = [(c.target, c.after) for c in self.changes if c.kind == "initiative"]
        if not listed:
            rolls = [r for r in self.req.dice_rolls if "initiative" in (r.purpose or "").casefold()]
            listed = [(r.roller or "?", r.total) for r in sorted(rolls, key=lambda r: -r.total)]
        return ", ".join(f"{name} ({score})" for name, score in listed)

    def _turn(self) -> list[_Event]:
        """Who acts next: only the last turn change, and only if the fight is still on at the end."""
        kinds = [c.kind for c in self.changes]
        turns = [i for i, kind in enumerate(kinds) if kind == "turn"]
        if not turns or any(kind == "combat_end" for kind in kinds[turns[-1]:]):
            return []
        last = self.changes[turns[-1]]
        number = re.search(r"round (\d+)", last.description)
        new_round = any(kind == "round" for kind in kinds)
        tail = f" as round {number[1]} begins" if number and new_round else ""
        return [_Event("turn", {"name": _label(last.after, "the next combatant"), "round_tail": tail})]

    def events(self) -> list[_Event]:
        events = [_Event("generic", {"text": _sentence(b)}) for b in self.req.beats if _LEAD.search(b)]
        if moved := self._take("location"):
            events.append(_Event("travel", {"origin": _label(moved.before, "the last place"),
                                            "destination": _label(moved.after, self.req.location)}))
        initiative = [r for r in self.req.dice_rolls if "initiative" in (r.purpose or "").casefold()]
        started = self._take("combat_start")
        if started or initiative:
            order = self._initiative()
            events.append(_Event("combat_start", {"order": f" Initiative: {order}." if order else ""}))
        rolls = [r for r in self.req.dice_rolls if r not in initiative and not _INTERNAL_ROLL.search(r.purpose or "")]
        events += self._rolls(rolls)
        for reply in self.req.npc_responses:
            events.append(_Event("npc_speech", {"npc": reply.npc, "text": reply.text.strip().strip('"')}))
            if reply.attitude_after and reply.attitude_after != reply.attitude_before and not any(
                    c.kind == "attitude" and c.target == reply.npc for c in self.changes):
                events.append(_Event("attitude", {"npc": reply.npc, "before": reply.attitude_before or "wary",
                                                  "after": reply.attitude_after}))
            if reply.revealed_secret:
                events.append(_Event("secret", {"npc": reply.npc, "text": _sentence(reply.revealed_secret)}))
        events += self._remaining()
        covered = {FAMILY.get(e.kind, "other") for e in events}
        for beat in (b for b in self.req.beats if not _LEAD.search(b)):
            family = next((f for f, pattern in BEAT_FAMILIES if pattern.search(beat)), "other")
            if family not in covered or family in ("other", "nothing", "npc_mood"):
                events.append(self._beat(beat, family))
        events += self._turn()
        return events or [_Event("action", {"action": self.req.action.strip().rstrip(".")})]

    def _remaining(self) -> list[_Event]:
        """Events for the state changes the rolls did not already account for."""
        events: list[_Event] = []
        xp: dict[int, list[str]] = {}
        for i, change in enumerate(self.changes):
            if i in self.used:
                continue
            self.used.add(i)
            before, after = _int(change.before), _int(change.after)
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
            events.append(_Event("xp", {"target": _and(names), "amount": str(amount), "each": "each " if many
                                        else "", "s": "" if many else "s", "is_are": "are" if many else "is"}))
        return events

    def _given(self, removed: StateChange) -> _Event | None:
        """An item leaving one character and reaching another in the same action: one handover."""
        name, moved, _ = _item_change(removed)
        for i, change in enumerate(self.changes):
            if i in self.used or change.kind != "inventory_add" or change.target == removed.target:
                continue
            got, count, _ = _item_change(change)
            if got.casefold() == name.casefold():
                self.used.add(i)
                item = item_phrase(name, count or moved)
                return _Event("give", {"giver": removed.target, "receiver": change.target, "item": item,
                                       "item_cap": item[:1].upper() + item[1:]})
        return None

    def _beat(self, beat: str, family: str) -> _Event:
        label, colon, rest = beat.partition(": ")
        if colon and label.casefold() == "here":
            names = [n.strip() for n in rest.rstrip(".").split(",") if n.strip()]
            return _Event("present", {"names": _and(names), "is_are": "is" if len(names) == 1 else "are"})
        if colon and label.casefold() == self.req.location.casefold():
            return _Event("scene", {"text": _sentence(rest)})
        return _Event("discovery" if family == "discovery" else "generic", {"text": _sentence(beat)})

    def _rolls(self, rolls: list[DiceRoll]) -> list[_Event]:
        events: list[_Event] = []
        last_attack: _Event | None = None
        for roll in rolls:
            purpose = roll.purpose or ""
            low = purpose.casefold()
            roller = roll.roller or self.actor
            if "damage" in low:
                kind = next((t for t in _DAMAGE_TYPES if t in low), "")
                dmg = f"{roll.total} {kind} damage" if kind else f"{roll.total} damage"
                if last_attack is not None and last_attack.fields["actor"] == roller:
                    last_attack.fields.update(dmg_for=f" for {dmg}", dmg_comma=f", dealing {dmg}")
                    target = last_attack.fields["target"]
                    last_attack = None
                else:
                    target = self._foe(roller)
                    events.append(_Event("damage", {"target": target, "dmg": dmg}))
                hp = self._take("hp", target)
                events += self._down(target, _int(hp.after) if hp else None)
                continue
            last_attack = None
            success = _succeeded(roll)
            if "death" in low:
                events.append(_Event("death_save", {"actor": roller, "total": str(roll.total),
                                                    "result": "success" if success else "failure"}))
            elif "attack" in low or "to hit" in low:
                target_match = re.search(r"\b(?:vs\.?|versus|against|at|on)\s+(.+)$", purpose, re.I)
                weapon_match = re.search(r"\(([^)]+)\)", purpose) or re.search(r"^(.*?)\s*attack", purpose, re.I)
                weapon = (weapon_match and weapon_match.group(1).strip()) or "weapon"
                fields = {"actor": roller, "weapon": weapon.lower(),
                          "target": target_match.group(1).strip() if target_match else self._foe(roller),
                          "dmg_for": "", "dmg_comma": "", **_roll_fields(roll, "AC")}
                if roll.critical:
                    kind = "crit"
                elif roll.fumble:
                    kind = "fumble"
                else:
                    kind = "miss" if success is False else "hit"
                events.append(_Event(kind, fields))
                last_attack = events[-1] if kind in ("hit", "crit") else None
            elif success is not None:
                what = check_name(purpose)
                events.append(_Event("check_success" if success else "check_failure",
                                     {"actor": roller, "what": what, **_roll_fields(roll, "DC")}))
            else:
                events.append(_Event("roll", {"actor": roll.roller or "The DM", "notation": roll.notation,
                                              "total": str(roll.total),
                                              "for_purpose": f" for {purpose}" if purpose else ""}))
                events += self._healed_by(roll)
        return events

    def _healed_by(self, roll: DiceRoll) -> list[_Event]:
        """A healing roll (potion, spell, hit die) is told with the HP it restored, not after the fight."""
        for i, change in enumerate(self.changes):
            before, after = _int(change.before), _int(change.after)
            named = change.target.casefold() in (roll.purpose or "").casefold()
            if (i not in self.used and change.kind == "hp" and before is not None and after is not None
                    and after > before and (named or change.target == roll.roller)):
                self.used.add(i)
                return [_Event("heal", {"target": change.target, "amount": str(after - before)})]
        return []

    def _change(self, change: StateChange) -> list[_Event]:
        kind, target = change.kind, change.target
        before, after = _int(change.before), _int(change.after)
        if kind == "hp" and before is not None and after is not None:
            if after < before:
                return [_Event("damage", {"target": target, "dmg": f"{before - after} damage"}),
                        *self._down(target, after)]
            return [_Event("heal", {"target": target, "amount": str(after - before)})] if after > before else []
        if kind in ("condition_add", "condition_remove"):
            value = change.after if kind == "condition_add" else change.before
            return [_Event(kind, {"target": target, "condition": _label(value or change.after, "affected")})]
        if kind in ("inventory_add", "inventory_remove"):
            name, count, left = _item_change(change)
            item = item_phrase(name, count)
            gone = kind == "inventory_remove" and left == 0
            return [_Event("inventory_gone" if gone else kind, {
                "target": target, "item": item, "item_cap": item[:1].upper() + item[1:], "name": name.lower(),
                "left": f" ({left} left)" if left else ""})]
        if kind == "quest_status":
            status = _QUEST_STATUS.get(str(change.after), _label(change.after, "changed"))
            return [_Event("quest", {"quest": target, "status": status})]
        if kind == "attitude":
            return [_Event("attitude", {"npc": target, "before": _label(change.before, "wary"),
                                        "after": _label(change.after, "changed")})]
        if kind == "rest":
            rest = str(change.after or "rest")
            return [_Event("rest", {"rest": rest if "rest" in rest else f"{rest} rest"})]
        if kind == "combat_end":
            return [_Event("combat_end")]
        if kind == "fact":
            return [_Event("discovery", {"text": _sentence(_label(change.after, change.description))})]
        if kind in ("discovery", "secret"):  # the agents' beats carry what was found; use them when present
            if any(p.search(b) for b in self.req.beats for f, p in BEAT_FAMILIES if f == "discovery"):
                return []
            return [_Event("discovery", {"text": _sentence(change.description)})] if change.description else []
        if kind == "status" and str(change.after) in _STATUS_EVENT:
            return [_Event(_STATUS_EVENT[str(change.after)], {"target": target})]
        if kind in _BOOKKEEPING:
            return []  # bookkeeping the rolls or other events already tell
        return [_Event("generic", {"text": _sentence(change.description)})] if change.description else []
