"""Trade as a DM sees it on the sample campaign: buying with change, refusals that change nothing, selling
at half price, paying and splitting coins, undo, and campaigns written before coins existed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.models.actions import ActionType
from engine.models.coins import Coins
from engine.models.world import Campaign, Combatant, CombatState
from engine.persistence.campaign_store import bundled_campaign_dirs
from engine.play.agents.rules_agent import RulesAgent
from engine.play.orchestrator import ActionInput, Orchestrator
from tests.engine.play.blind_world import case_world
from tests.engine.play.intent_cases import ScriptedRoller
from tests.engine.play.intent_cases import agent_context as ctx

pytestmark = pytest.mark.anyio


def sample_json() -> dict:
    return json.loads(bundled_campaign_dirs()[0].joinpath("campaign.json").read_text(encoding="utf-8"))


async def purse(manager, sid: str, name: str) -> Coins:
    state = await manager.get_session_state(sid)
    return next(p.coins for p in state.party_status if p.name == name)


async def carried(manager, sid: str, name: str) -> dict[str, int]:
    world = (await manager.get_session_state(sid, "full")).full_state["world"]
    pc = next(c for c in world["characters"] if c["name"] == name)
    return {i["name"]: i["quantity"] for i in pc["inventory"]}


@pytest.fixture
async def sid(manager, campaign) -> str:
    return (await manager.start_session(campaign, name="market-day", seed=5)).session_id


async def test_a_round_for_the_fishermen_is_bought_at_the_campaigns_price(manager, sid):
    assert await purse(manager, sid, "Bram") == Coins(gp=14, sp=7, cp=9)
    before = await carried(manager, sid, "Bram")
    r = await manager.player_action(sid, "Bram buys a round of ale for the fishermen", "Bram")
    assert r.action_type == ActionType.INVENTORY
    assert "round of Ale for the room from Hesper Quill for 2 sp" in r.narrative
    assert "does not have it" not in r.narrative and not r.warnings
    assert await purse(manager, sid, "Bram") == Coins(gp=14, sp=5, cp=9)
    assert await carried(manager, sid, "Bram") == before, "a round is drunk, not carried"
    assert [c.kind for c in r.state_changes] == ["coins"]


async def test_buying_with_change_adds_the_item(manager, sid):
    r = await manager.player_action(sid, "I buy two loaves of bread", "Tova")  # 4 cp from 17 gp 5 sp
    assert await purse(manager, sid, "Tova") == Coins(gp=17, sp=4, cp=6)
    assert "gets 6 cp back" in r.narrative
    assert (await carried(manager, sid, "Tova"))["Bread"] == 2


async def test_not_enough_coin_is_refused_in_the_world_and_changes_nothing(manager, sid):
    await manager.player_action(sid, "We walk down to Kettlecove Docks", "Idris")
    before = await carried(manager, sid, "Idris")
    r = await manager.player_action(sid, "I buy a chain shirt", "Idris")
    assert "Osric Vell names the price, 50 gp for Chain Shirt" in r.narrative
    assert any("cannot afford Chain Shirt (50 gp)" in w and "Nothing changed" in w for w in r.warnings)
    assert r.state_changes == []
    assert await purse(manager, sid, "Idris") == Coins(pp=1, gp=6, ep=2, sp=9)
    assert await carried(manager, sid, "Idris") == before


async def test_an_unknown_ware_gets_a_did_you_mean_and_where_it_is_sold(manager, sid):
    r = await manager.player_action(sid, "I buy some rope", "Bram")
    assert any("Osric Vell sells Rope (50 ft) at Kettlecove Docks (1 gp)" in w for w in r.warnings)
    assert r.state_changes == []
    await manager.player_action(sid, "We walk down to Kettlecove Docks", "Idris")
    r = await manager.player_action(sid, "I buy a lanturn", "Wren")
    assert any("Did you mean Lantern?" in w for w in r.warnings)
    assert await purse(manager, sid, "Wren") == Coins(gp=21, sp=4, cp=12)


async def test_arms_and_armor_are_sold_at_srd_cost_and_bought_back_at_half(manager, sid):
    await manager.player_action(sid, "We walk down to Kettlecove Docks", "Idris")
    r = await manager.player_action(sid, "I buy a dagger from Osric", "Wren")  # SRD: Dagger 2 GP
    assert await purse(manager, sid, "Wren") == Coins(gp=19, sp=4, cp=12)
    assert (await carried(manager, sid, "Wren"))["Dagger"] == 1
    r = await manager.player_action(sid, "I sell my longsword", "Bram")  # SRD: Longsword 15 GP
    assert "for 7 gp, 5 sp (half the 15 gp it costs new)" in r.narrative
    assert await purse(manager, sid, "Bram") == Coins(gp=21, sp=12, cp=9)
    assert "Longsword" not in await carried(manager, sid, "Bram")


async def test_selling_what_nobody_buys_or_nobody_carries_changes_nothing(manager, sid):
    r = await manager.player_action(sid, "I sell the goblin ears", "Wren")
    assert any("does not carry 'goblin ears'" in w for w in r.warnings) and r.state_changes == []
    r = await manager.player_action(sid, "I sell my thieves' tools", "Wren")
    assert any("Nobody here deals in Thieves' tools" in w for w in r.warnings) and r.state_changes == []
    assert await purse(manager, sid, "Wren") == Coins(gp=21, sp=4, cp=12)


async def test_paying_an_npc_and_handing_coins_to_a_friend(manager, sid):
    await manager.player_action(sid, "I pay Hesper 2 gp for her trouble", "Tova")
    assert await purse(manager, sid, "Tova") == Coins(gp=15, sp=5)
    r = await manager.player_action(sid, "I give Wren 3 gp", "Tova")
    assert "Tova hands 3 gp to Wren" in r.narrative
    assert (await purse(manager, sid, "Tova"), await purse(manager, sid, "Wren")) == (
        Coins(gp=12, sp=5), Coins(gp=24, sp=4, cp=12))
    r = await manager.player_action(sid, "I give Wren 2 pp", "Tova")
    assert any("not 2 pp" in w for w in r.warnings) and r.state_changes == []


async def test_splitting_the_coins_leaves_the_remainder_with_the_actor_and_says_so(manager, sid):
    r = await manager.player_action(sid, "Let's split the coins", "Idris")  # 1 pp, 6 gp, 2 ep, 9 sp
    assert "splits the coins 4 ways: 1 gp, 2 sp each; the odd 1 pp, 2 gp, 2 ep, 1 sp stay with Idris" in r.narrative
    assert await purse(manager, sid, "Idris") == Coins(pp=1, gp=3, ep=2, sp=3)
    assert await purse(manager, sid, "Bram") == Coins(gp=15, sp=9, cp=9)


async def test_undo_puts_back_exactly_the_coins_and_the_pack(manager, sid):
    before = {n: await purse(manager, sid, n) for n in ("Bram", "Wren", "Tova", "Idris")}
    pack = await carried(manager, sid, "Wren")
    await manager.player_action(sid, "I buy a loaf of bread and a bowl of stew", "Wren")
    await manager.undo_last(sid)
    await manager.player_action(sid, "Split the coins", "Idris")
    await manager.undo_last(sid)
    assert {n: await purse(manager, sid, n) for n in before} == before
    assert await carried(manager, sid, "Wren") == pack


async def test_coins_survive_a_pause_and_a_load(manager, sid):
    await manager.player_action(sid, "I buy a room for the night", "Idris")  # 5 sp: the electrum piece
    await manager.end_session(sid, "pause")
    await manager.load_session(sid)
    assert await purse(manager, sid, "Idris") == Coins(pp=1, gp=6, ep=1, sp=9)


async def test_a_campaign_written_before_coins_loads_and_says_nothing_is_sold(manager):
    old = sample_json()
    old["name"] = "Old Lantern"
    for pc in old["characters"]:
        pc.pop("coins")
    for npc in old["npcs"]:
        npc.pop("wares", None)
    folder = manager.layout.campaigns_dir / "old-lantern"
    folder.mkdir(parents=True)
    (folder / "campaign.json").write_text(json.dumps(old), encoding="utf-8")
    sid = (await manager.start_session("Old Lantern", seed=1)).session_id
    state = await manager.get_session_state(sid)
    assert {p.purse for p in state.party_status} == {"no coin"}
    r = await manager.player_action(sid, "I buy an ale", "Bram")
    assert r.state_changes == [] and any("Nothing is sold at Tarred Gull Inn" in w for w in r.warnings)


async def test_nothing_sold_here_names_who_sells_it_nearby():
    world = Campaign.model_validate(sample_json())
    world.game_state.party_location = "Gannet Point"
    result = await RulesAgent().handle(ctx(world, "I buy a lantern", ActionType.INVENTORY, ScriptedRoller(),
                                           actor="Wren"))
    assert result.state_changes == []
    assert result.warnings == ["Nothing is sold at Gannet Point. Osric Vell sells Lantern at Kettlecove Docks, "
                               "nearby (5 gp). Nothing changed."]


async def test_money_questions_are_answered_from_the_purse_and_the_wares_without_a_roll(manager, sid):
    r = await manager.player_action(sid, "How much gold do I have?", "Bram")
    assert "Bram has 14 gp, 7 sp, 9 cp" in r.narrative and not r.dice_rolls and not r.state_changes
    r = await manager.player_action(sid, "What does the ale cost?", "Tova")
    assert "Hesper Quill sells Ale for 2 cp" in r.narrative and not r.state_changes
    # "night" asks no time here: the price of the room is the answer
    r = await manager.player_action(sid, "what does a room for the night cost?", "Tova")
    assert "Hesper Quill sells Room for the night for 5 sp" in r.narrative and "outside it is" not in r.narrative


async def test_nobody_buys_or_sells_in_the_middle_of_a_fight():
    world = Campaign.model_validate(sample_json())
    world.game_state.combat = CombatState(order=[Combatant(id="character:Bram", name="Bram", kind="character",
                                                           initiative=10)])
    result = await RulesAgent().handle(ctx(world, "I buy an ale", ActionType.INVENTORY, ScriptedRoller(),
                                           actor="Bram"))
    assert result.state_changes == [] and "No trade in the middle of a fight" in result.warnings[0]
    assert world.character("Bram").coins == Coins(gp=14, sp=7, cp=9)


def test_campaign_check_names_a_bad_price_and_a_mistyped_ware_field(tmp_path):
    from engine.api.campaigns import check_campaign

    bad = sample_json()
    bad["npcs"][0]["wares"][0]["prise"] = "3 cp"
    bad["npcs"][0]["wares"][1]["price"] = "lots"
    (tmp_path / "campaign.json").write_text(json.dumps(bad), encoding="utf-8")
    problems = {p.field: p.message for p in check_campaign(tmp_path / "campaign.json")}
    assert "write coins such as '4 cp'" in problems["npcs[0].wares[1]"]
    assert "Did you mean 'price'?" in problems["npcs[0].wares[0].prise"]
    assert check_campaign(Path(__file__).parents[3] / "campaigns" / "dark-lantern" / "campaign.json") == []


def market_world() -> Campaign:
    """The agents' small world with a stall at the inn, an innkeeper who sells ale without a round price,
    and coins for Ari and Bryn."""
    from engine.models.wares import Ware
    from tests.engine.play.intent_cases import table_world

    world = table_world()
    world.character("Ari").coins = Coins(sp=5)
    world.character("Bryn").coins = Coins(gp=1)
    world.npc("Mara Vell").wares = [Ware(name="Ale", price="4 cp", service=True, keywords=["beer"])]
    world.location("The Crooked Lantern").wares = [Ware(name="Torch", price="1 cp", bundle=2)]
    return world


async def test_a_places_own_stall_sells_and_a_round_without_a_campaign_price_is_per_head():
    world = market_world()
    roller = ScriptedRoller()
    result = await RulesAgent().handle(ctx(world, "I buy two bundles of torches", ActionType.INVENTORY, roller))
    assert "Ari buys 2 Torch from The Crooked Lantern for 2 cp" in result.beats[0]
    torches = next(i for i in world.character("Ari").inventory if i.name == "Torch")
    assert torches.quantity == 3 + 2 * 2, "a bundle of two torches per purchase"
    # Two torches counted one by one are one bundle of two.
    await RulesAgent().handle(ctx(world, "I buy two torches", ActionType.INVENTORY, roller))
    assert torches.quantity == 3 + 2 * 2 + 2
    # Ari, Bryn and Mara are here: three heads at 4 cp.
    result = await RulesAgent().handle(ctx(world, "I buy a round of beer for everyone", ActionType.INVENTORY,
                                           roller, actor="Bryn"))
    assert "a round of Ale for the room from Mara Vell for 1 sp, 2 cp, 4 cp a head for 3" in result.beats[0]
    assert world.character("Bryn").coins == Coins(sp=8, cp=8)


async def test_a_hostile_npc_sells_nothing():
    world = market_world()
    world.npc("Mara Vell").attitude = "hostile"
    result = await RulesAgent().handle(ctx(world, "I buy an ale", ActionType.INVENTORY, ScriptedRoller()))
    assert result.state_changes == [] and any("Nobody here sells 'ale'" in w for w in result.warnings)
    assert world.character("Ari").coins == Coins(sp=5)


async def test_coins_picked_up_go_into_the_purse_not_the_pack(manager, sid):
    pack = await carried(manager, sid, "Wren")
    r = await manager.player_action(sid, "I pick up the 30 gp from the chest", "Wren")
    assert "Wren pockets 30 gp" in r.narrative
    assert await purse(manager, sid, "Wren") == Coins(gp=51, sp=4, cp=12)
    assert await carried(manager, sid, "Wren") == pack


async def test_ending_the_session_commits_the_purses_to_the_campaign(manager, campaign, sid):
    await manager.player_action(sid, "I buy two loaves of bread", "Tova")
    await manager.end_session(sid, "end")
    later = (await manager.start_session(campaign, name="next-night", seed=2)).session_id
    assert await purse(manager, later, "Tova") == Coins(gp=17, sp=4, cp=6)
    assert (await carried(manager, later, "Tova"))["Bread"] == 2


async def test_selling_never_takes_a_different_item_than_the_one_named(manager, sid):
    await manager.player_action(sid, "We walk down to Kettlecove Docks", "Idris")
    r = await manager.player_action(sid, "I sell my chain shirt", "Bram")
    assert any("does not carry 'chain shirt'. Did you mean Chain mail?" in w for w in r.warnings)
    assert r.state_changes == [] and "Chain mail" in await carried(manager, sid, "Bram")
    r = await manager.player_action(sid, "I sell both handaxes to Osric", "Bram")  # SRD: Handaxe 5 GP
    assert "sells 2 Handaxe to Osric Vell for 5 gp" in r.narrative
    assert "Handaxe" not in await carried(manager, sid, "Bram")


@pytest.mark.parametrize("text, ware, price", [
    ("how much for a room for the night, Hesper?", "room for the night", "5 sp"),
    ("what's a pint cost, hesper?", "ale", "2 cp"),
])
async def test_asking_a_seller_for_a_ware_names_its_price_with_no_roll(text: str, ware: str, price: str) -> None:
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    res = await Orchestrator().resolve(ActionInput(action=text, actor="Bram", world=world, roller=ScriptedRoller(),
                                                   turn=1))
    assert res.dice_rolls == [] and not any(c.kind == "setback" for c in res.state_changes)
    assert price in res.npc_responses[0].text and f"Buy {ware}" in res.follow_up_options
    assert res.world.character("Bram").coins == world.character("Bram").coins  # asking buys nothing yet


async def test_asking_a_seller_for_a_ware_is_the_order() -> None:
    # The labelling guide: "we ask Hesper for a room" is the purchase, as a DM would take it.
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    res = await Orchestrator().resolve(ActionInput(action="I ask Hesper for a room for the night", actor="Bram",
                                                   world=world, roller=ScriptedRoller(), turn=1))
    assert "buys Room for the night from Hesper Quill for 5 sp" in res.narrative
    assert res.world.character("Bram").coins.total_cp() == world.character("Bram").coins.total_cp() - 50


async def test_the_seller_hailed_before_an_order_is_who_is_asked_not_the_ware() -> None:
    # Set after set labels "can I get another bowl" at the counter as the order itself.
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    res = await Orchestrator().resolve(ActionInput(action="hesper, can I get a pint?", actor="Bram", world=world,
                                                   roller=ScriptedRoller(), turn=1))
    assert "Bram buys Ale from Hesper Quill for 2 cp" in res.narrative
    assert res.world.character("Bram").coins.total_cp() == world.character("Bram").coins.total_cp() - 2


async def test_a_ware_word_in_a_question_about_something_else_is_no_offer() -> None:
    # "the night" is a word of the inn's "Room for the night", but nobody asked for a room.
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    res = await Orchestrator().resolve(ActionInput(action="Wren asks the innkeeper what she saw the night the light "
                                                          "went out", actor="Wren", world=world,
                                                   roller=ScriptedRoller(), turn=1))
    assert not any(o.startswith("Buy ") for o in res.follow_up_options)


@pytest.mark.parametrize("text, flagged", [
    ("bram picks up a vorpal sword from the crates", True),   # nothing at the inn mentions one
    ("I pick up the foreign silver from the tin", False),     # the inn's own discovery
])
async def test_picking_up_what_the_scene_never_mentions_is_flagged_to_the_dm(text: str, flagged: bool) -> None:
    world = case_world({"location": "Tarred Gull Inn", "in_combat": False, "enemies": []})
    res = await Orchestrator().resolve(ActionInput(action=text, actor="Bram", world=world, roller=ScriptedRoller(),
                                                   turn=1))
    assert any(c.kind == "inventory_add" for c in res.state_changes)
    assert any("on the player's word" in w for w in res.warnings) is flagged


@pytest.mark.anyio
async def test_a_ware_asked_for_without_a_trade_verb_is_bought_through_the_api(manager, campaign):
    # "I'd like 20 arrows" counts arrows (one bundle of 20 for 1 gp); "on me" says who pays, it is no ware.
    sid = (await manager.start_session(campaign, seed=3)).session_id
    res = await manager.player_action(sid, "a round of ale for the room, on me", character_name="Bram")
    assert res.action_type.value == "inventory" and "round of Ale" in res.narrative and not res.warnings
    await manager.player_action(sid, "go to the docks", character_name="Bram")
    before = await manager.player_action(sid, "how many arrows do i have", character_name="Wren")
    res = await manager.player_action(sid, "I'd like 20 arrows please", character_name="Wren")
    assert res.action_type.value == "inventory" and "buys Arrows" in res.narrative and "for 1 gp" in res.narrative
    after = await manager.player_action(sid, "how many arrows do i have", character_name="Wren")
    assert "Arrows x20" in before.narrative and "Arrows x40" in after.narrative
