"""Rules questions answered from the SRD 5.2.1 text: "what does Sleep do?", "does Sneak Attack work with a
shortbow?", "what does prone mean?", "can I use Second Wind now?", "how long is a short rest?".

The answer is the rule as the SRD states it (its first sentences), with what the asking character's sheet
says about it (the spell prepared or not, the weapon's properties). No roll, nothing changes.
"""

from __future__ import annotations

import re
from functools import cache

from engine.content import srd
from engine.models.world import Character
from engine.rules.rest import LONG_REST_HOURS, SHORT_REST_HOURS
from engine.text import words

# A spell, condition or feature named in one short word ("light", "aid", "prone") is only meant as the
# rule when the question says so: "the X spell", "cast X", "X condition", "what does X do".
_RULE_CUE = re.compile(r"\b(?:spell|cast|cantrip|condition|feature|rule|rules|work|works|do|does|mean|means|"
                       r"explain|how)\b")
_SENTENCES = 2


def _first(text: str, count: int = _SENTENCES) -> str:
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    return " ".join(sentences[:count])


@cache
def _names() -> list[tuple[tuple[str, ...], str, str]]:
    """(name as words, kind, name) for every SRD spell, condition, class feature and weapon, longest first."""
    found: dict[tuple[str, ...], tuple[str, str]] = {}
    for kind, names in (("weapon", [w.name for w in srd.gear("weapons")]),
                        ("condition", [c.display_name for c in srd.conditions()]),
                        ("feature", [f.name for f in srd.class_features()]),
                        ("spell", [s.name for s in srd.spells()])):
        for name in names:
            key = tuple(words(name))
            if key and key not in found and not name.endswith("Subclass"):
                found[key] = (kind, name)
    return sorted(((k, *v) for k, v in found.items()), key=lambda e: -len(e[0]))


def _named(said: list[str]) -> list[tuple[str, str]]:
    """(kind, name) of the SRD things the words name, in the order said, each once."""
    out: list[tuple[int, str, str]] = []
    taken: set[int] = set()
    for key, kind, name in _names():
        n = len(key)
        for i in range(len(said) - n + 1):
            if tuple(said[i:i + n]) == key and not taken & set(range(i, i + n)):
                # A plural names the same thing ("shortbows"); a single short word needs a rules cue.
                out.append((i, kind, name))
                taken |= set(range(i, i + n))
    return [(kind, name) for _, kind, name in sorted(out)]


# The Unarmed Strike options the engine resolves (engine/rules/manoeuvres.py), in the SRD 5.2.1's words.
_UNARMED = ("Grapple and Shove are Unarmed Strike options (SRD 5.2.1): \"The target must succeed on a Strength or "
            "Dexterity saving throw (it chooses which), or it has the Grappled condition\" (a grapple) \"or you "
            "either push it 5 feet away or cause it to have the Prone condition\" (a shove). \"The DC for the saving "
            "throw and any escape attempts equals 8 plus your Strength modifier and Proficiency Bonus\", and the "
            "target can be no more than one size larger than you.")
_UNARMED_WORDS = {"grapple", "grappling", "shove", "shoving", "unarmed"}


def rules_answer(question: str, pc: Character | None) -> str | None:
    """The SRD's answer to a rules question, or None when the question names no rule."""
    said = list(words(question))
    cue = bool(_RULE_CUE.search(" ".join(said)))
    rests = [kind for kind, hours in (("short", SHORT_REST_HOURS), ("long", LONG_REST_HOURS))
             if f"{kind} rest" in " ".join(said)]
    unarmed = cue and bool(set(said) & _UNARMED_WORDS)
    named = [(k, n) for k, n in _named(said) if cue or len(n.split()) > 1]
    if not named and not rests and not unarmed:
        return None
    parts = [_rest(kind) for kind in rests] + ([_UNARMED] if unarmed else [])
    parts += [_card(kind, name, pc) for kind, name in named[:2]]
    return " ".join(p for p in parts if p)


def _rest(kind: str) -> str:
    hours = SHORT_REST_HOURS if kind == "short" else LONG_REST_HOURS
    length = f"{hours} hour" + ("s" if hours != 1 else "")
    if kind == "short":
        return (f"A Short Rest takes {length}: each character may spend Hit Dice to regain HP "
                f"(roll each die and add the Constitution modifier).")
    return (f"A Long Rest takes {length}: characters regain their HP and spell slots; a character needs at least "
            f"1 HP to benefit.")


def _card(kind: str, name: str, pc: Character | None) -> str:
    if kind == "spell":
        spell = next(s for s in srd.spells() if s.name == name)
        level = "cantrip" if spell.level == 0 else f"level {spell.level}"
        sheet = ""
        if pc is not None and pc.spells.all():
            has = any(n.casefold() == name.casefold() for n in pc.spells.all())
            sheet = f" {pc.name} {'has it' if has else 'does not have it'} on their sheet."
        return (f"{spell.name} ({level} {spell.school}; {spell.casting_time}, {spell.range}, {spell.duration}): "
                f"{_first(spell.description)}{sheet}")
    if kind == "condition":
        condition = next(c for c in srd.conditions() if c.display_name == name)
        return f"{condition.display_name}: {_first(condition.description, 3)}"
    if kind == "feature":
        features = [f for f in srd.class_features() if f.name == name]
        mine = [f for f in features if pc is not None and f.class_name.casefold() == pc.class_name.casefold()]
        feature = (mine or features)[0]
        return f"{feature.name} ({feature.class_name} level {feature.level}): {_first(feature.description)}"
    weapon = next(w for w in srd.gear("weapons") if w.name == name)
    properties = ", ".join(weapon.properties) or "no special properties"
    return f"The {weapon.name} is a {weapon.category} {weapon.kind} weapon ({weapon.damage}; {properties})."
