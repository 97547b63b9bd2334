"""The player-safe view of a session: what the table may see, built from state and history.

Left out on purpose: NPC secrets and attitudes, unfound discoveries, monster HP figures (a word
instead), DM rolls (behind the screen), DM facts (the DM's notes), and DM changes aimed at anything
but a party member. Narrative text is scrubbed of HP figures ("(11 -> 4 HP)", "4/11 HP"), which only
the DM's side reports.
"""

from __future__ import annotations

import re

from engine.models.actions import EntryKind, HistoryEntry
from engine.models.player_view import CombatView, InitiativeSlot, NarrativeLine, PlayerView, SceneView
from engine.models.session import SessionMetadata, SessionState
from engine.models.world import Campaign, Combatant
from engine.rules.clock import clock_text
from engine.session.views import _condition_text, character_status

NARRATIVE_LINES = 60
# How far back to look for those lines: a long run of DM-only entries must not make every poll slow.
SCAN_ENTRIES = 600
_HP_FIGURE = re.compile(
    r"\s*\(\s*-?\d+\s*(?:->|→|/|of)\s*-?\d+\s*(?:HP|hit points)\s*\)"  # "(11 -> 4 HP)"
    r"|\s*\b-?\d+\s*(?:->|→|/|of)\s*-?\d+\s*(?:HP|hit points)\b",     # "4/11 HP", "4 of 11 hit points"
    re.IGNORECASE)


# State changes whose descriptions are the DM's business: the encounter's XP rating.
DM_ONLY_CHANGES = frozenset({"encounter_difficulty"})


_IS_AT = re.compile(r"\bis at (-?\d+)\s*/\s*(\d+)\s*(?:HP|hit points)\b", re.IGNORECASE)


def scrub(text: str) -> str:
    """Narrative without HP figures; amounts ("7 damage") stay, they are what the dice showed. "Wren is
    at 9/17 HP" becomes "Wren is hurt", not "Wren is at"."""
    text = _IS_AT.sub(lambda m: f"is {health_word(int(m.group(1)), int(m.group(2)))}", text)
    return _HP_FIGURE.sub("", text)


def health_word(hp: int, hp_max: int, defeated: bool = False) -> str:
    """What the table can see of a monster: unhurt, hurt, bloodied (half or less) or down."""
    if defeated or hp <= 0:
        return "down"
    if hp >= hp_max:
        return "unhurt"
    return "bloodied" if hp * 2 <= hp_max else "hurt"


def _slot(c: Combatant, world: Campaign, current: bool) -> InitiativeSlot:
    conditions = [_condition_text(x.name, x.rounds_remaining) for x in c.conditions]
    if c.kind == "character" and (pc := world.character(c.name)) is not None:
        health = "down" if pc.dead else f"{pc.hp.current}/{pc.hp.max} HP"
        conditions = [_condition_text(x.name, x.rounds_remaining) for x in pc.conditions]
    elif c.hp is not None:
        health = health_word(c.hp.current, c.hp.max, c.defeated)
    else:
        health = "down" if c.defeated else "unhurt"
    return InitiativeSlot(name=c.name, kind=c.kind, initiative=c.initiative, current=current, health=health,
                          conditions=conditions)


def _combat(world: Campaign) -> CombatView | None:
    combat = world.game_state.combat
    if combat is None or not combat.active:
        return None
    current = combat.current
    return CombatView(round=combat.round, current_turn=current.name if current else None,
                      order=[_slot(c, world, c is current) for c in combat.order])


def _scene(world: Campaign) -> SceneView:
    gs = world.game_state
    here = world.location(gs.party_location)
    return SceneView(location=gs.party_location, description=here.description if here else "",
                     exits=list(here.connections) if here else [],
                     people=[n.name for n in world.npcs_at(gs.party_location)],
                     day=gs.day, time=clock_text(gs.minutes))


def player_visible(entry: HistoryEntry, party: set[str]) -> bool:
    if entry.kind in (EntryKind.PLAYER_ACTION, EntryKind.DM_REST):
        return True
    if entry.kind == EntryKind.DM_CHANGE and entry.dm_change is not None:
        return (entry.dm_change.target or "").casefold() in party
    return False  # DM rolls are hidden rolls; DM facts are the DM's notes


def _line(entry: HistoryEntry) -> NarrativeLine:
    if entry.kind == EntryKind.PLAYER_ACTION:
        actor, action = entry.actor or "The party", entry.action
    else:
        actor, action = "DM", ""
    text = scrub(entry.narrative).strip() or scrub(
        " ".join(c.description for c in entry.state_changes if c.description)).strip()
    for change in entry.state_changes:  # notes for the DM's eyes that the narration may have carried
        if change.kind in DM_ONLY_CHANGES and change.description:
            text = " ".join(text.replace(change.description, "").split())
    return NarrativeLine(turn=entry.turn, actor=actor, action=action, text=text)


def build_player_view(meta: SessionMetadata, state: SessionState, history: list[HistoryEntry],
                      limit: int = NARRATIVE_LINES) -> PlayerView:
    world = state.world
    party = {c.name.casefold() for c in world.characters}
    shown: list[NarrativeLine] = []
    for entry in reversed(history[-SCAN_ENTRIES:]):  # newest first: a poll costs the lines shown, not the log
        if len(shown) >= limit:
            break
        if player_visible(entry, party):
            shown.append(_line(entry))
    return PlayerView(
        campaign_name=meta.campaign_name, session_name=meta.name, session_id=meta.session_id,
        status=str(meta.status), turn=state.turn, scene=_scene(world), combat=_combat(world),
        party=[character_status(c) for c in world.characters], narrative=list(reversed(shown)))
