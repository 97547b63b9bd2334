"""English verb forms from lemminflect's tables (irregular verbs included), so no list of verbs is kept here.
A form that is also a verb's base ("read", "cast", "hit", "found", "lay") is not taken for another form:
said at the table it is as often the act now."""

from __future__ import annotations

from functools import lru_cache

# "I got" is as often "I have" at the table ("how many arrows i got left").
_PRESENT_IN_SPEECH = {"got"}
_MODALS = {"will", "can", "shall", "may"}  # "would", "could": a wish or a question, not the past


def _verb_lemmas(word: str) -> tuple[str, ...]:
    from lemminflect import getAllLemmas  # its tables load on first use, not at import

    found = getAllLemmas(word)
    if set(found.get("AUX", ())) & _MODALS:
        return ()
    return tuple(found.get("VERB", ()))


def _is_form(word: str, tags: tuple[str, ...]) -> bool:
    from lemminflect import getInflection

    lemmas = _verb_lemmas(word)
    return bool(lemmas) and word not in lemmas and any(word in getInflection(lemma, tag) for lemma in lemmas for tag in tags)


@lru_cache(maxsize=4096)
def past_form(word: str) -> bool:
    """`word` is a verb's simple past or past participle ("forgot", "dropped", "searched")."""
    return word not in _PRESENT_IN_SPEECH and _is_form(word, ("VBD", "VBN"))


@lru_cache(maxsize=4096)
def third_person(word: str) -> bool:
    """`word` is a verb's third-person present ("swears", "patches", "holds"), whatever else it can be."""
    return _is_form(word, ("VBZ",))


@lru_cache(maxsize=4096)
def base_verb(word: str) -> bool:
    """`word` can be a verb's bare form ("take", "have", "hurt"), whatever else it can be."""
    return word in _verb_lemmas(word)


@lru_cache(maxsize=4096)
def describing_word(word: str) -> bool:
    """`word` can be an adjective ("dark", "cold", "quiet"), whatever else it can be."""
    from lemminflect import getAllLemmas

    return "ADJ" in getAllLemmas(word)
