"""The DM's controls over a running fight (issue 12): physical-dice initiative, add or remove a
combatant, delay; the creature acting now stays current through every change."""

from __future__ import annotations

import pytest

from engine.errors import InvalidInputError
from engine.models.world import Campaign, GameState, Monster
from engine.rules import combat, encounter
from tests.engine.rules.srd_support import Faces, pc


def fight(**initiatives: int) -> Campaign:
    world = Campaign(name="t", characters=[pc("Aria"), pc("Bram")], game_state=GameState(party_location="x"),
                     monsters=[Monster(name="Goblin", hp=7, ac=15), Monster(name="Ogre", hp=59, ac=11)])
    combat.start_combat(Faces(), world, ["Goblin"], initiatives=initiatives)
    return world


def names(world: Campaign) -> list[str]:
    return [c.name for c in world.game_state.combat.order]


def test_the_dm_enters_physical_dice_at_the_start_and_nothing_is_rolled_for_them() -> None:
    roller = Faces(5)
    world = Campaign(name="t", characters=[pc("Aria"), pc("Bram")], game_state=GameState(party_location="x"),
                     monsters=[Monster(name="Goblin", hp=7)])
    rolls, _ = combat.start_combat(roller, world, ["Goblin"], initiatives={"aria": 3, "Bram": 19})
    assert [r.roller for r in rolls] == ["Goblin"] and names(world) == ["Bram", "Goblin", "Aria"]


def test_setting_an_initiative_resorts_but_keeps_the_current_creature() -> None:
    world = fight(Aria=18, Bram=12, Goblin=5)
    encounter.set_initiative(world, "Goblin", 20)
    assert names(world) == ["Goblin", "Aria", "Bram"] and world.game_state.combat.current.name == "Aria"


def test_adding_a_monster_mid_fight() -> None:
    world = fight(Aria=18, Bram=12, Goblin=5)
    rolls, changes = encounter.add_combatant(Faces(), world, "Goblin", initiative=15)
    assert rolls == [] and names(world) == ["Aria", "Goblin 2", "Bram", "Goblin"]
    assert world.game_state.combat.current.name == "Aria"


def test_removing_the_acting_creature_hands_the_turn_on() -> None:
    world = fight(Aria=18, Bram=12, Goblin=5)
    encounter.remove_combatant(world, "Aria")
    assert world.game_state.combat.current.name == "Bram"
    encounter.remove_combatant(world, "Goblin")
    assert names(world) == ["Bram"] and world.game_state.combat.current.name == "Bram"
    with pytest.raises(InvalidInputError, match="end the combat"):
        encounter.remove_combatant(world, "Bram")


def test_delay_lets_the_next_creature_act_first() -> None:
    world = fight(Aria=18, Bram=12, Goblin=5)
    encounter.delay_turn(world)
    assert names(world) == ["Bram", "Aria", "Goblin"] and world.game_state.combat.current.name == "Bram"
