"""Reading a sentence: words, clauses, negation, questions, and the weighted cues of each action type.

Word-aware and explainable: the text is split into words, typos are folded onto the vocabulary
(engine.play.typos.correct), each word is reduced to a stem and weighted cue lexicons
(engine.play.lexicon) score every ActionType. Phrases ("pick up", "short rest") take their words out
of single-word scoring. The first cue of each clause weighs more (it is usually the verb); a cue
right after an article or possessive is a noun ("count his kills"); words in a topic ("ask about
the attack"), a goal ("a way to climb"), quotes, a negation ("we don't fight") or a question to the
DM ("how many arrows do I have?") weigh less or nothing. A spell's name after "cast" is the spell,
not a verb ("cast sleep" is no rest).
"""

from __future__ import annotations

import re

from engine.models.actions import ActionType
from engine.play import lexicon as lx
from engine.play.archaic import modernised, restored_elisions
from engine.play.cue_keys import LEXICON, cue_stem, is_verb
from engine.play.dm_questions import (
    TELLING,
    asked_of,
    asks_after_own_things,
    asks_the_rules,
    is_question,
    told_by_the_dm,
)
from engine.play.frames import without_leave
from engine.play.inflection import past_form, third_person
from engine.play.reading import Clause, Reading, Token
from engine.play.slips import mended_slips
from engine.play.spell_names import spell_said
from engine.play.table_talk import OUT_OF_CHARACTER, out_of_character, reminders, table_talk
from engine.play.typed_marks import marked, single_quotes
from engine.play.typos import correct, investigating, run_apart, unjoined
from engine.text import NUMBER_WORDS, stem

T = ActionType

_DETERMINERS = {"the", "a", "an", "my", "his", "their", "our", "your", "its", "this", "that", "these",
                "those", "some", "any", "all"}
_CLAUSE_WORDS = {"then", "and", "while", "before", "after", "but", "so", "because", "if", "ok", "okay"}
# Subordinators of time that open a clause only when a subject follows ("till the beam hits", "until
# they pass", "when he turns"); before a noun they are prepositions ("sleep until morning").
_TIME_SUBORDINATORS = {"till", "until", "til", "when", "once", "whilst", "as"}
_CLAUSE_SUBJECTS = {"i", "we", "he", "she", "they", "it", "you", "the", "his", "her", "their", "its", "someone",
                    "somebody", "everyone", "everybody", "nobody", "others", "i'm", "we're", "he's", "she's",
                    "they're", "it's"}
# "gonna", "going to" + a verb is the future, not a journey ("I'm gonna sit down", "going to climb it").
_FUTURE = {"gonna", "going", "goin"}
_ASPECT = {"keep", "keeps", "kept", "start", "starts", "begin", "begins", "continue", "continues", "carry"}
_CONDITIONAL = {"not", "no", "yes", "so", "yeah", "nope"}
_TOPIC_WORDS = {"about", "regarding", "concerning"}
_GOAL_PHRASES = {("way", "to"), ("how", "to")}
_GUESSED = {"it", "its", "it's", "this", "that"}  # "what if it's a cipher?" guesses at a thing
_TABLE = {"dm", "gm"}
_WHEN_LEADS = {"before", "after", "until"}
_FRONTED = _WHEN_LEADS | {"when", "once", "while"}
_COMPARED = {"as", "than", "ever", "never"}
_COMPLEMENT = {"that", "if", "what", "where", "how", "who", "whom", "than", "as", "so", "and", "or", "let"}
# Verbs that take "after"/"before" as their own preposition: who is chased or where one kneels.
PLACED_BY = {"go", "come", "run", "chase", "look", "take", "head", "kneel", "stand", "bow", "sit", "lie", "hurry"}
# A tag put after a question ("would Hesper know, do you reckon?"): it asks the table's opinion, not anyone there.
_TAGS = {("do", "you", "reckon"), ("you", "reckon"), ("do", "you", "think"), ("you", "think"), ("d'you", "think"),
         ("d'you", "reckon"), ("dya", "reckon"), ("dya", "think"), ("think", "so"), ("what", "do", "you", "reckon"),
         ("what", "do", "you", "think"), ("would", "you", "say"), ("wouldn't", "you", "say"), ("you", "reckon", "so")}
_TO_THE_TABLE = {("dm",), ("gm",), ("dm", "question"), ("rules", "question")}  # "...fire bolt again? DM?": for the DM
_SPELL_END = {"on", "at", "to", "against", "toward", "towards", "into", "upon", "and", "then", "so", "for"}

MAIN_CUE_BONUS = 1.5
TOPIC_FACTOR = 0.3
GOAL_FACTOR = 0.5
QUOTE_FACTOR = 0.3
QUESTION_FACTOR = 0.2


_STOP_WORDS = {"i", "we", "you", "he", "she", "they", "it", "and", "or", "to", "of", "in", "on", "at", "by", "for",
               "with", "from", "into", "onto", "up", "down", "out", "off", "over", "under", "is", "are", "was"}
_RELATIVE = {"who", "which", "whose", "whom"}
_TOKEN_RE = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[,;.!?:()]|[\"“”]")
_ASIDE = re.compile(r"\([^)]*\)?")


_SUBORDINATE = {"if", "when", "whenever", "once", "while", "after", "before", "until", "as", "because", "since",
                "unless"}


# Dictated "buy" comes out as "by": at the head of a clause or after its subject, before what is bought.
_BUYERS = {"i", "we", "i'll", "we'll", "i'd", "we'd", "to"}
_BOUGHT = {"a", "an", "some", "me", "us", "another", "more"} | set(NUMBER_WORDS)  # "by the way" buys nothing


def _bought(raw: list[str], index: int) -> bool:
    before = raw[index - 1] if index else ","
    after = raw[index + 1] if index + 1 < len(raw) else ""
    said_by_buyer = before in _BUYERS and after in ("the", "him", "her", "them")
    return said_by_buyer or (before in _BUYERS | {",", ".", "!", "then", "please"}) \
        and (after in _BOUGHT or after.isdigit())


def read(text: str, vocabulary: frozenset[str], addressees: frozenset[str] = frozenset()) -> Reading:
    """Tokens with clause, weight factor and flags; clauses with their question flag.

    `addressees` are name words of people present: a short clause naming one ("Hesper, where's
    Silas?") makes the sentence speech to them, so its questions are theirs to answer, not the DM's."""
    text, to_the_dm, labelled = marked(text)
    if to_the_dm:
        addressees = frozenset()  # sent to the DM alone: no one there is spoken to
    raw = _TOKEN_RE.findall(single_quotes(restored_elisions(
        text.lower().replace("’", "'").replace("‘", "'").replace("-", " "))))
    raw = _without_future(without_leave(investigating(mended_slips(run_apart(unjoined(modernised(raw)), vocabulary), addressees))))
    if raw[:1] == ["x"] and len(raw) > 1 and raw[1].isalpha():
        raw[0] = "examine"  # "x niche": the text-adventure command for examining
    reading = Reading(tokens=[], clauses=[Clause()], vocabulary=vocabulary)
    in_quote, modifier, noun, negating, casting, own = False, 1.0, False, False, False, False
    after_article = 0  # words read since the last article or possessive
    spell: list[str] = []
    prev = ""
    # "(chat, I am NOT rolling acrobatics)": words in brackets beside a turn are an aside to the table.
    aside, asides_aside = False, "(" in text and len(_ASIDE.sub(" ", text).split()) >= 3
    aside_clauses: set[int] = set()
    for index, tok in enumerate(raw):
        if tok in "()":
            # "(OOC: heading out)" is the player saying what they do: no aside.
            aside = tok == "(" and asides_aside and not set(raw[index + 1:index + 2]) & OUT_OF_CHARACTER
            tok = ","
        if tok in ('"', "“", "”"):
            in_quote = not in_quote
            reading.quoted = True
            continue
        # "Hespar's face": the name is mended, its 's kept for the possessive read below.
        owned = tok.endswith("'s") and len(tok) > 4
        word = correct(tok[:-2] if owned else tok, vocabulary) + ("'s" if owned else "") if tok[0].isalpha() else tok
        if word == "by" and _bought(raw, index):
            word = "buy"
        elif word == "skip" and raw[index + 1:index + 2] in (["to"], ["ahead"]):
            word = "go"  # "skip to the lighthouse": the table fast-forwards there, nothing is left out
        if word in _TIME_SUBORDINATORS and index + 1 < len(raw) and raw[index + 1] in _CLAUSE_SUBJECTS | addressees:
            word = "while" if word in ("whilst", "as") else "until" if word in ("till", "til") else word
            opens = True
        else:
            opens = False
        current = reading.clauses[-1]
        if word in ("i", "we") and current.lead in _FRONTED and len(current.words) >= 2 \
                and current.words[-1] not in _COMPLEMENT:
            # "after the fight we loot the bodies": the subject after a fronted time clause opens the main one.
            reading.clauses.append(Clause(colon=current.colon))
            modifier, noun, prev, negating, casting = 1.0, False, "", False, False
        compared = word in _WHEN_LEADS and reading.clauses[-1].words[-1:] and \
            reading.clauses[-1].words[-1] in _COMPARED  # "same formation as before, we wade ...": no time clause
        if tok in ",;.!?:" or word in _CLAUSE_WORDS and not compared or opens:
            reading.clauses[-1].asked = reading.clauses[-1].asked or tok == "?"
            reading.clauses[-1].stated = reading.clauses[-1].stated or tok in ".!"
            if reading.clauses[-1].words:
                reading.clauses.append(Clause(colon=tok == ":" or reading.clauses[-1].colon))
            if word in _CLAUSE_WORDS or opens:
                reading.clauses[-1].lead = word
            modifier, noun, prev, negating, casting = 1.0, False, "", False, False
            continue
        word = word.removesuffix("'s")
        reading.clauses[-1].words.append(word)
        reading.clauses[-1].quoted = reading.clauses[-1].quoted or in_quote
        if word in _CONDITIONAL and reading.clauses[-1].lead == "if" and len(reading.clauses[-1].words) == 1:
            reading.clauses[-1].conditional = True
            continue  # "is it locked? if not I go in": a condition on the answer, not a refusal
        if word in lx.NEGATORS or word.endswith("n't"):
            negating = reading.negated = True
            continue
        if (prev, word) in (("instead", "of"), ("rather", "than")):
            negating = True  # "instead of swinging I shout at him": the swing is not done
            continue
        if negating and word in lx.SUBJECTS and prev not in ("", "i", "we"):
            negating = False  # "we don't fight, we talk": a new subject ends the negation's reach
        if word in _TOPIC_WORDS:
            modifier = TOPIC_FACTOR
        elif (prev, word) in _GOAL_PHRASES:
            modifier = min(modifier, GOAL_FACTOR)
        if casting and (word in _SPELL_END or (spell and word in _DETERMINERS) or spell_said(spell, word)):
            casting = False
        if word in {"cast", "casts", "casting"}:
            casting, spell = True, []
            prev = word
            continue
        prev = word
        if word in _DETERMINERS:
            noun, after_article = True, 0
            own = word in ("my", "our")
            continue
        after_article += 1
        if casting:
            spell.append(word)
            reading.spell = reading.casts[len(reading.clauses) - 1] = " ".join(spell)
        if aside:
            aside_clauses.add(len(reading.clauses) - 1)
        factor = 0.0 if negating or casting else modifier * (QUOTE_FACTOR if in_quote or aside else 1.0)
        reading.tokens.append(Token(word=word, stem=cue_stem(word), clause=len(reading.clauses) - 1,
                                    factor=factor,
                                    noun=noun, negated=negating, own=own, possessive=tok.endswith("'s")))
        # "the right order", "the old watch": after an article and a word that is no cue (an adjective),
        # the next word still ends the noun phrase, so a verb-only cue there is a noun too.
        noun = tok.endswith("'s") or (noun and (cue_stem(word),) not in LEXICON and word not in _STOP_WORDS
                                      and after_article == 1)
        own = False
    # A short clause that names someone present hails them ("Hesper,", "oi Pim", and inside quotes
    # "madam Quill," or "..., Vell."): the sentence is speech to them.
    # "pim's crabby": a name typed with 's is a subject, not a hail.
    named_with_s = {t.clause for t in reading.tokens if t.possessive and t.word in addressees}
    hails = [c for i, c in enumerate(reading.clauses) if len(c.words) <= 3 and set(c.words[-2:]) & addressees
             and (len(c.words) == 1 or c.words[0] in lx.FILLERS | addressees or c.quoted) and i not in named_with_s
             and not _puts_a_name_right(reading.clauses, i, addressees)]
    vocative = bool(hails)
    if hails:
        reading.addressee = next(w for w in reversed(hails[0].words) if w in addressees)
        # "Pim, tell me, who rowed out that night?": a wh-question after the hail is put to them.
        for index, clause in enumerate(reading.clauses):
            ws = [w for w in clause.words if w not in lx.FILLERS]
            if clause not in hails and ws[:1] and ws[0] in lx.QUESTION_WORDS and not clause.quoted \
                    and not set(ws) & lx.FIRST_PERSON:
                clause.quoted = True
                for t in reading.tokens:
                    if t.clause == index:
                        t.factor *= QUOTE_FACTOR
    spoken = [c for c in reading.clauses if c.words]
    if spoken and not vocative and addressees:
        first = [w for w in spoken[0].words if w not in lx.FILLERS]
        # "Hesper how much for a room", "can you row us round to the caves pim?": a person present
        # hailed by name at the start, or at the end of a "you" sentence, is spoken to.
        # "Pim's chattering", "Vell's desk": a name typed with 's is a subject or an owner, not a hail.
        owner = next((t.possessive for t in reading.tokens if t.clause == 0 and t.word not in lx.FILLERS), False)
        # "If Crowe really is asleep, ...", "once Pim's gone": named after "if"/"when", a subject, not a hail.
        # "Vell swears he was at his desk": a name before a verb in the third person is its subject.
        hailed = bool(first) and first[0] in addressees and (len(first) < 2 or first[1] not in lx.SUBJECTS
                                                             and not third_person(first[1])
                                                             and not past_form(first[1])) \
            and not owner and spoken[0].lead not in _SUBORDINATE
        hailed = hailed or any(c.words[-1] in addressees and set(c.words) & lx.SECOND_PERSON for c in spoken)
        if hailed:
            reading.addressee = next((w for c in spoken for w in (c.words[0], c.words[-1]) if w in addressees), None)
            vocative = True
            acting = {i for i, c in enumerate(reading.clauses) if set(c.words) & lx.FIRST_PERSON}
            for t in reading.tokens:
                if t.clause not in acting and t.word not in addressees:
                    t.factor *= QUOTE_FACTOR  # what is said to them is speech, not the speaker's act
    if not vocative and addressees:
        asked = asked_of(spoken[0].words if spoken else [], addressees)
        if asked is not None:
            reading.addressee, vocative = asked, True
    reading.addressed = vocative
    tagged: set[int] = set()
    dm_is_you = any(told_by_the_dm(c.words) for c in reading.clauses) or not vocative and asks_after_own_things(
        [w for c in reading.clauses for w in [c.lead, *c.words] if w])  # "let me know | if I've got ..."
    for before, token in zip(reading.tokens, reading.tokens[1:], strict=False):
        if before.word == "you" and token.word in TELLING:
            token.factor = 0.0  # "you said": the DM's telling, no one speaking at the table
    for index, clause in enumerate(reading.clauses):
        ws = [w for w in clause.words if w not in lx.FILLERS]
        # "...: where does your captain keep the loot", "what will you pay for them?": a question put to
        # "you" is said to someone there, quotes or not; its words are speech, not the speaker's acts.
        if index and clause.asked and (tuple(ws) in _TAGS and not vocative or tuple(clause.words) in _TO_THE_TABLE):
            tagged.add(index - 1)  # the tag asks the table: the question before it is for the DM
            continue
        if ws and not vocative and not clause.quoted and set(ws) & lx.SECOND_PERSON and not set(ws) & _TABLE \
                and not dm_is_you \
                and (clause.asked or ws[0] in lx.QUESTION_WORDS or ws[0] in lx.AUXILIARIES):
            clause.quoted = reading.quoted = True
            for t in reading.tokens:
                if t.clause == index:
                    t.factor *= QUOTE_FACTOR
    _said_after_colon(reading, vocative)
    _when_phrases(reading)
    rules_asked = not vocative and asks_the_rules(reading.clauses) or labelled
    alone = sum(1 for c in reading.clauses if c.words) == 1
    for index, clause in enumerate(reading.clauses):
        clause.question = rules_asked or not vocative and is_question(clause, alone, dm_is_you) or index in tagged
        if index in aside_clauses and not clause.asked:
            clause.question = False  # "(which, chat, is a vibe)": an aside is no question unless asked
        ws = [w for w in clause.words if w not in lx.FILLERS]
        before = reading.clauses[index - 1] if index else None
        if before is not None and ws[:1] and ws[0] in _RELATIVE and before.words and not before.asked \
                and not reading.in_a_question(index):
            clause.question = False  # "Bram, who hates boats, climbs in": who he is, no question and no act
            for t in reading.tokens:
                if t.clause == index:
                    t.factor *= QUOTE_FACTOR
        nxt = reading.clauses[index + 1] if index + 1 < len(reading.clauses) else None
        if ws == ["what"] and nxt is not None and nxt.lead == "if" and nxt.words[:1] \
                and nxt.words[0] in lx.FIRST_PERSON | _GUESSED:
            clause.question = False  # "what if it's a shift cipher?", "what if we ...": a try put forward
    table_talk(reading)
    out_of_character(reading)
    reminders(reading)
    _rest_of_the_question(reading, aside_clauses)
    for index, clause in enumerate(reading.clauses):
        if clause.question:
            for t in reading.tokens:
                if t.clause == index:
                    t.factor *= QUESTION_FACTOR
    return reading


def _puts_a_name_right(clauses: list[Clause], index: int, addressees: frozenset[str]) -> bool:
    """"I hand Aldon the letter. Aldous.", "rope off Mr Vel... Vell.": a name said alone after an act that
    already named someone like it (the same or its first three letters) puts the name right; it hails no one."""
    clause = clauses[index]
    if clause.quoted or not index:
        return False
    earlier = {w[:3] for c in clauses[:index] if not c.quoted for w in c.words if len(w) >= 3}
    return all(w[:3] in earlier for w in clause.words if w in addressees)


def _rest_of_the_question(reading: Reading, asides: set[int]) -> None:
    """"how many gold I have still, after I buyed the lantern?", "is it permitted, under the rules, for a
    halfling to hide ...?": the clauses after a question, up to the end of its sentence, are still the question."""
    asking = False
    for index, clause in enumerate(reading.clauses):
        # "can I tell if osric is lying?" asks to read him: what follows "tell if" is what is read.
        reading_someone = index > 0 and clause.lead in ("if", "whether") \
            and reading.clauses[index - 1].words[-1:] == ["tell"]
        if asking and not clause.quoted and index not in asides and not reading_someone:
            clause.question = True
        if clause.asked or clause.stated:
            asking = False  # "who does that. anyway, I light it": a full stop ends the question too
        elif clause.question and not clause.quoted:
            asking = True


def _when_phrases(reading: Reading) -> None:
    """'before the next fight', 'after the rest', 'until the fight's over': a time word with only a noun
    phrase after it says when, it is no act of its own. Straight after a verb it is the verb's own
    ("go after the captain", "kneel before the altar"). What is to be done "before we leave" is done later:
    the other clause is the act."""
    acts = sum(1 for c in reading.clauses if c.words)
    for index, clause in enumerate(reading.clauses):
        before = reading.clauses[index - 1].words if index else []
        phrase = clause.words[:1] and clause.words[0] in _DETERMINERS and not set(clause.words) & lx.SUBJECTS
        later = clause.lead == "before" and clause.words[:1] and clause.words[0] in _CLAUSE_SUBJECTS and acts > 1
        if clause.lead in _WHEN_LEADS and (phrase or later) and not (before and stem(before[-1]) in PLACED_BY):
            for t in reading.tokens:
                if t.clause == index:
                    t.factor *= TOPIC_FACTOR


def _said_after_colon(reading: Reading, vocative: bool) -> None:
    """'Bram jabs a finger at Nessa: drop the whistle or you're swimming home': words after a colon that
    speak to "you" are said to someone there, quotes or not."""
    after = [c for c in reading.clauses if c.colon and not c.quoted]
    said = [w for c in after for w in c.words]
    if vocative or not after or not set(said) & lx.SECOND_PERSON or set(said) & _TABLE:
        return
    first = reading.clauses.index(after[0])
    if first and set(reading.clauses[first - 1].words) & OUT_OF_CHARACTER:
        return  # "OOC: Wren you absolute goblin": chat to the players at the table, said to no one in the scene
    reading.quoted = True
    for c in after:
        c.quoted = True
    indexes = {i for i, c in enumerate(reading.clauses) if c in after}
    for t in reading.tokens:
        if t.clause in indexes:
            t.factor *= QUOTE_FACTOR


def _without_future(raw: list[str]) -> list[str]:
    """Drop "gonna"/"going to" before a verb, and "keep"/"start" before an -ing verb: the verb after it is
    the act. "going to the docks" keeps
    its going; a word after "going to" counts as a verb when the cue lexicon or VERBS lists it as one."""
    out: list[str] = []
    i = 0
    while i < len(raw):
        tok = raw[i]
        after = raw[i + 1] if i + 1 < len(raw) else ""
        if tok == "gonna" or (tok in _FUTURE and after == "to" and is_verb(raw[i + 2] if i + 2 < len(raw) else "")):
            i += 2 if after == "to" else 1
            continue
        if tok in _ASPECT and len(after) > 5 and after.endswith("ing"):
            i += 1  # "I keep slotting the pieces in", "start hauling": the -ing verb is the act
            continue
        out.append(tok)
        i += 1
    return out
