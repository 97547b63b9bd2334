"""Insight on an NPC ("is he lying? I watch his face"): what a read earns is what the campaign holds.

A secret the campaign keeps behind Insight is seen through at that secret's DC. With none, the read is
against the NPC's attitude, and a success tells their honesty as the campaign has it (holding something
back, on which topic, or nothing hidden) and what they want. Nothing is made up: an NPC the campaign
says nothing about is read as sincere and no more. The check and the secret told are shared with the
social agent, which reads a person the same way when spoken to.
"""

from __future__ import annotations

import re

from engine import rules
from engine.models.actions import StateChange
from engine.models.facts import FactCategory, FactInput
from engine.models.world import NPC, Attitude, Character, Secret
from engine.play.agents import influence
from engine.play.agents.base import AgentContext, AgentResult, npc_aimed_here
from engine.text import overlap, stems

ATTITUDE_DC: dict[Attitude, int] = {Attitude.HOSTILE: 20, Attitude.UNFRIENDLY: 15, Attitude.INDIFFERENT: 12,
                                    Attitude.FRIENDLY: 10, Attitude.HELPFUL: 5}
# How many recent lines "he" may look back to find who was spoken with.
_LOOKBACK = 3
_HISTORY_LINE = re.compile(r"^T\d+ (?:[^:]{1,60}: )?(.*?)(?: \[[^\]]*\])?$")


def person_read(ctx: AgentContext) -> tuple[NPC | None, list[NPC]]:
    """Whom an Insight check reads: the NPC here the parse aims at, one named, the one spoken with in the
    last few lines ("is he lying?"), or the only one here; else (None, everyone here) to ask whom."""
    world = ctx.world
    here = world.npcs_at(world.game_state.party_location)
    if not here:
        return None, []
    aimed = npc_aimed_here(ctx)
    if aimed is not None:
        return world.npc(aimed), here
    said = stems(ctx.action)
    named = [n for n in here if overlap(n.name, said)]
    if named:
        return named[0], here
    for line in reversed(ctx.recent_history[-_LOOKBACK:]):
        found = _HISTORY_LINE.match(line)
        line_stems = stems(found.group(1) if found else line)
        spoken = [n for n in here if overlap(n.name, line_stems)]
        if spoken:
            return spoken[0], here
    return (here[0], here) if len(here) == 1 else (None, here)


def read(ctx: AgentContext, pc: Character, npc: NPC, result: AgentResult) -> Secret | None:
    """Insight on `npc`; the secret seen through, if one is. A failure is a setback (the NPC notices)."""
    hidden = [s for s in npc.secrets if not s.revealed]
    deep = [s for s in hidden if s.skill == "insight"]
    asked = stems(" ".join([ctx.action, *ctx.recent_history[-_LOOKBACK:]]))
    secret = max(deep, key=lambda s: (overlap(s.text, asked), -deep.index(s))) if deep else None
    dc = secret.dc if secret is not None else ATTITUDE_DC[npc.attitude]
    success, margin = check(ctx, pc, "insight", dc, npc, result)
    if not success:
        influence.failed(ctx, result, pc, "insight", margin, npc)
        return None
    if secret is not None:
        reveal_secret(npc, secret, result)
        result.beats.append(f"{pc.name} reads it in {npc.name}'s manner: {secret.text}")
        return secret
    if hidden:
        on = next((t.name for t in npc.topics if t.secret is not None and npc.secrets[t.secret] is hidden[0]), None)
        about = f" about {on}" if on else ""
        told = f"{npc.name} is holding something back{about}."
        result.beats.append(f"{pc.name} can tell: {told}")
    else:
        told = f"{npc.name} is hiding nothing from the party."
        result.beats.append(f"{npc.name} seems sincere, and {npc.attitude.value} toward the party.")
    result.facts.append(FactInput(text=told, category=FactCategory.NPC, subject=npc.name))
    if npc.wants:
        wants = npc.wants.rstrip(".")
        result.beats.append(f"{pc.name} reads what drives {npc.name}: {wants[:1].lower() + wants[1:]}.")
        result.facts.append(FactInput(text=f"{npc.name} wants: {wants}.", category=FactCategory.NPC,
                                      subject=npc.name))
    return None


def ask_whom(pc: Character, here: list[NPC], result: AgentResult) -> None:
    """Several people here and nothing says which one is read: asked back, nothing rolled."""
    names = ", ".join(n.name for n in here)
    result.warnings.append(f"Whom does {pc.name} read? Several people are here ({names}); name one. "
                           f"Nothing was rolled.")
    result.beats.append(f"{pc.name} looks from face to face: {names}. Whose?")


def check(ctx: AgentContext, pc: Character, skill: str, dc: int, npc: NPC,
          result: AgentResult) -> tuple[bool, int]:
    # SRD 5.2.1 (Friendly attitude): Advantage on an ability check to influence a Friendly creature.
    mode = "advantage" if npc.attitude == Attitude.FRIENDLY and skill != "insight" else None
    roll = rules.ability_check(ctx.roller, pc, skill, dc, advantage=mode, purpose=f"{skill.title()} vs {npc.name}")
    result.dice_rolls.append(roll.roll)
    outcome = "succeeds" if roll.success else "fails"
    result.beats.append(f"{pc.name} tries {skill} on {npc.name} (DC {dc}): {roll.roll.total}, {outcome}.")
    return roll.success, roll.roll.total - dc


def reveal_secret(npc: NPC, secret: Secret, result: AgentResult) -> None:
    secret.revealed = True
    result.state_changes.append(StateChange(target=npc.name, kind="secret", before="hidden", after="revealed",
                                            description=f"{npc.name} gives up a secret."))
    result.facts.append(FactInput(text=secret.text, category=FactCategory.NPC, subject=npc.name))
