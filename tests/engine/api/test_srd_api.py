"""The catalogue through the SessionManager: cards and search, as the console and MCP server call them."""

from __future__ import annotations

import pytest

from engine.errors import InvalidInputError, NotFoundError

pytestmark = pytest.mark.anyio


async def test_monster_card_is_markdown_stat_block(manager) -> None:
    card = await manager.lookup("monster", "aboleth")
    assert card.name == "Aboleth"
    assert "**AC** 17" in card.markdown and "**HP** 150 (20d10 + 40)" in card.markdown
    assert "### Legendary Actions" in card.markdown and "SRD 5.2.1" in card.markdown


async def test_spell_and_item_cards(manager) -> None:
    spell = await manager.lookup("spell", "sacred flame")
    assert "Dexterity saving throw" in spell.markdown and "*Evocation cantrip (Cleric)*" in spell.markdown
    item = await manager.lookup("item", "Bag of Holding")
    assert item.kind == "item" and "Bag of Holding" in item.markdown


async def test_lookup_unknown_offers_closest(manager) -> None:
    with pytest.raises(NotFoundError, match="Closest: "):
        await manager.lookup("monster", "zzzgoblinoidqq")


async def test_search_filters_and_limits(manager) -> None:
    found = await manager.search("monster", creature_type="dragon", cr_min="10", limit=5)
    assert len(found.entries) == 5 and found.total > 5
    assert all("Dragon" in e.summary for e in found.entries)


async def test_search_refuses_filters_of_another_kind(manager) -> None:
    with pytest.raises(InvalidInputError, match="monsters only"):
        await manager.search("spell", "fire", creature_type="dragon")
    with pytest.raises(InvalidInputError, match="limit"):
        await manager.search("spell", "fire", limit=0)
