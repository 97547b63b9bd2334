"""Trade at the table: buy, sell, restock, pay someone, hand coins over, split the coins.

The inventory agent sends an action here first; `handle` says whether it was trade. Refusals (too
little coin, nothing sold here, nobody buys that) change nothing and say so in the world's voice and
in a warning the DM can act on.
"""

from __future__ import annotations

import re

from engine.errors import InvalidInputError
from engine.models.coins import CP_VALUE, amounts_in, coins_text, cp_text
from engine.models.world import NPC, Character
from engine.play.agents import market
from engine.play.agents.base import AgentContext, AgentResult, party_here
from engine.play.agents.pack import add_item, find_item, take_item
from engine.play.cues import count_in
from engine.play.wares_named import ORDERED
from engine.rules import purse
from engine.text import overlap, stem, stems, words

_BUY = {"buy", "bought", "purchas", "restock", "rent", "hir"}
_SELL = {"sell", "sold", "pawn", "hawk"}
_PAY = {"pay", "paid", "tip", "brib"}
_GIVE = {"giv", "hand", "pass", "lend", "toss"}
_SPLIT = {"split", "divid", "share"}
_TAKE = {"pick", "tak", "grab", "pocket", "collect", "loot", "scoop", "gather", "find", "found"}
_MONEY = {"coin", "gold", "silver", "copper", "money", "loot", "purse", "treasure", "take", "haul", "cash"}
_VERB = re.compile(r"\b(?:buy|buys|buying|bought|purchas\w*|restock\w*|rent\w*|hire[sd]?|hiring|sell\w*|sold|"
                   r"pawn\w*|hawk\w*|pay(?:s|ing)? for|paid for)\b")
# Amounts that measure, not count: "50 feet of rope" is one rope.
_MEASURE = re.compile(r"\b\d+\s*(?:feet|foot|ft|lbs?|pounds?|gallons?|pints?)\b")
# "a round of ale for the room", "everyone a drink": one for each head, priced as the campaign says.
# Words that count rather than name what is sold ("both handaxes", "a spare dagger").
_COUNTING = {"all", "every", "each", "both", "pair", "couple", "few", "spare", "extra", "one", "two", "three",
             "four", "five", "six", "seven", "eight", "nine", "ten", "dozen", "several"}
# Words that count what a purchase gives ("two quivers of arrows"), not single pieces ("twenty arrows").
_BUNDLES = {"bundle", "bundles", "quiver", "quivers", "case", "cases", "pack", "packs", "sheaf", "sheaves", "box",
            "boxes", "set", "sets", "lot", "lots", "batch", "batches"}
_ROUND = re.compile(r"\bround\b|\bfor\s+(?:the\s+)?(?:whole\s+)?(?:room|house|bar|taproom|tavern|everyone|all)\b"
                    r"|\beveryone\b|\beverybody\b")


def handle(ctx: AgentContext, pc: Character, result: AgentResult) -> bool:
    """Resolve the action as trade when it is one; False leaves it to the inventory agent."""
    said = stems(ctx.action)
    amounts = amounts_in(ctx.action)
    combat = ctx.world.game_state.combat
    if combat is not None and combat.active and said & (_BUY | _SELL):
        _refuse(result, "The fight is still on: nobody is buying or selling.",
                "No trade in the middle of a fight; end the combat first.")
        return True
    if said & _SPLIT and said & _MONEY:
        split(ctx, pc, result)
    elif said & _SELL:
        sell(ctx, pc, result)
    elif (said & _PAY or said & _GIVE) and amounts:
        pay(ctx, pc, result, amounts)
    elif said & _TAKE and amounts:
        # Loot counted into the purse as the player says it; the DM sees the change and can undo it.
        result.state_changes.append(purse.pocket(pc, amounts, ""))
        result.beats.append(f"{pc.name} pockets {coins_text(amounts)}; {pc.name} now has {pc.coins.text()}.")
    elif said & _BUY or said & _PAY or ctx.intent is not None and ORDERED in ctx.intent.matched:
        # "I'd like 20 arrows please", "a round of ale for the room, on me": a ware of the place asked for.
        buy(ctx, pc, result)
    else:
        return False
    result.follow_up_options += ["Check inventory", "Look around"]
    return True


def _object(ctx: AgentContext) -> str:
    """The words after the trade verb, without prices, measures or the seller's name."""
    match = _VERB.search(ctx.normalized)
    phrase = ctx.normalized[match.end():] if match else ctx.normalized
    phrase = re.sub(r"\b\d[\d,]*\s*(?:cp|sp|ep|gp|pp|copper|silver|electrum|gold|platinum)\b", " ", phrase)
    phrase = re.split(r"\s+(?:from|to|at|off)\s+|[.;!?]", phrase)[0].strip()
    phrase = re.sub(r"[\s,]*\b(?:on me|on us|my treat|my shout)\b", " ", phrase).strip()  # who pays, not what
    phrase = re.sub(r"(?:\s+(?:here|there|please|now|too|today|tonight))+$", "", phrase)
    phrase = _without_hail(ctx, phrase)
    return re.sub(r"^(?:(?:the|a|an|my|some|our|his|her|their|this|that|these|those|of)\s+)+", "", phrase)


def _without_hail(ctx: AgentContext, phrase: str) -> str:
    """The phrase without someone here hailed before it ("hesper, can I get a pint?"): who is asked, not what."""
    head, comma, rest = phrase.partition(",")
    here = ctx.world.npcs_at(ctx.world.game_state.party_location)
    hailed = comma and words(head) and any(set(words(head)) <= set(market.name_words(n.name)) for n in here)
    return rest.strip() if hailed else phrase


def _quantity(phrase: str) -> int:
    if "both" in words(phrase) or "pair" in words(phrase):
        return 2
    return max(1, count_in(_MEASURE.sub(" ", phrase)))


def _named_npc(ctx: AgentContext, *, role_anywhere: bool = False) -> NPC | None:
    """The NPC here the action names: by name anywhere; by role ("the harbormaster") anywhere when paying,
    else only after "from"/"to", so "buy a net" at the docks does not pick Pim the net-mender as the seller."""
    said = stems(ctx.action)
    tail = said if role_anywhere else stems(" ".join(re.split(r"\b(?:from|to)\b", ctx.normalized)[1:]))
    here = ctx.world.npcs_at(ctx.world.game_state.party_location)
    scored = [(_said(n.name, said) * 2 + _said(n.role, tail), n) for n in here]
    scored = [s for s in scored if s[0] > 0]
    return max(scored, key=lambda s: s[0])[1] if scored else None


def _said(name: str, said: set[str]) -> int:
    return sum(1 for w in market.name_words(name) if stem(w) in said)


def _named_character(ctx: AgentContext, pc: Character) -> Character | None:
    said = set(words(ctx.action))
    return next((c for c in ctx.world.characters if c is not pc and not c.dead
                 and {w for w in words(c.name) if len(w) > 2} & said), None)


def _refuse(result: AgentResult, beat: str, warning: str) -> None:
    result.beats.append(beat)
    result.warnings.append(warning + " Nothing changed.")


def _nothing_here(ctx: AgentContext, result: AgentResult, pc: Character, what: str) -> None:
    near = market.nearby(ctx.world)
    place = ctx.world.game_state.party_location
    wanted = market.best(near, stems(what)) if what else None
    if wanted is not None:
        tip = f"{wanted.seller} sells {wanted.name} at {wanted.place}, nearby ({cp_text(wanted.cost_cp)})."
    elif near:
        tip = f"Nearby: {market.stock_text(near)}."
    else:
        tip = "Nobody nearby sells anything either."
    _refuse(result, f"Nobody at {place} has anything to sell {pc.name}.", f"Nothing is sold at {place}. {tip}")


def buy(ctx: AgentContext, pc: Character, result: AgentResult) -> None:
    place = ctx.world.game_state.party_location
    offers = market.offers_at(ctx.world, place)
    what = _object(ctx)
    if not offers:
        _nothing_here(ctx, result, pc, what)
        return
    named = _named_npc(ctx)
    if named is not None and named.name in market.sellers(offers):
        offers = [o for o in offers if o.seller == named.name]
    elif named is not None and not named.wares:
        _refuse(result, f"{named.name} has nothing to sell.",
                f"{named.name} sells nothing. On sale here: {market.stock_text(offers)}.")
        return
    # "two flasks of oil and a lantern": each thing is its own purchase, in the order said.
    for part in [p for p in re.split(r"\s+and\s+(?:an?\s+|some\s+)?|\s*,\s*", what) if p] or [what]:
        if not _buy_one(ctx, pc, result, offers, part):
            return


def _buy_one(ctx: AgentContext, pc: Character, result: AgentResult, offers: list[market.Offer], what: str) -> bool:
    """One purchase; False when it was refused (and nothing after it should be bought)."""
    place = ctx.world.game_state.party_location
    asked_round = bool(_ROUND.search(what))
    offer = market.best(offers, stems(_ROUND.sub(" ", what)))
    if offer is None and asked_round:  # "a round for the room": the house's round, as the campaign prices it
        offer = next((o for o in offers if o.ware.round), None)
    if offer is None:
        _not_on_sale(ctx, result, offers, what)
        return False
    heads = len(party_here(ctx.world)) + len(ctx.world.npcs_at(place))
    rounds = asked_round and offer.ware.srd is None
    count = 1 if rounds else _quantity(what)
    if offer.ware.bundle > 1 and count > 1 and not set(words(what)) & _BUNDLES:
        count = -(-count // offer.ware.bundle)  # "20 arrows" counts arrows: one bundle of 20, not twenty
    if rounds:
        cost = offer.ware.round_cp() or offer.cost_cp * heads
        label = f"a round of {offer.name} for the room"
    else:
        cost = offer.cost_cp * count
        label = f"{count} {offer.name}" if count > 1 else offer.name
    if not purse.can_pay(pc, cost):
        _refuse(result, f"{offer.seller} names the price, {cp_text(cost)} for {label}, and {pc.name} comes up "
                        f"short with {pc.coins.text()}.",
                f"{pc.name} cannot afford {label} ({cp_text(cost)}); {pc.name} has {pc.coins.text()}.")
        return False
    result.state_changes.append(purse.pay(pc, cost, offer.seller))
    if not rounds and not offer.ware.service:
        result.state_changes.append(add_item(pc, offer.name, count * offer.ware.bundle))
    per_head = "" if not rounds or offer.ware.round else f", {cp_text(offer.cost_cp)} a head for {heads}"
    result.beats.append(f"{pc.name} buys {label} from {offer.seller} for {cp_text(cost)}{per_head}; "
                        f"{pc.name} now has {pc.coins.text()}.")
    return True


def _not_on_sale(ctx: AgentContext, result: AgentResult, offers: list[market.Offer], what: str) -> None:
    near = market.nearby(ctx.world)
    guesses = market.closest([o.name for o in offers], what)
    elsewhere = market.best(near, stems(what)) if what else None
    if elsewhere is None and not guesses:
        # A typo of something sold one step away: "rpoe" at the inn, rope on the docks.
        typo = market.closest([o.name for o in near], what)
        elsewhere = next((o for o in near if typo and o.name == typo[0]), None)
    hint = f" Did you mean {' or '.join(guesses)}?" if guesses else ""
    if elsewhere is not None:
        hint += f" {elsewhere.seller} sells {elsewhere.name} at {elsewhere.place} ({cp_text(elsewhere.cost_cp)})."
    thing = what or "that"
    _refuse(result, f"Nobody here sells {thing}.",
            f"Nobody here sells {thing!r}.{hint} On sale here: {market.stock_text(offers)}.")


def sell(ctx: AgentContext, pc: Character, result: AgentResult) -> None:
    what = _object(ctx)
    item = find_item(pc, stems(what))
    if item is None:
        carried = [i.name for i in pc.inventory]
        guesses = market.closest(carried, what)
        hint = f" Did you mean {' or '.join(guesses)}?" if guesses else ""
        _refuse(result, f"{pc.name} has no {what or 'such thing'} to sell.",
                f"{pc.name} does not carry {what or 'that'!r}.{hint} {pc.name} carries: {', '.join(carried) or 'nothing'}.")
        return
    # Every word said must name this item: "sell my chain shirt" never sells the chain mail.
    loose = [w for w in market.name_words(what) if w not in _COUNTING and not w.isdigit()
             and stem(w) not in stems(item.name)]
    if loose:
        _refuse(result, f"{pc.name} has no {what} to sell.",
                f"{pc.name} does not carry {what!r}. Did you mean {item.name}?")
        return
    place = ctx.world.game_state.party_location
    offers = market.offers_at(ctx.world, place)
    if not offers:
        _nothing_here(ctx, result, pc, item.name)
        return
    named = _named_npc(ctx)
    if named is not None and named.name in market.sellers(offers):
        offers = [o for o in offers if o.seller == named.name]
    offer = _price_for(offers, item.name)
    if offer is None:
        _refuse(result, f"Nobody at {place} will put a price on the {item.name}.",
                f"Nobody here deals in {item.name}; traders here: {market.stock_text(offers)}.")
        return
    count = item.quantity if "all" in words(what) else min(item.quantity, _quantity(what))
    # SRD 5.2.1 (Equipment, selling): undamaged equipment fetches half its cost when sold. A bundle (20
    # arrows for 1 gp) is priced per piece.
    each = offer.cost_cp / offer.ware.bundle
    price = int(each * count // 2)
    name = item.name
    result.state_changes.append(take_item(pc, item, count))
    result.state_changes.append(purse.receive(pc, price, offer.seller))
    result.beats.append(f"{pc.name} sells {count} {name} to {offer.seller} for {cp_text(price)} (half the "
                        f"{cp_text(int(each * count))} it costs new); {pc.name} now has {pc.coins.text()}.")


def _price_for(offers: list[market.Offer], item_name: str) -> market.Offer | None:
    """The offer that is this very thing: every meaningful word of the one name found in the other."""
    mine = stems(item_name)
    for offer in offers:
        theirs = stems(offer.name)
        need_theirs = len([w for w in words(offer.name) if len(w) > 2])
        need_mine = len([w for w in words(item_name) if len(w) > 2])
        if (need_theirs and overlap(offer.name, mine) == need_theirs) or \
                (need_mine and overlap(item_name, theirs) == need_mine):
            return offer
    return None


def pay(ctx: AgentContext, pc: Character, result: AgentResult, amounts: dict[str, int]) -> None:
    friend = _named_character(ctx, pc)
    npc = None if friend else _named_npc(ctx, role_anywhere=True)
    told = coins_text(amounts)
    try:
        if friend is not None:
            result.state_changes += purse.hand_over(pc, friend, amounts)
            result.beats.append(f"{pc.name} hands {told} to {friend.name}.")
        elif npc is not None:
            copper = sum(n * CP_VALUE[c] for c, n in amounts.items())
            result.state_changes.append(purse.pay(pc, copper, npc.name))
            result.beats.append(f"{pc.name} pays {npc.name} {told}.")
        else:
            here = [n.name for n in ctx.world.npcs_at(ctx.world.game_state.party_location)]
            others = [c.name for c in ctx.world.characters if c is not pc]
            _refuse(result, f"{pc.name} holds out {told}, but to whom?",
                    f"Pay whom? Name a party member ({', '.join(others) or 'none'}) or someone here "
                    f"({', '.join(here) or 'nobody'}).")
    except InvalidInputError as exc:
        _refuse(result, f"{pc.name} counts the purse and comes up short.", str(exc))


def split(ctx: AgentContext, pc: Character, result: AgentResult) -> None:
    party = party_here(ctx.world)
    if len(party) < 2:
        _refuse(result, f"{pc.name} has nobody to split the coins with.", "There is nobody else in the party.")
        return
    if pc.coins.total_cp() == 0:
        _refuse(result, f"{pc.name} turns out an empty purse.", f"{pc.name} has no coin to split.")
        return
    changes, odd = purse.share_out(pc, party)
    if not changes:
        _refuse(result, f"{pc.name}'s {pc.coins.text()} will not go {len(party)} ways.",
                f"{pc.name} has {pc.coins.text()}: too few coins of any kind for {len(party)} shares.")
        return
    result.state_changes += changes
    share = changes[1].after
    each = coins_text({c: share[c] - changes[1].before[c] for c in share})
    leftover = f"; the odd {coins_text(odd)} stay with {pc.name}" if odd else ""
    result.beats.append(f"{pc.name} splits the coins {len(party)} ways: {each} each{leftover}.")
