"""The world a blind-set case assumes, built from the bundled Dark Lantern campaign.

The blind set (intent_blind.json) was written by someone who never saw the code: each case names
where the party stands, whether a fight is on and who the enemies are. Enemies are stat-block names
("Wrecker Thug") or NPCs ("Silas Crowe"); an NPC enemy is hostile, stands with the party and is a
combatant under their own name, the way the combat agent makes them when a fight with them starts.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.content.bestiary import resolve_campaign
from engine.models.session import RngState
from engine.models.world import Attitude, Campaign, Combatant, CombatState, HitPoints
from engine.rules.dice import DiceRoller

ROOT = Path(__file__).resolve().parents[3]
CAMPAIGN = ROOT / "campaigns" / "dark-lantern" / "campaign.json"
BLIND = Path(__file__).resolve().parent / "intent_blind.json"


@cache
def _campaign_json() -> dict[str, Any]:
    return json.loads(CAMPAIGN.read_text())


def blind_cases() -> list[dict[str, Any]]:
    return json.loads(BLIND.read_text())


def _stat_block_for(world: Campaign, name: str) -> str:
    """The stat block an NPC fights with: the monster sharing most words with their role, else the first."""
    npc = world.npc(name)
    assert npc is not None
    said = set((npc.role + " " + npc.description).lower().replace(",", " ").split())
    best = max(world.monsters, key=lambda m: sum(w.lower().rstrip("s") in {s.rstrip("s") for s in said}
                                                 for w in m.name.split()))
    return best.name


def sample_at(place: str) -> Campaign:
    """The sample campaign as saved (not resolved), with the party at `place`."""
    world = Campaign.model_validate(_campaign_json())
    world.game_state.party_location = place
    return world


def case_world(case: dict[str, Any]) -> Campaign:
    """The campaign with the party at the case's location and, in a fight, every enemy in the order."""
    world = Campaign.model_validate(_campaign_json())
    resolve_campaign(world)
    world.game_state.party_location = case["location"]
    for loc in world.locations:
        loc.visited = loc.name == case["location"]
    if not case.get("in_combat"):
        # Hostiles the message shows are here, before any fight: placed here, as the DM's world would have them.
        here = world.location(case["location"])
        for enemy in case.get("enemies") or []:
            npc = world.npc(enemy)
            if npc is not None:
                npc.location = case["location"]
            elif here is not None and enemy not in here.encounter:
                here.encounter.append(enemy)
        return world
    order: list[Combatant] = []
    roller = DiceRoller(RngState(seed=7))
    for pc in world.characters:
        dex = pc.abilities.modifier("dex")
        order.append(Combatant(id=f"character:{pc.name}", name=pc.name, kind="character",
                               initiative=roller.roll("1d20").total + dex, dex_modifier=dex))
    npc_names = {n.name for n in world.npcs}
    for enemy in case.get("enemies") or []:
        if enemy in npc_names:
            npc = next(n for n in world.npcs if n.name == enemy)
            npc.location, npc.attitude = case["location"], Attitude.HOSTILE
            block = next(m for m in world.monsters if m.name == _stat_block_for(world, enemy))
            order.append(Combatant(id=f"npc:{enemy}", name=enemy, kind="monster", monster=block.name,
                                   initiative=roller.roll("1d20").total, ac=block.ac,
                                   hp=HitPoints(current=block.hp, max=block.hp)))
        else:
            block = next(m for m in world.monsters if m.name == enemy)
            order.append(Combatant(id=f"monster:{enemy}", name=enemy, kind="monster", monster=enemy,
                                   initiative=roller.roll("1d20").total, ac=block.ac,
                                   hp=HitPoints(current=block.hp, max=block.hp)))
    order.sort(key=lambda c: -c.initiative)
    actor = case.get("actor")
    turn = next((i for i, c in enumerate(order) if c.name == actor), 0)
    world.game_state.combat = CombatState(order=order, turn_index=turn)
    return world


def parse_at(text: str, where: str, actor: str, enemies: list[str] | None = None):
    """`text` parsed as `actor`'s turn at `where`; with `enemies`, in a fight against them."""
    from engine.play.intent import parse

    case = {"location": where, "in_combat": bool(enemies), "enemies": enemies or []}
    return parse(text, case_world(case), actor)
