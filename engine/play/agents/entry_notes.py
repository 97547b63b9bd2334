"""What the archivist reads from one history entry, worked out once per entry and kept.

A history entry never changes once committed, so its notes (the short past-tense lines summaries and
recaps are made of) and the few fields the archivist groups entries by are a pure function of its
bytes: a `Digest`. The session keeps each entry's digest beside the entry (engine.persistence.history),
so the end-of-session summary, the pause summary and the recap each read them instead of working every
note out again, and a save writes the digests of the recent stretch to a derived file that the next load
reads instead of validating a thousand entries (see engine.session.recent_notes).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from engine import text as _text_module
from engine.models.actions import ActionType, EntryKind, HistoryEntry, StateChange
from engine.models.facts import FactCategory
from engine.play import digest as _pick_module
from engine.play.digest import pick, whole_words

# What a recap tells first: quest progress, then secrets revealed, then deaths, then the rest.
QUEST, SECRET, DEATH, OTHER = range(4)


@dataclass(frozen=True, slots=True)
class Note:
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


def _change_note(turn: int, change: StateChange, actor: str) -> Note | None:
    kind, target = change.kind, change.target
    before, after = _num(change.before), _num(change.after)
    if kind == "hp" and after is not None and after <= 0 and (before is None or before > 0):
        return Note(turn, f"{target} went down", 3)
    if kind == "status" and _name(change.after) in ("dead", "defeated"):
        return Note(turn, f"{target} was {'killed' if change.after == 'dead' else 'defeated'}", 3, rank=DEATH)
    if kind == "location" and change.after:
        origin = f" from {_name(change.before)}" if change.before else ""
        return Note(turn, f"the party travelled{origin} to {_name(change.after)}", 2, decision=True)
    if kind == "quest_status":
        return Note(turn, f"quest '{target}' became {_name(change.after).replace('_', ' ')}", 3, decision=True,
                     rank=QUEST)
    if kind == "objective":
        state = "done" if change.after else "reopened"
        text = change.description.split(": ", 1)[-1].split(" — ")[0]
        return Note(turn, f"'{target}': {text[:1].lower() + text[1:]} ({state})", 3, rank=QUEST)
    if kind == "freed":
        return Note(turn, change.description.rstrip(".").replace(" frees ", " freed "), 3)
    if kind == "attitude":
        return Note(turn, f"{target} became {_name(change.after)} toward the party", 2, decision=True)
    if kind == "fact":
        return Note(turn, f"the party learned: {(_name(change.after) or change.description).rstrip('.')}", 2)
    if kind == "setback" and isinstance(change.after, dict):
        return _setback_note(turn, target, change.after)
    if kind == "combat_start":
        return Note(turn, "a fight broke out", 1)
    if kind == "combat_end":
        return Note(turn, "the fight ended", 1)
    if kind == "inventory_add":
        return Note(turn, f"{target} gained {_name(change.after) or 'an item'}", 1)
    if kind == "rest":
        rest = _name(change.after) or "short"
        return Note(turn, f"the party took a {rest if 'rest' in rest else rest + ' rest'}", 1)
    if kind == "condition_add" and "unconscious" not in _name(change.after).casefold():
        return Note(turn, f"{target} became {_name(change.after)}", 1)
    if kind == "death_save" and "dead" in _name(change.after).casefold():
        return Note(turn, f"{target} died", 3, rank=DEATH)
    return None



def _setback_note(turn: int, target: str, details: dict) -> Note:
    """What a failed check cost, as something that happened to the party (never something it learned)."""
    kind, npc, skill = details.get("type"), details.get("npc") or "someone", details.get("skill") or "check"
    if kind == "wary":
        topic = f" about {details['topic']}" if details.get("topic") else ""
        return Note(turn, f"{npc} grew wary of {target} pressing{topic}", 1)
    if kind == "noticed":
        return Note(turn, f"{npc} caught {target} watching", 1)
    if kind == "noise":
        return Note(turn, f"{target} was heard at {details.get('place') or 'the scene'}", 1)
    if kind == "clue":
        return Note(turn, f"{target} half-saw {details.get('clue') or 'something'}", 1)
    return Note(turn, f"{target}'s failed {skill} check cost time", 1)


def entry_notes(entry: HistoryEntry) -> list[Note]:
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
            notes.append(Note(entry.turn, text, 2, decision=True))
        if reply.revealed_secret:
            notes.append(Note(entry.turn, f"{reply.npc} revealed: {reply.revealed_secret.rstrip('.')}", 3, rank=SECRET))
    if entry.npc_responses and not notes:
        names = ", ".join(dict.fromkeys(r.npc for r in entry.npc_responses))
        notes.append(Note(entry.turn, f"{actor} spoke with {names}", 1))
    # Events and attitudes are already notes of their own; the rest of the new facts were learned.
    swayed = {c.target for c in entry.state_changes if c.kind == "attitude"}
    # A setback's fact ("Hesper will remember Wren pressing") is what went wrong, told by its own note.
    swayed |= {c.after.get("npc") for c in entry.state_changes if c.kind == "setback" and isinstance(c.after, dict)}
    notes += [Note(entry.turn, f"the party learned: {f.text.rstrip('.')}", 2) for f in entry.facts_added
              if f.category != FactCategory.EVENT and f.subject not in swayed
              and not any("learned:" in n.text for n in notes)]
    hits = [r for r in entry.dice_rolls if "attack" in (r.purpose or "").casefold() and r.success]
    if hits and not any(n.weight == 3 for n in notes):
        notes.append(Note(entry.turn, f"{actor} landed {len(hits)} hit{'s' if len(hits) > 1 else ''}", 1))
    if not notes and entry.kind == EntryKind.PLAYER_ACTION:
        notes.append(Note(entry.turn, f'{actor}: "{whole_words(entry.action, 70)}"', 1))
    # Four characters resting make one "the party took a rest"; a secret told is not also "learned".
    kept, _ = pick([n.text for n in notes])
    return [notes[i] for i in kept]


def _rank(attitude: str | None) -> int:
    order = ["hostile", "unfriendly", "indifferent", "friendly", "helpful"]
    return order.index(attitude) if attitude in order else 2


@dataclass(frozen=True, slots=True)
class Digest:
    """One entry as the archivist reads it (see the module docstring)."""

    turn: int
    actor: str | None
    kinds: frozenset[str]
    # Real blows were struck (damage, or an attack roll): the entry belongs to a fight.
    blows: bool
    combat_action: bool
    dm_roll: bool
    notes: tuple[Note, ...]
    # Places the party left or reached (casefolded), from the entry's location changes.
    places: tuple[str, ...]

    # Its saved JSON, once written or read (never compared: it says nothing the fields do not).
    _encoded: bytes | None = field(default=None, compare=False, repr=False)

    def encoded(self) -> bytes:
        """The digest as one line of compact JSON, worked out once."""
        if self._encoded is None:
            data = [self.turn, self.actor, sorted(self.kinds), self.blows, self.combat_action, self.dm_roll,
                    [[n.turn, n.text, n.weight, n.decision, n.rank] for n in self.notes], list(self.places)]
            object.__setattr__(self, "_encoded", json.dumps(data, separators=(",", ":")).encode())
        return self._encoded  # type: ignore[return-value]

    @classmethod
    def decode(cls, line: bytes, data: list | None = None) -> Digest:
        """The digest `encoded()` wrote as `line` (`data`: the line already parsed); ValueError or
        TypeError when it is not one."""
        turn, actor, kinds, blows, combat_action, dm_roll, notes, places = json.loads(line) if data is None else data
        return cls(int(turn), actor if actor is None else str(actor), frozenset(map(str, kinds)), bool(blows),
                   bool(combat_action), bool(dm_roll),
                   tuple(Note(int(t), str(x), int(w), bool(d), int(r)) for t, x, w, d, r in notes),
                   tuple(map(str, places)), line)


def digest_of(entry: HistoryEntry) -> Digest:
    kinds = frozenset(c.kind for c in entry.state_changes)
    places = tuple(_name(v).casefold() for c in entry.state_changes if c.kind == "location"
                   for v in (c.after, c.before))
    blows = "hp" in kinds or any("attack" in (r.purpose or "").casefold() for r in entry.dice_rolls)
    return Digest(entry.turn, entry.actor, kinds, blows, entry.action_type == ActionType.COMBAT,
                  entry.kind == EntryKind.DM_ROLL, tuple(entry_notes(entry)), places)


def _code_fingerprint() -> int:
    """The CRC of the code that makes digests (this module, and the wording and de-duplication helpers it
    calls): saved digests made by other code are never reused."""
    crc = 0
    for module in (__file__, _pick_module.__file__, _text_module.__file__):
        try:
            crc = zlib.crc32(Path(module).read_bytes(), crc)
        except OSError:
            return 0  # no source to read (a frozen build): saved digests are never trusted
    return crc


FINGERPRINT = _code_fingerprint()
