"""Table talk: a clause that is only a stock phrase said to the table ("where were we", "asking for a
friend", "hear me out", "what could go wrong") is no act and no question, whatever words it holds.

Matched on the whole clause (fillers aside), so "where were we camped?" or "hold my beer mug" still count.
"""

from __future__ import annotations

from engine.play import lexicon as lx
from engine.play.reading import Reading
from engine.play.thinking_aloud import quieten

# Each as the words of a clause of its own, fillers ("ok", "so", "wait") dropped; read as the reading has them,
# with "'s" cut off ("what's" is read "what").
_PHRASES = {tuple(w.removesuffix("'s") for w in p.split()) for p in (
    "where were we", "where was i", "asking for a friend", "just kidding", "jk", "lol", "haha", "my bad",
    "no offense", "no offence", "fair enough", "you know what", "to be fair", "for science", "what could go wrong",
    "what could possibly go wrong", "what's the worst that could happen", "hold my beer", "here goes nothing",
    "famous last words", "don't judge me", "trust me", "hear me out", "bear with me", "long story short",
    "as one does", "as you do", "no regrets", "worth it", "i know i know", "idk", "tbh", "ngl", "imo", "sorry",
    "thanks", "thank you", "good game", "gg", "yolo", "anyway", "anyways", "whatever", "you guys", "guys",
    "am i right", "right", "classic", "yikes", "oof", "welp", "ugh", "nice", "cool", "awesome", "lmk",
    "if that makes sense", "does that make sense", "is that ok", "is that okay", "if that's ok",
    "if that's okay", "if that's allowed", "if i can", "if possible", "if that works", "does that work",
    "sound good", "sounds good", "you know", "i guess", "i think", "i suppose", "in theory", "no pressure",
    "what do you think", "thoughts", "any objections", "everyone good", "everyone ready", "here we go",
    "real talk", "for real", "fr", "no cap", "ong", "honestly", "seriously", "literally", "quick question",
    "real quick", "dm", "pls", "please", "no pressure", "just saying", "just sayin", "i mean", "or whatever",
    "pray", "prithee", "i pray you", "i beg you",
    # a question flagged as only a question: nothing is done yet
    "just asking", "just curious", "just wondering", "only asking", "rules question", "quick rules question",
    "not doing it", "not doing it yet", "i'm not doing it", "i'm not doing it yet", "not rolling yet",
    # sarcasm: said for the table's benefit, asking nothing
    "what's the worst that can happen", "what's the worst that happens", "what's the worst that'll happen",
    "what could go wrong", "who does that", "who even does that", "who knew", "who saw that coming",
    "who could have seen that coming", "who could possibly have seen that coming", "what a surprise",
    "how convenient", "how lovely", "how adorable", "how nice", "how cute", "how original", "go figure",
    "of course", "sure", "great", "just great", "lovely", "perfect", "wonderful", "fantastic", "brilliant",
    "typical", "figures", "shocker", "what are the odds", "what else is new", "big surprise", "why not",
    "why me", "why is it always us", "why is it always me", "naturally", "obviously",
    # a tag on a name just heard ("Old Nip, is it?"): a sneer, not a question
    "is it", "is that so", "eh", "huh",
)}
# Said to whoever runs the table when no one at the scene is hailed: "tell me", "remind me".
_TO_THE_LISTENER = {tuple(p.split()) for p in (
    "tell me", "tell us", "remind me", "remind us", "let me know", "do tell", "go on", "pray tell", "tell me truly",
    "tell me true", "tell me honestly", "tell me straight", "be honest", "be straight with me")}
_LONGEST = max(len(p) for p in _PHRASES | _TO_THE_LISTENER)


# Opening a message, someone at the table is shown how it's done: "watch, I draw my sword and ...", "see, you
# thank the NPC, then ...". Later in a message "I lean over and look" looks.
_SHOWING = {tuple(p.split()) for p in ("watch", "watch this", "see", "look", "check this out", "observe", "behold")}


def table_talk(reading: Reading) -> None:
    """Clauses that are only a stock phrase to the table weigh nothing and ask nothing."""
    if sum(1 for c in reading.clauses if c.words) < 2:
        return  # said on its own, the phrase is the whole message: left to the reading as it is
    phrases = _PHRASES if reading.addressed else _PHRASES | _TO_THE_LISTENER
    first = next(i for i, c in enumerate(reading.clauses) if c.words)
    quieten(reading, {index for index, clause in enumerate(reading.clauses) if not clause.quoted
                      and (_only_phrases(ws := tuple(w for w in clause.words if w not in lx.FILLERS), phrases)
                           or index == first and ws in _SHOWING
                           or _decided_together(ws) or ws[:2] == ("who", "needs") and len(ws) <= _RHETORIC)})


_REMINDERS = {("remind", "me", "to"), ("remind", "us", "to"), ("let", "me", "forget"), ("let", "us", "forget")}


def reminders(reading: Reading) -> None:
    """"ps someone remind me to buy ink at some point", "note to self: rope": what is to be done later is a
    note to the table, no act now, beside what is done now."""
    if sum(1 for c in reading.clauses if c.words) < 2:
        return
    later: set[int] = set()
    for index, clause in enumerate(reading.clauses):
        ws = clause.words
        if any(tuple(ws[j:j + 3]) in _REMINDERS for j in range(len(ws))):
            later.add(index)
        elif [w for w in ws if w not in lx.FILLERS] == ["note", "to", "self"]:
            later |= {index, index + 1}
    if len(later) < sum(1 for c in reading.clauses if c.words):
        quieten(reading, {i for i in later if i < len(reading.clauses)})


OUT_OF_CHARACTER = {"ooc", "oog", "meta"}  # words that open a note out of character
_IN_CHARACTER = {"ic"}


def out_of_character(reading: Reading) -> None:
    """"OOC: did NOT see that coming. IC: Bram charges the thug": beside an act told in character, what the
    player says out of character is talk to the table; only a question asked there ("OOC: is it still
    bloodied?") is put to the DM. An OOC note that is the whole message ("OOC: heading out") is the act."""
    # The note runs to "IC:" when the player marks the way back in character, else to the end of its sentence.
    marked_back = any(c.words[:1] and c.words[0] in _IN_CHARACTER for c in reading.clauses)
    out, outside, inside = set(), False, False
    for index, clause in enumerate(reading.clauses):
        ws = clause.words
        if ws[:1] and ws[0] in _IN_CHARACTER:
            inside = False
        elif ws[:1] and ws[0] in OUT_OF_CHARACTER:
            inside = True
        if inside:
            out.add(index)
        elif [w for w in ws if w not in _IN_CHARACTER]:
            outside = True
        if inside and not marked_back and (clause.stated or clause.asked):
            inside = False
    if not outside:
        return
    for i in out:
        reading.clauses[i].out_of_character = True
    quieten(reading, {i for i in out if not reading.in_a_question(i) and not reading.clauses[i].quoted})


_RHETORIC = 4  # "who needs sleep, right? we push on": a short "who needs" asks no one, beside another clause
# What the players settled between them: "we all agree Aldous should have it, so I hand him the letter", "team
# vote: rest". Beside the act it reports, the decision is the table's, no act of the character's.
_DECIDING = {"agree", "agreed", "agrees", "voted", "vote", "votes", "decided", "decide", "decides", "settled"}
_WHO_DECIDES = {"we", "we've", "we'd", "all", "have", "everyone", "everybody", "the", "table", "party", "team", "group",
                "just", "finally", "unanimously"}


def _decided_together(ws: tuple[str, ...]) -> bool:
    lead = 0
    while lead < len(ws) and ws[lead] in _WHO_DECIDES:
        lead += 1
    return 0 < lead < len(ws) and ws[lead] in _DECIDING


def _only_phrases(ws: tuple[str, ...], phrases: set[tuple[str, ...]]) -> bool:
    """The words are one or more stock phrases back to back ("tell me tell me", "real talk no cap")."""
    if not ws:
        return False
    ends = {0}  # word counts that can be split into whole phrases
    for end in range(1, len(ws) + 1):
        if any(end - n in ends and ws[end - n:end] in phrases for n in range(1, min(end, _LONGEST) + 1)):
            ends.add(end)
    return len(ws) in ends
