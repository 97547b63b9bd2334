"""Pieces of a sentence the claim reader needs: tokens, time words, the subject phrase, counts.

Rule-based and deliberately small; see engine.facts.claims for how they fit together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.facts import lexicon as lx
from engine.facts.claim import Claim
from engine.text import stem

INF = 10**9
# Words that can be the verb of a sentence: what ends the subject phrase.
VERBISH = (frozenset(lx.VERB_LEMMAS) | frozenset(lx.CHANGES) | lx.LINKING | lx.BECOMING | lx.LOCATING
           | lx.MOVING | frozenset("survived survives perished perishes died dies drowned slumbers woke wakes "
                                   "burns binds".split()))
_FUNCTION = lx.DETERMINERS | lx.PREPS | lx.PRONOUNS | frozenset({"there", "no", "and", "'s"})
_ANCHOR_PREPS = frozenset({"at", "on", "by", "before", "after", "until", "till", "for", "in", "around"})
_PERIODS = frozenset("night morning evening afternoon week month year spring summer autumn fall winter "
                     "season day".split())


class Tokens:
    """A sentence's casefolded words and which of them are (parts of) names."""

    __slots__ = ("caps", "words")

    def __init__(self, words: list[str], caps: list[bool]) -> None:
        self.words = words
        self.caps = caps

    def mark_names(self, names: object) -> None:
        """Known world names count as names even when written in lower case ("bron hates spiders")."""
        spans = getattr(names, "spans", None)
        for start, end in spans(self.words) if spans else ():
            for k in range(start, end):
                self.caps[k] = True
        # A capital at the start of a sentence only marks a name when the word is not a function word.
        if self.words and self.words[0] in _FUNCTION | lx.NEGATORS | frozenset(lx.NUMBERS):
            self.caps[0] = False

    def without(self, drop: set[int]) -> Tokens:
        keep = [k for k in range(len(self.words)) if k not in drop]
        return Tokens([self.words[k] for k in keep], [self.caps[k] for k in keep])


def singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def content(words: list[str]) -> list[str]:
    return [w for w in words if w not in lx.STOP and w != "'s" and w != ","]


def object_words(words: list[str]) -> frozenset[str]:
    """What a predicate is about, compared by stem: "the words of the tide ward" = "the tide ward's words"."""
    return frozenset(stem(w) for w in content(words) if w not in lx.TIME_WORDS and w not in lx.ADVERBS)


def number_at(w: list[str], j: int) -> tuple[int, int] | None:
    """(value, index after it) for "12", "twelve", "twenty two"."""
    if j >= len(w):
        return None
    word = w[j]
    if word.isdecimal():
        return int(word), j + 1
    value = lx.NUMBERS.get(word)
    if value is None:
        return None
    if 20 <= value < 100 and j + 1 < len(w) and lx.NUMBERS.get(w[j + 1], 99) < 10:
        return value + lx.NUMBERS[w[j + 1]], j + 2
    return value, j + 1


def quantity_at(w: list[str], i: int) -> tuple[int, str, int, int] | None:
    """A count at w[i]: (index after the counted noun, noun, low, high) — "a single key", "no coins"."""
    j, approx = i, False
    if j < len(w) and w[j] in lx.APPROX:
        approx, j = True, j + 1
    if j < len(w) and w[j] == "only":
        j += 1
    if j + 1 < len(w) and w[j] in ("a", "an") and w[j + 1] in ("single", "dozen", "pair", "couple", "score"):
        j += 1
    if j >= len(w):
        return None
    if w[j] == "nothing":
        return j + 1, "*", 0, 0
    if w[j] == "no":
        value, j = 0, j + 1
    else:
        found = number_at(w, j)
        if found is None:
            return None
        value, j = found
    if j < len(w) and w[j] == "of":
        j += 1
    k = j + 1 if j < len(w) and w[j] not in lx.PREPS and w[j] not in lx.CLAUSE_BREAKS else j  # a count has a noun
    while k < len(w) and k - j < 4 and w[k] not in lx.PREPS and w[k] not in lx.CLAUSE_BREAKS \
            and w[k] not in lx.COPULAS and w[k] not in lx.AUX and w[k] not in VERBISH and w[k] != "'s":
        k += 1
    if k == j or w[k - 1] in lx.DURATION_UNITS or w[k - 1] == "oclock":
        return None
    low, high = (int(value * 0.8), -(-value * 6 // 5)) if approx else (value, value)
    return k, stem(w[k - 1]), low, high  # stemmed: "handaxes" and "handaxe" are one noun


def time_anchors(t: Tokens) -> tuple[frozenset[str], Tokens]:
    """Take the time words out of a sentence: ({"midnight"}, the rest). Frequencies ("every night") go too."""
    w, n = t.words, len(t.words)
    drop: set[int] = set()
    anchors: set[str] = set()
    if "," in w[:9] and (w[0] in lx.PREPS or w[0] in lx.TIME_WORDS or w[0] in ("right", "this", "that")):
        comma = w.index(",")
        span = content(w[:comma])
        times = [lx.TIMES_OF_DAY[x] for x in span if x in lx.TIMES_OF_DAY]
        anchors.add(times[0] if len(span) == 1 and times else " ".join(singular(x) for x in span))
        drop.update(range(comma + 1))
    i = 0
    while i < n:
        x = w[i]
        nxt = w[i + 1] if i + 1 < n else ""
        if i in drop:
            pass
        elif x in ("now", "currently", "today") or (x == "right" and nxt == "now"):
            anchors.add("now")
            drop.update((i, i + 1) if x == "right" else (i,))
        elif x in ("yesterday", "tomorrow", "tonight"):
            anchors.add(x)
            drop.add(i)
        elif x in ("last", "this", "next") and nxt in _PERIODS | frozenset(lx.TIMES_OF_DAY):
            anchors.add(f"1 {singular(nxt)} ago" if x == "last" else f"{x} {lx.TIMES_OF_DAY.get(nxt, nxt)}")
            drop.update((i, i + 1))
        elif x == "every":
            k = i + 1
            while k < n and k - i < 4 and singular(w[k]) not in _PERIODS and w[k] not in lx.TIMES_OF_DAY:
                k += 1
            drop.update(range(i, min(k + 1, n)))
        elif (found := number_at(w, i)) and found[1] + 1 < n and w[found[1] + 1] == "ago":
            anchors.add(f"{found[0]} {singular(w[found[1]])} ago")
            drop.update(range(i, found[1] + 2))
        elif x in _ANCHOR_PREPS and (span := _time_of_day(w, i + 1)):
            value, end = span
            anchors.add(value)
            drop.update(range(i, end))
        i += 1
    return frozenset(anchors), t.without(drop) if drop else t


def _time_of_day(w: list[str], j: int) -> tuple[str, int] | None:
    if j < len(w) and w[j] in ("the", "a"):
        j += 1
    if j + 1 < len(w) and w[j] in ("low", "high") and w[j + 1] == "tide":
        return f"{w[j]} tide", j + 2
    if j < len(w) and w[j] in lx.TIMES_OF_DAY:
        end = j + 2 if j + 1 < len(w) and w[j + 1] == "tide" else j + 1
        return lx.TIMES_OF_DAY[w[j]], end
    found = number_at(w, j)
    if found and found[1] < len(w) and w[found[1]] == "oclock":
        hour, end = found[0], found[1] + 1
        tail = _time_of_day(w, end + 1) if end < len(w) and w[end] in ("at", "in") else None
        part = tail[0] if tail else ""
        if hour == 12 and part in ("night", "midnight", "evening"):
            return "midnight", tail[1] if tail else end
        if hour == 12 and part in ("noon", "afternoon", "morning", ""):
            return ("noon" if part else "12 oclock"), tail[1] if tail else end
        return f"{hour} oclock {part}".strip(), tail[1] if tail else end
    return None


def subject_end(t: Tokens, start: int) -> int | None:
    """Where the verb group starts: the first verb-like word that is not a name or a modifier."""
    w, caps = t.words, t.caps
    for i in range(max(start, 1), len(w)):
        x = w[i]
        if caps[i] or x == ",":
            continue
        if x in lx.COPULAS or x in lx.AUX or x in ("never", "always", "not", "still", "often", "usually"):
            return i
        if w[i - 1] in lx.DETERMINERS or w[i - 1] == "'s" or w[i - 1] in lx.PREPS:
            continue
        if x in VERBISH:
            return i
    for i in range(max(start, 1), len(w)):
        x = w[i]
        if caps[i] or w[i - 1] in lx.DETERMINERS or w[i - 1] in lx.PREPS or w[i - 1] == "'s" or x in lx.STOP:
            continue
        if x.endswith(("s", "ed")) and not x.endswith(("ss", "us", "is")) and len(x) > 3 and x.isalpha():
            return i
    return None


@dataclass(slots=True)
class NP:
    """A noun phrase read as a subject: its words, index heads and label, and what it implies."""

    words: frozenset[str]
    heads: tuple[str, ...]
    label: str
    owner: NP | None = None  # "Osric Vell" in "Osric Vell's wife"
    head: str = ""
    count: int = 0  # "two" in "Lord Ormond's two daughters"
    spouse: bool = False  # "Sir Caddoc and his wife"
    place: NP | None = None  # "Kettlecove" in "the temple in Kettlecove"
    aliases: list[NP] = field(default_factory=list)  # "the harbormaster" in "Osric Vell, the harbormaster,"

    def derived(self, anchors: frozenset[str]) -> list[Claim]:
        """Claims the phrase makes by itself: "Osric Vell's wife" says Osric Vell is married."""
        out: list[Claim] = []
        owner = self.owner
        if owner is not None and self.head in lx.SPOUSE_WORDS:
            out.append(owner.claim("married", "married", anchors))
        if owner is not None and self.head in lx.CHILD_WORDS:
            out.append(owner.claim("children", ("", max(self.count, 1), INF), anchors))
        if owner is not None and self.head in lx.SIBLING_WORDS:
            out.append(owner.claim("siblings", ("", max(self.count, 1), INF), anchors))
        if self.spouse:
            out.append(self.claim("married", "married", anchors))
        if self.place is not None and self.head:
            out.append(self.place.claim("pred:have", frozenset({stem(self.head)}), anchors))
        return out

    def claim(self, attribute: str, value: object, anchors: frozenset[str] = frozenset(), **kw: object) -> Claim:
        return Claim(self.words, self.heads, self.label, attribute, value, anchors=anchors, **kw)  # type: ignore[arg-type]


def simple_np(words: list[str], caps: list[bool]) -> NP | None:
    """A phrase with no possessive or prepositional tail: a name run if it has one, else its head noun.

    A name followed by plain nouns modifies them ("the Thornhold vault" is a vault), unless "the" starts
    an apposition ("Old Nip the giant crab" is Old Nip).
    """
    run = _name_run(words, caps)
    after = words[_run_end(words, caps, run):] if run else []
    if run and (not after or after[0] in lx.DETERMINERS or after[0] == ","):
        return NP(frozenset(run), tuple(run), " ".join(run), head=run[-1])
    nouns = [w for w in words if w not in lx.DETERMINERS and w != "," and not w.isdecimal()
             and w not in lx.NUMBERS]
    if not nouns:
        return None
    head = singular(nouns[-1])
    return NP(frozenset(singular(w) for w in content(nouns)) | {head}, (head,), " ".join(nouns), head=head)


def _run_end(words: list[str], caps: list[bool], run: list[str]) -> int:
    for k in range(len(words) - len(run) + 1):
        if words[k:k + len(run)] == run and all(caps[k:k + len(run)]):
            return k + len(run)
    return len(words)


def _name_run(words: list[str], caps: list[bool]) -> list[str]:
    best: list[str] = []
    run: list[str] = []
    for word, cap in zip(words, caps, strict=True):
        if cap and word not in lx.DETERMINERS and word != ",":
            run.append(word)
            if len(run) > len(best):
                best = list(run)
        else:
            run = []
    return best


def noun_phrase(t: Tokens, lo: int, hi: int, fallback: NP | None) -> NP | None:
    """Read words[lo:hi] as the subject: names first, then possessive owner and head, then the tail."""
    ws, cs = t.words[lo:hi], t.caps[lo:hi]
    aliases: list[NP] = []
    if "," in ws:  # "Osric Vell, the harbormaster," names one person twice
        c = ws.index(",")
        rest, rcaps = ws[c + 1:], cs[c + 1:]
        if "," in rest:
            rest, rcaps = rest[:rest.index(",")], rcaps[:rest.index(",")]
        alias = simple_np(rest, rcaps)
        aliases += [alias] if alias else []
        ws, cs = ws[:c], cs[:c]
    spouse = False
    if "and" in ws:
        k = ws.index("and")
        tail = ws[k + 1:]
        spouse = bool(lx.SPOUSE_WORDS.intersection(tail)) and bool(lx.POSSESSIVE_PRONOUNS.intersection(tail))
        ws, cs = ws[:k], cs[:k]
    if not ws:
        return None
    if len(ws) == 1 and ws[0] in lx.PRONOUNS:
        return fallback
    p = next((k for k in range(1, len(ws)) if ws[k] in lx.PREPS and not cs[k]), len(ws))
    main, mcaps, tail, tcaps = ws[:p], cs[:p], ws[p + 1:], cs[p + 1:]
    owner = None
    if "'s" in main:
        k = len(main) - 1 - main[::-1].index("'s")
        owner = simple_np(main[:k], mcaps[:k])
        main, mcaps = main[k + 1:], mcaps[k + 1:]
    core = simple_np(main, mcaps)
    if core is None:
        return owner
    count = next((number_at(main, k)[0] for k in range(len(main)) if number_at(main, k)), 0)  # type: ignore[index]
    if core.heads != (core.head,) or core.head in {w for w, c in zip(main, mcaps, strict=True) if c}:
        np = NP(core.words, core.heads, core.label, owner, core.head, count, spouse)  # a name: owner not part of it
    else:
        extra = {singular(w) for w in content(tail) if w not in lx.TIME_WORDS}
        words = core.words | extra | (owner.words if owner else frozenset())
        label = " ".join(x for x in t.words[lo:lo + len(ws)] if x not in lx.DETERMINERS).replace(" 's", "'s")
        place = simple_np(tail, tcaps) if ws[p:p + 1] in (["in"], ["of"]) and tail and all(tcaps) else None
        np = NP(frozenset(words), core.heads, label, owner, core.head, count, spouse, place)
    np.aliases = aliases
    return np
