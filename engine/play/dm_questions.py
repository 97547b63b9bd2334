"""Whether a clause asks the DM: a question word or an auxiliary about the world, not "can I climb it?"
(asking to act); what someone present knows is theirs to answer; "can I ... again?" asks the rules."""

from __future__ import annotations

from functools import cache

from engine.content.catalogue import name_words
from engine.models.catalogue import CatalogueKind
from engine.play import lexicon as lx
from engine.play.cue_keys import is_verb
from engine.play.entities import content_stems
from engine.play.frames import honesty
from engine.play.inflection import base_verb, past_form
from engine.play.reading import Clause

_BARE = 3
_PERCEIVING = {"see", "hear", "smell", "feel", "know", "tell"}
# Verbs whose object an "if" goes on ("ask Aldous if he's hurt", "check if it's locked"): whether, not a condition.
_ASKING_WHETHER = {"ask", "check", "find", "wonder", "learn", "enquire", "inquire"}
# No order opens with these ("does sneak attack work with a shortbow", "is old nip bloodied yet"): they ask
# how things stand, whatever the subject after them.
_STATE_ASKING = {"is", "are", "was", "were", "does", "did", "has", "isn't", "aren't", "doesn't", "didn't", "hasn't"}
_NO_SUBJECT = {"done", "gone", "ready", "finished", "over", "good", "ok", "okay", "set"}
_WHEN = {"when", "whenever", "once"}
_TOLD_SUBJECTS = {"he", "she", "it", "they", "he's", "she's", "it's", "they're"}
_HIT_TERMS = {"point", "points", "dice", "die"}
_RULES_ASKING = {"can", "could", "do", "does", "may", "are", "is", "would", "will"}
# What someone knows or thinks: asked of a person present, it is theirs to answer.
_KNOWING = {"know", "knows", "think", "thinks", "reckon", "reckons", "remember", "remembers", "say", "says", "saw",
            "see", "heard", "hear", "make", "makes", "want", "wants", "believe", "believes"}
_JOINING = {"and", "then", "but", "so"}  # "... and is asleep": a clause joined on, its subject said before
# Words of when or how often: with "can I ...", they ask what the rules allow ("... and still move after?").
_RULES_TAIL = {"after", "afterwards", "again", "before", "still", "instead", "twice"}  # "DM, can you remind me...": the table's "you" is the DM


TELLING = {"said", "say", "mentioned", "mention", "described", "describe", "told", "saying", "narrated"}


def told_by_the_dm(ws: list[str]) -> bool:
    """"did you say two thugs or three?", "the weed you said was glowing": the "you" who told the scene is the
    DM, so the words are for the table, not for someone there."""
    return any(a == "you" and b in TELLING for a, b in zip(ws, ws[1:], strict=False))


_HAVING = {"have", "has", "got", "carry", "carrying", "hold", "holding", "left", "own"}


def asks_after_own_things(ws: list[str]) -> bool:
    """"could you tell me how much gold I have left", "remind me whether we still have the letter": what the
    player's own sheet holds is the DM's to tell, so the "you" asked is the DM, not someone there."""
    for k, word in enumerate(ws):
        if word in {"tell", "remind"} and ws[k + 1:k + 2] in (["me"], ["us"]):
            rest = ws[k + 2:]
        elif word == "know" and k and ws[k - 1] in {"me", "us"}:
            rest = ws[k + 1:]
        else:
            continue
        return any(w in {"i", "we", "i've", "we've"} and set(rest[j + 1:j + 4]) & _HAVING
                       for j, w in enumerate(rest)) or bool(set(rest) & {"my", "our"})
    return False


def is_question(clause: Clause, alone: bool = False, dm_is_you: bool = False) -> bool:
    """A question to the DM: a question word first, or an auxiliary asking about the world. "Can I
    climb...?" asks to act; "can I see the crab from here?" asks what the character perceives. `dm_is_you`:
    the message speaks of the DM as "you" elsewhere ("the weed you said was glowing - can you tell me ...")."""
    ws = [w for w in clause.words if w not in lx.FILLERS]
    if not ws:
        return False
    first, second = ws[0], ws[1] if len(ws) > 1 else ""
    third = ws[2] if len(ws) > 2 else ""
    # Reading a person, speech in quotes, or "you": a question to someone at the table, not to the DM.
    if honesty(ws) or set(ws) & lx.SECOND_PERSON and not (dm_is_you or told_by_the_dm(ws)) or clause.quoted:
        return False
    if first in _WHEN and not clause.asked and set(ws[2:]) & lx.FIRST_PERSON:
        return False  # "when nobody's watching I pocket the coin": when the act is done, not a question
    if first == "remind" and second in ("me", "us"):
        return True  # "remind me what we learned about the harbormaster": what the table was told, retold
    if first in lx.QUESTION_WORDS:
        # "how to ..." is a goal, "what if we ..." a proposal to act, not questions to the DM.
        return not (first == "how" and second == "to") and not (first == "what" and second == "if"
                                                                   and third in lx.FIRST_PERSON)
    if first in _RULES_ASKING and (second.removesuffix("s") in lx.CLASSES or second in ("a", "an") and third in lx.CLASSES):
        return True  # "can rogues hide as a bonus action": the rules asked about, not an act
    if first in ("have", "do") and second in _ONE_THING:
        return False  # "... and have a look?", "have a drink?": an act put forward, not a question
    if first == "do" and not clause.asked:
        asks = second in _PERSONAL or _do_asks(ws)  # "do the lamp thing" orders; "do the sailors take..." asks
    else:
        personal = _PERSONAL | {"you"} if dm_is_you else _PERSONAL  # "would you let me know if I've got ..."
        asks = first in lx.AUXILIARIES and (second in personal | {"the", "my", "our", "any", "anyone", "anything",
                                                                  "this", "that"}
                                            or clause.asked or first in _STATE_ASKING and _subject(second))
    if asks and clause.lead in _JOINING and not clause.asked and first in _STATE_ASKING:
        return False  # "curls up by the hearth and is asleep in seconds": the subject before, said once
    if asks:
        if first in {"can", "could"} and second in {"i", "we"} and third not in _PERCEIVING:
            return False  # "can I climb it?" asks to act
        if first in {"am", "are"} and second in {"i", "we"} and third in {"allowed", "able"} \
                and ws[3:4] == ["to"] and ws[4:5] and ws[4] not in _PERCEIVING:
            return False  # "am I allowed to swing at the crab?" asks to act, like "can I"
        return True
    # "he is dead or only unconscious?": a statement asked about someone there, in the order of a statement.
    said = ws[:-2] if ws[-2:] in (["or", "no"], ["or", "not"], ["or", "what"]) else ws  # "... bloody already or no?"
    if clause.asked and first in _TOLD_SUBJECTS and (second in _STATE_ASKING or first.endswith("'s")) \
            and len(said) <= _BARE + 2:
        return True
    # "hp?", "time?": a few words with no verb, asked on their own, ask how things stand.
    if alone and [w for w in ws if w not in _POLITE] in (["i"], ["inv"], ["inventory"]):
        return True  # the text-adventure command for what you carry
    # "hit points left on me?": "hit" in a game term is no verb.
    named = [w for w, nxt in zip(ws, [*ws[1:], ""], strict=True) if not (w == "hit" and nxt in _HIT_TERMS)]
    bare = clause.asked and not any(is_verb(w) or w in lx.FIRST_PERSON for w in named)
    # "crowe bloodied yet? sneak attack him", "crab still prone?": how someone stands, asked bare beside an
    # act, is asked too.
    standing = clause.lead not in ("if", "whether") and bool(set(ws) & _how_one_stands()) and len(ws) <= _BARE
    return bare and (alone and len(ws) <= _BARE or standing)


@cache
def _how_one_stands() -> frozenset[str]:  # noqa: N802 - a constant, read once from the SRD
    """The SRD's conditions and the states of a creature's hit points: what "X bloodied yet?" asks after."""
    return frozenset(name_words(CatalogueKind.CONDITION)) | {"bloodied", "dead", "alive", "awake", "asleep",
                                                            "hurt", "wounded", "injured", "conscious", "dying"}


_WHAT_IS = {"who", "what", "whats", "what's", "who's", "whos", "anything", "anyone", "anybody", "any"}
_THERE = {"in", "inside", "there", "here", "under", "behind", "beneath", "around", "about", "on"}


def asks_what_is_there(clause: Clause) -> bool:
    """"who's in tonight", "what's in the barrels", "is there anything under the bar": what a look finds,
    not how things stand ("how late is it") or what the rules allow."""
    ws = [w for w in clause.words if w not in lx.FILLERS]
    opens = ws[:1] and ws[0] in _WHAT_IS or ws[:2] in (["is", "there"], ["are", "there"])
    return bool(opens) and bool(set(ws[1:]) & _THERE)


def questions_of_what_is_there(clauses: list[Clause]) -> bool:
    """Whether every question asks what a look finds, counting a question's later clauses with its first ("is
    there a needle, | a blade, | or a poison below?")."""
    opening: Clause | None = None  # the first clause of the question now being read
    for clause in clauses:
        if clause.question:
            opening = opening or clause
            if not (asks_what_is_there(clause) or asks_what_is_there(opening)):
                return False
        if clause.asked or clause.stated or not clause.question:
            opening = None
    return True


_POINTING = {"it", "that", "this", "they", "them", "he", "she", "him", "her", "its", "it's", "there"}


def looked_into(asked: Clause, act: Clause, looking: frozenset[str]) -> bool:
    """Whether the look or search in `act` is how the question in `asked` gets answered: "what's under the
    barrels? I go look", "is it locked? I check the door", "how deep is the pool? I look at the pool". "Where
    are we? I look at the altar" asks about something the look will not show: a second thing. `looking`: the
    stems of the verbs of finding out, which name no thing looked at."""
    if asks_what_is_there(asked) or set(asked.words) & _POINTING:
        return True
    looked_at = content_stems([" ".join(act.words)]) - looking
    return not looked_at or bool(content_stems([" ".join(asked.words)]) & looked_at)


def asked_of(ws: list[str], addressees: frozenset[str]) -> str | None:
    """"whats hesper know about silas crowe", "what does Pim think of the harbormaster": what someone present
    knows or thinks is theirs to tell; the question is put to them. Returns the name word they were asked by."""
    ws = [w for w in ws if w not in lx.FILLERS]
    if not ws or ws[0] not in lx.QUESTION_WORDS | {"does", "did", "whats", "do"}:
        return None
    for j, w in enumerate(ws[1:4], start=1):
        if w in addressees:
            # How they stand toward the party ("what does aldous think of us") is theirs to show, the DM's to say.
            return w if set(ws[j + 1:j + 3]) & _KNOWING and not {"us", "me"} & set(ws[j + 1:]) else None
    return None


def asks_the_rules(clauses: list[Clause]) -> bool:
    """"can I cast shield after I've been hit?", "can I use action surge again or do I need a rest first":
    asking whether one may, with a word of when or how often, asks how the rules stand; the act waits on it."""
    spoken = [c for c in clauses if c.words]
    ws = [w for w in spoken[0].words if w not in lx.FILLERS] if spoken else []
    if len(ws) < 3 or ws[0] not in {"can", "could", "may"} or ws[1] not in {"i", "we"} or any(c.quoted for c in spoken):
        return False
    # As a clause's joining word only "after" asks ("... after I've been hit?"); "while they argue" sets a scene.
    if any(w in _RULES_TAIL for c in spoken for w in c.words) or any(c.lead == "after" for c in spoken):
        return True
    # "... if the crab clips me", "... or is the pool in the way": whether one may, put on a condition or
    # beside what else might stand, asks how the rules stand.
    # "can I tell if he's lying" reads a person; "... ? if not we head on" is a plan of its own.
    # "can I ask Aldous if he's hurt" asks leave to ask him: the "if" is what is asked, no condition.
    conditioned = any(c.lead == "if" and not before.asked and not set(before.words[-1:]) & _PERCEIVING
                      and not set(before.words[-3:]) & _ASKING_WHETHER
                      and c.words[:1] != ["not"] for before, c in zip(spoken, spoken[1:], strict=False))
    return conditioned or any(a == "or" and b in _STATE_ASKING for c in spoken
                              for a, b in zip(c.words, c.words[1:], strict=False))


_POLITE = {"pls", "plz", "please"}
_ONE_THING = {"a", "an", "another", "some"}
_PERSONAL = {"i", "we", "there", "it", "he", "she", "they"}
# What follows "do" in an order rather than a question: "do a flip", "do my best", "do that again".
_DONE_THING = {"a", "an", "some", "it", "that", "this", "something", "anything", "nothing", "what", "whatever",
               "my", "your", "his", "her", "our", "their"}


def _do_asks(ws: list[str]) -> bool:
    """"do undead sailors take extra from radiant", "does radiant hurt them": "do", a subject, then its
    verb asks; "do a backflip", "do push-ups" order an act."""
    if len(ws) < 3 or ws[1] in _DONE_THING or is_verb(ws[1]) or not _subject(ws[1]):
        return False
    return any(base_verb(w) for w in ws[2:5])


def _subject(word: str) -> bool:
    """A word that can open the subject of a question ("is old nip ...", "is sacred flame ..."); "were done
    here" (for "we're") has none: a participle follows straight on."""
    return bool(word) and word not in lx.FIRST_PERSON and not past_form(word) and word not in _NO_SUBJECT


# Words of how an act works under the rules: asked beside the act, they ask about it, not about the scene.
_HOW_IT_WORKS = {"sneak", "advantage", "disadvantage", "action", "bonus", "reaction", "save", "saving", "roll",
                 "attack", "radiant", "necrotic", "damage", "range", "concentration", "slot", "provoke",
                 "opportunity", "proficient", "proficiency", "dc", "modifier", "beat", "beats", "ac",
                 "cost", "costs", "price", "hit"}
# "how many hit points / hit dice has it left?" asks how things stand.
_NOT_HOW = {("hit", "points"), ("hit", "point"), ("hit", "dice"), ("hit", "die"), ("hp",)}


def about_the_act(clause: Clause) -> bool:
    """"is that a saving throw or an attack roll?", "do I get sneak attack?", "17, is that enough to hit?",
    "what's my AC without it?": a question of how the act beside it works (the guide: it adds no part), not
    of how things stand ("is he bloodied?", "how many hit points has it left?")."""
    ws = [w for w in clause.words if w not in lx.FILLERS]
    if any(tuple(ws[i:i + len(p)]) == p for p in _NOT_HOW for i in range(len(ws))):
        return False
    # "am I right that a fighter may catch his breath once between rests?": what the rules allow the act.
    if tuple(ws[:3]) in _CHECKING_A_RULE and set(ws[3:]) & {"may", "can", "could", "gets", "get"}:
        return True
    # "is that how it is done?", "is that allowed?", "does that work?": whether the act just said is done right.
    if len(ws) <= _SHORT_ASK and tuple(ws[:2]) in _THAT_ACT and (len(ws) == 2 or ws[2] in _DONE_RIGHT):
        return True
    return bool(set(ws) & _HOW_IT_WORKS)


_SHORT_ASK = 6
_CHECKING_A_RULE = {("am", "i", "right"), ("is", "it", "true"), ("is", "it", "right"), ("am", "i", "correct")}
_THAT_ACT = {("is", "that"), ("is", "this"), ("does", "that"), ("does", "this"), ("would", "that"),
             ("will", "that"), ("was", "that")}
_DONE_RIGHT = {"how", "right", "allowed", "legal", "ok", "okay", "work", "fine", "correct", "possible"}

