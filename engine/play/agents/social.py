"""The social agent: talking to NPCs.

A plain question gets an answer in the NPC's voice, no dice. Digging for something an NPC keeps back
(a secret) is a Persuasion check against the secret's DC, easier the warmer the NPC; a friendly or
helpful one asked plainly just tells, and holds no grudge for a failed check (SRD 5.2.1 Influence, see
engine.play.agents.influence). Persuasion, deception and intimidation named outright sway the NPC's
attitude; Insight reads the NPC ("is she lying?") and can see through what they hide."""

from __future__ import annotations

import re
import zlib

from engine.models.actions import NPCResponse, StateChange
from engine.models.coins import cp_text
from engine.models.facts import FactCategory, FactInput
from engine.models.world import ATTITUDE_ORDER, NPC, Attitude, Campaign, Character, Secret, Topic
from engine.play.agents import influence, market
from engine.play.agents.base import AgentContext, AgentResult, acting_character
from engine.play.agents.npc_topics import (
    deflect_line,
    gesture,
    match_topic,
    question_stems,
    subject_of,
    topic_words,
    unknown_line,
)
from engine.play.agents.reading import ATTITUDE_DC, check, read, reveal_secret
from engine.play.cues import infer_skill
from engine.play.entities import STOP
from engine.play.wares_named import ORDERING
from engine.text import overlap, stem, stems, words

# How attitude moves a secret's DC; a friendly NPC pressed gives Advantage instead (SRD 5.2.1), and a warm
# one asked plainly needs no check at all (engine.play.agents.influence).
SECRET_DC_SHIFT: dict[Attitude, int | None] = {Attitude.HOSTILE: 5, Attitude.UNFRIENDLY: 2, Attitude.INDIFFERENT: 0,
                                               Attitude.FRIENDLY: 0, Attitude.HELPFUL: None}
_SWAYING = {"persuasion", "deception", "intimidation"}
_ASKING = {"ask", "what", "who", "where", "why", "how", "know", "secret", "rumor", "rumour", "about", "heard",
           "tell", "when", "which", "whose"}
# A clause opening on one of these asks, question mark or not ("did u see", "can we see", "got any rooms").
_ASKS_BY_ORDER = {"did", "do", "does", "is", "are", "was", "were", "have", "has", "had", "can", "could", "will",
                  "would", "should", "got", "any", "anyone", "anybody", "seen", "heard", "know"}
# Questions that ask after a person, a place, a time or a reason, never after something sold.
_NOT_GOODS = {"where", "who", "whom", "whose", "when", "why"}
# Greetings and fillers before the asking: "so vell, where were you", "oi pim, did u see".
_OPENERS = {"so", "hey", "oi", "yo", "ok", "okay", "well", "say", "and", "but", "now", "evening", "morning", "hi",
            "hello", "excuse", "me", "sorry", "listen", "then", "u", "ya"}
# Asking what the NPC knows in general, with no topic: digs for the first thing they keep back.
_DIGGING = {"secret", "secrets", "rumor", "rumors", "rumour", "rumours", "know", "hiding", "hide"}
_STOP = {"the", "and", "about", "what", "who", "where", "why", "how", "know", "does", "did", "you", "she",
         "him", "her", "they", "them", "that", "this", "with", "for", "ask", "tell", "anything", "are", "was",
         "were", "has", "have", "had", "his", "their", "there", "any", "all", "out", "our", "your", "from",
         "can", "could", "would", "will", "when", "which", "try", "want", "wants", "into", "onto", "then"}
# Reading a person rather than asking them: Insight.
_READ = re.compile(r"\b(insight|lying|lie to|lies to|honest|sincere|motives?|intentions?|telling the truth|"
                   r"hiding (something|anything)|holding (something )?back|trust (her|him|them)|"
                   r"read(ing|s)? (her|his|him|them|their)|(stud(y|ies)|watch(es)?|search(es)?|gauge) (her|his|him|"
                   r"them|their)\b|(her|his|their) (face|eyes|manner|expression|body language|tone))", re.I)
_FALLBACK_LINES = {
    Attitude.HOSTILE: "\"Get out of my sight.\"", Attitude.UNFRIENDLY: "\"What do you want? Make it quick.\"",
    Attitude.INDIFFERENT: "\"Hm. Can I help you with something?\"",
    Attitude.FRIENDLY: "\"Good to see you. What can I do for you?\"",
    Attitude.HELPFUL: "\"Anything you need, friend. Just ask.\"",
}
# What an NPC says as they give something up; the secret itself follows in the narration.
_CONFIDING = ("\"All right. But you didn't hear it from me.\"", "\"Since it's you asking...\"",
              "\"Keep this under your hat.\"", "\"I suppose you'd find out anyway.\"",
              "\"Fine. Lean closer.\"", "\"Not many know this.\"", "\"You'll have it from me, then.\"",
              "\"Don't make me sorry I said it.\"")


class SocialAgent:
    name = "social"

    async def handle(self, ctx: AgentContext) -> AgentResult:
        result = AgentResult(agent=self.name)
        npc = _addressed(ctx, result)
        if npc is None:
            return result
        pc = acting_character(ctx, result)
        if pc is None:
            return result
        before = npc.attitude
        skill = _social_skill(ctx.action)
        asking = _asking(ctx, npc)
        topic = match_topic(ctx.action, npc) if asking or skill in _SWAYING else None
        revealed: Secret | None = None
        text: str | None = None
        offer = None if skill is not None else _ware_asked(ctx, npc)
        if offer is None and skill is None and topic is None and asking:
            offer = _ware_about(ctx, npc)  # "what's on the fire tonight?": the stew she sells
        if offer is not None:
            # "I ask Hesper for a room": a thing she sells, asked for. She names the price; no roll, no secret.
            text = f'"{offer.ware.description} {cp_text(offer.cost_cp).capitalize()}, if you want it."'
            result.beats.append(f"{npc.name} offers {offer.name.lower()} for {cp_text(offer.cost_cp)}.")
            result.follow_up_options.append(f"Buy {offer.name.lower()}")
        elif skill == "insight":
            revealed = read(ctx, pc, npc, result)
        elif topic is not None:
            revealed, text = _on_topic(ctx, pc, npc, topic, skill, result)
        elif (secret := _secret_asked(ctx, npc, skill, strict=influence.willing(npc, skill))) is not None:
            revealed = _dig(ctx, pc, npc, secret, skill, result)
        elif skill is not None:
            success, margin = check(ctx, pc, skill, ATTITUDE_DC[npc.attitude], npc, result)
            _shift(npc, skill, success, margin, result)
            if not success:
                influence.failed(ctx, result, pc, skill, margin, npc)
        else:
            result.beats.append(f"{pc.name} speaks with {npc.name}.")
        subject = topic.name if topic is not None else offer.name if offer is not None else (
            subject_of(ctx.action, npc, ctx.world) if asking else None)
        if npc.attitude != before:
            result.state_changes.append(StateChange(
                target=npc.name, kind="attitude", before=before.value, after=npc.attitude.value,
                description=f"{npc.name}'s attitude: {before.value} -> {npc.attitude.value}."))
            result.facts.append(FactInput(text=f"{npc.name} is {npc.attitude.value} toward the party.",
                                          category=FactCategory.NPC, subject=npc.name))
        if text is None:
            if revealed and skill != "insight":
                text = _CONFIDING[zlib.crc32(f"{npc.name}:{ctx.turn}".encode()) % len(_CONFIDING)]
            elif subject is not None and topic is None and not revealed:
                text = f'"{unknown_line(npc, subject, ctx.turn)}"'
            else:
                text = _line(ctx, npc)
        result.npc_responses.append(NPCResponse(
            npc=npc.name, text=text, attitude_before=before.value, attitude_after=npc.attitude.value,
            revealed_secret=revealed.text if revealed else None, topic=subject,
            topic_words=topic_words(topic) if topic is not None else ([w for w in words(subject) if len(w) > 2]
                                                                       if subject else []),
            voice=npc.voice or None, topics=[t.name for t in npc.topics], gesture=gesture(npc, ctx.turn)))
        result.follow_up_options += _follow_ups(npc, ctx.world)
        return result


def _addressed(ctx: AgentContext, result: AgentResult) -> NPC | None:
    """The NPC spoken to: the one named first (or named last, after a comma, as the one addressed),
    else the one whose role is named, else the only one here. One named who is not here does not answer,
    and nobody answers in their place: nothing is rolled and the turn is not spent."""
    world = ctx.world
    here = world.npcs_at(world.game_state.party_location)
    text_stems = stems(ctx.action)
    named = sorted((n for n in world.npcs if n.alive and overlap(n.name, text_stems)),
                   key=lambda n: _first_mention(n.name, ctx.action))
    place = world.game_state.party_location
    if named:
        called = _called_last(ctx.action, named)
        spoken_to = called if called is not None else named[0]
        if spoken_to in here:
            return spoken_to
        home = world.location(spoken_to.location) if spoken_to.location else None
        # Where they were is told only if the party has been there; an unvisited place is not given away.
        where = f" (last seen at {home.name})" if home is not None and home.visited else ""
        result.warnings.append(f"{spoken_to.name} is not at {place}{where}; nobody answers. Nothing was rolled "
                               f"and the turn is not spent.")
        result.beats.append(f"{spoken_to.name} is not here to hear it{where}.")
        return None
    if not here:
        result.warnings.append(f"Nobody is at {place} to hear it.")
        result.beats.append(f"There is nobody at {place} to hear it.")
        return None
    by_role = [n for n in here if n.role and overlap(n.role, text_stems)]
    if by_role:
        return by_role[0]
    if len(here) > 1:
        result.warnings.append(f"Several people are here ({', '.join(n.name for n in here)}); "
                               f"{here[0].name} answers. Name who you address.")
    return here[0]


def _called_last(action: str, named: list[NPC]) -> NPC | None:
    """"What do you know about Hesper, Crowe?": a name closing the sentence after a comma is the one
    spoken to."""
    tail = re.search(r",\s*([\w' ]+?)\s*[?!.]*\s*$", action)
    if tail is None:
        return None
    said = set(words(tail.group(1)))
    return next((n for n in named if said and said <= {w for w in words(n.name)}), None)


def _asking(ctx: AgentContext, npc: NPC) -> bool:
    """A question, with or without its question mark: a word of asking, or a clause that opens on a verb
    that asks ("pim did u see any boats", "osric can we see your ledger")."""
    if set(words(ctx.action)) & _ASKING or "?" in ctx.action:
        return True
    own = set(words(npc.name))
    for clause in re.split(r"[,.;:!]", ctx.action):
        said = [w for w in words(clause) if w not in own and w not in _OPENERS]
        if said and said[0] in _ASKS_BY_ORDER:
            return True
    return False


def _on_topic(ctx: AgentContext, pc: Character, npc: NPC, topic: Topic, skill: str | None,
              result: AgentResult) -> tuple[Secret | None, str]:
    """A question on one of the NPC's topics: what they know, freely unless they are cold; what they hide
    on it only for a successful check (a secret told becomes a fact)."""
    hidden = npc.secrets[topic.secret] if topic.secret is not None else None
    secret = hidden if hidden is not None and not hidden.revealed else None
    open_ = npc.attitude not in (Attitude.HOSTILE, Attitude.UNFRIENDLY)
    revealed: Secret | None = None
    if secret is not None:
        revealed = _dig(ctx, pc, npc, secret, skill, result, topic=topic.name)
        open_ = open_ or revealed is not None
    elif skill in _SWAYING:
        success, margin = check(ctx, pc, skill or "persuasion", ATTITUDE_DC[npc.attitude], npc, result)
        _shift(npc, skill or "persuasion", success, margin, result)
        open_ = open_ or success
        if not success:
            influence.failed(ctx, result, pc, skill or "persuasion", margin, npc, topic.name)
    if open_ and topic.knows:
        return revealed, f'"{topic.knows.strip().strip(chr(34))}"'
    if revealed is not None:
        return revealed, _CONFIDING[zlib.crc32(f"{npc.name}:{ctx.turn}".encode()) % len(_CONFIDING)]
    return None, f'"{deflect_line(npc, topic.name, ctx.turn)}"'


# Asking a seller for something: the verbs of ordering at a counter, and "for a room", "some bread".
_ASKING_FOR = ORDERING | {stem(w) for w in ("for", "need", "some", "another")}


def _ware_about(ctx: AgentContext, npc: NPC) -> market.Offer | None:
    """One of the NPC's wares a question is about: named ("what wine have you got?"), else told by the
    words of its description ("what's on the fire?" -> the stew, "always on the fire")."""
    if not npc.wares or set(words(ctx.action)) & _NOT_GOODS:
        return None
    place = ctx.world.game_state.party_location
    offers = [o for o in market.offers_at(ctx.world, place) if o.seller == npc.name]
    said = question_stems(ctx.action, npc)
    named = market.best(offers, said)
    if named is not None:
        return named
    # A stock list (any SRD weapon) shares one description: it names no one thing, so it is not read.
    scored = [(len(said & {stem(w) for w in words(o.ware.description) if len(w) > 3 and w not in STOP}), -i, o)
              for i, o in enumerate(offers) if o.ware.srd is None]
    best = max(scored, key=lambda t: t[:2], default=None)
    return best[2] if best is not None and best[0] > 0 else None


def _ware_asked(ctx: AgentContext, npc: NPC) -> market.Offer | None:
    """One of the NPC's own wares asked for ("a room for the night", "a pint"), or None."""
    if not npc.wares or "about" in words(ctx.action):  # "about the night of the wreck" is a topic, not a room
        return None
    place = ctx.world.game_state.party_location
    offers = [o for o in market.offers_at(ctx.world, place) if o.seller == npc.name]
    offer = market.best(offers, stems(ctx.action))
    # Asked for ("for a room", "can I get a pint"), not only named ("what she saw the night the light
    # went out" names no room): a word of the ware right after a word of asking for it.
    said = list(words(ctx.action))
    wanted = {stem(w) for w in market.name_words(offer.name)} | {stem(k) for k in offer.ware.keywords} \
        if offer is not None else set()
    asked = any(stem(w) in wanted and {stem(x) for x in said[max(0, i - 3):i]} & _ASKING_FOR
                for i, w in enumerate(said))
    return offer if asked else None


def _first_mention(name: str, action: str) -> int:
    """Where the text first names the NPC: "Pim, what do you know about Osric?" is said to Pim."""
    low = action.casefold()
    found = [i for w in words(name) if len(w) > 2 and (i := low.find(w)) >= 0]
    return min(found, default=len(low))


def _social_skill(action: str) -> str | None:
    """Insight when the player reads the NPC; a swaying skill when one is named or implied; else None."""
    if _READ.search(action):
        return "insight"
    named = infer_skill(action)
    if named in _SWAYING or named == "insight":
        return named
    return next((s for w in words(action) if (s := infer_skill(w)) in _SWAYING), None)


def _topic(ctx: AgentContext, npc: NPC) -> set[str]:
    """The words that say what the question is about: not the NPC's name, not the asking itself."""
    own = set(words(npc.name))
    return stems(" ".join(w for w in words(ctx.action) if w not in _STOP and w not in own and len(w) > 2))


def _best(secrets: list[Secret], topic: set[str]) -> tuple[int, Secret | None]:
    scored = [(overlap(s.text, topic), -i, s) for i, s in enumerate(secrets)]
    if not scored:
        return 0, None
    score, _, secret = max(scored, key=lambda t: (t[0], t[1]))
    return score, secret


def _secret_asked(ctx: AgentContext, npc: NPC, skill: str | None, strict: bool = False) -> Secret | None:
    """The unrevealed secret the party is asking (or pressing) about, if any. `strict` (an NPC who would
    tell it freely): words that only describe the NPC do not ask for it ("are you alright, old man?" asks
    nothing of "the old tide ward's words")."""
    hidden = [s for s in npc.secrets if not s.revealed]
    ws = set(words(ctx.action))
    if not hidden or not (ws & _ASKING or "?" in ctx.action):
        return None
    topic = _topic(ctx, npc) - {stem(w) for w in _DIGGING}
    if strict:
        topic -= stems(f"{npc.role} {npc.description}")
    score, secret = _best(hidden, topic)
    if score > 0:
        return secret
    if skill in _SWAYING:  # pressing without a topic works on what that skill can get out of them
        fitting = [s for s in hidden if s.skill == skill]
        if len(fitting) == 1:
            return fitting[0]
    if ws & _DIGGING and not topic:  # "what do you know?", not "do you know where Aldous is?"
        return next((s for s in hidden if s.skill == "persuasion"), hidden[0])
    return None


def _dig(ctx: AgentContext, pc: Character, npc: NPC, secret: Secret, skill: str | None,
         result: AgentResult, topic: str | None = None) -> Secret | None:
    """Asking or pressing for a secret: Persuasion unless another swaying skill is named."""
    shift = SECRET_DC_SHIFT[npc.attitude]
    # A secret the campaign keeps behind a knowledge skill (Ambrose's relic: Religion) takes that skill;
    # otherwise pressing is Persuasion unless another swaying skill is named.
    knowledge = secret.skill not in _SWAYING | {"insight"}
    used = skill if skill in _SWAYING else secret.skill if knowledge else "persuasion"
    freely = (shift is None and used != "intimidation") or (influence.willing(npc, skill) and not knowledge)
    if freely:
        # Willing (SRD 5.2.1 Influence): a friend asked plainly tells; nothing is rolled. A secret kept behind
        # a knowledge skill is understood, not given: that check stays.
        success, margin = True, 0
        result.beats.append(f"{npc.name} is glad to help and tells {pc.name} freely.")
    else:
        success, margin = check(ctx, pc, used, secret.dc + (shift or 0), npc, result)
    if skill in _SWAYING and not freely:  # only a check won sways: a friend who just tells is not won over
        _shift(npc, skill, success, margin, result)
    if not success:  # the setback tells the refusal and what it costs
        influence.failed(ctx, result, pc, used, margin, npc, topic)
        return None
    reveal_secret(npc, secret, result)
    result.beats.append(f"{npc.name} lets it slip: {secret.text}")
    return secret


def _shift(npc: NPC, skill: str, success: bool, margin: int, result: AgentResult) -> None:
    index = ATTITUDE_ORDER.index(npc.attitude)
    if success and skill == "intimidation":  # fear gets compliance, not goodwill
        result.beats.append(f"{npc.name} gives way, but resents being threatened.")
    elif success:
        npc.attitude = ATTITUDE_ORDER[min(index + 1, len(ATTITUDE_ORDER) - 1)]
    elif margin <= -5 and not influence.warm(npc):  # a friend asked is not a friend lost (SRD 5.2.1)
        npc.attitude = ATTITUDE_ORDER[max(index - 1, 0)]
        result.beats.append(f"{npc.name} takes it badly.")


def _line(ctx: AgentContext, npc: NPC) -> str:
    """The sample line that best fits the question; with none on topic, the turn picks one (varied
    across turns, identical on replay)."""
    lines = npc.lines.get(npc.attitude.value) or []
    if not lines:
        return _FALLBACK_LINES[npc.attitude]
    topic = _topic(ctx, npc)
    score, index = max((overlap(line, topic), -i) for i, line in enumerate(lines))
    return lines[-index] if score > 0 else lines[ctx.turn % len(lines)]


def _follow_ups(npc: NPC, world: Campaign) -> list[str]:
    options = [f"Ask {npc.name} what they know", f"Persuade {npc.name}"]
    if any(not s.revealed for s in npc.secrets):
        options.append(f"Read {npc.name}'s intentions (Insight)")
    return options
