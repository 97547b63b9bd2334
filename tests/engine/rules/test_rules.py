"""engine.rules: each 5e rule, with rolls whose outcome is fixed by choosing the RNG counter."""

from __future__ import annotations

import pytest

from engine import rules
from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import DiceRoll
from engine.models.session import RngState
from engine.models.world import (
    Attack,
    Campaign,
    Character,
    Combatant,
    Condition,
    GameState,
    HitPoints,
    Monster,
    SpellSlots,
)
from engine.rules import combat as combat_rules
from engine.rules.dice import DiceRoller

SEED = 1


def roller_at(counter: int = 0) -> DiceRoller:
    return DiceRoller(RngState(seed=SEED, counter=counter))


def natural_at(natural: int, advantage: str | None = None) -> DiceRoller:
    """A roller whose next d20 shows this natural face (found by search: the RNG is deterministic)."""
    for counter in range(5000):
        if roller_at(counter).d20(advantage=advantage).natural == natural:
            return roller_at(counter)
    raise AssertionError(f"no natural {natural} found")


def hero(name: str = "Aria", hp: int = 10, max_hp: int = 10, temp: int = 0, **extra: object) -> Character:
    return Character.model_validate({"name": name, "class": "fighter",
                                     "hp": {"current": hp, "max": max_hp, "temp": temp}, **extra})


def goblin(name: str = "Goblin", hp: int = 7) -> Combatant:
    return Combatant(id=f"monster:{name}", name=name, kind="monster", initiative=10, monster="Goblin",
                     hp=HitPoints(current=hp, max=hp), ac=15)


def dying(**extra: object) -> Character:
    return hero(hp=0, conditions=[{"name": "unconscious", "source": "0 HP"}], **extra)


def campaign(*characters: Character) -> Campaign:
    return Campaign(name="Test", characters=list(characters), game_state=GameState(party_location="Inn"),
                    monsters=[Monster(name="Goblin", hp=7, ac=15, xp=50, abilities={"dex": 14}),
                              Monster(name="Ogre", hp=59, ac=11, xp=450, abilities={"dex": 8})])


# ---- checks and saves ----

def test_ability_check_adds_the_skill_modifier() -> None:
    rogue = hero(abilities={"dex": 16}, skill_proficiencies=["stealth"])  # +3 DEX, +2 proficiency
    result = rules.ability_check(natural_at(10), rogue, "Stealth", dc=15)
    assert result.roll.total == 15 and result.success and result.roll.roller == "Aria"
    assert rules.ability_check(natural_at(10), rogue, "sleight of hand", dc=14).roll.total == 13
    assert not rules.ability_check(natural_at(10), rogue, "strength", dc=11).success


def test_unknown_skill_lists_the_valid_ones() -> None:
    with pytest.raises(InvalidInputError, match="perception"):
        rules.ability_check(roller_at(), hero(), "lockpicking", dc=10)


def test_saving_throw_uses_proficiency_and_advantage() -> None:
    cleric = hero(level=5, abilities={"wis": 14}, save_proficiencies=["wis"])  # +2 WIS, +3 proficiency
    result = rules.saving_throw(natural_at(8, "advantage"), cleric, "Wisdom", dc=13, advantage="advantage")
    assert result.roll.total == 13 and result.success and result.roll.advantage == "advantage"
    with pytest.raises(InvalidInputError, match="str, dex"):
        rules.saving_throw(roller_at(), cleric, "luck", dc=10)


# ---- attacks ----

SWORD = Attack(name="Longsword", to_hit=5, damage="1d8+3")


def test_natural_20_hits_any_ac_and_doubles_dice_not_modifier() -> None:
    result = rules.attack(natural_at(20), "Aria", SWORD, target_ac=30)
    assert result.hit and result.critical
    assert result.damage_roll.notation == "2d8+3"
    assert result.damage_roll.detail.startswith("2d8 (")
    assert 5 <= result.damage == result.damage_roll.total <= 19


def test_natural_1_misses_even_ac_1() -> None:
    result = rules.attack(natural_at(1), "Aria", Attack(name="Club", to_hit=10, damage="1d4"), target_ac=1)
    assert not result.hit and result.damage_roll is None and result.damage == 0
    assert result.attack_roll.success is False


def test_ordinary_hit_and_miss_compare_total_with_ac() -> None:
    hit = rules.attack(natural_at(10), "Aria", SWORD, target_ac=15)
    assert hit.hit and not hit.critical and hit.damage_roll.notation == "1d8+3" and 4 <= hit.damage <= 11
    miss = rules.attack(natural_at(10), "Aria", SWORD, target_ac=16)
    assert not miss.hit and miss.damage_roll is None


def test_attack_damage_is_never_negative() -> None:
    weak = Attack(name="Slap", to_hit=0, damage="1d2-5")
    assert rules.attack(natural_at(15), "Kit", weak, target_ac=10).damage == 0


# ---- damage, healing, temporary HP ----

def test_damage_reduces_hp_and_describes_it() -> None:
    aria = hero()
    changes = rules.apply_damage(aria, 4)
    assert aria.hp.current == 6
    assert [(c.kind, c.before, c.after) for c in changes] == [("hp", 10, 6)]
    assert "4 damage" in changes[0].description


def test_temp_hp_absorb_damage_first() -> None:
    aria = hero(temp=5)
    changes = rules.apply_damage(aria, 7)
    assert (aria.hp.temp, aria.hp.current) == (0, 8)
    assert [c.kind for c in changes] == ["temp_hp", "hp"]
    rules.grant_temp_hp(aria, 5)
    assert [c.kind for c in rules.apply_damage(aria, 3)] == ["temp_hp"] and aria.hp.current == 8


def test_dropping_to_zero_knocks_out() -> None:
    aria = hero()
    aria.stable = True
    changes = rules.apply_damage(aria, 15)
    assert aria.hp.current == 0 and aria.unconscious and not aria.dead and not aria.stable
    assert any(c.kind == "condition_add" and c.after == "unconscious" for c in changes)


def test_massive_damage_kills_outright() -> None:
    aria = hero()
    rules.apply_damage(aria, 20)  # 10 past 0 equals max HP
    assert aria.dead and aria.hp.current == 0
    survivor = hero(temp=5)
    rules.apply_damage(survivor, 24)  # temp HP soak 5: only 9 past 0
    assert not survivor.dead and survivor.unconscious


def test_damage_at_zero_costs_death_saves() -> None:
    aria = dying()
    rules.apply_damage(aria, 1)
    assert aria.death_saves.failures == 1
    rules.apply_damage(aria, 1, critical=True)
    assert aria.death_saves.failures == 3 and aria.dead


def test_damage_at_zero_ends_stability_and_massive_damage_kills() -> None:
    aria = dying(stable=True)
    changes = rules.apply_damage(aria, 2)
    assert not aria.stable and aria.death_saves.failures == 1
    assert any(c.kind == "status" and c.after == "dying" for c in changes)
    rules.apply_damage(aria, 10)
    assert aria.dead


def test_monster_at_zero_is_defeated_and_the_dead_take_no_more() -> None:
    gob = goblin()
    changes = rules.apply_damage(gob, 9)
    assert gob.hp.current == 0 and gob.defeated and changes[-1].after == "defeated"
    assert rules.apply_damage(gob, 5) == []


def test_damage_rejects_negative_amounts_and_character_slots() -> None:
    with pytest.raises(InvalidInputError, match="0 or more"):
        rules.apply_damage(hero(), -3)
    slot = Combatant(id="character:Aria", name="Aria", kind="character", initiative=10)
    with pytest.raises(InvalidInputError, match="character sheet"):
        rules.apply_damage(slot, 3)


def test_healing_is_capped_and_wakes_the_dying() -> None:
    aria = hero(hp=4)
    assert rules.apply_healing(aria, 50)[0].after == 10 and aria.hp.current == 10
    assert rules.apply_healing(aria, 5) == []
    down = dying(death_saves={"successes": 2, "failures": 2})
    rules.apply_healing(down, 3)
    assert down.hp.current == 3 and not down.unconscious
    assert (down.death_saves.successes, down.death_saves.failures) == (0, 0)


def test_the_dead_cannot_be_healed() -> None:
    with pytest.raises(InvalidInputError, match="dead"):
        rules.apply_healing(hero(hp=0, dead=True), 5)


def test_healing_a_defeated_monster_puts_it_back_in_the_fight() -> None:
    gob = goblin()
    rules.apply_damage(gob, 7)
    rules.apply_healing(gob, 2)
    assert gob.hp.current == 2 and not gob.defeated


def test_temp_hp_do_not_stack() -> None:
    aria = hero()
    assert rules.grant_temp_hp(aria, 5)[0].after == 5
    assert rules.grant_temp_hp(aria, 3) == [] and aria.hp.temp == 5
    rules.grant_temp_hp(aria, 8)
    assert aria.hp.temp == 8


# ---- conditions ----

def test_add_and_remove_condition_by_name() -> None:
    aria = hero()
    changes = rules.add_condition(aria, "Poisoned", rounds=3, source="Giant spider")
    assert aria.has_condition(Condition.POISONED) and "Giant spider" in changes[0].description
    assert rules.remove_condition(aria, "poisoned")[0].kind == "condition_remove"
    assert not aria.conditions and rules.remove_condition(aria, "poisoned") == []


def test_unknown_condition_lists_the_valid_names() -> None:
    with pytest.raises(InvalidInputError) as error:
        rules.add_condition(hero(), "sleepy")
    assert all(c.value in str(error.value) for c in Condition)
    with pytest.raises(InvalidInputError, match="blinded"):
        rules.remove_condition(hero(), "on fire")


def test_condition_durations_tick_and_expire() -> None:
    aria = hero()
    rules.add_condition(aria, Condition.FRIGHTENED, rounds=2)
    rules.add_condition(aria, Condition.PRONE)
    assert rules.tick_conditions(aria)[0].after == "frightened (1 rounds)"
    changes = rules.tick_conditions(aria)
    assert [c.kind for c in changes] == ["condition_remove"] and "duration ended" in changes[0].description
    assert [c.name for c in aria.conditions] == [Condition.PRONE]
    assert rules.tick_conditions(aria) == []


def test_reapplying_keeps_the_longer_duration() -> None:
    aria = hero()
    rules.add_condition(aria, "stunned", rounds=3)
    assert rules.add_condition(aria, "stunned", rounds=1) == []
    rules.add_condition(aria, "stunned", rounds=5)
    assert aria.conditions[0].rounds_remaining == 5 and len(aria.conditions) == 1


def test_exhaustion_stacks_and_level_6_kills() -> None:
    aria = hero()
    for _ in range(5):
        rules.add_condition(aria, "exhaustion")
    assert aria.conditions[0].level == 5 and not aria.dead
    rules.add_condition(aria, "exhaustion")
    assert aria.dead


# ---- death saves ----

def test_death_save_success_and_failure() -> None:
    aria = dying()
    roll, changes = rules.death_save(natural_at(10), aria)
    assert roll.success and aria.death_saves.successes == 1 and changes[0].kind == "death_save"
    rules.death_save(natural_at(9), aria)
    assert aria.death_saves.failures == 1


def test_death_save_natural_1_is_two_failures() -> None:
    aria = dying()
    rules.death_save(natural_at(1), aria)
    assert aria.death_saves.failures == 2 and not aria.dead


def test_death_save_natural_20_regains_1_hp() -> None:
    aria = dying(death_saves={"successes": 1, "failures": 2})
    _, changes = rules.death_save(natural_at(20), aria)
    assert aria.hp.current == 1 and not aria.unconscious
    assert (aria.death_saves.successes, aria.death_saves.failures) == (0, 0)
    assert "natural 20" in changes[0].description


def test_three_failures_kill_and_three_successes_stabilize() -> None:
    doomed = dying(death_saves={"successes": 2, "failures": 2})
    rules.death_save(natural_at(5), doomed)
    assert doomed.dead
    lucky = dying(death_saves={"successes": 2, "failures": 2})
    _, changes = rules.death_save(natural_at(15), lucky)
    assert lucky.stable and not lucky.dead and lucky.unconscious
    assert changes[-1].after == "stable"
    with pytest.raises(InvalidInputError, match="stable"):
        rules.death_save(roller_at(), lucky)


def test_only_the_dying_roll_death_saves() -> None:
    with pytest.raises(InvalidInputError, match="not at 0 HP"):
        rules.death_save(roller_at(), hero())


# ---- combat ----

def test_start_combat_builds_the_order() -> None:
    fallen = hero("Bram", hp=0)
    world = campaign(hero("Aria"), fallen, hero("Cal"))
    rolls, changes = rules.start_combat(roller_at(), world, ["goblin", "Goblin", "ogre"])
    combat = world.game_state.combat
    assert sorted(c.name for c in combat.order) == ["Aria", "Cal", "Goblin 1", "Goblin 2", "Ogre"]
    assert len(rolls) == 5 and all(r.purpose == "initiative" for r in rolls)
    keys = [(c.initiative, c.dex_modifier) for c in combat.order]
    assert keys == sorted(keys, reverse=True)
    ogre = next(c for c in combat.order if c.name == "Ogre")
    assert (ogre.hp.current, ogre.ac, ogre.monster) == (59, 11, "Ogre")
    assert combat.round == 1 and combat.turn_index == 0 and changes[0].kind == "combat_start"


def test_initiative_ties_break_on_dex(monkeypatch: pytest.MonkeyPatch) -> None:
    def fixed(roller: DiceRoller, name: str, dex_modifier: int, conditions: object = None) -> DiceRoll:
        return DiceRoll(notation="1d20", total=12, purpose="initiative", roller=name)

    # start_combat looks roll_initiative up in its own module, so the fake goes there.
    monkeypatch.setattr(combat_rules, "roll_initiative", fixed)
    world = campaign(hero("Slow", abilities={"dex": 8}), hero("Quick", abilities={"dex": 18}))
    rules.start_combat(roller_at(), world, ["Goblin"])
    assert [c.name for c in world.game_state.combat.order] == ["Quick", "Goblin", "Slow"]


def test_start_combat_rejects_unknown_monsters_and_a_second_fight() -> None:
    world = campaign(hero())
    with pytest.raises(NotFoundError, match="Goblin, Ogre"):
        rules.start_combat(roller_at(), world, ["Dragon"])
    assert world.game_state.combat is None
    rules.start_combat(roller_at(), world, [])
    with pytest.raises(InvalidInputError, match="already"):
        rules.start_combat(roller_at(), world, ["Goblin"])


def test_next_turn_skips_the_fallen_wraps_rounds_and_ticks_conditions(monkeypatch: pytest.MonkeyPatch) -> None:
    scores = {"Aria": 20, "Goblin 1": 15, "Goblin 2": 10, "Bram": 5}
    monkeypatch.setattr(combat_rules, "roll_initiative", lambda roller, name, dex, conditions=None: DiceRoll(notation="1d20", total=scores[name]))
    world = campaign(hero("Aria"), hero("Bram"))
    rules.start_combat(roller_at(), world, ["Goblin", "Goblin"])
    rules.add_condition(world.character("Aria"), "blinded", rounds=1)
    combat = world.game_state.combat
    rules.apply_damage(combat.order[2], 50)  # Goblin 2 falls
    changes = rules.next_turn(world)
    assert combat.current.name == "Goblin 1" and not world.character("Aria").conditions
    assert changes[0].kind == "condition_remove" and changes[-1].after == "Goblin 1"
    rules.next_turn(world)
    assert combat.current.name == "Bram" and combat.round == 1
    changes = rules.next_turn(world)
    assert combat.current.name == "Aria" and combat.round == 2
    assert any(c.kind == "round" and c.after == 2 for c in changes)


def test_next_turn_without_combat_is_a_clear_error() -> None:
    with pytest.raises(InvalidInputError, match="No combat"):
        rules.next_turn(campaign(hero()))


def test_end_combat_splits_xp_of_defeated_monsters_among_the_living() -> None:
    world = campaign(hero("Aria"), hero("Bram"), hero("Ghost", hp=0, dead=True))
    rules.start_combat(roller_at(), world, ["Goblin", "Goblin", "Ogre"])
    for combatant in world.game_state.combat.order:
        if combatant.name.startswith("Goblin"):
            rules.apply_damage(combatant, 10)
    changes = rules.end_combat(world)
    assert world.game_state.combat is None
    assert [c.xp for c in world.characters] == [50, 50, 0]
    assert changes[0].kind == "combat_end" and "100 XP" in changes[0].description
    with pytest.raises(InvalidInputError):
        rules.end_combat(world)


# ---- rests ----

def test_short_rest_spends_hit_dice() -> None:
    aria = hero(hp=2, max_hp=30, abilities={"con": 14}, hit_dice={"die": 8, "total": 3, "remaining": 3})
    rolls, changes = rules.short_rest(roller_at(), aria, 2)
    assert [r.notation for r in rolls] == ["1d8+2", "1d8+2"]
    assert aria.hp.current == 2 + sum(r.total for r in rolls) and aria.hit_dice.remaining == 1
    assert {"rest", "hit_dice", "hp"} <= {c.kind for c in changes}
    with pytest.raises(InvalidInputError, match="0 to 1 hit dice"):
        rules.short_rest(roller_at(), aria, 2)


def test_short_rest_healing_is_never_negative() -> None:
    frail = hero(hp=5, abilities={"con": 3}, hit_dice={"die": 6, "total": 2, "remaining": 2})  # CON -4
    rolls, _ = rules.short_rest(roller_at(), frail, 2)
    assert frail.hp.current == 5 + sum(max(0, r.total) for r in rolls) >= 5


def test_long_rest_restores_the_character() -> None:
    aria = hero(hp=3, max_hp=30, temp=4, hit_dice={"die": 10, "total": 5, "remaining": 0},
                spell_slots={"1": SpellSlots(max=4, used=3)}, death_saves={"successes": 1, "failures": 1},
                conditions=[{"name": "exhaustion", "level": 2}])
    changes = rules.long_rest(aria)
    assert (aria.hp.current, aria.hp.temp, aria.hit_dice.remaining) == (30, 0, 2)
    assert aria.spell_slots["1"].used == 0 and aria.death_saves.failures == 0
    assert aria.conditions[0].level == 1
    assert {"hp", "temp_hp", "hit_dice", "spell_slot", "death_save", "condition_remove"} <= {c.kind for c in changes}
    rules.long_rest(aria)
    assert not aria.conditions and aria.hit_dice.remaining == 4


def test_long_rest_regains_at_least_one_hit_die_and_never_more_than_total() -> None:
    solo = hero(hit_dice={"die": 8, "total": 1, "remaining": 0})
    changes = rules.long_rest(solo)
    assert solo.hit_dice.remaining == 1
    assert any("regains 1 hit die (0 -> 1)" in c.description for c in changes)  # one die, not "1 hit dice"
    rules.long_rest(solo)
    assert solo.hit_dice.remaining == 1


def test_long_rest_gives_nothing_to_a_character_at_zero_hp() -> None:
    # Issue 12 / SRD 5.2 Long Rest: "you must have at least 1 Hit Point at the start of the rest".
    down = dying(death_saves={"successes": 1, "failures": 2})
    with pytest.raises(InvalidInputError, match="at least 1 HP"):
        rules.long_rest(down)
    assert down.hp.current == 0 and down.unconscious


def test_the_dying_and_the_dead_cannot_rest() -> None:
    with pytest.raises(InvalidInputError, match="dying"):
        rules.short_rest(roller_at(), dying(), 0)
    with pytest.raises(InvalidInputError, match="dead"):
        rules.long_rest(hero(hp=0, dead=True))


def test_rules_module_offers_every_rule_from_the_modules_that_hold_them() -> None:
    from engine.rules import (
        casting,
        concentration,
        conditions,
        defenses,
        encounter,
        features,
        save_spells,
        spells,
        turn_economy,
    )
    from engine.rules import checks as check_rules
    from engine.rules import health as health_rules
    from engine.rules import rest as rest_rules

    homes = [check_rules, health_rules, combat_rules, rest_rules, spells, concentration, conditions, features,
             save_spells, encounter, casting, defenses, turn_economy]
    for name in rules.__all__:
        value = getattr(rules, name)
        if callable(value) and getattr(value, "__module__", "").startswith("engine."):
            assert any(getattr(home, name, None) is value for home in homes), name
    assert {"start_combat", "next_turn", "end_combat", "short_rest", "long_rest", "apply_damage",
            "ability_check", "attack", "death_save"} <= set(rules.__all__)
