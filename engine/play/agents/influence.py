"""How an NPC's attitude decides whether talking to them takes a check (SRD 5.2.1, Influence action and the
Friendly attitude in the Rules Glossary).

SRD 5.2.1: "Willing. If your urging aligns with the monster's desires, no ability check is necessary ...
Hesitant. If you urge the monster to do something that it is hesitant to do, you must make an ability
check, which is affected by the monster's attitude ... On a failed check, you must wait 24 hours (or a
duration set by the GM) before urging it in the same way again." And: "A Friendly creature views you
favorably. You have Advantage on an ability check to influence a Friendly creature."

So a friendly or helpful NPC asked plainly is willing: they tell what they know, secrets on the topic
asked included, with no roll. A check is for asking more than that (leaning on them, lying to them);
against a friendly NPC it has Advantage (engine.play.agents.reading.check), and a failure is only a failure: no attitude lost, no grudge.
"""

from __future__ import annotations

from engine.models.world import NPC, Attitude, Character
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.agents.setbacks import add_setback

WARM = (Attitude.FRIENDLY, Attitude.HELPFUL)
# Skills that ask more than a warm NPC gives freely: a lie or a threat is hesitant ground even for a friend.
_PRESSING = {"deception", "intimidation"}


def warm(npc: NPC) -> bool:
    return npc.attitude in WARM


def willing(npc: NPC, skill: str | None) -> bool:
    """Whether the NPC tells what is asked with no check: they like the party and are asked plainly (or
    persuaded, which a friend needs no more than a plain question)."""
    return warm(npc) and skill not in _PRESSING


def failed(ctx: AgentContext, result: AgentResult, pc: Character, skill: str, margin: int, npc: NPC,
           topic: str | None = None) -> None:
    """A failed social check's setback (Insight included). A warm NPC holds no grudge for being asked or
    studied (SRD: the same urging simply waits a day): the moment is lost, nothing is held against anyone."""
    if not warm(npc):
        add_setback(ctx, result, pc, skill, margin, npc=npc.name, topic=topic)
        return
    about = f" on {topic}" if topic else ""
    result.beats.append(f"{npc.name} catches {pc.name} looking and lets it pass." if skill == "insight" else
                        f"{npc.name} will not be moved{about} today, but bears {pc.name} no ill will for asking.")
    add_setback(ctx, result, pc, skill, margin)
