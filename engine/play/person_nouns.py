"""The everyday nouns a table calls people by ("the kid", "the old man", "the lady", "the ghost"), matched
against what the campaign says about each NPC and creature.

A campaign describes Pim Lowrie as "a gap-toothed boy of about ten"; players say "the kid". Each person
gets the classes their role, description and name state (child, male, female, old, ghost, beast), and
every noun whose classes they all have becomes one of their aliases: weaker than a name or a role, so
"the kid" links Pim only where he is the kid that fits. Party members are left out: players use their names.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from engine.content.catalogue import name_words
from engine.models.catalogue import CatalogueKind
from engine.text import stem, words

# Titles said before a name ("Mr Vellum", "mister Lowrie"): the name after one is who is meant.
HONORIFICS = frozenset({"mr", "mrs", "mister", "miss", "ms", "master", "mistress", "madam", "missus"})
PERSON_WEIGHT = 1.5  # more than a description word (it can link alone), less than a role
OLD_WORD_WEIGHT = 0.75  # "old" only tips the balance: "the old man" is the old one of two men

# What a campaign's text says -> the class it gives.
_STATED: dict[str, frozenset[str]] = {
    "child": frozenset({"boy", "girl", "child", "urchin", "lad", "lass", "kid", "youngster", "orphan", "toddler"}),
    "male": frozenset({"man", "boy", "husband", "brother", "father", "son", "he", "his", "him", "lad", "sir",
                       "king", "lord", "monk", "widower", "uncle", "nephew", "grandfather"}),
    "female": frozenset({"woman", "girl", "wife", "sister", "mother", "daughter", "she", "her", "hers", "lass",
                         "lady", "madam", "widow", "queen", "nun", "aunt", "niece", "grandmother"}),
    "old": frozenset({"old", "elderly", "aged", "grey", "gray", "fifties", "sixties", "seventies", "ancient",
                      "wizened", "grandfather", "grandmother", "decades", "crone"}),
    "ghost": frozenset({"ghost", "shade", "spirit", "spectre", "specter", "phantom", "wraith", "apparition",
                        "undead", "revenant", "zombie", "skeleton"}),
    "beast": frozenset({"beast", "animal", "monstrosity"}),
}
# What players call people -> the classes the person must have. A gender nobody stated never rules one out.
NOUNS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("kid", "kiddo", "child", "urchin", "youngster", "brat", "nipper"), frozenset({"child"})),
    **dict.fromkeys(("boy", "lad", "laddie", "sonny"), frozenset({"child", "male"})),
    **dict.fromkeys(("girl", "lass", "lassie", "missy"), frozenset({"child", "female"})),
    **dict.fromkeys(("man", "guy", "fella", "fellow", "bloke", "gent", "gentleman", "mister", "sir", "dude",
                     "chap"), frozenset({"adult", "male"})),
    **dict.fromkeys(("woman", "lady", "madam", "missus", "dame", "gal"), frozenset({"adult", "female"})),
    **dict.fromkeys(("geezer", "greybeard", "graybeard", "codger", "grandpa", "gramps", "granddad", "oldtimer",
                     "elder", "oldster"), frozenset({"old", "male"})),
    **dict.fromkeys(("granny", "grandma", "crone", "hag"), frozenset({"old", "female"})),
    **dict.fromkeys(("ghost", "spirit", "shade", "spectre", "specter", "phantom", "spook", "apparition",
                     "wraith", "haunt"), frozenset({"ghost"})),
    **dict.fromkeys(("beast", "animal", "critter"), frozenset({"beast"})),
}
@cache
def _creature_words() -> frozenset[str]:
    """Words of SRD creature names ("hag", "wraith"): saying one names a kind of creature, so it is left to
    the creature linker ("fire bolt at the hag" with no hag here is asked about, never Hesper)."""
    return frozenset(stem(w) for w in name_words(CatalogueKind.MONSTER))


@lru_cache(maxsize=1024)
def person_classes(name: str, role: str, description: str) -> tuple[frozenset[str], str | None]:
    """(classes, gender) the name, role and the description's first sentence state: child, old, ghost,
    beast or adult; male, female or None."""
    first = re.split(r"(?<=[.!?])\s", description.strip(), maxsplit=1)[0]
    said = list(words(f"{name} {role} {first}"))
    classes = {c for c, cues in _STATED.items() if c not in ("male", "female") and set(said) & cues}
    gender = next((g for w in said for g in ("male", "female") if w in _STATED[g]), None)
    if not classes & {"child", "beast"}:
        classes.add("adult")
    return frozenset(classes), gender


@lru_cache(maxsize=1024)
def person_aliases(name: str, role: str, description: str) -> tuple[tuple[str, float, str], ...]:
    """(stem, weight, noun) for every everyday noun this person answers to. Only the name, the role and the
    description's first sentence say who someone is; later ones tell their story ("Her husband went down
    with a boat", "keeps a giant crab named Old Nip")."""
    classes, gender = person_classes(name, role, description)
    out = []
    for noun, needs in NOUNS.items():
        wanted = needs - {"male", "female"}
        gender_fits = gender is None or not (needs & {"male", "female"}) or gender in needs
        if wanted <= classes and gender_fits and stem(noun) not in _creature_words():
            out.append((stem(noun), PERSON_WEIGHT, noun))
    if "old" in classes:
        out.append((stem("old"), OLD_WORD_WEIGHT, "old"))
    return tuple(out)
