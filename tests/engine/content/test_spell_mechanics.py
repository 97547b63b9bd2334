"""What each SRD spell does, read from its text; the spells the data does not mechanise are narrated."""

from __future__ import annotations

import pytest

from engine.content import srd
from engine.content.spell_mechanics import mechanics, mechanised_count, parse
from engine.models.spellcraft import Delivery
from engine.models.world import Character, Condition, HitPoints
from engine.rules.casting import add_dice, damage_dice


def test_every_srd_spell_parses_and_most_damage_and_healing_spells_are_mechanised() -> None:
    every = [parse(s) for s in srd.spells()]
    done, total = mechanised_count()
    assert total == len(srd.spells()) >= 339
    assert done == sum(m.mechanised for m in every) and 0 < done < total
    needed = {"Sacred Flame", "Magic Missile", "Guiding Bolt", "Cure Wounds", "Healing Word", "Fire Bolt",
              "Ray of Frost", "Burning Hands", "Thunderwave", "Hold Person", "Fireball", "Lightning Bolt", "Sleep"}
    assert {m.name for m in every if m.mechanised} >= needed


@pytest.mark.parametrize(("name", "delivery", "save", "damage", "half", "upcast"), [
    ("Sacred Flame", Delivery.SAVE, "dex", "1d8", False, None),
    ("Fireball", Delivery.SAVE, "dex", "8d6", True, "1d6"),
    ("Inflict Wounds", Delivery.SAVE, "con", "2d10", True, "1d10"),
    ("Guiding Bolt", Delivery.ATTACK, None, "4d6", False, "1d6"),
    ("Magic Missile", Delivery.AUTO, None, "1d4+1", False, None),
])
def test_damage_spells(name, delivery, save, damage, half, upcast) -> None:
    spell = mechanics(name)
    assert (spell.delivery, spell.save, spell.damage, spell.half_on_success, spell.upcast) == \
        (delivery, save, damage, half, upcast)


def test_conditions_concentration_and_repeat_saves() -> None:
    hold = mechanics("Hold Person")
    assert (hold.condition, hold.concentration, hold.repeat_save, hold.rounds) == (Condition.PARALYZED, True, True, 10)
    bless = mechanics("Bless")
    assert (bless.delivery, bless.concentration) == (Delivery.NARRATED, True)


def test_healing_and_its_upcast() -> None:
    cure = mechanics("cure wounds")
    assert (cure.delivery, cure.healing, cure.add_modifier, cure.upcast) == (Delivery.HEAL, "2d8", True, "2d8")
    assert add_dice("2d8", "2d8", 2) == "6d8"
    assert add_dice("70", "10", 1) == "80"


def test_fireball_upcast_and_cantrip_upgrade() -> None:
    sage = Character.model_validate({"name": "Sage", "class": "wizard", "level": 11, "hp": HitPoints(current=50, max=50)})
    assert damage_dice(sage, mechanics("Fireball"), 2) == "10d6"
    assert damage_dice(sage, mechanics("Fire Bolt"), 0) == "3d10"  # levels 5 and 11 each add a die
    eldritch = mechanics("Eldritch Blast")
    assert eldritch.beam_scaling and eldritch.delivery == Delivery.ATTACK


def test_a_condition_or_damage_only_mentioned_is_not_imposed() -> None:
    # "can't benefit from the Invisible condition" is not a condition the spell imposes.
    assert mechanics("Faerie Fire").condition is None
    assert mechanics("Starry Wisp").condition is None
    # Web's fire damage is for burning the web later, not for the save when it is cast.
    web = mechanics("Web")
    assert (web.condition, web.damage) == (Condition.RESTRAINED, None)
    # Contact Other Plane: the caster makes the save; nothing to resolve against a target.
    assert mechanics("Contact Other Plane").delivery == Delivery.NARRATED
