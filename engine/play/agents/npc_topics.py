"""What a question to an NPC is about: one of their topics, or a subject they know nothing of.

A topic is matched on word stems of its name and keywords, with typos folded by rapidfuzz, never on
exact strings; the NPC's own name and the asking words do not count. When no topic fits, the subject
is the world's entity the question names ("where is Silas Crowe?") or what follows "about", so even
"I don't know" answers what was asked.
"""

from __future__ import annotations

import re
import zlib

from rapidfuzz import fuzz

from engine.models.world import NPC, Attitude, Campaign, Topic
from engine.play.typos import is_english
from engine.text import stem, words

_STOP = {"the", "and", "about", "what", "who", "where", "why", "how", "know", "does", "did", "you", "she",
         "him", "her", "they", "them", "that", "this", "with", "for", "ask", "tell", "anything", "are", "was",
         "were", "has", "have", "had", "his", "their", "there", "any", "all", "out", "our", "your", "from",
         "can", "could", "would", "will", "when", "which", "try", "want", "wants", "into", "onto", "then",
         "now", "seen", "see", "heard", "hear", "something", "thing", "things", "lately", "here", "just",
         "get", "got", "some", "one", "please", "say", "said", "talk", "speak", "question", "questions",
         "persuade", "convince", "intimidate", "threaten", "deceive", "lie", "charm", "happened", "happen"}
_ABOUT = re.compile(r"\babout (?:the |a |an )?([a-z][\w' -]{2,40}?)(?:[?.!,;]|$)", re.I)
# "I don't know" in each attitude; {subject} is what was asked about.
_UNKNOWN: dict[Attitude, tuple[str, ...]] = {
    Attitude.HOSTILE: ("{subject}? Ask someone who cares.", "I'd not tell you about {subject} if I knew.",
                       "{subject} is none of your business."),
    Attitude.UNFRIENDLY: ("Why would I know about {subject}?", "{subject}? Not my concern.",
                          "Couldn't tell you about {subject}, and wouldn't."),
    Attitude.INDIFFERENT: ("{subject}? Can't say I know much about that.", "Never had cause to think about {subject}.",
                           "{subject}? You'd do better asking someone else."),
    Attitude.FRIENDLY: ("{subject}? I wish I could tell you more.", "I don't know much about {subject}, I'm sorry.",
                        "{subject}... no, I can't help you there."),
    Attitude.HELPFUL: ("{subject}? I'd tell you gladly if I knew.", "I know nothing of {subject}, but I'll ask around.",
                       "{subject} — I'm sorry, that's beyond me."),
}
# Knowing but unwilling: how a cold NPC turns a topic away.
_DEFLECT: dict[Attitude, tuple[str, ...]] = {
    Attitude.HOSTILE: ("{subject}? You'll hear nothing from me.", "Ask me about {subject} again and see what happens."),
    Attitude.UNFRIENDLY: ("{subject} is not your business.", "What's {subject} to you?",
                          "I've nothing to say about {subject}. Not to you."),
}


def _vocab(topic: Topic) -> tuple[set[str], list[tuple[str, ...]]]:
    """A topic's single words (its name's and one-word keywords') and its phrases ('old man'): a
    phrase counts only said whole, so "that old chapel" is not about the old man."""
    single = {stem(w) for w in words(" ".join([topic.name, *(k for k in topic.keywords if len(words(k)) == 1)]))
              if len(w) > 2 and w not in _STOP}
    phrases = [tuple(stem(w) for w in words(k)) for k in topic.keywords if len(words(k)) > 1]
    return single, phrases


def question_stems(question: str, npc: NPC) -> set[str]:
    return set(_content(question, npc))


def _content(question: str, npc: NPC) -> list[str]:
    """The question's words that can say what it is about, in order (stems)."""
    own = set(words(npc.name))
    return [stem(w) for w in words(question) if len(w) > 2 and w not in _STOP and w not in own]


def _fits(word: str, said: str, vocab: set[str]) -> bool:
    """`said` (the stem of `word`) is one of the words, or a typo of one ("crowee", "lighthous"); a real
    English word is never a typo ("down" is not "drown")."""
    return said in vocab or (len(said) >= 4 and not is_english(word) and any(
        len(v) >= 4 and fuzz.ratio(said, v) >= 85 for v in vocab))


def _said(question: str, npc: NPC, single: set[str], phrases: list[tuple[str, ...]]) -> list[int]:
    """Where in the question (word positions) the topic's words are said."""
    own = set(words(npc.name))
    said = [(w, stem(w)) for w in words(question)]
    hits = {i for i, (w, s) in enumerate(said) if len(w) > 2 and w not in _STOP and w not in own and _fits(w, s, single)}
    for phrase in phrases:
        n = len(phrase)
        for i in range(len(said) - n + 1):
            if tuple(s for _, s in said[i:i + n]) == phrase:
                hits |= set(range(i, i + n))
    return sorted(hits)


def _mentions(hits: list[int]) -> int:
    """Words said side by side name one thing ("the Merrow's Luck", "lighthouse keeper"): one mention."""
    return sum(1 for n, i in enumerate(hits) if n == 0 or hits[n - 1] != i - 1)


def match_topic(question: str, npc: NPC) -> Topic | None:
    """The NPC's topic the question is about: the most things of it named (side-by-side words name one
    thing), then the one named first (a question's head comes before what qualifies it: "where were you
    the night the Merrow's Luck went down" is about the night), then the most words of it."""
    if not _content(question, npc) or not npc.topics:
        return None
    best: tuple[tuple[int, int, int], int] | None = None
    for i, topic in enumerate(npc.topics):
        hits = _said(question, npc, *_vocab(topic))
        if not hits:
            continue
        score = (_mentions(hits), -hits[0], len(hits))
        if best is None or score > best[0]:
            best = (score, i)
    return npc.topics[best[1]] if best is not None else None


def topic_words(topic: Topic) -> list[str]:
    return sorted({w for w in words(" ".join([topic.name, *topic.keywords])) if len(w) > 2 and w not in _STOP})


def subject_of(question: str, npc: NPC, world: Campaign) -> str | None:
    """What a question names when no topic fits: a person, place or quest of the world, else 'about X'."""
    asked = question_stems(question, npc)
    names = [n.name for n in world.npcs if n.name != npc.name] + [loc.name for loc in world.locations] + [
        q.name for q in world.quests] + [c.name for c in world.characters]
    for name in names:
        if any(len(w) > 3 and stem(w) in asked for w in words(name)):
            return name
    found = _ABOUT.search(question)
    return found.group(1).strip() if found else None


def unknown_line(npc: NPC, subject: str, turn: int) -> str:
    return _say(_UNKNOWN[npc.attitude], npc, subject, turn)


def deflect_line(npc: NPC, subject: str, turn: int) -> str:
    """A cold NPC turning a topic away; warmer ones never need to."""
    return _say(_DEFLECT.get(npc.attitude) or _UNKNOWN[npc.attitude], npc, subject, turn)


def gesture(npc: NPC, turn: int) -> str | None:
    return npc.mannerisms[zlib.crc32(f"{npc.name}:{turn}".encode()) % len(npc.mannerisms)] if npc.mannerisms else None


def _say(lines: tuple[str, ...], npc: NPC, subject: str, turn: int) -> str:
    line = lines[zlib.crc32(f"{npc.name}:{subject}:{turn}".encode()) % len(lines)].format(subject=subject)
    return line[:1].upper() + line[1:]
