"""The social agent: talking to NPCs. Persuasion, deception, intimidation and insight are checks
against a DC set by the NPC's attitude (or by a secret's own DC when the party digs for it)."""

from __future__ import annotations

from engine import rules
from engine.agents import AgentContext, AgentResult, acting_character, infer_skill, overlap, stems
from engine.intent import words
from engine.models.actions import NPCResponse, StateChange
from engine.models.facts import FactCategory, FactInput
from engine.models.world import ATTITUDE_ORDER, NPC, Attitude, Campaign, Character, Secret

ATTITUDE_DC: dict[Attitude, int] = {Attitude.HOSTILE: 20, Attitude.UNFRIENDLY: 15, Attitude.INDIFFERENT: 12,
                                    Attitude.FRIENDLY: 10, Attitude.HELPFUL: 5}
_SOCIAL_SKILLS = {"persuasion", "deception", "intimidation", "insight"}
_SWAYING = {"persuasion", "deception", "intimidation"}
_ASKING = {"ask", "what", "who", "where", "why", "how", "know", "secret", "rumor", "rumour", "about", "heard"}
_STOP = {"the", "and", "about", "what", "who", "where", "why", "how", "know", "does", "did", "you", "she",
         "him", "her", "they", "them", "that", "this", "with", "for", "ask", "tell", "anything"}
_FALLBACK_LINES = {
    Attitude.HOSTILE: "\"Get out of my sight.\"", Attitude.UNFRIENDLY: "\"What do you want? Make it quick.\"",
    Attitude.INDIFFERENT: "\"Hm. Can I help you with something?\"",
    Attitude.FRIENDLY: "\"Good to see you. What can I do for you?\"",
    Attitude.HELPFUL: "\"Anything you need, friend. Just ask.\"",
}


class SocialAgent:
    name = "social"

    async def handle(self, ctx: AgentContext) -> AgentResult:
        result = AgentResult(agent=self.name)
        world = ctx.world
        npc = _addressed(ctx, result)
        if npc is None:
            return result
        pc = acting_character(ctx, result)
        if pc is None:
            return result
        before = npc.attitude
        skill = infer_skill(ctx.action)
        skill = skill if skill in _SOCIAL_SKILLS else None
        secret = _secret_asked(ctx, npc)
        revealed: Secret | None = None
        if secret is not None:
            used = skill if skill in (secret.skill, "persuasion") else secret.skill
            success, margin = _check(ctx, pc, used, secret.dc, npc, result)
            if success:
                secret.revealed = True
                revealed = secret
                result.state_changes.append(StateChange(
                    target=npc.name, kind="secret", before="hidden", after="revealed",
                    description=f"{npc.name} gives up a secret."))
                result.facts.append(FactInput(text=secret.text, category=FactCategory.NPC, subject=npc.name))
                result.beats.append(f"{npc.name} lets it slip: {secret.text}")
            else:
                result.beats.append(f"{npc.name} will not say more about that.")
            if used in _SWAYING:
                _shift(npc, used, success, margin, result)
        elif skill is not None:
            dc = ATTITUDE_DC[npc.attitude]
            success, margin = _check(ctx, pc, skill, dc, npc, result)
            if skill == "insight":
                read = (f"{npc.name} seems {npc.attitude.value} toward the party" if success
                        else f"{pc.name} cannot read {npc.name}")
                result.beats.append(read + ".")
            else:
                _shift(npc, skill, success, margin, result)
        else:
            result.beats.append(f"{pc.name} speaks with {npc.name}.")
        if npc.attitude != before:
            result.state_changes.append(StateChange(
                target=npc.name, kind="attitude", before=before.value, after=npc.attitude.value,
                description=f"{npc.name}'s attitude: {before.value} -> {npc.attitude.value}."))
            result.facts.append(FactInput(text=f"{npc.name} is {npc.attitude.value} toward the party.",
                                          category=FactCategory.NPC, subject=npc.name))
        result.npc_responses.append(NPCResponse(
            npc=npc.name, text=_line(npc, ctx.turn), attitude_before=before.value,
            attitude_after=npc.attitude.value, revealed_secret=revealed.text if revealed else None))
        result.follow_up_options += _follow_ups(npc, world)
        return result


def present_npcs(world: Campaign) -> list[NPC]:
    here = world.game_state.party_location.casefold()
    return [n for n in world.npcs if n.alive and (n.location or "").casefold() == here]


def _addressed(ctx: AgentContext, result: AgentResult) -> NPC | None:
    """The NPC spoken to: named, else the one whose role is named, else the only one here."""
    world = ctx.world
    here = present_npcs(world)
    text_stems = stems(ctx.action)
    named = [n for n in world.npcs if n.alive and overlap(n.name, text_stems)]
    for npc in named:
        if npc in here:
            return npc
    place = world.game_state.party_location
    if named:
        away = named[0]
        where = f" (last seen at {away.location})" if away.location else ""
        result.warnings.append(f"{away.name} is not at {place}{where}; nobody answers.")
        result.beats.append(f"{away.name} is not here to hear it.")
        return None
    if not here:
        result.warnings.append(f"Nobody is at {place} to hear it.")
        result.beats.append(f"There is nobody at {place} to hear it.")
        return None
    by_role = [n for n in here if n.role and overlap(n.role, text_stems)]
    if by_role:
        return by_role[0]
    if len(here) > 1:
        result.warnings.append(f"Several people are here ({', '.join(n.name for n in here)}); "
                               f"{here[0].name} answers. Name who you address.")
    return here[0]


def _secret_asked(ctx: AgentContext, npc: NPC) -> Secret | None:
    """The unrevealed secret the party is digging for, if it is asking at all."""
    hidden = [s for s in npc.secrets if not s.revealed]
    ws = set(words(ctx.action))
    if not hidden or not (ws & _ASKING or "?" in ctx.action):
        return None
    topic = stems(" ".join(w for w in ws if w not in _STOP and len(w) > 2))
    scored = [(overlap(s.text, topic), -i, s) for i, s in enumerate(hidden)]
    best = max(scored, key=lambda t: (t[0], t[1]))
    return best[2] if best[0] > 0 or "secret" in ws or len(hidden) == 1 else None


def _check(ctx: AgentContext, pc: Character, skill: str, dc: int, npc: NPC,
           result: AgentResult) -> tuple[bool, int]:
    check = rules.ability_check(ctx.roller, pc, skill, dc, purpose=f"{skill.title()} vs {npc.name}")
    result.dice_rolls.append(check.roll)
    outcome = "succeeds" if check.success else "fails"
    result.beats.append(f"{pc.name} tries {skill} on {npc.name} (DC {dc}): {check.roll.total}, {outcome}.")
    return check.success, check.roll.total - dc


def _shift(npc: NPC, skill: str, success: bool, margin: int, result: AgentResult) -> None:
    index = ATTITUDE_ORDER.index(npc.attitude)
    if success:
        npc.attitude = ATTITUDE_ORDER[min(index + 1, len(ATTITUDE_ORDER) - 1)]
        if skill == "intimidation":
            result.beats.append(f"{npc.name} gives way, but resents being threatened.")
    elif margin <= -5:
        npc.attitude = ATTITUDE_ORDER[max(index - 1, 0)]
        result.beats.append(f"{npc.name} takes it badly.")


def _line(npc: NPC, turn: int) -> str:
    lines = npc.lines.get(npc.attitude.value) or []
    # The turn number picks the line: varied across turns, identical on replay.
    return lines[turn % len(lines)] if lines else _FALLBACK_LINES[npc.attitude]


def _follow_ups(npc: NPC, world: Campaign) -> list[str]:
    options = [f"Ask {npc.name} what they know", f"Persuade {npc.name}"]
    if any(not s.revealed for s in npc.secrets):
        options.append(f"Read {npc.name}'s intentions (Insight)")
    return options
