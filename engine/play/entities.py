"""Entity linking: which person, creature or place in the world a player's words point at.

Everything is derived from the world itself, so a new campaign needs no word lists: names (full,
first, surname), titles and roles ("the captain", "the harbormaster", "the innkeeper" from "Keeper of
the ... Inn"), words of a description ("the big guy with the red sash"), a foe's weapons ("the one
with the scimitar"), and for places their name, their description and the features leading there.
Typos are folded onto this vocabulary (engine.play.typos). Cost depends on the world's size, never on
the session's history.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from engine.models.intent import EntityRef
from engine.models.world import NPC, Campaign
from engine.play.person_nouns import person_aliases, person_classes
from engine.play.world_memo import remembered
from engine.text import NUMBER_WORDS, stem, strong_past, words

# Words never corrected nor used as aliases: too common to mean an entity.
STOP = set("""a an the and or but of to in on at by for from with into onto over under up down out off
    about as is are was were be been am do does did have has had i me my we us our you your he him his she
    her they them their it its this that these those there here what who where when why how which whose
    not no some any all one two three then than so if can could would will should may might must just
    very too also again still yet now old new big small little young good long left right way back
    kind sort little much many more most few other another each every own same such only like""".split())
PRONOUNS = {"him", "her", "them", "he", "she", "they", "it", "his", "hers", "their"}
NAME_WEIGHT, ROLE_WEIGHT, DESC_WEIGHT, WEAPON_WEIGHT = 3.0, 2.0, 1.0, 1.0
EXTRA_WORD = 0.5  # each further word of the same person adds half its weight
UNPLACED = 1.0


def content_words(text: str) -> list[str]:
    """The words of `text` that can name something: no short or stop words."""
    return [w for w in words(text.replace("-", " ")) if len(w) > 2 and w not in STOP]


def content_stems(texts: Iterable[str]) -> set[str]:
    """Stems of the words in `texts` that can name a thing (no short or stop words)."""
    return {stem(w) for t in texts for w in content_words(t)}


def place_words(world: Campaign) -> frozenset[str]:
    return remembered(world, "place words", lambda: _place_words(tuple(loc.name for loc in world.locations)))


@lru_cache(maxsize=16)
def _place_words(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(stem(w) for name in names for w in content_words(name))


def _aliases(name: str, role: str, description: str, places: frozenset[str]) -> dict[str, tuple[float, str]]:
    """stem -> (weight, the alias it came from) for one person or creature (a copy the caller may change)."""
    return dict(_aliases_of(name, role, description, places))


# Cached per person: the index is rebuilt whenever the fight changes (a foe falls), its people mostly not.
@lru_cache(maxsize=1024)
def _aliases_of(name: str, role: str, description: str, places: frozenset[str]) -> dict[str, tuple[float, str]]:
    out: dict[str, tuple[float, str]] = {}

    def put(word: str, weight: float, via: str) -> None:
        key = stem(word)
        if out.get(key, (0.0, ""))[0] < weight:
            out[key] = (weight, via)

    # A place named in a description says where someone is, not who they are ("watches Gannet Point":
    # "how many hit points do I have?" is not about the lookout). Nor does what befell them ("held
    # captive": "I hold the light up" is not about Aldous).
    # Nor does a number ("a boy of about ten": "ten silver for the rope" is a price, not the boy).
    for w in content_words(description):
        if stem(w) not in places and strong_past(w) is None and w not in NUMBER_WORDS and not w.isdigit():
            put(w, DESC_WEIGHT, w)
    role_words = [w for w in content_words(role) if stem(w) not in places]
    for w in role_words:
        put(w, ROLE_WEIGHT, w)
    # "Keeper of the Tarred Gull Inn" -> "innkeeper": a role compounded with the place's last word.
    head = next(iter(words(role)), "")
    tail = next((w for w in reversed(words(role)) if stem(w) in places), None)
    if head and tail:
        put(tail + head, ROLE_WEIGHT, tail + head)
    for w in content_words(name):
        put(w, NAME_WEIGHT, w)
    return out


@lru_cache(maxsize=64)
def _people_index(entries: tuple[tuple[str, str, str, str, str], ...],
                  places: frozenset[str]) -> list[tuple[str, str, dict[str, tuple[float, str]]]]:
    """(name, kind, aliases) per entity; cached on the world's people, which rarely change."""
    index = []
    nicknames = _nicknames(entries)
    for i, (name, kind, role, description, weapons) in enumerate(entries):
        aliases = _aliases(name, role, description, places)
        if kind != "character":  # players call companions by name, not "the dwarf"
            for s, weight, noun in person_aliases(name, role, description):
                if aliases.get(s, (0.0, ""))[0] < weight:
                    aliases[s] = (weight, noun)
        for w in content_words(weapons):
            aliases.setdefault(stem(w), (WEAPON_WEIGHT, w))
        for s, (owner, w) in nicknames.items():
            if owner == i:
                aliases[s] = (NAME_WEIGHT, w)
            elif aliases.get(s, (NAME_WEIGHT, ""))[0] <= DESC_WEIGHT:
                del aliases[s]  # the describer only mentions the name; it belongs to its bearer
        index.append((name, kind, aliases))
    # A description word shared by several people says little about any one of them.
    shared: dict[str, int] = {}
    for _, _, aliases in index:
        for s, (weight, _) in aliases.items():
            if weight <= DESC_WEIGHT:
                shared[s] = shared.get(s, 0) + 1
    return [(name, kind, {s: (w / shared[s] if w <= DESC_WEIGHT else w, via) for s, (w, via) in al.items()})
            for name, kind, al in index]


_NAMED_RE = re.compile(r"((?:[A-Za-z']+\s+){1,3})(?:named|called|nicknamed)\s+((?:[A-Z][A-Za-z']*\s*){1,3})")


@lru_cache(maxsize=1024)
def _named_in(description: str) -> tuple[tuple[str, str], ...]:
    return tuple(_NAMED_RE.findall(description))


def _nicknames(entries: tuple[tuple[str, str, str, str, str], ...]) -> dict[str, tuple[int, str]]:
    """stem -> (index of its bearer, word) for names a description gives someone else: "keeps a giant crab
    named Old Nip" makes "Nip" the Giant Crab's name, not a word describing its keeper."""
    found: dict[str, tuple[int, str]] = {}
    for describer, (_, _, _, description, _) in enumerate(entries):
        for before, named in _named_in(description):
            said = {stem(w) for w in content_words(before)}
            scored = [(sum(stem(w) in said for w in content_words(n)), -i, i) for i, (n, *_) in enumerate(entries)
                      if i != describer]
            best = max(scored, default=(0, 0, -1))
            if best[0] > 0:
                for w in content_words(named):
                    found[stem(w)] = (best[2], w)
    return found


def people(world: Campaign, actor: str | None) -> list[tuple[str, str, dict[str, tuple[float, str]]]]:
    """Everyone the words could mean: foes in the fight, NPCs, the other characters, stat blocks."""
    return remembered(world, ("people", actor), lambda: _people(world, actor))


def _people(world: Campaign, actor: str | None) -> list[tuple[str, str, dict[str, tuple[float, str]]]]:
    before, characters, after = remembered(world, "people entries", lambda: _entries(world))
    mine = tuple(e for e in characters if actor is None or e[0].casefold() != actor.casefold())
    return _people_index(before + mine + after, place_words(world))


Entry = tuple[str, str, str, str, str]  # name, kind, role, description, weapons


def _entries(world: Campaign) -> tuple[tuple[Entry, ...], tuple[Entry, ...], tuple[Entry, ...]]:
    """(foes in the fight and NPCs, the characters, stat blocks): the same whoever acts, so one reading of
    an action worked out once for the actor-less parse and the actor's."""
    combat = world.game_state.combat
    entries: list[Entry] = []
    fighting: set[str] = set()
    if combat is not None and combat.active:
        for c in combat.order:
            if c.kind == "monster" and not c.defeated:
                block = world.monster(c.monster or "") if c.monster else None
                npc = world.npc(c.name)
                weapons = " ".join(a.name for a in block.attacks) if block else ""
                # An NPC fighting with a stat block answers to its name too ("the wrecker captain").
                role = (npc.role + " " + (block.name if block else "") if npc else
                        (block.kind if block else ""))
                desc = npc.description if npc else (c.monster or "")
                entries.append((c.name, "combatant", role, desc, weapons))
                fighting.add(c.name.casefold())
    for n in world.npcs:
        if n.alive and n.name.casefold() not in fighting:
            entries.append((n.name, "npc", n.role, n.description, ""))
    # A race answers by its head noun: "the elf" is Idris; "high" (of "High Elf") is no one ("when is high tide").
    characters = tuple((pc.name, "character", f"{(words(pc.race) or [''])[-1]} {pc.class_name}", "", "")
                       for pc in world.characters)
    blocks = {(c.monster or "").casefold() for c in combat.order if c.kind == "monster" and not c.defeated} \
        if combat is not None and combat.active else set()
    monsters = tuple((m.name, "monster", m.kind, "", "") for m in world.monsters
                     if not any(f.startswith(m.name.casefold()) for f in fighting) and m.name.casefold() not in blocks)
    return tuple(entries), characters, monsters


def npcs_here(world: Campaign) -> list[NPC]:
    """The living NPCs where the party stands (asked several times per reading; the list is not to be changed)."""
    return remembered(world, "npcs here", lambda: world.npcs_at(world.game_state.party_location))


class _Derived:
    """What is computed once per people index: alias stems, titles, and stem -> who answers to it."""

    def __init__(self, index: list[tuple[str, str, dict[str, tuple[float, str]]]]) -> None:
        self.index = index
        self.every = frozenset(s for _, _, al in index for s in al)
        self.titles = frozenset(s for _, _, al in index for s, (w, _) in al.items() if w > DESC_WEIGHT)
        self.by_stem: dict[str, list[tuple[int, float, str]]] = {}
        for i, (_, _, aliases) in enumerate(index):
            for s, (weight, via) in aliases.items():
                self.by_stem.setdefault(s, []).append((i, weight, via))


_DERIVED: dict[int, _Derived] = {}


def _derived(world: Campaign, actor: str | None) -> _Derived:
    index = people(world, actor)
    found = _DERIVED.get(id(index))
    if found is None or found.index is not index:
        if len(_DERIVED) > 64:
            _DERIVED.clear()
        found = _DERIVED[id(index)] = _Derived(index)
    return found


def alias_stems(world: Campaign, actor: str | None) -> tuple[frozenset[str], frozenset[str]]:
    """(every alias stem of anyone, the stems of names and roles only)."""
    found = _derived(world, actor)
    return found.every, found.titles


def link_person(tokens: list[tuple[str, float]], world: Campaign, actor: str | None,
                allow_description: bool = True, last: str | None = None,
                ranked: list[EntityRef] | None = None) -> EntityRef | None:
    """The entity the words mean most strongly; `tokens` are (stem, factor) in order.

    Presence counts: a foe still standing, then someone at the party's location. A pronoun means
    the last person named earlier in the sentence, else `last` (the previous turn's target).
    """
    ranked = rank_people(tokens, world, actor, allow_description) if ranked is None else ranked
    if ranked or not any(s in PRONOUNS for s, _ in tokens):
        return ranked[0] if ranked else None
    if last is None:
        last = _the_only_woman_here(world) if any(s in _FEMININE for s, _ in tokens) else None
    if last is None:
        return None
    kind = "combatant" if world.game_state.combat and world.game_state.combat.combatant(last) else "npc"
    return EntityRef(name=last, kind=kind, via="pronoun", score=1.0)


_FEMININE = {stem(w) for w in ("she", "her", "hers", "herself")}


def _the_only_woman_here(world: Campaign) -> str | None:
    """Who a bare "her" means with no one named before: the one woman standing here, if there is just one
    ("I toss her the heel of bread" beside the lookout). Two women, or none, and the pronoun stays open."""
    if world.game_state.combat is not None and world.game_state.combat.active:
        return None  # "she cries, and smiteth the ruffian with her warhammer": in a fight, the foes are meant
    women = [n.name for n in npcs_here(world) if person_classes(n.name, n.role, n.description)[1] == "female"]
    return women[0] if len(women) == 1 else None


def rank_people(tokens: list[tuple[str, float]], world: Campaign, actor: str | None,
                allow_description: bool = True, describing: set[int] | frozenset[int] = frozenset(),
                doing: set[int] | frozenset[int] = frozenset()) -> list[EntityRef]:
    """Every entity the words point at, strongest first (ties: the one named first in the sentence).
    Tokens at the `describing` positions describe someone ("the guy in the red sash", "the one who jumped
    Idris"): they find people by description, never by a name or role ("Idris", "the net shed"). Tokens at
    the `doing` positions are the speaker's verbs: "keep it to a whisper" is not Crowe, who "keeps" a crab."""
    here = world.game_state.party_location.casefold()
    location = world.location(world.game_state.party_location)
    placed = set(location.encounter) if location is not None else set()
    fighting = world.game_state.combat is not None and world.game_state.combat.active
    derived = _derived(world, actor)
    # Only the entities some word answers to are scored: the cost follows the sentence, not the cast.
    hits: dict[int, list[tuple[int, str, float, str]]] = {}
    for i, (s, factor) in enumerate(tokens):
        for who, weight, alias in derived.by_stem.get(s, ()):
            if i in describing and weight > DESC_WEIGHT or i in doing and weight <= DESC_WEIGHT:
                continue
            if weight > 0 and (allow_description or weight > DESC_WEIGHT):
                hits.setdefault(who, []).append((i, s, weight * factor, alias))
    found: list[tuple[tuple[float, int, int], EntityRef]] = []
    for who, said in hits.items():
        name, kind, _ = derived.index[who]
        total, via, first, top = 0.0, "", len(tokens), 0.0
        seen: set[str] = set()
        for i, s, value, alias in said:
            if s in seen:
                continue
            seen.add(s)
            total += value
            if value > top:
                top, via = value, alias
            first = min(first, i)
        # Further words of a name or role add half: "the wrecker captain" is more the captain than a thug.
        # Description words only tip the balance, never make a link on their own.
        score = top + EXTRA_WORD * (total - top) if top > DESC_WEIGHT else top
        if score <= 0:
            continue
        # A stat block nobody placed here yields, in the order only, to someone standing here ("the captain");
        # its score stays what the words said, so it is still reported as named when it is not here.
        # In a fight the foes already lead (+1): a stat block named there is meant, and reported if absent.
        rank = -UNPLACED if kind == "monster" and name not in placed and not fighting else 0.0
        if kind == "combatant":
            score += 1.0
        elif kind == "npc":
            npc = world.npc(name)
            score += 0.5 if npc is not None and (npc.location or "").casefold() == here else 0.0
        found.append(((score + rank, -first, -who), EntityRef(name=name, kind=kind, via=via, score=round(score, 2))))
    # Among equal scores the one named first, then the earlier entity (a foe, an NPC, a stat block).
    found.sort(key=lambda f: f[0], reverse=True)
    return [ref for _, ref in found]


def named_where(stems: list[str], world: Campaign, actor: str | None) -> dict[str, list[int]]:
    """Where each entity is named by a word of its name or role (not of its description): name -> positions."""
    derived = _derived(world, actor)
    found: dict[str, list[int]] = {}
    for i, s in enumerate(stems):
        for who, weight, _ in derived.by_stem.get(s, ()):
            if weight > DESC_WEIGHT:
                found.setdefault(derived.index[who][0], []).append(i)
    return found


def stat_block_for(world: Campaign, npc_name: str) -> str | None:
    """The stat block an NPC fights with: one under their own name, else the monster sharing most words with their role and description
    ("Captain of the wreckers" -> Wrecker Captain) among those of their kind, else the first of their kind."""
    npc = world.npc(npc_name)
    if npc is None or not world.monsters:
        return None
    own = world.monster(npc.name)
    if own is not None:
        return own.name  # the NPC's own stat block (Silas Crowe, a Bandit Captain) before any look-alike
    said = {stem(w) for w in content_words(npc.role + " " + npc.description)}
    # Another NPC's own block is theirs alone: a lookout who "watches for Crowe" is not Silas Crowe.
    others = {n.name for n in world.npcs}
    # A living person fights as a humanoid, a ghost as the undead: an innkeeper who "fed every sailor" is
    # no Drowned Sailor. Within the fitting kind, the block sharing most words wins.
    ghost = "ghost" in person_classes(npc.name, npc.role, npc.description)[0]
    fitting = "undead" if ghost else "humanoid"
    scored = [(m.kind == fitting, sum(stem(w) in said for w in words(m.name)), -i, m.name)
              for i, m in enumerate(world.monsters) if m.name not in others]
    return max(scored)[3] if scored else None
