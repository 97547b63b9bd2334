"""The shape of a sentence beyond its words: sequences, descriptions and reported speech.

Each rule reads the structure of what was typed, never particular words of a sentence:
- a sequence ("moon, shell, wave, moon", "left, left, right", "1-0-1") is an answer tried on a puzzle,
  and its items are no verbs ("wave" is no greeting);
- a relative clause ("the one who keeps touching his hand", "the cutlass we took off the thug")
  describes; it is not the act;
- what follows a speech verb ("ask him what it would take to mend the ward") is what is said.
"""

from __future__ import annotations

from engine.models.world import ABILITY_NAMES, SKILLS
from engine.play import lexicon as lx
from engine.play.cue_keys import LEXICON
from engine.play.inflection import base_verb, past_form, third_person
from engine.play.reading import Reading

SEQUENCE_WEIGHT = 4.0
DESCRIBED = 0.3  # weight of words in a relative clause or in reported speech
_RELATIVE = {"who", "whom", "which", "that", "whose", "where"}
EMBEDDED_SUBJECTS = {p + s for p in ("we", "i", "he", "she", "they", "you") for s in ("", "'ll", "'d", "'ve", "'re", "'m")}
_REPORTED = {"what", "where", "why", "how", "whether", "if", "who", "when", "which"}
_ASKED_OF = 3  # the speech verb and who is asked: "ask the innkeeper"
# Who "likes" rather than compares ("I'd like to buy a room", "we like the look of it").
_LIKERS = {"i", "we", "i'd", "we'd", "would", "you", "they", "he", "she", "really", "don't", "didn't", "not"}
_SPEECH_STEMS = {"ask", "tell", "say", "beg", "demand", "plead", "promise", "warn", "inquir", "enquir"}


def sequence(text: str, reading: Reading) -> int | None:
    """The clause a sequence is tried in (its items weigh nothing as words), or None when there is none:
    three or more short items in a row, after a colon, repeating, or all numbers."""
    clauses = reading.clauses
    colon = ":" in text
    for head in range(len(clauses)):
        run = [head]
        while run[-1] + 1 < len(clauses) and 0 < len(clauses[run[-1] + 1].words) <= 2:
            run.append(run[-1] + 1)
        # An item said again ("left, left, right"; "small, large, small") makes it a sequence; a word said
        # twice across items ("excuse me, sir. spectral sir") does not.
        items = [tuple(clauses[i].words) for i in run[1:]] + [tuple(clauses[head].words[-1:])]
        # A colon after a one-word label ("OOC: sorry, phone died") opens an aside, not a list.
        # The colon must come after the head ("I turn the dials: moon, shell, wave"); a form's fields before it
        # ("Action: attack. Target: thug #2. Weapon: shortsword.") are labels and values, not a list tried.
        # "Crowe hasn't clocked us. Surprise rules, PHB 189: I loose an arrow": the colon must open the items.
        listed = colon and len(clauses[head].words) > 1 and not clauses[head].colon and len(run) > 1 \
            and clauses[run[1]].colon
        # Items said again after a verb ("yanks the chains left, left, right"); a sound alone repeated
        # ("shhk, click, click... I pick the lock") tries nothing.
        repeated = len(set(items)) < len(items) and len(clauses[head].words) > 1
        # "team vote: we rest. long rest": items with a subject of their own are acts, not symbols tried.
        acted = any(set(clauses[i].words) & lx.FIRST_PERSON for i in run[1:])
        if len(run) >= 3 and (listed or repeated) and not acted:
            tail = set(clauses[head].words[-1:])
            _mute(reading, set(run[1:]), tail, head)
            return head
    for index, clause in enumerate(clauses):
        digits = [w for w in clause.words if w.isdigit()]
        if len(digits) >= 3:
            _mute(reading, set(), set(digits), index)
            return index
    return None


def _mute(reading: Reading, clauses: set[int], tail: set[str], head: int) -> None:
    for t in reading.tokens:
        if t.clause in clauses or (t.clause == head and t.word in tail):
            t.factor = 0.0


def described(reading: Reading, names: frozenset[str] = frozenset()) -> None:
    """Words in a relative clause, or after an embedded subject ("the cutlass we took off the thug", "the
    tinderbox Aldous offers"), describe something and weigh less; so do a comparison ("like the keeper
    said") and what follows a speech verb's wh-word (reported speech). `names` are people's first names."""
    tokens = reading.tokens
    for i, t in enumerate(tokens):
        prev = tokens[i - 1] if i else None
        if prev is None or prev.clause != t.clause:
            continue
        # "the worn hollows where hands once rested" describes them; "my hands where Nessa can see them" says where.
        relative = t.word in _RELATIVE and prev.noun and not (t.word == "where" and prev.own)
        # "the cutlass we took", "tell the innkeeper we'll find Aldous": a subject after the object of a
        # verb opens a clause of its own ("in the morning I buy" has no verb before: it is the act).
        # A name there too, when a verb follows it ("I take the tinderbox Aldous offers").
        subject = t.word in EMBEDDED_SUBJECTS or (t.word in names and i + 1 < len(tokens)
                                                    and tokens[i + 1].clause == t.clause and not tokens[i + 1].noun
                                                    and tokens[i + 1].word.endswith("s"))
        # The object may be two nouns ("the oil flasks we bought").
        noun_before = prev.noun or i > 1 and tokens[i - 2].noun and tokens[i - 2].clause == t.clause \
            and not base_verb(prev.word)
        embedded = subject and noun_before and prev.word not in lx.SUBJECTS and any(
            ((x.stem,) in LEXICON or (base_verb(x.word) or past_form(x.word)) and x.word not in lx.DIRECTIONS)
            and not x.noun
            for x in tokens[:i - 1] if x.clause == t.clause)
        # "trim the wick like the keeper said": after the act's object, "like" compares; it says how.
        compared = t.word == "like" and prev.word not in _LIKERS and i + 1 < len(tokens) \
            and tokens[i + 1].clause == t.clause and tokens[i + 1].word != "to" \
            and sum(x.clause == t.clause for x in tokens[:i]) >= 2
        reported = t.word in _REPORTED and any(x.stem in _SPEECH_STEMS for x in tokens[max(0, i - 4):i]
                                               if x.clause == t.clause)
        if embedded and t.word in names:
            t.factor *= DESCRIBED  # the one who offers it is no one spoken to
        if relative or embedded or reported or compared:
            for x in tokens[i + 1:]:
                if x.clause != t.clause:
                    break
                x.factor *= DESCRIBED


_IT = {"it", "it's", "its"}
_SUBORDINATE = {"before", "after", "while", "because", "so", "if", "until", "when", "once"}
_THIRD_PERSON = {"he", "she", "they", "it", "he's", "she's", "they're", "it's", "he'll", "she'll", "they'll",
                 "others", "everyone", "everybody", "someone", "somebody", "nobody"}
# A clause of time says when the act happens, whoever its subject ("before we head out", "until we're done").
_TIME = {"before", "until", "once"}
_OWN_SUBJECT = {"we", "i", "we're", "i'm"}


# "so the waves match the carving": a subject that is a thing, not the speaker.
_CONJUNCTIONS = {"so", "because", "while", "until", "when", "once"}  # "if" after "tell"/"see" asks whether
_OTHER_SUBJECT = {"the", "a", "an", "his", "her", "their", "its", "this", "that", "these", "those"}


_DONE_TO = {"us", "me"}
_COUNTED = {"them", "one", "two", "three", "both", "all", "some"}


def _done_to_us(ws: list[str]) -> bool:
    """A verb in the past with the party as its object, told by someone else's subject ("they jumped us",
    "the big one stabbed me"): what happened, not what the character does now."""
    return bool(ws) and ws[0] in _THIRD_PERSON | _OTHER_SUBJECT | _COUNTED and any(
        w.endswith("ed") and nxt in _DONE_TO for w, nxt in zip(ws, ws[1:], strict=False))


def _someone_else_is_doing(reading: Reading, index: int, others: frozenset[str]) -> bool:
    """"Vell's shouting for the guards", "Pim's chattering away": someone else's name with 's, then a verb
    in -ing, tells what they are doing."""
    own = [t for t in reading.tokens if t.clause == index]
    return len(own) > 1 and own[0].word in others and own[0].possessive and own[1].word.endswith("ing")


def _named_doing(reading: Reading, index: int, others: frozenset[str]) -> bool:
    """Someone else's name, then a verb in the third person: "Tova patches Bram up", "Bram holds the door"."""
    own = [t for t in reading.tokens if t.clause == index]
    return len(own) > 1 and own[0].word in others and not own[0].possessive and third_person(own[1].word) \
        and not own[1].noun


# One person, or a thing ("it's giving parkour", "it creaks open"): not "they" or "others", who may be the party.
_HE_SHE = {w for w in _THIRD_PERSON if w.startswith(("he", "she", "it"))}


def others_acts(reading: Reading, others: frozenset[str] = frozenset(), self_told: bool = False,
                present: frozenset[str] = frozenset()) -> None:
    """A subordinate clause whose subject is someone or something else ("before they give us away", "so
    the waves match the carving") says what others do or what should follow, not what the character
    does: it weighs little. So does a later clause about "he" or "she" ("heal Bram, he just dropped"),
    unless the player tells their own character's deeds in the third person ("Idris sighs. He starts up").
    So does a clause telling what someone there is doing ("Vell's shouting for guards"; `present`: the
    words of their names)."""
    # "Tova patches Bram up while I fire bolt the crab": beside the character's own act, what someone else
    # named does is theirs.
    mine = not self_told and any(c.words[:1] and c.words[0] in _OWN_SUBJECT and not c.quoted for c in reading.clauses)
    for index, clause in enumerate(reading.clauses):
        first = clause.words[0] if clause.words else ""
        if mine and _named_doing(reading, index, others) and not clause.quoted and not clause.question:
            for t in reading.tokens:
                if t.clause == index:
                    t.factor *= DESCRIBED
            continue
        if _done_to_us(clause.words) and not self_told:
            for t in reading.tokens:  # "two of them jumped us on the quay": what was done to the party
                if t.clause == index:
                    t.factor *= DESCRIBED
            continue
        thing = first.startswith("it") and clause.lead in _SUBORDINATE  # "if it's late we sleep": the act follows
        # "it's giving haunted in here", "it smells of tar": what a thing does or is like is no act of the speaker's.
        if (index and first in _HE_SHE and not thing or first in _IT and clause.lead not in _SUBORDINATE
                or _someone_else_is_doing(reading, index, others | present)) \
                and not self_told and not clause.quoted and not clause.question:
            for t in reading.tokens:
                if t.clause == index:
                    t.factor *= DESCRIBED
            continue
        # "before"/"after" are as often prepositions ("go after the captain"): only a pronoun follows them.
        # An "if" opening the message sets a condition ("If the thug drops his guard, ..."); after "tell" or
        # "see" it asks whether.
        if clause.lead in _SUBORDINATE and (first in _THIRD_PERSON or first in others
                                            or first in _OTHER_SUBJECT
                                            and (clause.lead in _CONJUNCTIONS or clause.lead == "if" and index == 0)
                                            or first in _OWN_SUBJECT and clause.lead in _TIME and index > 0):
            own = [t for t in reading.tokens if t.clause == index]
            for i, t in enumerate(own):
                if i and t.word in lx.SUBJECTS:
                    break  # "if the captain moves I shoot him": the main clause starts with its subject
                t.factor *= DESCRIBED


def found_out(reading: Reading) -> None:
    """"follow the prints and see where they go", "watch what he does": someone else's act inside a "where" or
    "what" phrase is what the character finds out, not something the character does."""
    for index in range(len(reading.clauses)):
        own = [t for t in reading.tokens if t.clause == index]
        at = next((i + 2 for i in range(1, len(own) - 2)
                   if own[i].word in lx.QUESTION_WORDS and own[i + 1].word in _HE_SHE | {"they"}), None)
        for t in own[at:] if at is not None else ():
            t.factor *= DESCRIBED


_MANNER = {"way", "as", "like"}


def as_others_do(reading: Reading, others: frozenset[str] = frozenset()) -> None:
    """"trim the wick the way Aldous said to", "chant the words as Aldous recited them", "like Hesper does": how
    someone else does or said it is the manner of the act, not an act of theirs (or the character's) to weigh."""
    tokens = reading.tokens
    for i, t in enumerate(tokens[:-1]):
        if t.word not in _MANNER:
            continue
        who = tokens[i + 1]
        if who.clause != t.clause or not (who.word in others or who.word in _THIRD_PERSON):
            continue
        for x in tokens[i + 1:i + 4]:
            if x.clause == t.clause:
                x.factor *= DESCRIBED


_NOT_ME = {"it", "nobody", "noone", "someone", "somebody", "everyone", "everybody", "anyone"}
_THING_SUBJECTS = {"this", "that", "these", "those", "the"} | _NOT_ME
_HELPING = {"is", "are", "was", "were", "has", "have", "'s"}


def things_doing(reading: Reading) -> None:
    """A clause whose subject is a thing and whose verb is in the third person ("this place gives me the
    creeps", "the door creaks open") tells what the world does, not what the character does: it weighs
    little. The verb is the first word after the subject's noun that is no noun itself."""
    for index, clause in enumerate(reading.clauses):
        ws = clause.words
        if ws[:2] in (["there", "a"], ["there", "an"], ["there", "is"], ["there", "are"], ["theres", "a"]) and not clause.question:
            for t in reading.tokens:  # "there's a sail out there": what is there, not an act
                if t.clause == index:
                    t.factor *= DESCRIBED
            continue
        if len(ws) < 3 or ws[0] not in _THING_SUBJECTS or clause.question:
            continue
        own = [t for t in reading.tokens if t.clause == index]
        # The subject comes first ("this place", "nobody"; "it" is kept as a word), the verb right after it,
        # past a helping verb ("nobody is watching the boats").
        at = 2 if len(own) > 2 and own[1].word in _HELPING else 1
        verb = own[at] if len(own) > at and (own[0].noun or own[0].word in _NOT_ME) else None
        if verb is None or (verb.stem,) not in LEXICON or not (
                at == 2 and verb.word.endswith("ing") or at == 1 and verb.word.endswith("s") and not verb.word.endswith("ss")):
            continue
        for t in own:
            t.factor *= DESCRIBED


_SET_GOING = {"get", "gets", "got", "getting", "keep", "keeps"}
_GOING = {"going", "running", "moving"}


def set_going(reading: Reading) -> None:
    """"get the light going", "keep the fire going": something set working, not the character going."""
    for i, t in enumerate(reading.tokens):
        if t.word in _GOING and any(u.word in _SET_GOING for u in reading.tokens[max(0, i - 4):i - 1]
                                    if u.clause == t.clause):
            t.factor = 0.0


def reported_questions(reading: Reading) -> None:
    """A wh-clause after a speech verb, with no question mark ("asks Ambrose, very politely, what it would
    take to mend the ward"), is what is asked of someone: speech, not a question to the DM nor an act."""
    spoke, just_asked = False, False
    for index, clause in enumerate(reading.clauses):
        own = [t for t in reading.tokens if t.clause == index]
        # "I ask Hesper if the harbormaster drinks here": an "if" right after the one asked is what is asked.
        whether = just_asked and clause.lead == "if" and not clause.conditional
        if spoke and clause.words and (clause.words[0] in _REPORTED or whether) and not clause.asked:
            clause.question = False
            for t in own:
                t.factor = min(t.factor, DESCRIBED) if t.factor else 0.0
        said = [i for i, t in enumerate(own) if t.stem in _SPEECH_STEMS and not t.noun and t.factor > 0]
        spoke = spoke or bool(said)
        just_asked = bool(said) and len(own) - said[-1] <= _ASKED_OF


CHECK_REQUEST = 8.0
_FILLER_WORDS = {"ok", "okay", "so", "um", "uh", "i", "we", "let", "me", "can", "do", "a", "an", "quick", "make"}
_CHECK_NAMES = {tuple(s.split("_")) for s in SKILLS} | {(a,) for a in ABILITY_NAMES} | \
    {(a,) for a in ABILITY_NAMES.values()}
_CHECK_WORDS = {"check", "roll", "rolling", "rolls", "save", "saving", "throw", "test", "a", "an", "make", "i", "can", "do", "please",
                "let", "me", "my", "for", "with", "using", "use", "try", "that", "it", "maybe", "or"}


_MEANS = {"with", "using", "via", "by"}
_ROLLING = {"roll", "rolling", "rolls", "rolled", "check", "test"}
_WANTING = {"want", "wanna", "to", "like", "gonna", "going", "just", "i'd", "i'll", "we'll", "give", "gimme"}
_AIMED_AT = {"on", "at", "for", "against", "to", "of", "check", "roll", "save"}
_MODALS = {"should", "would", "shall", "will", "may", "might", "could", "i'd", "we'd", "i'll", "we'll", "i'm"}


def asks(ws: list[str]) -> bool:
    ws = [w for w in ws if w not in _FILLER_WORDS]
    return bool(ws) and (ws[0] in lx.QUESTION_WORDS or ws[0] in lx.AUXILIARIES)


def check_requested(reading: Reading, doer: frozenset[str] = frozenset()) -> int | None:
    """The clause that asks for a check by name: only a skill or ability ("religion check", "history?",
    "roll stealth"), one aimed at something ("can I roll insight on Hesper", "arcana on the ward"), or one
    heading the words ("perception - anything odd by the fire?"; "my stealth is awful" only talks of it).
    `doer`: the words of the character's name, which a player telling their turn in the third person opens
    with ("Tova rolls insight on the kid")."""
    skipped = _ROLLING | _WANTING | _MODALS | doer
    for index, clause in enumerate(reading.clauses):
        if clause.words[:2] in (["it", "a"], ["that", "a"], ["its", "a"], ["which", "is"]):
            continue  # "Sacred Flame on the sailor. It's a Dex save": what the spell asks of its target
        rest = tuple(w for w in clause.words if w not in _CHECK_WORDS)
        if rest and rest in _CHECK_NAMES and (len(clause.words) > len(rest) or len(reading.clauses) > 1):
            return index
        ws = [w for w in clause.words if w not in _FILLER_WORDS]
        heading = not (clause.words and clause.words[0] == "my")
        while ws and ws[0] in skipped:
            ws, heading = ws[1:], False  # "I want to roll insight on Hesper": the name after the rolling word
        for size in (3, 2, 1):
            if tuple(ws[:size]) in _CHECK_NAMES and len(ws) > size and (ws[size] in _AIMED_AT or heading):
                return index
            # "I examine the glyphs with arcana", "using athletics": the skill named as the means.
            for i, w in enumerate(ws[:-size] if size < len(ws) else []):
                if w in _MEANS and tuple(ws[i + 1:i + 1 + size]) in _CHECK_NAMES and i + 1 + size == len(ws):
                    return index
    return None
