"""Reading a turn's dice in order: attacks told in kind (melee, ranged, spell; the damage type; how the
target stands after), save spells, checks, death saves and plain rolls."""

from __future__ import annotations

import re

from engine.models.actions import DiceRoll, StateChange
from engine.narration.base import NarrationRequest
from engine.narration.combat_templates import TAILS
from engine.narration.events import Event, as_int, roll_fields, succeeded
from engine.narration.prose import (
    ENERGY,
    LANDS,
    SCARS,
    attack_mode,
    damage_type,
    grounds,
    missile,
    usual_type,
)
from engine.narration.templates import check_name

_SAVE = re.compile(r"^(?P<ability>[A-Za-z]{3,12}) sav(?:e|ing throw)s? (?:against|vs\.?) (?P<spell>.+)$", re.I)
# (the save failed: it lands, the save succeeded: it does not), for the Unarmed Strike options.
_MANOEUVRES = {"grapple": ("{who} gets a grip on {target}.", "{target} twists out of {who}'s grip."),
               "shove": ("{who} shoves {target} hard.", "{target} stands firm against {who}'s shove.")}
_SWAY = re.compile(r"^(?P<skill>persuasion|deception|intimidation|performance) vs (?P<npc>.+)$", re.I)
_TARGET = re.compile(r"\b(?:vs\.?|versus|against|at|on)\s+(.+)$", re.I)


def _weapon(purpose: str) -> str:
    found = re.search(r"\(([^)]+)\)", purpose) or re.search(r"^(.*?)\s*attack", purpose, re.I)
    return (found and found.group(1).strip()) or "weapon"


class RollReader:
    """Mixed into the narrator's event builder, which provides these attributes and helpers."""

    req: NarrationRequest
    actor: str
    changes: list[StateChange]
    used: set[int]

    def _take(self, kind: str, target: str | None = None) -> StateChange | None: ...  # pragma: no cover
    def _foe(self, roller: str) -> str: ...  # pragma: no cover
    def _down(self, target: str, after: int | None) -> list[Event]: ...  # pragma: no cover

    def _damage_after(self, rolls: list[DiceRoll], i: int, roller: str | None, spell: str = "") -> DiceRoll | None:
        """The damage roll that belongs to roll i: the caster's next damage roll (naming the spell, for saves)."""
        for roll in rolls[i + 1:]:
            low = (roll.purpose or "").casefold()
            if "damage" in low and (roller is None or roll.roller == roller) and spell.casefold() in low:
                return roll
            if "attack" in low or _SAVE.match(roll.purpose or ""):
                return None
        return None

    def _slots(self, weapon: str, dtype: str) -> dict[str, object]:
        mode = attack_mode(weapon, dtype)
        ground = grounds(self.req.location)
        lands = LANDS.get(dtype) or LANDS["bludgeoning" if mode == "melee" else "piercing"]
        energy = ENERGY.get(dtype) or ("a crackle of magic", "a flash of power")
        return {"weapon": weapon if mode == "spell" else weapon.lower(), "lands": lands, "energy": energy,
                "scar": SCARS.get(dtype) or ("scars", "marks"), "ground": ground, "missile": missile(weapon),
                "mode": mode, "tail": ""}

    def _extras(self, rolls: list[DiceRoll], first: DiceRoll, consumed: set[int]) -> list[DiceRoll]:
        """Damage the same blow adds right after its own roll (Sneak Attack, a second die type)."""
        extra: list[DiceRoll] = []
        for j in range(rolls.index(first) + 1, len(rolls)):
            roll = rolls[j]
            if "damage" not in (roll.purpose or "").casefold() or roll.roller != first.roller:
                break
            consumed.add(j)
            extra.append(roll)
        return extra

    def _land(self, event: Event, dmg_roll: DiceRoll | None, target: str, extra: list[DiceRoll] = ()) -> list[Event]:
        """Attach the damage to the blow and say how the target stands after it."""
        if dmg_roll is None:
            return []
        # The amount is the dice/log line's: the prose tells the kind ({lands}) and how the target stands.
        total = dmg_roll.total + sum(r.total for r in extra)
        hp = self._take("hp", target)
        for _ in extra:  # each extra damage roll may have its own HP change: the blow's end state is the last
            hp = self._take("hp", target) or hp
        after = as_int(hp.after) if hp else None
        if after is not None and after > 0:
            event.fields["tail"] = TAILS["reeling" if after <= total else "standing"]
        return self._down(target, after)

    def _rolls(self, rolls: list[DiceRoll]) -> list[Event]:
        events: list[Event] = []
        consumed: set[int] = set()
        for i, roll in enumerate(rolls):
            if i in consumed:
                continue
            purpose = roll.purpose or ""
            low = purpose.casefold()
            roller = roll.roller or self.actor
            success = succeeded(roll)
            if "damage" in low:
                events += self._loose_damage(roll, roller)
            elif "death" in low:
                events.append(Event("death_save", {"actor": roller,
                                                   "result": "holds on" if success else "slips further"}))
            elif (save := _SAVE.match(purpose)) and roll.dc is not None:
                events += self._save(rolls, i, roll, save, consumed)
            elif "attack" in low or "to hit" in low:
                events += self._attack(rolls, i, roll, roller, consumed)
            elif success is not None and (swayed := _SWAY.match(purpose)):
                events.append(Event("social_success" if success else "social_failure",
                                    {"actor": roller, "what": f"{swayed['skill'].title()} attempt",
                                     "npc": swayed["npc"].strip(), **roll_fields(roll, "DC")}))
            elif success is not None:
                what = check_name(purpose)
                events.append(Event("check_success" if success else "check_failure",
                                    {"actor": roller, "what": what, "skill": what.split()[0].casefold(),
                                     **roll_fields(roll, "DC")}))
            else:
                # A roll that healed is told as the healing; any other as a roll (its number is the log's).
                events += self._healed_by(roll) or [Event("roll", {
                    "actor": roll.roller or "The DM", "for_purpose": f" for {purpose}" if purpose else ""})]
        return events

    def _attack(self, rolls: list[DiceRoll], i: int, roll: DiceRoll, roller: str, consumed: set[int]) -> list[Event]:
        purpose = roll.purpose or ""
        weapon = _weapon(purpose)
        target_match = _TARGET.search(purpose)
        target = target_match.group(1).strip() if target_match else self._foe(roller)
        dmg_roll = self._damage_after(rolls, i, roll.roller)
        dtype = damage_type(dmg_roll.purpose or "") if dmg_roll else usual_type(weapon)
        fields = {"actor": roller, "target": target, "dmg_for": "", "dmg_comma": "", **roll_fields(roll, "AC"),
                  **self._slots(weapon, dtype)}
        success = succeeded(roll)
        if roll.critical:
            kind = "crit"
        elif roll.fumble:
            kind = "fumble"
        else:
            kind = f"miss_{fields['mode']}" if success is False else f"hit_{fields['mode']}"
        event = Event(kind, fields)
        if kind.startswith("miss") or kind == "fumble" or dmg_roll is None:
            return [event]
        consumed.add(rolls.index(dmg_roll))
        return [event, *self._land(event, dmg_roll, target, self._extras(rolls, dmg_roll, consumed))]

    def _save(self, rolls: list[DiceRoll], i: int, roll: DiceRoll, save: re.Match[str],
              consumed: set[int]) -> list[Event]:
        spell = save["spell"].strip()
        target = roll.roller or "their foe"
        if spell.lower() in _MANOEUVRES:  # a grapple or a shove: told as the hands-on act it is
            who = self.actor if self.actor and self.actor != target else "Their foe"
            lines = _MANOEUVRES[spell.lower()]
            return [Event("generic", {"text": (lines[1] if succeeded(roll) else lines[0]).format(who=who, target=target)})]
        dmg_roll = self._damage_after(rolls, i, None, spell)
        dtype = damage_type(dmg_roll.purpose or "") if dmg_roll else usual_type(spell)
        caster = (dmg_roll.roller if dmg_roll else None) or (self.actor if self.actor != target else "the caster")
        fields = {"actor": caster, "target": target, "save": save["ability"].upper()[:3], "dmg_for": "",
                  "dmg_comma": "", **roll_fields(roll, "DC"), **self._slots(spell, dtype or "force")}
        fields["weapon"] = spell
        made = succeeded(roll)
        if dmg_roll is None:
            return [Event("save_ok_plain" if made else "save_fail_plain", fields)]
        consumed.add(rolls.index(dmg_roll))
        event = Event("save_half" if made else "save_fail", fields)
        return [event, *self._land(event, dmg_roll, target)]

    def _loose_damage(self, roll: DiceRoll, roller: str) -> list[Event]:
        """Damage no attack or save accounts for (a trap, a DM roll): told on its own."""
        target = self._foe(roller)
        hp = self._take("hp", target)
        return [Event("damage", {"target": target}), *self._down(target, as_int(hp.after) if hp else None)]

    def _healed_by(self, roll: DiceRoll) -> list[Event]:
        """A healing roll (potion, spell, hit die) told as who mended whom with what; the HP are the log's."""
        for i, change in enumerate(self.changes):
            before, after = as_int(change.before), as_int(change.after)
            named = change.target.casefold() in (roll.purpose or "").casefold()
            if (i not in self.used and change.kind == "hp" and before is not None and after is not None
                    and after > before and (named or change.target == roll.roller)):
                self.used.add(i)
                what = re.sub(r"\s+on\s+.+$", "", roll.purpose or "") or "healing"
                healer = roll.roller or self.actor
                kind = "heal_self" if healer.casefold() == change.target.casefold() else "heal_by"
                return [Event(kind, {"target": change.target, "actor": healer, "what": what})]
        return []
