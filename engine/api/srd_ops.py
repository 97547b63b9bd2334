"""The SessionManager calls over the SRD catalogue: look a card up, search, spawn, rate an encounter.

Faces call these and never the adapter (engine.content), so the catalogue loads on first use only.
"""

from __future__ import annotations

import asyncio

from engine.api import limits
from engine.api.host import ManagerHost
from engine.api.limits import bounded
from engine.content import cards, catalogue, encounters, spawning, srd
from engine.errors import InvalidInputError
from engine.models.actions import DmChange, EntryKind
from engine.models.catalogue import CardResult, CatalogueKind, EncounterDifficulty, SearchResult, SpawnResult
from engine.models.world import Campaign
from engine.rules.dice import DiceRoller
from engine.rules.difficulty import rate

SEARCH_LIMIT = 50
# The CC-BY-4.0 credit the console's help and the README carry for the SRD 5.2.1 content.
SRD_ATTRIBUTION = srd.ATTRIBUTION


class SrdOperations(ManagerHost):
    """Mixed into SessionManager; the catalogue reads need no session."""

    async def lookup(self, kind: str, name: str) -> CardResult:
        """The card of one SRD monster, spell, item or condition; a typo is forgiven, an unknown name is
        answered with the three closest."""
        bounded(name, "name", limits.NAME_CHARS)
        return await asyncio.to_thread(_lookup, kind, name)

    async def search(self, kind: str, query: str = "", *, creature_type: str | None = None,
                     cr_min: str | None = None, cr_max: str | None = None, level: int | None = None,
                     school: str | None = None, spell_class: str | None = None,
                     limit: int = 20) -> SearchResult:
        """Catalogue entries whose name matches `query` (empty: all), filtered; best matches first."""
        bounded(query, "query", limits.NAME_CHARS)
        if not 1 <= limit <= SEARCH_LIMIT:
            raise InvalidInputError(f"limit must be 1 to {SEARCH_LIMIT}, got {limit}.")
        which = catalogue.parse_kind(kind)
        if which != CatalogueKind.MONSTER and (creature_type or cr_min is not None or cr_max is not None):
            raise InvalidInputError("creature_type and the CR range filter monsters only.")
        if which != CatalogueKind.SPELL and (level is not None or school or spell_class):
            raise InvalidInputError("level, school and spell_class filter spells only.")
        found = await asyncio.to_thread(catalogue.search, which, query, creature_type=creature_type, cr_min=cr_min,
                                        cr_max=cr_max, level=level, school=school, spell_class=spell_class)
        return SearchResult(kind=which, query=query, total=len(found),
                            entries=[catalogue.entry(which, r) for r in found[:limit]])

    async def spawn(self, session: str, name: str, count: int = 1, hp: str = "average") -> SpawnResult:
        """The DM brings `count` (1-20) of a campaign or SRD creature into the scene, or into the running
        fight with initiative rolled and numbered names; HP "average" or "roll". Journaled, undoable."""
        bounded(name, "name", limits.NAME_CHARS)
        await asyncio.to_thread(catalogue.index, CatalogueKind.MONSTER)  # the first load off the event loop
        async with self._playing(session) as s:
            state = s.working_state()
            done = spawning.spawn(DiceRoller(state.rng), state.world, name, count, hp)
            label = f"/spawn {done.names[0] if done.names else name} x{count}" + (" (rolled HP)" if hp == "roll" else "")
            entry = self._entry(s, EntryKind.DM_CHANGE, label)
            entry.dice_rolls, entry.state_changes = done.rolls, done.changes
            entry.dm_change = DmChange(kind="spawn", target=name, value=count)
            s.commit(state, entry)
            where = "join the fight" if done.in_fight else f"wait at {state.world.game_state.party_location}"
            who = ", ".join(done.names) if done.in_fight else f"{count} x {done.names[0]}"
            return SpawnResult(turn_number=entry.turn, names=done.names, in_fight=done.in_fight,
                               dice_rolls=done.rolls, state_changes=done.changes, message=f"{who} {where}.")

    async def encounter_difficulty(self, monsters: str, session: str | None = None, campaign: str | None = None,
                                   party_levels: list[int] | None = None) -> EncounterDifficulty:
        """How hard "goblin warrior x4, bugbear warrior" is for a party (SRD 5.2 XP budgets). The party is
        `party_levels`, else the living characters of the session (or the campaign); monsters are the
        campaign's stat blocks or SRD creatures."""
        bounded(monsters, "monsters", limits.ACTION_CHARS)
        world = await self._encounter_world(session, campaign)
        levels = party_levels if party_levels is not None else \
            [pc.level for pc in world.characters if not pc.dead] if world is not None else []
        if world is None and party_levels is None:
            raise InvalidInputError("Give a session, a campaign or the party's levels to rate an encounter for.")
        listed = await asyncio.to_thread(encounters.monsters, world, monsters)
        return rate(levels, listed)

    async def _encounter_world(self, session: str | None, campaign: str | None) -> Campaign | None:
        if session is not None:
            async with self._playing(session) as s:
                # A copy: the rating runs in a thread after the lock is released, and the session's state
                # object is reused as the next change's working copy (engine/session/spare.py).
                return s.state.world.model_copy(deep=True)
        if campaign is not None:
            return self.campaigns.load(self.campaigns.resolve(campaign))
        return None


def _lookup(kind: str, name: str) -> CardResult:
    which = catalogue.parse_kind(kind)
    record = catalogue.find(which, name)
    entry = catalogue.entry(which, record)
    return CardResult(kind=which, name=entry.name, markdown=cards.card(record))
