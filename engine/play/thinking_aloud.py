"""A player thinking aloud. A turn taken back: the player changes their mind inside the message ("I swing at
the crab - no wait, I drink my potion instead", "should I fight the ghost? nope. I set the reliquary in the
niche"); only what they finally do is the turn, and everything said before the change of mind weighs nothing.
A question they answer themselves ("wait, do we have rope? yeah Bram has rope. ok down we go") asks the DM
nothing and does nothing.
"""

from __future__ import annotations

from engine.play.reading import Reading

# Said as a clause of its own, or opening the clause that replaces the act.
_OPENING = [tuple(p.split()) for p in (
    "no wait", "wait no", "scratch that", "actually no", "actually", "on second thought", "on second thoughts",
    "never mind", "nevermind", "nvm", "forget that", "forget it", "nah", "nope", "no", "change of plan",
    "change of plans", "or rather", "hold on", "hang on", "hold up", "wait", "strike that", "belay that", "rather")]
# Said at the end of the clause it takes back: "I swing at the crab no wait".
# Only two words: a lone "wait" ends "tell him to wait" or "we hide and wait", which take nothing back.
_CLOSING = [tuple(p.split()) for p in ("no wait", "wait no", "hold on", "hang on", "hold up", "scratch that")]
# Only as a clause of its own: "hold on" opening a clause may be holding on to a rope.
_ALONE = {("hold", "on"), ("hang", "on"), ("hold", "up"), ("no",), ("wait",), ("rather",)}
# "actually, I also shove him" adds to the turn, "actually make that two" amends it: neither replaces it.
_ADDING = {"also", "too", "and", "then", "again"}


def _act_words(reading: Reading, index: int) -> bool:
    return any(t.clause == index and t.factor > 0 for t in reading.tokens)


def _marker(words: list[str]) -> tuple[int, int] | None:
    """(start, end) of a change of mind in the clause's words, or None."""
    for phrase in _OPENING:
        n = len(phrase)
        if tuple(words[:n]) == phrase and (len(words) == n or phrase not in _ALONE) \
                and not set(words[n:]) & _ADDING and tuple(words[n:n + 1]) != ("make",):
            return 0, n
    for phrase in _CLOSING:
        n = len(phrase)
        if len(words) > n and tuple(words[-n:]) == phrase:
            return len(words) - n, len(words)
    return None


def taken_back(reading: Reading) -> None:
    """Mute what comes before the last change of mind that has something after it to replace it with."""
    clauses = reading.clauses
    last: tuple[int, tuple[str, ...], bool] | None = None  # clause, marker words, said at the clause's end
    for index, clause in enumerate(clauses):
        # "no?" waits on someone's reply; it takes nothing back.
        found = None if clause.quoted or clause.asked or not clause.words else _marker(clause.words)
        if found is None:
            continue
        start, end = found
        closing = start > 0
        taken = closing or any(_act_words(reading, j) for j in range(index))
        replaced = any(clauses[j].words for j in range(index + 1, len(clauses))) or \
            (not closing and end < len(clause.words))
        if taken and replaced:
            last = (index, tuple(clause.words[start:end]), closing)
    if last is None:
        return
    index, marker, closing = last
    muted_up_to = index if closing else index - 1
    # Whoever was hailed is still spoken to: "Hesper, an ale - no wait, make it rum".
    hail = {j for j in range(muted_up_to + 1) if reading.addressee in clauses[j].words and len(clauses[j].words) <= 2}
    muted = set(range(muted_up_to + 1)) - hail
    for t in reading.tokens:
        if t.clause == index and t.word in marker:
            t.factor = 0.0
    if reading.spell and all(t.clause in muted for t in reading.tokens if t.word in reading.spell.split()):
        reading.spell = None  # "Magic Missile on the - hold on. how many are still standing?": no spell cast
    quieten(reading, muted)


def quieten(reading: Reading, quiet: set[int]) -> None:
    """The clauses in `quiet` ask nothing and do nothing; speech or a hail only in them was said to no one."""
    if not quiet:
        return
    for j in quiet:
        reading.clauses[j].question = False
    for t in reading.tokens:
        if t.clause in quiet:
            t.factor = 0.0
    spoken = [i for i, c in enumerate(reading.clauses) if c.quoted]
    if reading.quoted and spoken and set(spoken) <= quiet:
        reading.quoted = False
    if reading.addressed and reading.addressee and not any(
            reading.addressee in c.words for i, c in enumerate(reading.clauses) if i not in quiet):
        reading.addressed, reading.addressee = False, None


_ANSWERS = {"yeah", "yes", "yep", "yup", "no", "nah", "nope", "sure"}


def answered_themselves(reading: Reading) -> None:
    """A question the player answers in the next clause, with more said after the answer: no question, no act."""
    clauses = reading.clauses
    said = [i for i, c in enumerate(clauses) if c.words]
    for n, i in enumerate(said[:-2]):
        answer, after = said[n + 1], said[n + 2:]
        # "no?" waits on someone's reply; said to someone hailed, the answer is theirs.
        if not clauses[i].asked or clauses[i].quoted or clauses[answer].words[0] not in _ANSWERS or not after \
                or clauses[answer].asked or reading.addressed:
            continue
        quiet = {i, answer}
        for j in reversed(said[:n]):  # the rest of the same question: "she's the lookout right? Nessa?"
            if not (clauses[j].asked or clauses[j].question):
                break
            quiet.add(j)
        quieten(reading, quiet)


# "deciding between Sleep and Magic Missile", "torn between the desk and the chest": options weighed.
_WEIGHING = {"deciding", "decide", "torn", "choosing", "choose", "picking", "pick", "weighing", "dithering"}


def options_weighed(reading: Reading) -> None:
    """Options weighed ("what's Old Nip on for hit points? deciding between Sleep and Magic Missile") are
    no acts beside a question asked; a message that only weighs them is left to say which one it takes."""
    if not any(c.question for c in reading.clauses):
        return
    quiet: set[int] = set()
    for index, clause in enumerate(reading.clauses):
        ws = clause.words
        if any(w == "between" and i and ws[i - 1] in _WEIGHING for i, w in enumerate(ws)):
            quiet.add(index)
            nxt = index + 1
            while nxt < len(reading.clauses) and reading.clauses[nxt].lead in ("and", "or") \
                    and 0 < len(reading.clauses[nxt].words) <= 4:
                quiet.add(nxt)
                nxt += 1
    quieten(reading, quiet)
    spell = set(reading.spell.split()) if reading.spell else set()
    if quiet and spell and not any(t.word in spell for t in reading.tokens if t.clause not in quiet):
        reading.spell = None  # a spell only weighed is not cast
