"""A question to the DM put indirectly, with no question mark: "I want to know what time it is", "Bram
wonders if the crab is hurt", "Wren asks the DM how many arrows she has", "curious whether it's locked".
The frame says who wants to know; what follows it is the question."""

from __future__ import annotations

from engine.play import lexicon as lx
from engine.play.classifier import QUESTION_FACTOR
from engine.play.frames import honesty
from engine.play.reading import Clause, Reading

_WANTING = {"want", "wants", "wanted", "wanna", "like", "need", "needs", "'d", "would"}
_WONDERING = {"wonder", "wonders", "wondering", "curious"}
_TABLE = {"dm", "gm", "table"}
_ASKING = {"ask", "asks", "asking"}
_WHETHER = {"if", "whether"}
_ENQUIRING = {"ask", "enquire", "inquire"}
# Asked of the table in the DM's report: the player's character ("he", "she") and what they may do.
_REPORTED = {"he", "she", "they"}
_MAY = {"can", "could", "may", "might", "gets", "get", "is", "should"}
# "if we wait here would the tide come in?": a modal put before its subject inside the "if" clause.
_MODALS = {"would", "will", "could", "can", "might", "does", "do", "is", "are", "should"}
_LEAVE = {"can", "could", "may"}
_SUPPOSING = {"say", "suppose", "supposing", "imagine", "hypothetically"}
_PERSONS = {"i", "we"}
_PERCEIVING = {"see", "hear", "tell", "reach", "fit", "spot", "smell", "feel", "make"}
_SUBJECTS = {"we", "i", "you", "he", "she", "it", "they", "the", "there", "that", "this", "anyone", "someone", "my", "our"}


def _frame_end(ws: list[str]) -> int | None:
    """Where the frame ends in a clause's words ("... want(s) to know", "... wonder(s)", "... asks the DM"),
    or None when the clause has none."""
    for j, w in enumerate(ws):
        if w == "know" and j >= 2 and ws[j - 1] == "to" and ws[j - 2] in _WANTING:
            return j + 1
        if w in _WONDERING:
            return j + 1
        if w in _ENQUIRING and j >= 2 and ws[j - 1] == "i" and ws[j - 2] in _LEAVE | {"might"}:
            return j + 1  # "might I enquire whether ...", "may I ask if ...": leave asked to ask the table
        if w in _ASKING and j + 1 < len(ws) and ws[j + 1] in _TABLE | {"the"} and _TABLE & set(ws[j + 1:j + 3]):
            return j + (2 if ws[j + 1] in _TABLE else 3)
    return None


def indirect_questions(reading: Reading) -> None:
    """Marks the question a frame opens as a question to the DM (not speech, not an act), frame included."""
    clauses = reading.clauses
    for index, clause in enumerate(clauses):
        if clause.quoted or clause.question:
            continue
        end = _frame_end(clause.words)
        if end is None:
            _reported_ask(reading, index)
            continue
        rest = clause.words[end:]
        if rest:
            asked = rest[0] in lx.QUESTION_WORDS or rest[0] in _WHETHER
            marked = {index} if asked else set()
        else:
            nxt = clauses[index + 1] if index + 1 < len(clauses) else None
            asked = nxt is not None and (nxt.lead in _WHETHER and not nxt.conditional
                                         or bool(nxt.words) and nxt.words[0] in lx.QUESTION_WORDS)
            marked = {index, index + 1} if asked else set()
        if honesty([w for i in marked for w in clauses[i].words]):
            continue  # "I want to know if Hesper is lying" reads her: an Insight check, not a question
        _ask(reading, marked)


def _reported_ask(reading: Reading, index: int) -> None:
    """"Bram's asking if he can still move after he attacks": the DM reporting what a player asks, about
    what their character may do; the rules answer it, no one there."""
    clauses = reading.clauses
    ws = clauses[index].words
    nxt = clauses[index + 1] if index + 1 < len(clauses) else None
    # Not "I ask if he can row us": asked by the player themself, or a service asked of someone, is words to them.
    if ws and ws[-1] in _ASKING and ws[0] not in lx.SUBJECTS and nxt is not None and nxt.lead in _WHETHER \
            and not nxt.conditional and nxt.words[:1] and nxt.words[0] in _REPORTED and nxt.words[1:2] \
            and nxt.words[1] in _MAY and not {"us", "me"} & set(nxt.words):
        _ask(reading, {index, index + 1})


def hypotheticals(reading: Reading) -> None:
    """"if I flip Pim a copper, will he talk?", "if we long rest here, does the tide flood this bit?", "if I cast
    Light on my dagger could we see to the back?": an "if" put before a question to the DM is what the question
    supposes, not an act."""
    clauses = reading.clauses
    for index, clause in enumerate(clauses[:-1]):
        # "If I cast Shield | when Crowe hits me, | does the +5 hold?": a time clause may stand between.
        at = index + 1
        while at < len(clauses) - 1 and clauses[at].lead in _WHEN and not clauses[at].question:
            at += 1
        nxt = clauses[at]
        if _supposes(clause) and not clause.conditional and not clause.question and nxt.question and nxt.asked \
                and nxt.words and nxt.words[0] in lx.AUXILIARIES | {"would", "will", "could", "can", "might"}:
            _ask(reading, set(range(index, at)))
    for index, clause in enumerate(clauses):
        ws = clause.words
        if index == 0 and _supposes(clause) and clause.asked and not clause.conditional and not clause.quoted and any(
                ws[j] in _MODALS and ws[j + 1] in _SUBJECTS and not _asks_to_act(ws[j:j + 3]) for j in range(2, len(ws) - 1)):
            _ask(reading, {index})  # the supposing and the question in one breath, with no comma between


_WHEN = {"when", "while", "before", "after", "as", "once", "until"}


def _supposes(clause: Clause) -> bool:
    """An "if" clause, or one opened by "say"/"suppose" and its subject ("say I gave Nessa the silver, ...")."""
    ws = clause.words
    return clause.lead == "if" or len(ws) > 2 and ws[0] in _SUPPOSING and ws[1] in _SUBJECTS


def _asks_to_act(ws: list[str]) -> bool:
    """ "can I pocket the coins", "could we slip past": asking leave to act is the act; "could we see" asks what is."""
    return len(ws) == 3 and ws[0] in _LEAVE and ws[1] in _PERSONS and ws[2] not in _PERCEIVING


def _ask(reading: Reading, indexes: set[int]) -> None:
    """The clauses are a question to the DM: their words weigh as a question's do."""
    for i in indexes:
        reading.clauses[i].question = True
        reading.clauses[i].conditional = False
    for t in reading.tokens:
        if t.clause in indexes:
            t.factor *= QUESTION_FACTOR
