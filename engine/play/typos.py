"""Typo tolerance: a player's misspelt word folded onto the words the world and the parser know.

A real English word is never "corrected" ("ready" is not a typo of "read"); chat shorthand is listed,
since short words are too ambiguous to fix by distance; anything else within one or two edits of a
known word (same first letter) becomes that word.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

from engine.content.catalogue import index as catalogue_index
from engine.models.catalogue import CatalogueKind
from engine.models.world import Campaign
from engine.play.lexicon import LEXICON_SPEC
from engine.play.places_named import place_texts
from engine.play.world_memo import remembered
from engine.text import words

# Chat shorthand players type; short words are too ambiguous for fuzzy correction, so they are listed.
SHORTHAND = {"teh": "the", "hte": "the", "w": "with", "thru": "through", "u": "you", "ur": "your",
             "im": "i'm", "wat": "what", "wut": "what", "hw": "how", "bak": "back", "goin": "going",
             "whats": "what's", "wheres": "where's", "hows": "how's", "whos": "who's", "lets": "let's",
             "its": "it's", "dont": "don't", "cant": "can't", "wont": "won't", "tho": "though", "pls": "please",
             "plz": "please", "b4": "before", "lite": "light", "nite": "night", "tonite": "tonight", "gonna": "going", "wanna": "want", "nah": "no", "nope": "no",
             "yep": "yes", "ya": "yes", "harbour": "harbor", "colour": "color", "doesnt": "doesn't",
             "didnt": "didn't", "isnt": "isn't", "arent": "aren't", "havent": "haven't", "wasnt": "wasn't",
             "couldnt": "couldn't", "shouldnt": "shouldn't", "wouldnt": "wouldn't", "aint": "ain't",
             "bout": "about", "abt": "about", "tel": "tell", "gib": "give", "ppl": "people", "rn": "now",
             # Chat words that are no typo of anything ("rofl" is no "roll", "y'all" no "yell").
             "rofl": "lol", "lmao": "lol", "lmfao": "lol", "yall": "you", "kinda": "kind", "sorta": "sort"}


@lru_cache(maxsize=1)
def _english() -> dict[str, None]:
    """Webster's word list (english-words, bundled data): a real word is never "corrected" into a cue
    ("ready" is not a typo of "read"). Loaded on first use (~0.1 s); without it only long words are fixed.

    Kept as the keys of a dict: a dict holding only strings is invisible to Python's cycle collector,
    while a set of these 234,000 words was walked by every full collection (~45 ms each, mid-action)."""
    try:
        from english_words import get_english_words_set
    except ImportError:  # pragma: no cover - the dependency is declared; this keeps a bare install working
        return {}
    return dict.fromkeys(get_english_words_set(["web2", "gcide"], lower=True, alpha=True))


def is_english(word: str) -> bool:
    """A dictionary word, or a regular inflection of one ("sneaks", "tracked"); without the list, a short word."""
    return _is_word(word)


def _is_word(word: str) -> bool:
    english = _english()
    if not english:
        return len(word) < 6
    if word in english:
        return True
    # Only real inflections are stripped: "sneek" is no form of "sne", nor "tracc" of "tra".
    forms: list[str] = []
    if word.endswith("s"):
        forms += [word[:-1]] + ([word[:-2]] if word.endswith("es") else [])
        forms += [word[:-3] + "y"] if word.endswith("ies") else []
    if word.endswith("ed"):
        forms += [word[:-1], word[:-2], word[:-3]]
    if word.endswith("ing"):
        forms += [word[:-3], word[:-3] + "e", word[:-4]]
    if word.endswith(("er", "ly")):
        forms += [word[:-2], word[:-1]]
    return any(f in english for f in forms if len(f) > 2)


_VOWELS = set("aeiouy")


@lru_cache(maxsize=4096)
def _fix(word: str, vocabulary: frozenset[str]) -> str:
    if len(word) < 4 or word in vocabulary or not word.isalpha() or _is_word(word) or not _VOWELS & set(word):
        return word  # "psst", "shhk", "bzzt": a sound, no misspelt word
    limit = 1 if len(word) < 8 else 2
    # Same first letter: real typos rarely miss it, and it keeps "best" from becoming "rest".
    choices = [v for v in vocabulary if v[0] == word[0] and abs(len(v) - len(word)) <= limit]
    hits = process.extract(word, choices, scorer=OSA.distance, score_cutoff=limit, limit=8)
    if not hits:
        return word
    # Nearest first; among equals a swap of two letters ("wehre") beats a dropped one ("were").
    letters = sorted(word)
    best = min(hits, key=lambda h: (h[1], abs(len(h[0]) - len(word)), sorted(h[0]) != letters, h[0]))
    return best[0]


_DRAWN_OUT = re.compile(r"(.)\1{2,}")


def correct(word: str, vocabulary: frozenset[str]) -> str:
    """The word, its shorthand expansion, or the vocabulary word it is a typo of. A word drawn out for
    effect ("nooooo", "sooo", "HELPPP") is the word."""
    if _DRAWN_OUT.search(word):
        double, single = _DRAWN_OUT.sub(r"\1\1", word), _DRAWN_OUT.sub(r"\1", word)
        word = next((w for w in (double, single) if w in SHORTHAND or w in vocabulary or _is_word(w)), double)
    return SHORTHAND.get(word) or _dropped_g(word, vocabulary) or _american(word, vocabulary) or _fix(word, vocabulary)


@lru_cache(maxsize=4096)
def _dropped_g(word: str, vocabulary: frozenset[str]) -> str | None:
    """"givin'", "readin'", "rollin'": an -ing said without its g (the apostrophe is gone by now) is the word."""
    if len(word) < 5 or not word.endswith("in") or word in vocabulary or _is_word(word):
        return None
    return word + "g" if _is_word(word + "g") else None


_BRITISH = [(re.compile(r"is(e|ed|es|ing)$"), r"iz\1"), (re.compile(r"our(s|ed|ing)?$"), r"or\1"),
            (re.compile(r"tre(s)?$"), r"ter\1")]


@lru_cache(maxsize=4096)
def _american(word: str, vocabulary: frozenset[str]) -> str | None:
    """A British spelling of a word the parser knows ("apologise", "armour") is that word."""
    if word in vocabulary:
        return None
    for pattern, american in _BRITISH:
        spelt = pattern.sub(american, word)
        if spelt != word and spelt in vocabulary:
            return spelt
    return None


def world_vocabulary(world: Campaign) -> frozenset[str]:
    return remembered(world, "vocabulary", lambda: _world_vocabulary(world))


def _named(world: Campaign) -> list[str]:
    """The names of this world: people and their roles, the party, monsters, places, the party's gear."""
    return [n.name + " " + n.role for n in world.npcs] + [c.name for c in world.characters] + \
        [m.name for m in world.monsters] + [loc.name for loc in world.locations] + \
        [i.name for c in world.characters for i in c.inventory] + \
        [a.name for c in world.characters for a in c.attacks]


def _world_vocabulary(world: Campaign) -> frozenset[str]:
    return _vocab_of(tuple(_named(world) + [t for loc in world.locations for t in place_texts(loc)]))


def rejoined(text: str, world: Campaign) -> str:
    """"the harbor master", "short-sword": a word of this world's names, roles, places or gear typed as two
    words is that word."""
    pattern, joined = remembered(world, "compounds", lambda: _compounds(world))
    if pattern is None:
        return text
    return pattern.sub(lambda m: m.group(1)[0] + joined[(m.group(1).lower(), m.group(2).lower())][1:], text)


def _compounds(world: Campaign) -> tuple[re.Pattern[str] | None, dict[tuple[str, str], str]]:
    joined: dict[tuple[str, str], str] = {}
    for word in {w for t in _named(world) for w in words(t.replace("-", " ")) if len(w) >= 8 and w.isalpha()}:
        # Parts of four letters or more ("look out" stays two words), or three before five ("war hammer").
        for cut in range(3, len(word) - 3):
            head, tail = word[:cut], word[cut:]
            if (cut >= 4 or len(tail) >= 5) and _is_word(head) and _is_word(tail):
                joined[(head, tail)] = word
    if not joined:
        return None, {}
    either = "|".join(rf"{re.escape(a)}[\s-]+{re.escape(b)}" for a, b in sorted(joined, key=lambda p: -len(p[0] + p[1])))
    return re.compile(rf"\b(?=(?:{either})\b)(\w+)[\s-]+(\w+)\b", re.IGNORECASE), joined


@lru_cache(maxsize=32)
def _vocab_of(texts: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w for t in texts for w in words(t.replace("-", " ")) if len(w) > 3)


@cache
def _joined_spells() -> dict[str, tuple[str, ...]]:
    """SRD spell names of several words as players run them together: "firebolt", "magicmissile"."""
    return {name.replace(" ", ""): tuple(name.split()) for name in catalogue_index(CatalogueKind.SPELL).keys
            if " " in name and name.replace(" ", "").isalpha()}


@cache
def _joined_phrases() -> dict[str, tuple[str, ...]]:
    """The parser's two- and three-word phrases run together ("longrest", "shortrest", "hitdice"), where the
    run-together form is no English word of its own ("lookout", "pickup" stay as typed)."""
    phrases = {cue.split(":")[0].rstrip("!") for spec in LEXICON_SPEC.values() for cue in spec.split()}
    return {p.replace("_", ""): tuple(p.split("_")) for p in phrases
            if "_" in p and p.replace("_", "").isalpha() and not _is_word(p.replace("_", ""))}


# The table's shorthand for game terms: "lr", "sr" (a long or short rest), "aoo" (an opportunity attack),
# "hd" (hit dice), "ba" (a bonus action), "atk", "perc", "xbow", "adv".
ABBREVIATED = {"lr": ("long", "rest"), "sr": ("short", "rest"), "aoo": ("opportunity", "attack"),
               "oa": ("opportunity", "attack"), "hd": ("hit", "dice"), "ba": ("bonus", "action"),
               "atk": ("attack",), "perc": ("perception",), "xbow": ("crossbow",), "adv": ("advantage",),
               "disadv": ("disadvantage",), "dmg": ("damage",), "lvl": ("level",),
               "pickup": ("pick", "up")}  # "/pickup scimitar": the command, not a pickup truck


# "inv" alone asks what you carry; beside a check on something it is Investigation ("inv check on the desk").
_ON_SOMETHING = {"on", "for", "at", "of", "into", "the", "that", "this", "those", "these"}  # "inv the tally board"
_CHECKING = {"check", "checks", "roll", "rolls"}
_ROLLING = {"roll", "rolling", "rolled", "an", "make", "making"}
_ASIDES = {"pls", "please", "plz", "?", ".", "!", "lol"}


def investigating(raw: list[str]) -> list[str]:
    """Words with an "inv" that checks something read as "investigation"."""
    def checks(i: int) -> bool:
        nxt, then = (raw[i + 1:i + 3] + ["", ""])[:2]
        rolled = i > 0 and raw[i - 1] in _ROLLING  # "rolling inv for the desk"
        return nxt in _ON_SOMETHING or nxt in _CHECKING and bool(then) and then not in _ASIDES or rolled
    return ["investigation" if w == "inv" and checks(i) else w for i, w in enumerate(raw)]


@cache
def _joined() -> dict[str, tuple[str, ...]]:
    return _joined_spells() | _joined_phrases() | ABBREVIATED


def unjoined(raw: list[str]) -> list[str]:
    joined = _joined()  # merged once, not on every sentence
    return [w for tok in raw for w in joined.get(tok, (tok,))]


# Short words a run-together word may start or end with ("iattack", "howmany", "talkto").
_SMALL_WORDS = {"i", "how", "what", "where", "who", "to", "at", "on", "in", "up", "my", "the", "it", "him", "her",
                "out", "off", "down", "back", "around"}


def run_apart(raw: list[str], vocabulary: frozenset[str]) -> list[str]:
    """Words typed fast with no space between them ("iattack", "drawsword", "howmany", "lookaround") as the two
    words they are; a word of the dictionary, the world or the table's shorthand is left whole."""
    said = [w for w in raw if w.isalpha() and len(_apart(w, vocabulary)) == 1]
    if sum(w in vocabulary or _is_word(w) for w in said) < 0.6 * len(said):
        return raw  # mostly not English ("busco entre las cajas"): no word of it is English run together
    return [w for tok in raw for w in _apart(tok, vocabulary)]


@lru_cache(maxsize=4096)
def _apart(word: str, vocabulary: frozenset[str]) -> tuple[str, ...]:
    if len(word) < 5 or not word.isalpha() or word in vocabulary or word in _KNOWN or _is_word(word) \
            or word.rstrip("s") in vocabulary or word.endswith("in") and _is_word(word + "g"):
        return (word,)  # "handaxes" is the world's handaxe; "healin'" is healing said without its g
    found = []
    for cut in range(1, len(word) - 1):
        head, tail = word[:cut], word[cut:]
        # One half is a word the parser knows; neither is a scrap ("atack" is no "at ack").
        head_ok = head in _SMALL_WORDS or len(head) >= 3 and head in vocabulary or len(head) >= 4 and _is_word(head)
        tail_ok = tail in _SMALL_WORDS or tail in vocabulary or len(tail) >= 4 and _is_word(tail)
        if head_ok and tail_ok and (head in vocabulary or tail in vocabulary):
            # Even halves first, then more halves the parser knows, then the longer end ("draw sword", not
            # "draws word").
            found.append((min(len(head), len(tail)), (head in vocabulary) + (tail in vocabulary), len(tail), head, tail))
    if not found:
        return (word,)
    *_, head, tail = max(found)
    return head, tail


# The game's own abbreviations: no typos, and no nonsense ("hp?", "what's its ac").
GAME_TERMS = {"hp", "ac", "xp", "dc", "gp", "sp", "cp", "pp", "dm", "gm", "npc", "pc", "aoe", "str", "dex", "con",
              "int", "wis", "cha"}
_KNOWN = frozenset(SHORTHAND) | frozenset(ABBREVIATED) | GAME_TERMS


def nonsense(text: str, vocabulary: frozenset[str]) -> bool:
    """No word of the text is English, a word the parser knows or a name of this world ("asdf qwerty")."""
    said = [w for w in words(text) if w.isalpha()]
    return bool(said) and not any(is_english(w) or w in vocabulary or w in _KNOWN for w in said)
