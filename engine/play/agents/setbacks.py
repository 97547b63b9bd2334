"""What a failed check costs: failure moves the story instead of ending it with "nothing of note".

Every failed check gets one setback the engine actually applies, chosen by the skill and by how badly
it failed: a clue half-seen (the name of something still hidden here, not what it means), time lost
(the clock moves on), noise (a fact: the party was heard), or an NPC's guard coming up (a fact the
NPC remembers). The setback is one StateChange of kind "setback" whose `after` carries its type and
details for the narrator, and whose description reads on its own.
"""

from __future__ import annotations

import zlib

from engine.models.actions import StateChange
from engine.models.facts import FactCategory, FactInput
from engine.models.world import Character
from engine.play.agents.base import AgentContext, AgentResult
from engine.rules.clock import advance_time

_ABILITIES = {"str": "Strength", "dex": "Dexterity", "con": "Constitution", "int": "Intelligence", "wis": "Wisdom",
              "cha": "Charisma"}
_LOUD = {"stealth", "sleight_of_hand", "acrobatics"}
_SOCIAL = {"persuasion", "deception", "intimidation", "performance"}
_SEARCH = {"perception", "investigation", "survival", "arcana", "history", "religion", "nature"}


def _in_fight(ctx: AgentContext) -> bool:
    combat = ctx.world.game_state.combat
    return combat is not None and combat.active


def _hidden_here(ctx: AgentContext) -> list[str]:
    here = ctx.world.location(ctx.world.game_state.party_location)
    return [d.name for d in here.discoveries if not d.found] if here is not None else []


def _the(name: str) -> str:
    """'Broken tide ward' -> 'the broken tide ward'; a name already with an article or a capital inside stays."""
    first, _, rest = name.partition(" ")
    if first.lower() in ("the", "a", "an") or any(w[:1].isupper() for w in rest.split()):
        return name[:1].lower() + name[1:] if first.lower() in ("the", "a", "an") else name
    return "the " + name.lower()


def add_setback(ctx: AgentContext, result: AgentResult, pc: Character, skill: str, margin: int, *,
                clue: str | None = None, npc: str | None = None, topic: str | None = None) -> StateChange:
    """Apply and record the setback of `pc`'s failed `skill` check, `margin` below the DC (negative)."""
    place = ctx.world.game_state.party_location
    said = " ".join(w if w == "of" else w.capitalize() for w in skill.split("_"))  # "Sleight of Hand"
    details: dict[str, object] = {"skill": _ABILITIES.get(skill, said), "place": place}
    facts: list[FactInput] = []
    minutes = 0
    if npc is not None:
        kind = "noticed" if skill == "insight" else "wary"
        details |= {"npc": npc, "topic": topic or ""}
        about = f" about {topic}" if topic else ""
        facts.append(FactInput(text=f"{npc} will remember {pc.name} pressing{about}." if kind == "wary"
                               else f"{npc} caught {pc.name} studying them.", category=FactCategory.NPC, subject=npc))
        text = f"Setback: {npc} is on guard with {pc.name} (remembered)."
    elif skill in _LOUD:
        kind = "noise"
        facts.append(FactInput(text=f"{pc.name} was heard at {place}.", category=FactCategory.EVENT, subject=place))
        text = f"Setback: {pc.name} is heard at {place} (remembered)."
    else:
        hidden = _hidden_here(ctx)
        pick = clue or (hidden[zlib.crc32(f"{ctx.turn}:{pc.name}".encode()) % len(hidden)] if hidden else None)
        if skill in _SEARCH and pick and margin >= -6:
            kind, details["clue"] = "clue", _the(pick)
            text = f"Setback: {pc.name} only half-sees {details['clue']}."
        else:
            kind = "cost" if skill == "athletics" else "time"
            text = ""
        minutes = 0 if _in_fight(ctx) else (10 if margin >= -5 else 20)
        if kind != "clue":
            text = f"Setback: {pc.name}'s failed {details['skill']} check " + ("costs time." if minutes else "wastes the moment.")
    details |= {"type": kind, "minutes": minutes}
    change = StateChange(target=pc.name, kind="setback", before=None, after=details, description=text)
    result.state_changes.append(change)
    if minutes:
        result.state_changes.append(advance_time(ctx.world, minutes, f"{pc.name}'s failed {details['skill']} check"))
    result.facts += facts
    return change
