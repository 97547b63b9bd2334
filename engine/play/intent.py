"""Intent classification: which kind of action a player's words describe, and which agents handle it.

Word-aware and explainable: the text is split into words, each word is reduced to a crude stem
(attack/attacks/attacking/attacked → "attack"), and weighted cue lexicons score every ActionType.
Phrases ("pick up", "short rest") take their words out of single-word scoring. The first cue of
each clause weighs more (it is usually the verb); words in a topic ("ask about the attack") or a
goal ("a way to climb") weigh less, as does anything said inside quotes. The world adds evidence:
an NPC present and addressed, a fight on, an exit named with a movement verb.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from engine.models.actions import ActionType
from engine.models.world import Campaign
from engine.text import stem, words

T = ActionType

# Cue lexicons: "cue:weight"; "a_b" is a phrase (matched over stems, articles dropped); "cue!" is a
# verb-only cue, ignored right after an article or possessive ("I head north" vs "the cultist's head").
_LEXICON_SPEC: dict[ActionType, str] = {
    T.COMBAT: """attack:3 swing:2.5 strike:2.5 hit:2 stab:3 slash:3 shoot:2.5 fire!:1.5 charge:2 smite:3
        punch:2.5 kick:1.5 fight:3 lunge:2.5 bite:2 knock_out:2.5 kill:3 cast:1 fire_bolt:3 magic_missile:3 eldritch_blast:3
        sacred_flame:3 dodge:3 defend:2 parry:2.5 disengage:3 initiative:3 roll_initiative:4 grapple:2.5
        shove:2 sneak_attack:4 hack:3 cleave:3 bash:2 counterattack:3 finish_off:2.5 rage:2.5 aim:1.5
        fall_back:2 throw:1 go_for:2 axe:1 sword:1 longsword:1 greataxe:1 bow:1 longbow:1 crossbow:1
        dagger:1 mace:1 spear:1 warhammer:1 greatsword:1 shortsword:1 handaxe:1 club:1 quarterstaff:1
        flail:1 halberd:1 glaive:1 maul:1 morningstar:1 shortbow:1 sling:1 whip:1 trident:1 hammer:1 rapier:1 scimitar:1 arrow:1 javelin:1 knife:1 weapon:1 goblin:1
        orc:1 skeleton:1 zombie:1 wolf:1 wolves:1 bandit:1 troll:1 dragon:1 ogre:1 kobold:1 spider:1
        rat:1 cultist:1 ghoul:1 harpy:1 imp:1 gnoll:1 hobgoblin:1 bugbear:1 undead:1 thug:1 enemy:1 monster:1 creature:1 beast:1 boss:1""",
    T.ROLEPLAY: """ask:3 tell:3 say:3 talk:3 speak:3 chat:3 greet:3 convince:2.5 persuade:2.5
        negotiate:3 bargain:3 haggle:3 barter:3 lie:2.5 bluff:2.5 deceive:2.5 intimidate:2.5
        threaten:2.5 flirt:3 question:2 interrogate:3 plead:3 beg:2.5 apologize:3 thank:3 introduce:3
        bribe:2.5 reply:3 answer:1.5 shout:1.5 yell:1.5 whisper:2 insult:2.5 compliment:3 hello:2
        greeting:2 hail:1.5 insight:2 call_out:2.5 reassure:3 comfort:2.5 warn:2.5 order!:2 demand:2.5
        surrender:1.5 guard:1 innkeeper:1 merchant:1 mayor:1 woman:1 man:1 bartender:1
        barkeep:1 blacksmith:1 prisoner:1 priest:1 captain:1 stranger:1 noble:1 baron:1 queen:1 king:1
        bard:1 girl:1 boy:1 figure:1 lady:1 lord:1 soldier:1 sergeant:1 clerk:1 guide:1
        hermit:1 witch:1 sage:1 sailor:1 servant:1 peasant:1 beggar:1 traveler:1 crowd:1 mob:1 gnome:1 dwarf:1
        elf:1 child:1 children:1 farmer:1 villager:1 shopkeeper:1 elder:1 him:0.5 her:0.5 them:0.5
        please:1 hiding_something:4 hiding_anything:4 telling_truth:4 sincere:3 honest:2.5 motive:3
        intention:3""",
    T.EXPLORATION: """search:3 investigate:3 examine:2.5 inspect:2.5 look:2 look_around:3 look_for:2.5
        look_at:2 check:1.5 explore:3 scout:2.5 listen:2 smell:2 sniff:2 peer:2 spot:1.5 notice:1.5
        perception:3 investigation:3 survey:2 follow:1.5 track:1.5 travel:3 go:1.5 go_to:2.5
        go_back:2.5 go_up:2.5 go_down:2.5 climb_stairs:3 head!:2.5 walk:2 move:1.5 enter:2 leave:2 return:2 proceed:2 venture:2 journey:3
        ride:2 sail:2 march:2 descend:2 set_off:3 make_way:3 back_to:2 get_out:2 run:1.5 step:1
        north:1.5 south:1.5 east:1.5 west:1.5 upstairs:1.5 downstairs:1.5 door:1 trap:2 secret:1
        hidden:1.5 clue:2 footprint:2 rummage:2.5 loot:1.5 open:1 read:1 chest:1 altar:1 body:1
        corpse:1 desk:0.5 drawer:0.5 bookshelf:0.5 stairs:1 road:1 corridor:1 window:1 outside:1
        village:1 town:1 city:1 dock:1 cave:1 crypt:1 forest:0.5 mountain:1 room:0.5 study:1.5""",
    T.PUZZLE: """riddle:4 puzzle:4 lever:3 glyph:3 rune:3 decipher:4 solve:4 inscription:2.5 cipher:4
        code:2 password:2.5 sequence:2.5 combination:3 mechanism:2.5 pressure_plate:3 statue:1 dial:3 pull:1 push:1
        turn!:1 rotate:1.5 answer:1.5 translate:3 symbol:2.5 sigil:2.5 arrange:2 pattern:2 mosaic:2
        tile:1.5 keyhole:1 pedestal:1 order:1 figure_out:2 work_out:2 press:1.5 constellation:1""",
    T.SKILL_CHECK: """climb:3 jump:3 leap:3 sneak:3 hide:3 swim:3 dive:3 hold_breath:2 balance:3 pick_lock:4 lockpick:4
        disarm:3 disable:2.5 force:2.5 break_down:3 kick_down:3 kick_open:3 lift:2.5 pick_pocket:4
        pickpocket:4 steal:3 sleight_of_hand:4 athletics:4 acrobatics:4 stealth:4 survival:4
        animal_handling:4 tumble:2.5 squeeze:2 medicine:3 stabilize:3 bandage:2.5 recall:2.5
        remember:2.5 history:2.5 religion:2 nature:2 arcana:2 perform:3 performance:4 calm:2.5 horse:1
        disguise:2.5 forge:2.5 break_free:3 escape:2 scale:2.5 vault:2.5 crawl:2 shimmy:2.5 pry:2.5
        cliff:1 lock:1.5 track:2 forage:3 strength:2 dexterity:2 constitution:2 intelligence:2
        wisdom:2 charisma:2 roll:1.5 saving_throw:3 palm:2 heal:3 cure_wound:4 healing_word:4 pray:2.5""",
    T.REST: """rest:4 short_rest:5 long_rest:5 sleep:3.5 camp!:3.5 make_camp:4 nap:3 breather:3
        catch_breath:3 bed_down:3 hit_dice:4 hit_die:4 recuperate:3 meditate:2.5 night:1 watch!:1.5
        first_watch:2 until_morning:2""",
    T.INVENTORY: """drink:3 quaff:3.5 potion:1.5 healing_potion:2 potion_of_healing:2 equip:3.5 unequip:3.5 wield:3 put_on:2.5 take_off:2.5
        don:3 doff:3 drop:3 give:3 hand!:2 throw_away:3 pick_up:3.5 pocket:2.5 stow:3 pack:1.5 backpack:2.5
        inventory:4 put_away:2.5 sheathe:3 carry:1.5 grab:1.5 take:0.5 swap:2 use:1 eat:2.5
        ration:2.5 torch:1 light!:1 gold:1 coin:1 gem:1 ring:1 amulet:1 idol:1 rope:1 armor:1 shield:1
        item:2 equipment:2 scroll:1.5 put:1""",
}

# Movement verbs: with a named exit they make an action travel.
_MOVEMENT = {"go", "go_to", "go_back", "head", "travel", "walk", "ride", "return", "enter", "leave",
             "proceed", "venture", "journey", "march", "sail", "set_off", "make_way", "run", "move",
             "back_to", "get_out", "descend"}
# Cues that mean talking someone round; with nobody around to talk to they are a skill check.
_SOCIAL_SKILL = {"convince", "persuade", "lie", "bluff", "deceive", "intimidate", "threaten"}
_SPEECH = {"ask", "tell", "say", "talk", "speak", "chat", "greet", "question", "reply", "whisper", "shout",
           "yell", "hello", "please"}
_PERSON_WEIGHT = 1.0

_DETERMINERS = {"the", "a", "an", "my", "his", "their", "our", "your", "its", "this", "that", "these",
                "those", "some", "any"}
_CLAUSE_WORDS = {"then", "and", "while", "before", "after", "but"}
_TOPIC_WORDS = {"about", "regarding", "concerning"}
_GOAL_PHRASES = {("way", "to"), ("how", "to")}

MAIN_CUE_BONUS = 1.5
TOPIC_FACTOR = 0.3
GOAL_FACTOR = 0.5
QUOTE_FACTOR = 0.3
QUOTE_BONUS = 4.0
NEAR_TIE = 0.85
CLAUSE_MIN = 3.0

AGENT_FOR: dict[ActionType, str] = {
    T.COMBAT: "combat", T.ROLEPLAY: "social", T.EXPLORATION: "exploration", T.PUZZLE: "exploration",
    T.SKILL_CHECK: "rules", T.REST: "rules", T.INVENTORY: "rules",
}


class IntentResult(BaseModel):
    action_type: ActionType
    confidence: float = Field(ge=0.0, le=1.0)
    alternatives: list[tuple[ActionType, float]] = Field(
        default_factory=list, description="Other candidate types with their share of the evidence, best first")
    matched: list[str] = Field(default_factory=list, description="The cues that decided it")
    agents: list[str] = Field(default_factory=list)
    components: list[ActionType] = Field(
        default_factory=list, description="The concrete types handled: one, or two for MIXED (agent order)")


class _Cue(BaseModel):
    action_type: ActionType
    weight: float
    label: str
    verb_only: bool = False


def _parse_lexicon() -> dict[tuple[str, ...], list[_Cue]]:
    lexicon: dict[tuple[str, ...], list[_Cue]] = {}
    for action_type, spec in _LEXICON_SPEC.items():
        for item in spec.split():
            cue, weight = item.rsplit(":", 1)
            verb_only = cue.endswith("!")
            cue = cue.rstrip("!")
            key = tuple(stem(w) for w in cue.split("_"))
            lexicon.setdefault(key, []).append(
                _Cue(action_type=action_type, weight=float(weight), label=cue.replace("_", " "), verb_only=verb_only))
    return lexicon


_LEXICON = _parse_lexicon()
_MAX_PHRASE = max(len(k) for k in _LEXICON)
_MOVEMENT_KEYS = {tuple(stem(w) for w in m.split("_")) for m in _MOVEMENT}
_SOCIAL_KEYS = {(stem(w),) for w in _SOCIAL_SKILL}
_SPEECH_KEYS = {(stem(w),) for w in _SPEECH}
# People nouns (the light roleplay cues): someone to talk round even without a named NPC.
_PEOPLE = {k for k, cues in _LEXICON.items()
           if any(c.action_type == T.ROLEPLAY and c.weight <= _PERSON_WEIGHT for c in cues)}

_TOKEN_RE = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[,;.!?:]|[\"“”]")


class _Token(BaseModel):
    stem: str
    clause: int
    factor: float
    # Right after an article or possessive: a noun, so verb-only cues do not apply.
    noun: bool = False


def _tokens(text: str) -> tuple[list[_Token], bool]:
    """Content tokens with their clause number and weight factor; also whether anything is quoted."""
    raw = _TOKEN_RE.findall(text.lower().replace("’", "'"))
    out: list[_Token] = []
    clause, in_quote, quoted, modifier, noun = 0, False, False, 1.0, False
    prev = ""
    for tok in raw:
        if tok in ('"', "“", "”"):
            in_quote = not in_quote
            quoted = True
            continue
        if tok in ",;.!?:" or tok in _CLAUSE_WORDS:
            clause += 1
            modifier, noun, prev = 1.0, False, ""
            continue
        word = tok.removesuffix("'s")
        if word in _TOPIC_WORDS:
            modifier = TOPIC_FACTOR
        elif (prev, word) in _GOAL_PHRASES:
            modifier = min(modifier, GOAL_FACTOR)
        prev = word
        if word in _DETERMINERS:
            noun = True
            continue
        factor = modifier * (QUOTE_FACTOR if in_quote else 1.0)
        out.append(_Token(stem=stem(word), clause=clause, factor=factor, noun=noun))
        noun = tok.endswith("'s")
    return out, quoted


_Match = tuple[tuple[str, ...], int, float, bool]


def _match_cues(tokens: list[_Token]) -> list[_Match]:
    """(cue key, clause, factor, noun) for every cue found, longest phrase first, no word used twice."""
    stems = [t.stem for t in tokens]
    found: list[_Match] = []
    i = 0
    while i < len(stems):
        for size in range(min(_MAX_PHRASE, len(stems) - i), 0, -1):
            key = tuple(stems[i:i + size])
            if key in _LEXICON and len({t.clause for t in tokens[i:i + size]}) == 1:
                found.append((key, tokens[i].clause, min(t.factor for t in tokens[i:i + size]),
                              tokens[i].noun and size == 1))
                i += size
                break
        else:
            i += 1
    return found


def match_place(text: str, names: list[str]) -> str | None:
    """The place among `names` that `text` names: the whole name, or its last word plus the most others."""
    text_words = set(words(text))
    best, best_score = None, 0
    for name in names:
        name_words = [w for w in words(name) if w not in _DETERMINERS and w != "of"]
        if not name_words or name_words[-1] not in text_words or len(name_words[-1]) < 4:
            continue
        score = sum(1 for w in name_words if w in text_words)
        if score > best_score:
            best, best_score = name, score
    return best


def _world_evidence(text: str, world: Campaign, keys: set[tuple[str, ...]],
                    scores: dict[ActionType, float], matched: list[str]) -> None:
    state = world.game_state
    text_words = set(words(text))
    present = world.npcs_at(state.party_location)
    for npc in world.npcs:
        if npc.alive and text_words & _name_words(npc.name):
            scores[T.ROLEPLAY] += 4.0 if npc in present else 2.0
            matched.append(f"npc:{npc.name}")
    if present and keys & _SPEECH_KEYS:
        scores[T.ROLEPLAY] += 1.0
        matched.append("npc present")
    combat = state.combat
    if combat and combat.active and any(c.kind == "monster" and not c.defeated for c in combat.order):
        scores[T.COMBAT] += 1.5
        matched.append("combat active")
        foes = {w for c in combat.order if c.kind == "monster" and not c.defeated
                for w in _name_words(c.monster or c.name)}
        if text_words & foes:
            scores[T.COMBAT] += 2.0
            matched.append("foe named")
    location = world.location(state.party_location)
    exits = location.connections if location else []
    place = match_place(text, exits) or match_place(text, [loc.name for loc in world.locations])
    if place:
        moving = bool(keys & _MOVEMENT_KEYS)
        scores[T.EXPLORATION] += 4.0 if moving else 1.5
        matched.append(f"place:{place}")


def _name_words(name: str) -> set[str]:
    return {w for w in words(name) if len(w) >= 3 and w not in _DETERMINERS and w not in {"old", "the"}}


def _social_audience(text: str, world: Campaign | None, quoted: bool, keys: set[tuple[str, ...]]) -> bool:
    """Whether talking someone round has anyone to work on (always assumed without a world)."""
    if world is None or quoted:
        return True
    if world.npcs_at(world.game_state.party_location):
        return True
    return bool(keys & _PEOPLE) or bool(set(words(text)) & {w for n in world.npcs for w in _name_words(n.name)})


def classify(text: str, world: Campaign | None = None, actor: str | None = None) -> IntentResult:
    """Classifies a player's action. `actor` is accepted for symmetry with agents; it does not bias."""
    tokens, quoted = _tokens(text)
    cues = _match_cues(tokens)
    keys = {key for key, _, _, noun in cues if not noun}
    audience = _social_audience(text, world, quoted, keys)
    scores = {t: 0.0 for t in AGENT_FOR}
    clause_scores: dict[int, dict[ActionType, float]] = {}
    seen_clauses: set[int] = set()
    matched: list[str] = []
    for key, clause, factor, noun in cues:
        entries = [cue for cue in _LEXICON[key] if not (noun and cue.verb_only)]
        if not entries:
            continue
        bonus = MAIN_CUE_BONUS if clause not in seen_clauses and factor == 1.0 else 1.0
        seen_clauses.add(clause)
        for cue in entries:
            action_type = cue.action_type
            if action_type == T.ROLEPLAY and key in _SOCIAL_KEYS and not audience:
                action_type = T.SKILL_CHECK
            value = cue.weight * factor * bonus
            scores[action_type] += value
            clause_scores.setdefault(clause, {}).setdefault(action_type, 0.0)
            clause_scores[clause][action_type] += value
            matched.append(cue.label)
    if quoted:
        scores[T.ROLEPLAY] += QUOTE_BONUS
        matched.append("quoted speech")
    if world is not None:
        _world_evidence(text, world, keys, scores, matched)
    return _decide(scores, clause_scores, list(dict.fromkeys(matched)))


def _decide(scores: dict[ActionType, float], clause_scores: dict[int, dict[ActionType, float]],
            matched: list[str]) -> IntentResult:
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    total = sum(s for _, s in ranked)
    (top, top_score), (second, second_score) = ranked[0], ranked[1]
    if top_score <= 0:
        # Nothing recognisable: treat it as looking around, with no confidence.
        return IntentResult(action_type=T.EXPLORATION, confidence=0.0, alternatives=[], matched=[],
                            agents=["exploration"], components=[T.EXPLORATION])
    share = {t: round(s / total, 3) for t, s in ranked if s > 0}
    # Separate clauses that each clearly do a different kind of thing are two actions.
    clause_winners = []
    for per_clause in clause_scores.values():
        best_type, best = max(per_clause.items(), key=lambda kv: kv[1])
        if best >= CLAUSE_MIN and best_type not in clause_winners:
            clause_winners.append(best_type)
    if second_score >= NEAR_TIE * top_score:
        components = [top, second]
    elif len(clause_winners) >= 2:
        components = sorted(clause_winners, key=lambda t: scores[t], reverse=True)[:2]
    else:
        components = [top]
    if len(components) == 2:
        agents = list(dict.fromkeys(AGENT_FOR[t] for t in components))
        confidence = round((scores[components[0]] + scores[components[1]]) / total, 3)
        alternatives = [(t, share[t]) for t, _ in ranked if t in share]
        return IntentResult(action_type=T.MIXED, confidence=min(confidence, 1.0), alternatives=alternatives,
                            matched=matched, agents=agents, components=components)
    alternatives = [(t, share[t]) for t, _ in ranked[1:] if t in share]
    return IntentResult(action_type=top, confidence=share[top], alternatives=alternatives,
                        matched=matched, agents=[AGENT_FOR[top]], components=[top])
