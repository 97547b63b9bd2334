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


def _vocab(topic: Topic) -> set[str]:
    return {stem(w) for w in words(" ".join([topic.name, *topic.keywords])) if len(w) > 2 and w not in _STOP}


def question_stems(question: str, npc: NPC) -> set[str]:
    own = set(words(npc.name))
    return {stem(w) for w in words(question) if len(w) > 2 and w not in _STOP and w not in own}


def match_topic(question: str, npc: NPC) -> Topic | None:
    """The NPC's topic the question is about: most shared stems, then typo-tolerant word matches."""
    asked = question_stems(question, npc)
    if not asked or not npc.topics:
        return None
    best: tuple[float, int] | None = None
    for i, topic in enumerate(npc.topics):
        vocab = _vocab(topic)
        score = float(len(asked & vocab))
        for word in asked - vocab:  # typos: "crowee", "lighthous"
            if len(word) >= 4 and any(len(v) >= 4 and fuzz.ratio(word, v) >= 85 for v in vocab):
                score += 0.8
        if score > 0 and (best is None or score > best[0]):
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
