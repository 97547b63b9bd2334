"""Archivist: rolling summary, seed 001 session summary fields, and the "previously on" recap."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engine.models.actions import ActionType, DiceRoll, EntryKind, HistoryEntry, NPCResponse, StateChange
from engine.models.world import (
    NPC,
    Campaign,
    Character,
    Combatant,
    CombatState,
    GameState,
    HitPoints,
    Location,
    Objective,
    Quest,
    QuestStatus,
)
from engine.play.agents.archivist import Archivist

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def entry(turn: int, action: str, actor: str | None = "Mira", action_type: ActionType | None = None,
          kind: EntryKind = EntryKind.PLAYER_ACTION, **kw) -> HistoryEntry:
    return HistoryEntry(turn=turn, timestamp=T0, kind=kind, actor=actor, action=action, action_type=action_type,
                        **kw)


@pytest.fixture
def world() -> Campaign:
    return Campaign(
        name="Lost Mine", style="Pulpy",
        characters=[Character(name="Mira", **{"class": "rogue"}, hp=HitPoints(current=9, max=9)),
                    Character(name="Bron", **{"class": "cleric"}, hp=HitPoints(current=0, max=10))],
        npcs=[NPC(name="Sister Ilsa")],
        locations=[Location(name="Phandalin", description="A frontier town.", connections=["Old Mill"]),
                   Location(name="Old Mill", connections=["Phandalin", "Cragmaw Cave"], visited=True),
                   Location(name="Cragmaw Cave")],
        quests=[Quest(name="Find Gundren", status=QuestStatus.ACTIVE,
                      objectives=[Objective(text="Ask around Phandalin", done=True),
                                  Objective(text="Track the goblins to their cave")]),
                Quest(name="Rats in the cellar", status=QuestStatus.COMPLETED)],
        game_state=GameState(party_location="Old Mill", combat=CombatState(round=3, order=[
            Combatant(id="m", name="Mira", kind="character", initiative=15),
            Combatant(id="g1", name="Goblin Boss", kind="monster", initiative=12),
            Combatant(id="g2", name="Goblin", kind="monster", initiative=8, defeated=True)])),
    )


@pytest.fixture
def history() -> list[HistoryEntry]:
    return [
        entry(1, "Ask Sister Ilsa about Gundren", action_type=ActionType.ROLEPLAY,
              dice_rolls=[DiceRoll(notation="1d20+3", total=17, purpose="Persuasion check", dc=15, success=True)],
              npc_responses=[NPCResponse(npc="Sister Ilsa", text="He rode north.", attitude_before="indifferent",
                                         attitude_after="friendly", revealed_secret="Gundren found the lost mine")]),
        entry(2, "We head to the old mill", actor=None, action_type=ActionType.EXPLORATION,
              state_changes=[StateChange(target="party", kind="location", before="Phandalin", after="Old Mill")]),
        entry(3, "Search the millstone", action_type=ActionType.EXPLORATION,
              state_changes=[StateChange(target="party", kind="fact", after="A goblin trail leads to Cragmaw Cave")]),
        entry(4, "Roll", actor=None, kind=EntryKind.DM_ROLL,
              dice_rolls=[DiceRoll(notation="1d20", total=4)]),
        entry(5, "Attack the goblin", action_type=ActionType.COMBAT,
              state_changes=[StateChange(target="combat", kind="combat_start"),
                             StateChange(target="Goblin", kind="hp", before=7, after=0)],
              dice_rolls=[DiceRoll(notation="1d20+5", total=18, purpose="attack vs Goblin", success=True)]),
        entry(6, "Bron swings his mace", actor="Bron", action_type=ActionType.COMBAT,
              state_changes=[StateChange(target="Bron", kind="hp", before=3, after=0)]),
        entry(7, "Quest update", actor=None, kind=EntryKind.DM_CHANGE,
              state_changes=[StateChange(target="Rats in the cellar", kind="quest_status", before="active",
                                         after="completed")]),
    ]


def test_session_summary_fields_come_from_history_and_world(world, history):
    summary = Archivist().session_summary(history, world, notes="Good session")
    assert "Find Gundren" in summary.objective
    actions = "\n".join(summary.actions_taken)
    assert "Sister Ilsa" in actions and "Old Mill" in actions and "Cragmaw Cave" in actions
    assert "Goblin went down" in actions and "Bron went down" in actions
    assert "1d20" not in actions  # a bare DM roll is not an action worth listing
    decisions = "\n".join(summary.decisions_made)
    assert "won Sister Ilsa over" in decisions and "travelled from Phandalin to Old Mill" in decisions
    assert "quest 'Rats in the cellar' became completed" in decisions
    open_items = "\n".join(summary.open_items)
    assert "Track the goblins to their cave" in open_items and "Ask around" not in open_items
    assert "Combat still under way at Old Mill (round 3): Goblin Boss still standing" in open_items
    assert "Bron is down (0/10 HP)" in open_items
    steps = "\n".join(summary.next_actions)
    assert "Goblin Boss" in steps and "Stabilize or heal Bron" in steps
    assert "Track the goblins to their cave" in steps and "Explore Cragmaw Cave" in steps
    assert summary.notes == "Good session"


def test_quiet_world_still_gets_an_objective_and_a_next_step():
    world = Campaign(name="Empty", game_state=GameState(party_location="Crossroads"))
    summary = Archivist().session_summary([], world)
    assert summary.objective == "Continue the adventure at Crossroads."
    assert summary.actions_taken == [] and summary.open_items == []
    assert summary.next_actions == ["Decide the party's next goal"]


def test_fights_fold_into_one_line(history):
    text = Archivist().rolling_summary(history)
    fight_lines = [line for line in text.splitlines() if "fight" in line]
    assert len(fight_lines) == 1 and "T5-6" in fight_lines[0] and "Goblin went down" in fight_lines[0]


def test_rolling_summary_merges_previous_and_stays_bounded(history):
    archivist = Archivist()
    previous = "- T0: the party met Gundren in Neverwinter\n- T0: Mira: bought rope"
    text = archivist.rolling_summary(history, previous=previous)
    assert text.startswith("- T0: the party met Gundren")
    assert "Sister Ilsa revealed: Gundren found the lost mine" in text
    many = [entry(i, f"Mira pokes barrel number {i} with a long stick") for i in range(10, 200)]
    small = archivist.rolling_summary(history + many, previous=previous, max_chars=600)
    assert len(small) <= 600
    assert "Sister Ilsa revealed" in small and "went down" in small  # key events outlive routine ones
    assert "barrel number 10 " not in small


def test_recap_mentions_key_events_and_where_things_stand(world, history):
    archivist = Archivist()
    recap = archivist.recap(history, world, archivist.session_summary(history, world), "Session 2")
    assert recap.startswith("**Previously on Session 2...**")
    for key in ("Sister Ilsa", "Old Mill", "Cragmaw Cave", "Bron went down", "Goblin Boss"):
        assert key in recap
    assert len(recap.split("\n\n")) <= 4
    # Open objectives are told per quest, not as one "Quest 'X': ..." item each.
    assert "'Find Gundren' still needs the party to" in recap and "Ask around" not in recap


def test_recap_of_an_empty_history_announces_the_start(world):
    recap = Archivist().recap([], world, None, "Session 1")
    assert "about to begin at **Old Mill**" in recap and "Mira" in recap and "Bron" in recap


def test_a_failed_checks_setback_is_told_as_what_went_wrong_not_as_learned(world):
    """The setback's fact ("Sister Ilsa will remember Mira pressing") is not something the party learned."""
    from engine.models.facts import Fact, FactCategory

    pressed = entry(1, "Ask Sister Ilsa about the mill", action_type=ActionType.ROLEPLAY,
                    dice_rolls=[DiceRoll(notation="1d20+3", total=5, purpose="Persuasion vs Sister Ilsa", dc=15,
                                         success=False)],
                    state_changes=[StateChange(target="Mira", kind="setback", after={
                        "type": "wary", "skill": "persuasion", "npc": "Sister Ilsa", "topic": "the mill",
                        "place": "Phandalin", "minutes": 0}, description="Setback: Sister Ilsa is on guard with Mira.")],
                    facts_added=[Fact(id="f1", text="Sister Ilsa will remember Mira pressing about the mill.",
                                      category=FactCategory.NPC, subject="Sister Ilsa", turn=1,
                                      created_at=T0, updated_at=T0)])
    actions = "\n".join(Archivist().session_summary([pressed], world).actions_taken)
    assert "learned" not in actions
    assert "Sister Ilsa grew wary of Mira pressing about the mill" in actions
