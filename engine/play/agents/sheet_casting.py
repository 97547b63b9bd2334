"""Casting a spell from the character's sheet in play: find the spell the action names on the sheet's
list, pick its targets and slot, and resolve it from the SRD data (engine.rules.casting).

Used only for sheets that carry a spell list; a sheet without one keeps the older paths (attacks named
like spells, the save-spell table, Cure Wounds and Healing Word).
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

from engine import rules
from engine.content.catalogue import find_spell, normalise
from engine.content.spell_mechanics import mechanics
from engine.errors import EngineError, InvalidInputError, NotFoundError
from engine.models.spellcraft import Delivery, SpellMechanics
from engine.models.world import Character, Combatant
from engine.play.agents.assailant import assailant
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.agents.turn_flow import everyone, standing_foes
from engine.play.builds import armor_worn
from engine.rules import casting
from engine.rules.boons import BoonSpell, boon_spell
from engine.rules.hiding import reveal
from engine.rules.mage_armor import MAGE_ARMOR
from engine.rules.mage_armor import now as clock_now
from engine.text import overlap, stem, stems, words

_CAST = re.compile(r"\bcast(?:s|ing)?\s+(?:a |an |the |my )?(.+?)(?:\s+(?:at|on|against|toward|towards|into|upon|"
                   r"with|using)\b|[,.;!?]|$)", re.IGNORECASE)
_SLOT = re.compile(r"\b(?:at|with an?|using an?|as an?)\s+(?:level[- ]?(\d)|(\d)(?:st|nd|rd|th)[- ]level)"
                   r"(?:\s+(?:spell\s+)?slot)?", re.IGNORECASE)
_GENERIC = {"a spell", "spell", "it", "something", "magic", "a cantrip"}
TYPO_SCORE = 88


def _long_enough(name: str) -> bool:
    """Names a player may say without "cast": two words or a long one (not Shield, Light, Sleep)."""
    return len(name.split()) > 1 or len(name) >= 8


def named_spell(action: str, pc: Character) -> str | None:
    """The sheet spell the action names ("cast sleep", "magic missle at silas"), or None."""
    text = normalise(action)
    cast = _CAST.search(action)
    said = normalise(cast.group(1)) if cast else ""
    for name in sorted(pc.spells.all(), key=len, reverse=True):
        key = normalise(name)
        if said.startswith(key) or (_long_enough(name) and re.search(rf"\b{re.escape(key)}\b", text)):
            return name
    longer = [n for n in pc.spells.all() if _long_enough(n)]
    best = process.extractOne(said or text, longer, processor=normalise, scorer=fuzz.partial_ratio,
                              score_cutoff=TYPO_SCORE) if longer else None
    return best[0] if best else None


def _off_sheet(action: str) -> str | None:
    """An SRD spell the action casts by name that is not on the sheet (so it is refused, not guessed)."""
    cast = _CAST.search(action)
    if cast is None or normalise(cast.group(1)) in _GENERIC:
        return None
    try:
        return find_spell(cast.group(1)).name
    except (NotFoundError, InvalidInputError):
        return None


def _slot(action: str) -> int | None:
    found = _SLOT.search(action)
    return int(found.group(1) or found.group(2)) if found else None


def _heal_target(ctx: AgentContext, pc: Character) -> Character:
    ws = set(words(ctx.action))
    return next((c for c in ctx.world.characters if c is not pc and set(w for w in words(c.name) if len(w) > 2) & ws),
                pc)


def _foes(ctx: AgentContext, spell: SpellMechanics) -> list[Combatant]:
    foes = standing_foes(ctx.world)
    if spell.area:
        return foes
    told = assailant(ctx.action, ctx.world, ctx.actor, foes)
    if told is not None:  # "fire bolt the one swinging at Wren"
        return [told]
    wanted = ctx.intent.target.casefold() if ctx.intent is not None and ctx.intent.target else None
    text = stems(ctx.action)
    named = [f for f in foes if (wanted and f.name.casefold() == wanted)]
    named = named or [f for f in foes if overlap(f.name, text) or overlap(f.monster or "", text)]
    return (named or foes)[:1]


def _boon_targets(ctx: AgentContext, pc: Character, boon: BoonSpell) -> list[Character | Combatant]:
    """Whom Bless (the party members named after the spell; no one named: the party if it fits) or Bane
    (the foes named, else every standing foe) is cast on."""
    said = list(words(ctx.action))
    # Whom the spell is on comes after its name: "Tova casts bless on Bram and Wren" is not on Tova.
    named_at = [i for i, w in enumerate(said) if w == boon.name.lower()]
    after = set(said[named_at[0] + 1:] if named_at else said)
    if boon.sign > 0:
        party = [c for c in ctx.world.characters if not c.dead]
        named = [c for c in party if {w for w in words(c.name) if len(w) > 2} & after]
        if after & {"me", "myself"}:
            named = [pc, *(c for c in named if c is not pc)]
        # Nobody named: the whole party when the spell can take them all; else the caster is asked whom.
        return named or (party if len(party) <= boon.targets else [])
    foes = standing_foes(ctx.world)
    text = {stem(w) for w in after}
    return [f for f in foes if overlap(f.name, text) or overlap(f.monster or "", text)] or foes


def _healing_spell(pc: Character, action: str) -> str | None:
    """For "I heal Bram": Healing Word when the text says so, else the sheet's first healing spell."""
    heals = [n for n in pc.spells.all() if _mechanics_or_none(n) is not None
             and _mechanics_or_none(n).delivery == Delivery.HEAL]  # type: ignore[union-attr]
    quick = [n for n in heals if "word" in n.lower()] if "word" in action.lower() else []
    return (quick or heals or [None])[0]


def _casting_time(name: str) -> str:
    """The SRD casting time, lower case ("bonus action", "action", "reaction, which you take...")."""
    try:
        return find_spell(name).casting_time.lower()
    except (NotFoundError, InvalidInputError):
        return ""


def _mechanics_or_none(name: str) -> SpellMechanics | None:
    try:
        return mechanics(name)
    except NotFoundError:
        return None


def cast_from_sheet(ctx: AgentContext, pc: Character, result: AgentResult, *, healing: bool = False
                    ) -> bool | None:
    """None when the action casts no spell this way; else True when cast, False when refused (a warning
    says why and what the caster does have; nothing changed). With `healing`, an action that names no
    spell ("I heal Bram") casts the sheet's healing spell."""
    if not pc.spells.all():
        return None
    name = named_spell(ctx.action, pc)
    said = ctx.intent.spell if ctx.intent is not None else None
    if name is None and said:  # the parse found it ("bless bram and wren": a sheet spell named as the act)
        name = next((n for n in pc.spells.all() if n.casefold() == said.casefold()), None)
    if name is None and healing:
        name = _healing_spell(pc, ctx.action)
        if name is None:
            return _refuse(result, pc, casting.refuse_off_sheet(pc, "A healing spell"), "a healing spell")
    if name is None:
        stranger = _off_sheet(ctx.action)
        if stranger is None:
            return None
        return _refuse(result, pc, casting.refuse_off_sheet(pc, stranger), stranger)
    try:
        spell = mechanics(name)
    except NotFoundError as exc:
        return _refuse(result, pc, exc, name)
    boon = boon_spell(spell.name)
    warding = spell.name == MAGE_ARMOR  # a touch on a party member: the one named, else the caster
    targets: list = _boon_targets(ctx, pc, boon) if boon is not None else \
        [_heal_target(ctx, pc)] if spell.delivery == Delivery.HEAL or warding else \
        [] if spell.delivery == Delivery.NARRATED else _foes(ctx, spell)
    save = (boon.save if boon is not None else spell.save) or "dex"
    try:
        outcome = rules.cast_spell(ctx.roller, pc, spell,
                                   [(t, rules.save_modifier(ctx.world, t, save)) for t in targets],
                                   slot=_slot(ctx.action), everyone=everyone(ctx.world), now=clock_now(ctx.world),
                                   armor_worn=armor_worn(targets[0]) if warding and targets else None)
    except EngineError as exc:
        return _refuse(result, pc, exc, spell.name)
    result.bonus_action = _casting_time(spell.name).startswith("bonus action")
    result.state_changes += reveal(pc.name, pc.conditions, f"casts {spell.name}")
    result.dice_rolls += outcome.rolls
    result.state_changes += outcome.changes
    result.beats += outcome.beats
    result.warnings += outcome.warnings
    if spell.area and len(targets) > 1:
        result.warnings.append(f"{spell.name} is an area spell: every standing foe was taken to be in it. "
                               f"Undo if the area held fewer.")
    for target in targets:
        if isinstance(target, Combatant) and target.defeated:
            result.beats.append(f"{target.name} is slain by {pc.name}.")
    return True


def _refuse(result: AgentResult, pc: Character, exc: Exception, spell: str) -> bool:
    message = str(exc)
    if "Slots left" not in message and "Cantrips:" not in message:
        message += f" Slots left: {casting.slots_left(pc)}."
    result.warnings.append(message)
    result.beats.append(f"{pc.name} cannot cast {spell}.")
    return False
