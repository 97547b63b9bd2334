"""Reading what a sentence says about its subject: the verb group, then the complement or object."""

from __future__ import annotations

from engine.facts import lexicon as lx
from engine.facts.claim import Claim
from engine.facts.phrases import (
    INF,
    NP,
    Tokens,
    content,
    noun_phrase,
    number_at,
    object_words,
    quantity_at,
    simple_np,
    singular,
)
from engine.text import stem

_PAST = frozenset("went slew broke woke awoke fell became grew kept held bore knew took gave left struck began "
                  "spoke wore slept fought showed rose sold found spent lost drank swam bought saw ran came fled "
                  "rode hid lit shut died told said".split())
_SCHEDULED = frozenset("set due scheduled planned expected held".split())
_PLACE_LEAD = frozenset("captive up down out back away home hiding hidden held kept locked".split())
_CONTAINERS = frozenset("holds hold held contains contain contained".split())
_NEG_OBJECT = frozenset({"no", "nothing", "none", "nowhere", "0", "zero"})  # "has 0 guards" = "has no guards"
_LOC_CHAIN = lx.LOC_PREPS | {"of"}
_FAMILY = {stem(w): "children" for w in lx.CHILD_WORDS} | {stem(w): "siblings" for w in lx.SIBLING_WORDS}


def lemma(word: str) -> str:
    return lx.VERB_LEMMAS.get(word) or stem(word)


def clause_end(w: list[str], start: int) -> int:
    for k in range(start, len(w)):
        if w[k] in lx.CLAUSE_BREAKS and not (w[k] == "and" and k + 1 < len(w) and w[k + 1] in lx.MATERIALS):
            return k
    return len(w)


class Predicate:
    """Reads tokens[start:] for claims about `subject`."""

    def __init__(self, t: Tokens, start: int, subject: NP, anchors: frozenset[str]) -> None:
        self.t, self.start = t, start
        self.w = t.words[start:]
        self.subject, self.anchors = subject, anchors
        self.tense = "present"
        self.neg = 0
        self.lemma = ""
        self.object_np: NP | None = None

    def make(self, np: NP, attribute: str, value: object, positive: bool = True, change: bool = False) -> Claim:
        return Claim(np.words, np.heads, np.label, attribute, value, positive, self.tense, self.anchors, change)

    def read(self) -> list[Claim]:
        w, i = self.w, 0
        copula = False
        while i < len(w):
            x = w[i]
            nxt = w[i + 1] if i + 1 < len(w) else ""
            if x in ("not", "never"):
                self.neg += 1
            elif x in lx.COPULAS:
                copula = True
                self.tense = "past" if x in ("was", "were") else self.tense
            elif x in ("has", "have", "had") and not (nxt == "been" or (nxt.endswith("ed") and nxt in lx.CHANGES)):
                break  # "has no children": the main verb
            elif x in lx.AUX:
                self.tense = "past" if x in lx.PAST_AUX else "future" if x in ("will", "shall") else self.tense
            elif x not in lx.ADVERBS:
                break
            i += 1
        claims = self._read_from(i, copula)
        if any(_is_time(a) for a in self.anchors) and (not copula or w[i:i + 1] and w[i] in _SCHEDULED):
            verb = w[i] if copula else self.lemma
            obj = sorted(object_words(w[i + 1:clause_end(w, i + 1)]))
            claims.append(self.make(self.subject, f"when:{verb}:{'+'.join(obj)}",
                                    frozenset(a for a in self.anchors if _is_time(a))))
        claims += [Claim(alias.words, alias.heads, alias.label, c.attribute, c.value, c.positive, c.tense, c.anchors,
                         c.change) for alias in self.subject.aliases for c in claims if c.subject == self.subject.words]
        return claims

    def _read_from(self, i: int, copula: bool) -> list[Claim]:
        w = self.w
        if copula:
            found = self._complement(i)
            if found is not None:
                return found
            if i < len(w) and w[i].endswith("ing") and w[i] not in lx.COLOURS:
                return self._verb(i) + self._complement_place(i)
            self.lemma = "be"
            words = object_words(w[i:clause_end(w, i)])
            return [self.make(self.subject, "pred:be", words, self.neg % 2 == 0)] if words else []
        if i < len(w) and w[i] in lx.LINKING:
            found = self._complement(i + 1, linking=True)
            if found:
                return found
        return self._verb(i) if i < len(w) else []

    # ---- "is ...": states, colours, materials, race, place, direction, age ----
    def _complement(self, i: int, linking: bool = False) -> list[Claim] | None:
        w, subject = self.w, self.subject
        end = clause_end(w, i)
        c = [x for x in w[i:end] if x not in lx.ADVERBS]
        positive = self.neg % 2 == 0
        if not c:
            return None
        first, second = c[0], c[1] if len(c) > 1 else ""
        if first in ("unable", "able") and second == "to" and len(c) > 2:
            self.lemma = lemma(c[2])
            return [self.make(subject, f"pred:{self.lemma}", object_words(c[3:]), positive == (first == "able"))]
        if first == "unaware":
            return [self.make(subject, "pred:know", object_words(c[2:] if second == "of" else c[1:]), not positive)]
        if first in ("illiterate", "literate"):
            return [self.make(subject, "pred:read", frozenset(), positive == (first == "literate"))]
        if first == "unknown":
            return []  # "unknown to the party" is about the party; never read the word as a negation
        if first == "childless":
            return [self.make(subject, "children", ("", 0, INF if not positive else 0))]
        if c[:3] in (["an", "only", "child"], ["the", "only", "child"]):
            return [self.make(subject, "siblings", ("", 0, 0), positive)]
        age = _age(c)
        if age is not None:
            return [self.make(subject, "age", ("", *age))]
        if first.endswith("ing") and not _state_word(first) and first not in lx.COLOURS:
            return None  # a verb in progress ("is yelling at his crew"): read as that verb
        if _state_word(first):  # "is living in exile in Varrow": the state, and the place too
            return self._states(c, positive) + (self._place(c, positive) if "in" in c or "at" in c else [])
        if {"widow", "widower"}.intersection(c[:2]) and positive:
            spouse = "husband" if "widow" in c[:2] else "wife"
            np = NP(subject.words | {spouse}, (spouse,), f"{subject.label}'s {spouse}")
            return [self.make(np, "life", "dead")]
        for size in (3, 2):
            phrase = lx.PHRASES.get(tuple(c[:size]))
            if phrase:
                return [self.make(subject, phrase[0], self._value(phrase[0], phrase[1], positive))]
        if first in lx.LOC_PREPS or first == "nowhere" or (first in _PLACE_LEAD or first.endswith(("ed", "ing"))) \
                and any(x in lx.LOC_PREPS for x in c[1:4]):
            return self._place(c, positive)
        if first in lx.DIRECTIONS and (second == "of" or lx.DIRECTIONS[first] in ("above", "below")):
            return self._direction(c, positive)
        out = self._states(c, positive)
        return out if out or linking else None

    def _complement_place(self, i: int) -> list[Claim]:
        c = self.w[i:clause_end(self.w, i)]
        return self._place(c, self.neg % 2 == 0) if any(x in lx.LOC_PREPS for x in c[1:4]) else []

    def _value(self, attribute: str, value: str, positive: bool) -> str:
        return value if positive or attribute not in lx.OPPOSITE else lx.OPPOSITE[attribute][value]

    def _states(self, c: list[str], positive: bool) -> list[Claim]:
        subject, out, seen = self.subject, [], set()
        local = positive
        for k, x in enumerate(c):
            if x in ("free", "devoid") and c[k + 1:k + 2] == ["of"]:
                local = not local
            for attribute, table in lx.BINARY.items():
                if x in table and attribute not in seen:
                    seen.add(attribute)
                    value = self._value(attribute, table[x], local)
                    if attribute == "stance":
                        value = (value, _target(c, k))
                    out.append(self.make(subject, attribute, value))
            if x in lx.RACES or (x == "half" and c[k + 1:k + 2] in (["elf"], ["orc"])):
                race = f"half-{c[k + 1]}" if x == "half" else lx.RACES[x]
                if "race" not in seen and not (k and c[k - 1] == "half"):
                    seen.add("race")
                    out.append(self.make(subject, "race", race, local))
            if x in lx.BIRTH_ORDER and "order" not in seen:
                seen.add("order")
                out.append(self.make(subject, "order", lx.BIRTH_ORDER[x], local))
            if x in lx.COLOURS:
                noun = _noun_after(c, k + 1)
                np = subject
                if noun and "with" in c[:k]:
                    np = NP(subject.words | {noun}, (noun,), f"{subject.label}'s {noun}")
                out.append(self.make(np, "colour", frozenset({lx.COLOURS[x]}), local))
        materials = frozenset(lx.MATERIALS[x] for x in c if x in lx.MATERIALS)
        if materials:
            out.append(self.make(subject, "material", materials, positive))
        return out

    def _place(self, c: list[str], positive: bool) -> list[Claim]:
        if not c:
            return []
        if c[0] == "nowhere":
            positive = not positive
        k = next((k for k, x in enumerate(c) if x in lx.LOC_PREPS), len(c))
        place = [x for x in c[k + 1:] if x not in lx.PREPS or x in _LOC_CHAIN]
        words = frozenset(content(place))  # as written: messages quote them
        return [self.make(self.subject, "loc", words, positive)] if words else []

    def _direction(self, c: list[str], positive: bool) -> list[Claim]:
        direction = lx.DIRECTIONS[c[0]]
        rest = c[2:] if c[1:2] == ["of"] else c[1:]
        k = next((k for k, x in enumerate(rest) if x in lx.PREPS or x == ","), len(rest))
        caps = self.t.caps[self.start + len(self.w) - len(rest):][:k] if len(rest) else []
        other = simple_np(rest[:k], (caps + [False] * k)[:k])
        if other is None:
            return []
        return [self.make(self.subject, "dir", (direction, other.words), positive),
                self.make(other, "dir", (lx.CONVERSE[direction], self.subject.words), positive)]

    # ---- other verbs: changes, moves, counts, habits and abilities ----
    def _verb(self, i: int) -> list[Claim]:
        w, subject = self.w, self.subject
        x = w[i]
        self.lemma = lemma(x)
        if x.endswith("ed") or (x in _PAST and not (x == "read" and self.neg)):
            self.tense = "past"
        end = clause_end(w, i + 1)
        rest = w[i + 1:end]
        phrase = lx.PHRASES.get(tuple(w[i:i + 2]))
        if phrase:
            return [self.make(subject, phrase[0], phrase[1])]
        obj_end = next((k for k in range(i + 1, end) if w[k] in lx.PREPS or _state_word(w[k])), end)
        if obj_end > i + 1:
            self.object_np = noun_phrase(self.t, self.start + i + 1, self.start + obj_end, None)
        if x in lx.CHANGES:
            return self._change(x, obj_end)
        if x in lx.BECOMING:
            found = self._complement(i + 1) or []
            if found:
                return [_as_change(c) for c in found]
            if x in lx.MOVING:
                return [_as_change(c) for c in self._place(rest, True)]
        for attribute, table in lx.BINARY.items():
            if x in table and attribute not in ("stance", "married"):
                claims = [self.make(subject, attribute, self._value(attribute, table[x], self.neg % 2 == 0))]
                return claims + (self._place(rest, True) if x in lx.LOCATING else [])
        if x in lx.LOCATING and rest[:1] and rest[0] in lx.LOC_PREPS:
            return self._place(rest, self.neg % 2 == 0)
        if x in lx.MOVING and rest[:1] and rest[0] in ("to", "into", "at", "in"):
            return [_as_change(c) for c in self._place(["in"] + rest[1:], True)]
        return self._doing(x, rest)

    def _change(self, x: str, obj_end: int) -> list[Claim]:
        """"Bram unlocked the door": news about the door; against an older state it is an update."""
        w, subject, obj = self.w, self.subject, self.object_np
        effect = lx.CHANGES[x]
        if obj is None:  # intransitive: "the guard woke"
            return [self.make(subject, effect[0], effect[1], change=True)] if effect else []
        if obj_end < len(w) and _state_word(w[obj_end]):
            attribute, value = _state_word(w[obj_end])  # type: ignore[misc]
            effect = (attribute, value)
        if effect is None:
            return []
        if effect[0] == "stance":
            return [self.make(subject, "stance", (effect[1], obj.words), change=True)]
        if effect[0] == "married":
            return [self.make(subject, "married", "married", change=True), self.make(obj, "married", "married",
                                                                                      change=True)]
        return [self.make(obj, effect[0], effect[1], change=True)]

    def _doing(self, x: str, rest: list[str]) -> list[Claim]:
        subject, out = self.subject, []
        verb = self.lemma
        if verb == "have" and rest[:2] == ["no", "idea"]:
            verb, rest = "know", rest[2:]
            self.neg += 1
        negative = (self.neg + sum(1 for r in rest if r in _NEG_OBJECT)) % 2 == 1
        for k in range(len(rest)):
            found = quantity_at(rest, k)
            if found is None and rest[k] == "of" and k and (n := number_at(rest, k + 1)) and n[1] >= len(rest):
                found = (n[1], singular(rest[k - 1]), n[0], n[0])
            if found is None or (k and rest[k - 1] in ("a", "an", "only", *lx.APPROX)):
                continue
            _, noun, low, high = found
            if verb == "have" and noun in ("child", "children"):  # stems
                out.append(self.make(subject, "children", ("", low, high)))
            elif verb == "have" and noun in _FAMILY:
                family = _FAMILY[noun]
                out.append(self.make(subject, family, ("", low, INF if low else 0)))
            else:
                out.append(self.make(subject, f"qty:{verb}", (noun, low, high)))
            if x in _CONTAINERS:
                out.append(self.make(subject, "fill", "empty" if high == 0 else "nonempty"))
        if x in _CONTAINERS and not any(c.attribute == "fill" for c in out) and rest and not negative:
            out.append(self.make(subject, "fill", "nonempty"))
        for r in rest:
            if r in lx.STATE_NOUNS and verb in ("have", "be"):
                out.append(self.make(subject, lx.STATE_NOUNS[r][0], self._value(*lx.STATE_NOUNS[r], not negative)))
        if subject.head in lx.STATE_NOUNS and self.object_np is not None and not negative:
            out.append(self.make(self.object_np, *lx.STATE_NOUNS[subject.head]))  # "a curse binds the mirror"
        if verb in ("have", "wear"):
            for k, r in enumerate(rest):
                noun = _noun_after(rest, k + 1) if r in lx.COLOURS else None
                if noun:
                    np = NP(subject.words | {noun}, (noun,), f"{subject.label}'s {noun}")
                    out.append(self.make(np, "colour", frozenset({lx.COLOURS[r]}), not negative))
        out.append(self.make(subject, f"pred:{verb}", object_words([r for r in rest if r not in _NEG_OBJECT]),
                             not negative))
        return out


def _is_time(anchor: str) -> bool:
    return anchor in lx.TIMES_OF_DAY.values() or anchor.endswith(" ago") or "oclock" in anchor \
        or anchor in ("yesterday", "tonight", "tomorrow")


def _state_word(word: str) -> tuple[str, str] | None:
    for attribute, table in lx.BINARY.items():
        if word in table and attribute not in ("stance", "married", "curse"):
            return attribute, table[word]
    return None


def _as_change(claim: Claim) -> Claim:
    return Claim(claim.subject, claim.heads, claim.label, claim.attribute, claim.value, claim.positive, "past",
                 claim.anchors, True)


def _noun_after(c: list[str], k: int) -> str | None:
    """The noun a colour describes in "red silk sash": the last word before a break, if any."""
    j = k
    while j < len(c) and c[j] not in lx.PREPS and c[j] not in lx.CLAUSE_BREAKS and c[j] not in lx.COLOURS:
        j += 1
    return singular(c[j - 1]) if j > k else None


def _target(c: list[str], k: int) -> frozenset[str]:
    """Whom a stance is towards: "an ally of the party", "Silas Crowe's sworn enemy"."""
    if "'s" in c[:k]:
        owner = c[:c.index("'s")]
        return frozenset(singular(x) for x in content(owner))
    if c[k + 1:k + 2] and c[k + 1] in ("of", "to", "with", "toward", "towards"):
        return frozenset(singular(x) for x in content(c[k + 2:]))
    return frozenset()


def _age(c: list[str]) -> tuple[int, int] | None:
    """"sixteen", "about ten", "a woman of forty", "in her fifties", "22 years old"."""
    if len(c) >= 3 and c[0] == "in" and c[1] in lx.POSSESSIVE_PRONOUNS and c[2] in lx.DECADES:
        decade = lx.DECADES[c[2]]
        return decade, decade + 9
    if "of" in c[:4] and c[0] in ("a", "an"):
        c = c[c.index("of") + 1:]
    approx = bool(c) and c[0] in lx.APPROX
    found = number_at(c, 1 if approx else 0)
    if found is None or any(x not in ("years", "year", "old", "winters", "summers") for x in c[found[1]:]):
        return None
    value = found[0]
    return (int(value * 0.8), -(-value * 6 // 5)) if approx else (value, value)
