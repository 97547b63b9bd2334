"""The built-in narrator: varied template prose from resolved mechanics, deterministic per seed.

It reads the structured outcome first (dice rolls, state changes, NPC replies) and falls back to
the agents' beats for anything the structure does not say. It never adds an outcome of its own.

Template choice is a pure function of (session seed, turn, beat kind, occurrence in the turn):
each kind's variants are split into two halves by turn parity, so a kind narrated on consecutive
turns never reuses a template, and repeats of a kind within one turn walk through their half
without an adjacent repeat. Being pure, it needs no saved state: the text is the same after a
reload, an undo, or a crash recovery that re-narrates a turn. (A kind that skips a turn may reuse
the template it had two turns earlier; that is the price of keeping no state.)
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from engine.models.actions import DiceRoll, StateChange
from engine.narration.base import NarrationRequest, NarrationResult

TEMPLATES: dict[str, tuple[str, ...]] = {
    "hit": (
        "{actor}'s {weapon} finds the gap in {target}'s guard — {roll_vs} —{dmg_for}.",
        "{actor} presses in and connects with {target}: {roll_vs}{dmg_comma}.",
        "A clean strike! {actor}'s {weapon} bites into {target} {roll_paren}{dmg_comma}.",
        "{target} is too slow — {actor}'s {weapon} lands, {roll_vs}{dmg_comma}.",
        "{actor} feints, then drives the {weapon} home against {target} {roll_paren}{dmg_comma}.",
        "Steel meets flesh as {actor} hits {target} with {roll_vs}{dmg_comma}."),
    "crit": (
        "A natural 20! {actor}'s {weapon} strikes {target} with devastating precision{dmg_comma}.",
        "{actor} sees the perfect opening and takes it — a critical hit on {target}{dmg_comma}.",
        "Critical! {actor} drives the {weapon} deep into {target}{dmg_comma}.",
        "Everything lines up for {actor}: a critical strike against {target}{dmg_comma}."),
    "miss": (
        "{actor} swings at {target}, but {target} slips aside — {roll_vs} is not enough.",
        "{actor}'s {weapon} glances off {target}'s defences {roll_paren}.",
        "{target} turns {actor}'s attack away {roll_paren}.",
        "A near thing: {actor}'s {weapon} whistles past {target} {roll_paren}.",
        "{actor} lunges and finds only air where {target} stood {roll_paren}.",
        "The blow goes wide — {actor} misses {target} {roll_paren}."),
    "fumble": (
        "A natural 1 — {actor}'s {weapon} goes nowhere near {target}.",
        "{actor} overreaches and stumbles; the attack on {target} fails badly (natural 1).",
        "{actor}'s footing betrays them and the strike at {target} goes wild (natural 1).",
        "Nothing goes right for {actor}: a natural 1 against {target}."),
    "damage": (
        "{target} takes {dmg}.", "{dmg} tears into {target}.", "{target} reels, suffering {dmg}.",
        "The blow costs {target} {dmg}."),
    "unconscious": (
        "{target} crumples to the ground, unconscious.", "{target}'s knees buckle; they fall senseless.",
        "Darkness takes {target} — down and unconscious.", "{target} collapses, unconscious and bleeding."),
    "down": (
        "{target} goes down.", "{target} drops.", "{target} hits the ground hard.", "{target} collapses."),
    "death": (
        "{target} falls and does not rise.", "With a final gasp, {target} goes still.",
        "{target} is slain.", "{target} crashes down, defeated."),
    "check_success": (
        "{actor}'s {what} pays off — {roll_vs}.", "{actor} succeeds at the {what} {roll_paren}.",
        "Skill tells: {actor} makes the {what} {roll_paren}.", "{actor} rises to the moment ({what}, {roll_vs}).",
        "It works. {actor}'s {what} comes through {roll_paren}.", "{actor} handles it with ease — {what}, {roll_vs}."),
    "check_failure": (
        "{actor}'s {what} falls short — {roll_vs}.", "{actor} fails the {what} {roll_paren}.",
        "Not this time: {actor}'s {what} comes up short {roll_paren}.", "{actor} tries, but the {what} fails ({roll_vs}).",
        "The {what} goes badly for {actor} {roll_paren}.", "{actor} misjudges it — the {what} fails {roll_paren}."),
    "death_save": (
        "{actor} fights for breath — a death saving throw of {total}: {result}.",
        "Between life and death, {actor} rolls {total}: {result}.", "{actor}'s death save: {total}, {result}.",
        "The party holds its breath as {actor} makes a death save — {total}, {result}."),
    "roll": (
        "{actor} rolls {notation}{for_purpose}: {total}.", "The dice tumble for {actor}{for_purpose} — {total}.",
        "{actor}'s {notation}{for_purpose} lands on {total}.", "{actor} gets {total} on {notation}{for_purpose}."),
    "travel": (
        "The party leaves {origin} behind and arrives at {destination}.",
        "The road from {origin} ends at {destination}.", "After a while on the move, {destination} comes into view.",
        "{destination} at last — {origin} is behind them now.", "They make their way to {destination}.",
        "Footsteps echo as the party reaches {destination}."),
    "discovery": (
        "A discovery: {text}", "Something stands out. {text}", "{actor} notices it first. {text}",
        "Looking closer pays off. {text}"),
    "rest": (
        "The party settles in for a {rest}.", "Weapons are set aside for a {rest}; wounds are tended.",
        "A {rest} — time to breathe, bind wounds and recover.", "Quiet hours pass in a {rest}."),
    "heal": (
        "{target} recovers {amount} hit points.", "Warmth returns to {target}: {amount} hit points restored.",
        "{target}'s wounds close a little ({amount} HP).", "{target} regains {amount} hit points."),
    "inventory_add": (
        "{target} picks up {item}.", "{item} goes into {target}'s pack.", "{target} now carries {item}.",
        "{target} stows {item}."),
    "inventory_remove": (
        "{target} no longer has {item}.", "{item} leaves {target}'s pack.", "{target} parts with {item}.",
        "{item} is gone from {target}'s belongings."),
    "npc_speech": (
        '**{npc}** says, "{text}"', '**{npc}** leans in. "{text}"', '"{text}" **{npc}** replies.',
        '**{npc}** answers: "{text}"', '**{npc}** considers a moment, then: "{text}"', '"{text}" says **{npc}**.'),
    "attitude": (
        "{npc}'s manner shifts from {before} to {after}.", "Something changes in {npc}: once {before}, now {after}.",
        "{npc} is {after} now.", "{npc}'s attitude turns {after}."),
    "quest": (
        "Quest update — {quest}: {status}.", 'The task "{quest}" is now {status}.', "{quest}: {status}.",
        "Word on {quest}: it is {status}."),
    "combat_start": (
        "Steel is drawn — combat begins!{order}", "Battle erupts in {location}!{order}",
        "No more talking: it is a fight.{order}", "Weapons out!{order}"),
    "combat_end": (
        "The fight is over.", "Silence returns as the fighting ends.", "The last blow has landed; combat ends.",
        "Breathing hard, the party takes stock — the fight is done."),
    "condition_add": (
        "{target} is now {condition}.", "{target} becomes {condition}.", "{target} is left {condition}.",
        "{target} finds themself {condition}."),
    "condition_remove": (
        "{target} is no longer {condition}.", "{target} shakes off being {condition}.",
        "{target} recovers — no longer {condition}.", "The {condition} condition leaves {target}."),
    "xp": (
        "{target} {each}gain{s} {amount} XP.", "Experience earned: {amount} XP for {target}.",
        "{target} {is_are} {amount} XP the wiser.", "{amount} XP goes to {target}."),
    "scene": ("{text}", "A look around {location}: {text}", "{location} — {text}", "Around them: {text}"),
    "present": ("{names} {is_are} here.", "Present: {names}.", "{names} {is_are} about.", "Faces here: {names}."),
    # Beats are complete sentences of unknown shape: only prefixes that read well before any of them.
    "generic": ("{text}", "Then: {text}", "Meanwhile, in {location}: {text}", "Next: {text}"),
    # Nothing resolved: say what was intended, never that it happened.
    "action": (
        '{actor} considers it: "{action}". Nothing comes of it yet.',
        '"{action}," says {actor} — and for now, nothing changes in {location}.',
        'In {location}, {actor} weighs the idea: "{action}".',
        '{actor}\'s intent is clear — "{action}" — but the moment passes without result.'),
}
DIALOGUE = {"npc_speech"}
_DAMAGE_TYPES = ("acid bludgeoning cold fire force lightning necrotic piercing poison psychic radiant "
                 "slashing thunder").split()
_STATUS_EVENT = {"dying": "unconscious", "dead": "death", "defeated": "death"}
# Beats like "Mira attacks Goblin 2 with Scimitar ..." name the target an attack roll does not.
_ATTACK_BEAT = re.compile(r"^(?P<attacker>.+?) attacks (?P<target>.+?) with ")
_QUEST_STATUS = {"active": "underway", "completed": "complete", "failed": "failed", "not_started": "not yet begun"}
_FAMILY = {"hit": "attack", "crit": "attack", "miss": "attack", "fumble": "attack", "damage": "attack",
           "unconscious": "attack", "death": "attack", "down": "attack", "check_success": "check", "check_failure": "check",
           "death_save": "check", "npc_speech": "npc", "attitude": "npc", "combat_start": "combat",
           "combat_end": "combat", "inventory_add": "inventory", "inventory_remove": "inventory",
           "heal": "rest", "rest": "rest", "travel": "travel", "discovery": "discovery"}
# Beats are classified by keyword; one whose family the structured data already covers is skipped.
_BEAT_FAMILIES = (
    ("npc", re.compile(r'"|\b(says|said|replies|asks|tells|speaks|talks)\b', re.I)),
    # A search that turns up nothing is the failed check, already told; never a "discovery".
    ("check", re.compile(r"\bfinds? nothing|\bnothing (new|of note)", re.I)),
    ("discovery", re.compile(r"\b(finds?|found|discovers?|notices?|reveals?|spots?|uncovers?|lets it slip)\b",
                             re.I)),
    ("travel", re.compile(r"\b(travels?|arrives?|journeys?|reach(es)?|heads? (to|for|toward))\b", re.I)),
    ("rest", re.compile(r"\b(rests?|camps?|heals?|regains?)\b", re.I)),
    ("attack", re.compile(r"\b(hits?|miss(es)?|attacks?|strikes?|damage|critical|unconscious|slain|falls)\b", re.I)),
    ("check", re.compile(r"\b(checks?|saves?|saving throw|DC)\b", re.I)),
    ("combat", re.compile(r"\b(initiative|combat|battle)\b", re.I)),
    ("inventory", re.compile(r"\b(picks? up|takes?|drops?|gives?|inventory)\b", re.I)),
)


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


def _check_name(purpose: str) -> str:
    """'Persuasion vs Hesper Quill' -> 'Persuasion attempt on Hesper Quill'; 'Perception' -> 'Perception check'."""
    what, _, on = purpose.partition(" vs ")
    what = what.strip() or "roll"
    if not re.search(r"\b(check|save|saving throw|attempt|roll)\b", what, re.I):
        what += " attempt" if on else " check"
    return f"{what} on {on.strip()}" if on.strip() else what


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

    def events(self) -> list[_Event]:
        events: list[_Event] = []
        if moved := self._take("location"):
            events.append(_Event("travel", {"origin": _label(moved.before, "the last place"),
                                            "destination": _label(moved.after, self.req.location)}))
        initiative = [r for r in self.req.dice_rolls if "initiative" in (r.purpose or "").casefold()]
        started = self._take("combat_start")
        if started or initiative:
            order = ", ".join(f"{r.roller or '?'} {r.total}" for r in sorted(initiative, key=lambda r: -r.total))
            events.append(_Event("combat_start", {"order": f" Initiative: {order}." if order else ""}))
        events += self._rolls([r for r in self.req.dice_rolls if r not in initiative])
        for reply in self.req.npc_responses:
            events.append(_Event("npc_speech", {"npc": reply.npc, "text": reply.text.strip().strip('"')}))
            if reply.attitude_after and reply.attitude_after != reply.attitude_before and not any(
                    c.kind == "attitude" and c.target == reply.npc for c in self.changes):
                events.append(_Event("attitude", {"npc": reply.npc, "before": reply.attitude_before or "wary",
                                                  "after": reply.attitude_after}))
            if reply.revealed_secret:
                events.append(_Event("discovery", {"text": _sentence(reply.revealed_secret)}))
        xp: dict[int, list[str]] = {}
        for i, change in enumerate(self.changes):
            if i in self.used:
                continue
            self.used.add(i)
            before, after = _int(change.before), _int(change.after)
            if change.kind == "xp" and before is not None and after is not None:
                xp.setdefault(after - before, []).append(change.target)  # one line per award, not per head
                continue
            for event in self._change(change):
                if event.kind != "rest" or not any(e.fields == event.fields for e in events):
                    events.append(event)
        for amount, names in xp.items():
            many = len(names) > 1
            events.append(_Event("xp", {"target": _and(names), "amount": str(amount), "each": "each " if many
                                        else "", "s": "" if many else "s", "is_are": "are" if many else "is"}))
        covered = {_FAMILY.get(e.kind, "other") for e in events}
        for beat in self.req.beats:
            family = next((f for f, pattern in _BEAT_FAMILIES if pattern.search(beat)), "other")
            if family == "other" or family not in covered:
                events.append(self._beat(beat, family))
        return events or [_Event("action", {"action": self.req.action.strip().rstrip(".")})]

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
                fields = {"actor": roller, "weapon": weapon[:1].lower() + weapon[1:],
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
                what = _check_name(purpose)
                events.append(_Event("check_success" if success else "check_failure",
                                     {"actor": roller, "what": what, **_roll_fields(roll, "DC")}))
            else:
                events.append(_Event("roll", {"actor": roll.roller or "The DM", "notation": roll.notation,
                                              "total": str(roll.total),
                                              "for_purpose": f" for {purpose}" if purpose else ""}))
        return events

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
            value = change.after if kind == "inventory_add" else (change.before or change.after)
            return [_Event(kind, {"target": target, "item": _label(value, change.description or "an item")})]
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
            if any(p.search(b) for b in self.req.beats for f, p in _BEAT_FAMILIES if f == "discovery"):
                return []
            return [_Event("discovery", {"text": _sentence(change.description)})] if change.description else []
        if kind == "status" and str(change.after) in _STATUS_EVENT:
            return [_Event(_STATUS_EVENT[str(change.after)], {"target": target})]
        if kind in ("time", "initiative", "hit_dice", "spell_slot", "death_save", "location", "combat_start",
                    "encounter", "condition_tick", "temp_hp"):
            return []  # bookkeeping the rolls or other events already tell
        return [_Event("generic", {"text": _sentence(change.description)})] if change.description else []
