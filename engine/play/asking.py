"""Questions that are not questions to the DM: reading a person (asking leave to act is
engine.play.frames); and refusals, which set no kind.

"is he lying?", "is Vell telling the truth?": a question about someone's honesty, asked at the
  table, is the character reading them (Insight), not words said to them.
"""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.play import lexicon as lx
from engine.play.frames import honesty
from engine.play.reading import Reading

T = ActionType
_SPEECH_MIN = 3.0  # a clause that speaks to someone, not a murmur in a side clause ("while he talks")
_JUDGING = {"think", "reckon", "believe", "sense", "feel", "tell", "figure", "seem", "seems", "trust"}
_DISCERNING = {"see", "tell", "know", "judge", "gauge", "check", "out", "sense", "spot"}  # "... see whether ..."
_SPEAKERS = {"i", "we", "i'll", "we'll", "let's", "i'm", "we're", "you", "your", "ya", "you're"}


_READ = {"read", "reads", "reading"}
# After "read", these begin a thing read ("read the ledger", "read it out"), never a person.
_READ_A_THING = {"the", "a", "an", "my", "our", "your", "their", "its", "it", "this", "that", "these", "those", "out",
                 "aloud", "up", "through", "over", "about", "from", "into", "on", "some", "any", "every", "what"}
_PAGES = {"letter", "map", "ledger", "note", "notes", "sign", "book", "scroll", "log", "page", "riot", "lines", "words"}


_LOOKING = {"study", "studies", "watch", "watches", "search", "searches", "scan", "scans", "eye", "eyes", "examine",
            "read", "reads", "look", "looks", "stare", "peer"}
_FACE = {"face", "eyes", "expression", "features", "demeanour", "demeanor", "manner", "hands", "tells"}


def _reads_someone(ws: list[str]) -> bool:
    if any(w in _LOOKING and set(ws[j + 1:j + 4]) & _FACE for j, w in enumerate(ws)):
        return True  # "I study Pim's face", "watch his eyes as he answers"
    for j, w in enumerate(ws[:-1]):
        if w not in _READ:
            continue
        nxt, after = ws[j + 1], ws[j + 2] if j + 2 < len(ws) else ""
        if nxt in ("her", "him", "them", "his"):
            # "read him", "read her face", "reads her - what's she scared of?"; "read her the letter" or
            # "read his letter" reads a page
            return after not in _PAGES | {"the", "a", "an", "this", "that", "it", "out", "aloud"}
        if nxt not in _READ_A_THING and after not in _PAGES:
            return nxt.isalpha() and len(nxt) > 1
    return False


def reads_a_person(reading: Reading) -> list[int]:
    """Clauses asking about someone else's honesty: "is he lying?", "is Vell telling the truth?", "can I tell
    if Osric is lying", "do I think the ghost is honest?". Not when the words are said to someone there
    ("Pim, where is Osric hiding the ledger?"), nor where someone hides ("where is the captain hiding?")."""
    if reading.addressed:
        return []
    out = []
    for i, clause in enumerate(reading.clauses):
        ws = [w for w in clause.words if w not in lx.FILLERS]
        if ws and not clause.quoted and _reads_someone(ws):
            out.append(i)  # "I read her", "wren reads pim", "read nessa's face": a person read, not a page
            continue
        if not ws or clause.quoted or ws[0].startswith("where") or not honesty(ws):
            continue
        judged = set(ws) & _JUDGING  # "do I think he is honest": the speaker judges, someone else is judged
        # "... to see whether he is telling us the truth": after "whether" someone else is the one judged.
        whether = next((k for k, w in enumerate(ws) if w in ("whether", "if")), None)
        if whether and ws[whether - 1] in _DISCERNING and ws[whether + 1:whether + 2] \
                and ws[whether + 1] not in _SPEAKERS:
            out.append(i)
            continue
        if set(ws) & _SPEAKERS and not judged:
            continue
        if clause.asked or ws[0] in lx.AUXILIARIES or clause.lead in ("if", "whether") or ws[0] == "whether":
            out.append(i)
    return out


def as_insight(reading: Reading, scores: dict[ActionType, float],
               clause_scores: dict[int, dict[ActionType, float]], matched: list[str]) -> None:
    """Reading a person is Insight: the words about honesty count as a check, not as speech."""
    found = reads_a_person(reading)
    for i in found:
        if reading.clauses[i].lead in ("if", "whether") and i and reading.clauses[i - 1].question:
            reading.clauses[i - 1].question = False  # "can I tell if he is lying": trying to tell, not asking
        judging = i and reading.clauses[i].lead in ("if", "whether") and reading.clauses[i - 1].words[-1:] and \
            reading.clauses[i - 1].words[-1] in _JUDGING
        # "can Tova tell if Ambrose is truthful": the telling is discerning, not speech.
        # "I read her": the "read" cue is no look at a page either.
        kinds = (T.ROLEPLAY, T.EXPLORATION) if _reads_someone(reading.clauses[i].words) else (T.ROLEPLAY,)
        for j in (i - 1, i) if judging else (i,):
            per = clause_scores.get(j, {})
            for kind in kinds:
                moved = per.pop(kind, 0.0)
                per[T.SKILL_CHECK] = per.get(T.SKILL_CHECK, 0.0) + moved
                scores[kind] -= moved
                scores[T.SKILL_CHECK] += moved
    if found and not any(max(per, key=per.get) == T.ROLEPLAY and max(per.values()) >= _SPEECH_MIN  # type: ignore[arg-type]
                         for per in clause_scores.values() if per):
        # Nobody is spoken to: the person named is who is read, so naming them is no speech either.
        scores[T.SKILL_CHECK] += scores[T.ROLEPLAY]
        scores[T.ROLEPLAY] = 0.0
    if found:
        matched.append("reading a person")
    for clause in reading.clauses[min(found) + 1:] if found else ():
        if clause.question and set(clause.words) & _ABOUT_THEM:
            clause.question = False  # "wren reads her. whats she scared of?": what the reading is for


def refused(reading: Reading, scores: dict[ActionType, float], clause_scores: dict[int, dict[ActionType, float]],
            facts: dict[str, object]) -> None:
    """A clause whose every act is negated ("we don't go to the caves yet, we ask Pim") sets no kind: what
    world evidence it drew (the place it names) is taken back, and it leads the party nowhere."""
    # The negation must come before the clause's act: "the lever that isn't rusted" refuses nothing.
    firsts: dict[int, bool] = {}
    for t in reading.tokens:
        if t.clause not in firsts and t.word not in lx.SUBJECTS and not t.word.endswith("'m"):
            firsts[t.clause] = t.negated
    for i in [c for c, negated in firsts.items() if negated]:
        for kind, value in clause_scores.pop(i, {}).items():
            scores[kind] -= value
        if facts.get("place_clause") == i:
            facts["place"], facts["moving"], facts["place_clause"] = None, False, None


_ABOUT_THEM = {"he", "she", "they", "him", "her", "them"}


def said_on(reading: Reading, facts: dict[str, object]) -> None:
    """After words to someone present, a question with no "I"/"we" of its own goes on speaking to them
    ("I ask Pim about the boats. how much?"): it is theirs to answer, not the DM's."""
    spoken = facts.get("person_clause")
    if spoken is None:
        return
    for clause in reading.clauses[int(spoken) + 1:]:  # type: ignore[call-overload]
        # "if I flip Pim a copper, will he talk?" asks the DM about him: words to him would say "you".
        if clause.question and not set(clause.words) & _SPEAKERS and not set(clause.words[:2]) & _ABOUT_THEM:
            clause.question = False


_REQUESTING = {"can", "could", "will", "would"}


def asks_of_them(reading: Reading) -> bool:
    """"Pim, can you row us round to the caves?": a request of (or a question to) someone hailed by name
    is theirs to do or answer, so it is said to them, and the party goes nowhere yet."""
    if not reading.addressed:
        return False
    # A question put to them ("so Nessa, is there a way down to the caves from here?") is theirs to answer.
    return any(clause.asked for clause in reading.clauses) or any(
        w in _REQUESTING and ws[j + 1:j + 2] == ["you"]
        for clause in reading.clauses for ws in [clause.words] for j, w in enumerate(ws))
