"""The SRD catalogue read through our own models: counts, exact stat blocks, search and bad names."""

from __future__ import annotations

import pytest

from engine.content import catalogue, srd
from engine.errors import InvalidInputError, NotFoundError
from engine.models.catalogue import CatalogueKind


def test_the_catalogue_holds_the_whole_srd() -> None:
    assert len(srd.creatures()) >= 330
    assert len(srd.spells()) >= 339
    assert len(srd.magic_items()) >= 200
    assert len(srd.conditions()) == 15


@pytest.mark.parametrize("kind", list(srd.SOURCES))
def test_upstream_fields_are_all_known_to_our_models(kind: str) -> None:
    """A field dndwright adds or renames shows here, so the adapter is reviewed before it is trusted."""
    category, model = srd.SOURCES[kind]
    upstream = {key for record in srd.raw(category) for key in record}
    ours = set(model.model_fields)
    # Read but deliberately unused: computed from fields we keep, or machine-readable item effects.
    skipped = {"mechanics", "component"}
    assert upstream - ours - skipped == set()


@pytest.mark.parametrize("kind", list(srd.SOURCES))
def test_the_fast_read_equals_dndwrights_own_loader(kind: str) -> None:
    category, _ = srd.SOURCES[kind]
    assert srd.bundled(category) == srd.raw(category)


def test_goblin_warrior_is_the_srd_stat_block() -> None:
    goblin = catalogue.find_creature("Goblin Warrior")
    assert (goblin.size, goblin.creature_type, goblin.ac, goblin.hp, goblin.hp_formula) == \
        ("Small", "fey", 15, 10, "3d6")
    assert (goblin.cr, goblin.xp) == ("1/4", 50)
    assert goblin.abilities == {"str": 8, "dex": 15, "con": 10, "int": 10, "wis": 8, "cha": 8}
    scimitar = goblin.actions[0]
    assert (scimitar.name, scimitar.attack_bonus, scimitar.damage[0].dice, scimitar.damage[0].type) == \
        ("Scimitar", 4, "1d6 + 2", "slashing")


def test_aboleth_is_the_srd_stat_block() -> None:
    aboleth = catalogue.find_creature("aboleth")
    assert (aboleth.ac, aboleth.hp, aboleth.cr, aboleth.xp) == (17, 150, "10", 5900)
    assert aboleth.saving_throws == {"dex": 3, "con": 6, "int": 8, "wis": 6}
    consume = next(a for a in aboleth.actions if a.name == "Consume Memories")
    assert (consume.save_ability, consume.save_dc) == ("int", 16)


def test_a_typo_finds_the_record() -> None:
    assert catalogue.find("monster", "goblin warior").name == "Goblin Warrior"
    assert catalogue.find("spell", "FIREBALL").name == "Fireball"
    assert catalogue.find("item", "bag of holdin").name == "Bag of Holding"
    assert catalogue.find("condition", "poisoned").display_name == "Poisoned"


def test_an_unknown_name_offers_the_three_closest() -> None:
    with pytest.raises(NotFoundError) as caught:
        catalogue.find("spell", "fierball blast")
    closest = str(caught.value).split("Closest: ")[1].rstrip(".").split(", ")
    assert len(closest) == 3 and "Fireball" in closest


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="monster, spell, item, condition"):
        catalogue.find("vehicle", "cart")


def test_search_by_type_and_cr_range() -> None:
    undead = catalogue.search("monster", creature_type="undead", cr_min="1/4", cr_max="1")
    names = [c.name for c in undead]
    assert "Zombie" in names and "Skeleton" in names
    assert all(c.creature_type == "undead" and 0.25 <= c.cr_numeric <= 1 for c in undead)
    assert "Lich" not in names


def test_search_by_name_puts_prefix_matches_first() -> None:
    names = [c.name for c in catalogue.search("monster", "goblin")]
    assert names[:3] == ["Goblin Boss", "Goblin Minion", "Goblin Warrior"]
    assert "Lion" not in names


def test_search_spells_by_level_and_class() -> None:
    cantrips = catalogue.search("spell", level=0, spell_class="cleric")
    assert "Sacred Flame" in [s.name for s in cantrips]
    assert all(s.level == 0 and "Cleric" in s.classes for s in cantrips)


def test_entries_summarise() -> None:
    goblin = catalogue.entry(CatalogueKind.MONSTER, catalogue.find_creature("goblin warrior"))
    assert goblin.summary == "Small Fey, CR 1/4 (50 XP), AC 15, HP 10"
