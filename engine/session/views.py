"""Read-only views of a session for get_session_state, listings and the console."""

from __future__ import annotations

from engine.models.actions import HistoryEntry
from engine.models.combat import CombatantView, CombatView
from engine.models.session import (
    CharacterStatus,
    ContextUsage,
    GameStateView,
    QuestStatusView,
    SessionInfo,
    SessionMetadata,
    SessionState,
    SessionStateView,
)
from engine.models.world import Campaign, Character, Combatant, Quest, QuestStatus
from engine.rules.clock import clock_text

DETAIL_LEVELS = ("minimal", "standard", "full")


def session_info(meta: SessionMetadata) -> SessionInfo:
    return SessionInfo(
        session_id=meta.session_id, name=meta.name, campaign_name=meta.campaign_name, status=meta.status,
        created_at=meta.created_at, last_active=meta.last_active, action_count=meta.action_count,
        total_duration_minutes=meta.total_duration_minutes, narrator=meta.narrator)


def character_status(c: Character) -> CharacterStatus:
    saves = f"{c.death_saves.successes}S/{c.death_saves.failures}F" if c.hp.current == 0 and not c.dead else ""
    return CharacterStatus(
        name=c.name, class_name=c.class_name, level=c.level, hp=c.hp.current, hp_max=c.hp.max,
        temp_hp=c.hp.temp, ac=c.ac, conditions=[_condition_text(x.name, x.rounds_remaining) for x in c.conditions],
        unconscious=c.unconscious, dead=c.dead, stable=c.stable, death_saves=saves,
        hit_dice_remaining=c.hit_dice.remaining, coins=c.coins.model_copy(), purse=c.coins.text())


def _condition_text(name: str, rounds: int | None) -> str:
    return f"{name} ({rounds} rd)" if rounds else str(name)


def game_state_view(world: Campaign) -> GameStateView:
    gs = world.game_state
    here = world.location(gs.party_location)
    combat = gs.combat if gs.combat and gs.combat.active else None
    return GameStateView(
        location=gs.party_location,
        location_description=here.description if here else "",
        exits=list(here.connections) if here else [],
        npcs_present=[n.name for n in world.npcs_at(gs.party_location)],
        day=gs.day, time=clock_text(gs.minutes), in_combat=combat is not None,
        combat_round=combat.round if combat else None,
        current_turn=combat.current.name if combat and combat.current else None,
        initiative=[_initiative_line(c) for c in combat.order] if combat else [],
        combat=combat_view(world))


def combat_view(world: Campaign) -> CombatView | None:
    """The initiative tracker: order, whose turn, HP/AC, conditions with rounds left, concentration."""
    combat = world.game_state.combat
    if combat is None or not combat.active:
        return None
    current = combat.current
    return CombatView(round=combat.round, current=current.name if current else None,
                      order=[_combatant_view(world, c, c is current) for c in combat.order])


def _combatant_view(world: Campaign, c: Combatant, current: bool) -> CombatantView:
    used = [label for label, spent in (("action", c.used.action), ("bonus action", c.used.bonus_action),
                                       ("movement", c.used.movement), ("reaction", c.used.reaction)) if spent]
    pc = world.character(c.name) if c.kind == "character" else None
    if pc is not None:
        return CombatantView(
            name=c.name, kind=c.kind, initiative=c.initiative, hp=pc.hp.current, hp_max=pc.hp.max,
            temp_hp=pc.hp.temp, ac=pc.ac, conditions=_conditions(pc),
            concentration=pc.concentration, current=current, down=pc.dead or pc.hp.current <= 0, used=used)
    return CombatantView(
        name=c.name, kind=c.kind, initiative=c.initiative, hp=c.hp.current if c.hp else 0,
        hp_max=c.hp.max if c.hp else 0, temp_hp=c.hp.temp if c.hp else 0,
        ac=c.ac or 10, conditions=_conditions(c),
        concentration=c.concentration, current=current, down=c.defeated, used=used, stat_block=c.monster)


def _conditions(creature: Character | Combatant) -> list[str]:
    """Conditions with rounds left, then the dice spells add to its rolls ("Bless +1d4")."""
    return [*(_condition_text(x.name, x.rounds_remaining) for x in creature.conditions),
            *(f"{b.spell} {'+' if b.sign > 0 else '-'}{b.dice}" for b in creature.boons)]


def _initiative_line(c) -> str:
    hp = f" {c.hp.current}/{c.hp.max} HP" if c.hp is not None else ""
    down = " (down)" if c.defeated else ""
    return f"{c.initiative:>2} {c.name}{hp}{down}"


def quest_views(quests: list[Quest]) -> list[QuestStatusView]:
    return [QuestStatusView(name=q.name, status=q.status, objectives=[o.text for o in q.objectives],
                            done=[o.done for o in q.objectives]) for q in quests]


def active_quests(world: Campaign) -> list[QuestStatusView]:
    return quest_views([q for q in world.quests if q.status == QuestStatus.ACTIVE])


def build_state_view(meta: SessionMetadata, state: SessionState, history: list[HistoryEntry],
                     usage: ContextUsage | None, detail_level: str, include_history: bool,
                     history_limit: int) -> SessionStateView:
    """'minimal': session info (and, with include_history, who did what); 'standard': scene, party,
    quests, context, and history without the undo data; 'full': also the raw state and the patches."""
    view = SessionStateView(session_info=session_info(meta))
    recent = list(reversed(history[-history_limit:])) if include_history and history_limit else []
    if detail_level == "minimal":
        if include_history:
            view.recent_history = [_line(e) for e in recent]
        return view
    view.game_state = game_state_view(state.world)
    view.party_status = [character_status(c) for c in state.world.characters]
    view.active_quests = active_quests(state.world)
    view.context_usage = usage
    if include_history:
        view.recent_history = recent if detail_level == "full" else [_lean(e) for e in recent]
    if detail_level == "full":
        view.full_state = state.model_dump(mode="json", exclude={"journal_seq"})
    return view


def _lean(e: HistoryEntry) -> HistoryEntry:
    """What happened, without the redo/undo data (the patch) or the facts' hashes."""
    facts = [f.model_copy(update={"text_hash": ""}) for f in e.facts_added]
    return e.model_copy(update={"patch": [], "facts_added": facts})


def _line(e: HistoryEntry) -> HistoryEntry:
    """Only who did what and when."""
    return HistoryEntry(turn=e.turn, timestamp=e.timestamp, kind=e.kind, actor=e.actor, action=e.action,
                        action_type=e.action_type)
