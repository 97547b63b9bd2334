"""A scripted fight through the orchestrator (issue 12): every kind of action uses the actor's turn, the
monsters act in initiative order, a paralyzed monster loses its turn, nobody acts twice in a round,
acting out of turn is refused unless the DM overrides, and starting a fight steals no turn."""

from __future__ import annotations

import pytest

from engine.errors import OutOfTurnError
from engine.models.world import (
    ActiveCondition,
    Campaign,
    Combatant,
    CombatState,
    Condition,
    HitPoints,
    SpellSlots,
)
from engine.play.orchestrator import ActionInput, Orchestrator, Resolution
from tests.engine.play.intent_cases import ScriptedRoller, table_world

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def fight_world() -> Campaign:
    """Ari 20, Ogre 1 15, Bryn 10, Ogre 2 5 (paralyzed) in the inn, Mara looking on; nobody can drop."""
    world = table_world()
    for pc in world.characters:
        pc.hp = HitPoints(current=150, max=200)
    world.character("Bryn").spell_slots = {"1": SpellSlots(max=2)}
    ogre = {"kind": "monster", "monster": "Ogre", "ac": 11}
    world.game_state.combat = CombatState(order=[
        Combatant(id="ari", name="Ari", kind="character", initiative=20),
        Combatant(id="o1", name="Ogre 1", initiative=15, hp=HitPoints(current=59, max=59), **ogre),
        Combatant(id="bryn", name="Bryn", kind="character", initiative=10),
        Combatant(id="o2", name="Ogre 2", initiative=5, hp=HitPoints(current=59, max=59),
                  conditions=[ActiveCondition(name=Condition.PARALYZED)], **ogre),
    ])
    return world


async def act(world: Campaign, text: str, actor: str | None, roller: ScriptedRoller, *,
              out_of_turn: bool = False) -> Resolution:
    res = await Orchestrator().resolve(ActionInput(action=text, actor=actor, world=world, roller=roller, turn=1,
                                                   out_of_turn=out_of_turn))
    return res


def turns(res: Resolution) -> list[str]:
    return [c.after for c in res.state_changes if c.kind == "turn"]


ROUND = [
    ("Ari", "I drink a potion of healing"),
    ("Bryn", "I ask Mara Vell what she saw"),
    ("Ari", "I make an athletics check to climb onto the bar"),
    ("Bryn", "I search the room for a way out"),
    ("Ari", "I attack the first ogre with my longsword"),
    ("Bryn", "I take the Dodge action"),
    ("Ari", "I check my inventory"),
    ("Bryn", "I cast cure wounds on Ari"),
]


async def test_every_kind_of_action_ends_the_turn_and_the_monsters_act_in_order():
    world = fight_world()
    roller = ScriptedRoller()
    order: list[tuple[int, str]] = []
    for actor, text in ROUND:
        combat = world.game_state.combat
        assert combat.current.name == actor, f"{text!r}: it should be {actor}'s turn"
        res = await act(world, text, actor, roller)
        assert not any("turn" in w and "It is" in w for w in res.warnings), res.warnings
        world = res.world
        ogre_attacks = [r for r in res.dice_rolls if r.roller == "Ogre 1" and "attack" in (r.purpose or "")]
        # Ari's turn is followed by Ogre 1's; Bryn's by the paralyzed Ogre 2, who loses its turn.
        assert len(ogre_attacks) == (1 if actor == "Ari" else 0), text
        assert not any(r.roller == "Ogre 2" for r in res.dice_rolls)
        if actor == "Bryn":
            assert [c.after for c in res.state_changes if c.kind == "turn"][0] == "Ogre 2"
        order += [(world.game_state.combat.round, name) for name in turns(res)]
    rounds: dict[int, list[str]] = {}
    for round_, name in order:
        rounds.setdefault(round_, []).append(name)
    for round_, names in rounds.items():
        assert len(names) == len(set(names)), f"someone acted twice in round {round_}: {names}"
    assert world.game_state.combat.round == 5


async def test_a_question_costs_no_turn():
    world = fight_world()
    res = await act(world, "how many hit points do I have?", "Ari", ScriptedRoller())
    assert res.world.game_state.combat.current.name == "Ari" and res.dice_rolls == []


async def test_acting_out_of_turn_is_refused_and_changes_nothing():
    world = fight_world()
    before = world.model_dump()
    roller = ScriptedRoller()
    with pytest.raises(OutOfTurnError) as refused:
        await act(world, "I attack the first ogre", "Bryn", roller)
    assert "It is Ari's turn" in str(refused.value) and "/as Bryn" in str(refused.value)
    assert "out_of_turn=True" in str(refused.value)
    assert world.model_dump() == before


async def test_a_dm_override_acts_now_and_never_gives_a_second_turn_that_round():
    world = fight_world()
    res = await act(world, "I search the room for a way out", "Bryn", ScriptedRoller(), out_of_turn=True)
    world = res.world
    assert any(r.roller == "Bryn" for r in res.dice_rolls) and world.game_state.combat.current.name == "Ari"
    res = await act(world, "I attack the first ogre", "Ari", ScriptedRoller())
    # Ogre 1 acts, Bryn's slot this round is passed over, the paralyzed Ogre 2 loses its turn: round 2, Ari.
    assert any(c.kind == "turn_skipped" and c.target == "Bryn" for c in res.state_changes)
    assert res.world.game_state.combat.current.name == "Ari" and res.world.game_state.combat.round == 2


async def test_a_reaction_out_of_turn_keeps_the_creatures_own_turn_that_round():
    world = fight_world()
    res = await act(world, "I make an opportunity attack on the first ogre", "Bryn", ScriptedRoller(),
                    out_of_turn=True)
    bryn = res.world.game_state.combat.combatant("Bryn")
    assert bryn.used.reaction and not bryn.used.action and bryn.acted_round == 0
    res = await act(res.world, "I attack the first ogre", "Ari", ScriptedRoller())
    # Ogre 1 acts, then it is Bryn's own turn: a reaction is not a turn.
    assert res.world.game_state.combat.current.name == "Bryn" and res.world.game_state.combat.round == 1


async def test_a_paralyzed_character_cannot_act_and_loses_the_turn():
    world = fight_world()
    world.character("Ari").conditions.append(ActiveCondition(name=Condition.STUNNED, rounds_remaining=1))
    res = await act(world, "I attack the first ogre", "Ari", ScriptedRoller())
    assert "stunned and cannot act" in res.warnings[0]
    assert not any(r.roller == "Ari" for r in res.dice_rolls)
    assert res.world.game_state.combat.current.name == "Bryn"


async def test_starting_a_fight_gives_the_first_turn_to_initiative_order():
    world = table_world()
    world.game_state.party_location = "Old Mill"
    # Initiative: Ari 18, Bryn 2, Goblin 5. Bryn starts the fight, but Ari is first.
    res = await act(world, "I attack the goblin", "Bryn", ScriptedRoller([18, 2, 5]))
    combat = res.world.game_state.combat
    assert combat is not None and combat.current.name == "Ari" and combat.round == 1
    assert not any(r.roller == "Bryn" and "attack" in (r.purpose or "") for r in res.dice_rolls)
    assert "Ari's turn" in res.warnings[0]
    # Ari acts in Ari's slot, then the goblin, then Bryn: nobody twice.
    res = await act(res.world, "I attack the goblin", "Ari", ScriptedRoller([2, 2]))
    assert res.world.game_state.combat.current.name == "Bryn"


async def test_with_no_actor_named_the_character_whose_turn_it_is_acts():
    world = fight_world()
    world.game_state.combat.turn_index = 2  # Bryn's turn
    res = await act(world, "I take the Dodge action", None, ScriptedRoller())
    assert res.actor == "Bryn" and res.world.game_state.combat.current.name == "Ari"


async def test_dm_next_turn_and_a_delay_run_the_monsters_until_a_character_is_up():
    from engine.play.agents import turn_order
    from engine.rules import encounter

    world = fight_world()
    basics = ActionInput(action="next turn", world=world, roller=ScriptedRoller(), turn=1)
    result = turn_order.dm_next_turn(basics, world)
    assert world.game_state.combat.current.name == "Bryn"
    assert any(r.roller == "Ogre 1" for r in result.dice_rolls)
    encounter.delay_turn(world)  # Bryn waits: the paralyzed Ogre 2 is up, loses its turn, then Bryn
    turn_order.settle(basics, world)
    assert world.game_state.combat.current.name == "Bryn" and world.game_state.combat.round == 1


async def test_the_dms_out_of_turn_override_through_the_api(manager, campaign):
    """Refused out of turn, then let through with out_of_turn=True; nobody acts twice in the round."""
    s = await manager.start_session(campaign, name="brawl", seed=7)
    await manager.apply_change(s.session_id, "move", None, "Wrecker Caves")
    await manager.player_action(s.session_id, "I attack the Wrecker Thug", "Bram")
    state = await manager.get_session_state(s.session_id)
    if not state.game_state.in_combat:
        pytest.skip("the fight ended before anyone could act out of turn")
    current = state.game_state.current_turn
    other = next(p.name for p in state.party_status if p.name != current and p.hp > 0)
    with pytest.raises(OutOfTurnError, match=f"It is {current}'s turn"):
        await manager.player_action(s.session_id, "I drink a potion of healing", other)
    allowed = await manager.player_action(s.session_id, "I drink a potion of healing", other, out_of_turn=True)
    assert not any("It is" in w and "turn" in w for w in allowed.warnings)
