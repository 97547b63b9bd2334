"""Who sells what, where: the campaign's wares on NPCs and places, and the SRD's arms and armor for a
seller whose wares say they stock them. Read-only: nothing here changes the world."""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz.distance import DamerauLevenshtein

from engine.content import srd
from engine.models.coins import cp_text, parse_amount
from engine.models.wares import Ware
from engine.models.world import Attitude, Campaign, Character
from engine.play.entities import STOP
from engine.text import stem, words

NEAR = 0.7  # a typed ware name this close to one on sale is offered back ("did you mean")


def name_words(name: str) -> list[str]:
    """The words of a name that say what it is ('Room for the night' -> room, night)."""
    return [w for w in words(name) if len(w) > 2 and w not in STOP]


@dataclass(frozen=True)
class Offer:
    """One thing on sale: who sells it, where, at what price (in copper, for one purchase)."""

    seller: str
    place: str
    name: str
    cost_cp: int
    ware: Ware

    def matches(self, text_stems: set[str]) -> int:
        """How many words of its name (or keywords) the text says; 0 when it names it not at all."""
        said = sum(1 for w in name_words(self.name) if stem(w) in text_stems)
        said += sum(1 for k in self.ware.keywords if all(stem(w) in text_stems for w in words(k)))
        return said


def _expand(ware: Ware, seller: str, place: str) -> list[Offer]:
    if ware.srd is None:
        return [Offer(seller, place, ware.name, ware.cost_cp(), ware)]
    return [Offer(seller, place, g.name, parse_amount(g.cost) or 0, ware) for g in srd.gear(ware.srd)]


def offers_at(world: Campaign, place: str) -> list[Offer]:
    """Everything for sale at `place`: its NPCs' wares (a hostile NPC sells nothing), then the place's own."""
    found: list[Offer] = []
    for npc in world.npcs_at(place):
        if npc.attitude != Attitude.HOSTILE:
            found += [o for w in npc.wares for o in _expand(w, npc.name, place)]
    here = world.location(place)
    if here is not None:
        found += [o for w in here.wares for o in _expand(w, here.name, here.name)]
    return found


def sellers(offers: list[Offer]) -> list[str]:
    return list(dict.fromkeys(o.seller for o in offers))


def best(offers: list[Offer], text_stems: set[str]) -> Offer | None:
    """The offer the words name most fully; a name said in full beats one word of a longer name."""
    scored = [(o.matches(text_stems), o.matches(text_stems) / max(1, len(name_words(o.name))), -n, o)
              for n, o in enumerate(offers)]
    scored = [s for s in scored if s[0] > 0]
    return max(scored, key=lambda s: s[:3])[3] if scored else None


def closest(names: list[str], said: str) -> list[str]:
    """Names like what was typed ('rpoe' -> 'Rope (50 ft)'), best first: for a "did you mean"."""
    if not said:
        return []
    # Whole names and each of their words, so 'rpoe' finds 'Rope (50 ft)' but 'pint' not 'Splint Armor'
    # (a swapped pair of letters is one edit; a missing 'sl' is two).
    scored = {name: max(DamerauLevenshtein.normalized_similarity(said, v) for v in [name.lower(), *name_words(name)])
              for name in names}
    ranked = sorted((s, -n, name) for n, (name, s) in enumerate(scored.items()) if s >= NEAR)
    return [name for _, _, name in reversed(ranked)][:3]


def nearby(world: Campaign) -> list[Offer]:
    """What is sold one step away, at the places connected to the party's."""
    here = world.location(world.game_state.party_location)
    return [o for place in (here.connections if here else []) for o in offers_at(world, place)]


def stock_text(offers: list[Offer], limit: int = 6) -> str:
    """'Hesper Quill (Ale 2 cp, Stew 1 cp, ...)' for each seller: what a DM would read out."""
    parts = []
    for seller in sellers(offers):
        theirs = [o for o in offers if o.seller == seller]
        srd_lists = list(dict.fromkeys(o.ware.name for o in theirs if o.ware.srd))
        named = [f"{o.name} {cp_text(o.cost_cp)}" for o in theirs if not o.ware.srd][:limit]
        where = f" at {theirs[0].place}" if theirs[0].place != seller else ""
        parts.append(f"{seller}{where} ({', '.join(named + srd_lists)})")
    return "; ".join(parts)


_PRICE_WORDS = {"cost", "costs", "price", "prices", "sale", "sell", "sells", "buy", "wares"}
_PURSE_WORDS = {"gold", "money", "coin", "coins", "purse", "silver", "copper", "funds", "wealth", "gp"}


def answer(world: Campaign, pc: Character | None, text: str) -> str | None:
    """A question about money, answered from the purse and the wares here ("how much gold do I have?",
    "what does the ale cost?", "what is for sale?"); None when the question is not about money."""
    ws = set(words(text))
    if ws & _PURSE_WORDS and ws & {"have", "got", "carry", "left", "we", "our", "party"}:
        party = [pc] if pc is not None and not ws & {"we", "our", "party"} else world.characters
        return "; ".join(f"{c.name} has {c.coins.text()}" for c in party) + "."
    if not ws & _PRICE_WORDS:
        return None
    place = world.game_state.party_location
    offers = offers_at(world, place)
    asked = best(offers, {stem(w) for w in ws - _PRICE_WORDS})
    if asked is not None:
        return f"{asked.seller} sells {asked.name} for {cp_text(asked.cost_cp)}."
    return f"On sale at {place}: {stock_text(offers)}." if offers else f"Nothing is sold at {place}."
