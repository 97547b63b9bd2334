"""The blind sets from the third on, each written by someone who had not seen the code, scored once on the
code of the session it was written in, then split by a fixed seed before any tuning: a part tuned on and a
part held back and never looked at. Floors sit at the figures reached, so they guard against regressions;
the held-back part is the honest figure.

How each was made (the sources and second labels live in `blindN_sources/`):
- 3: one writer; two thirds tuned, one third held back.
- 4: one writer, labelled twice independently (99.2% agreement on kind); the four sentences the labellers
  read differently are left out; a third held back.
- 5: saw only the labelling guide and the campaign; labelled twice (100% agreement on kind; where only one
  labeller named an unnamed seller as the target, the target is left empty); 11 sentences also found in an
  earlier set are left out; half held back.
- 6: several kinds of player (terse veterans, phone typists, new players, in-character voices, rules
  lawyers); labelled twice (100% on kind); 11 sentences found in earlier sets and one destination read
  differently are left out; a target only one labeller named is left empty.
- 7: the voices of a play-by-post table (in-character paragraphs with quoted speech, *asterisk actions*,
  (OOC) asides, chat shorthand, non-native English, jargon, hedged requests, orders to companions); 329 of
  330 kinds agreed; that one, one destination read differently and 9 repeats are left out.
- 8: the DM typing for players, new players without game words, veterans' jargon, phone shorthand and
  autocorrected names, conditionals and plans, long turns, negation and change of mind, non-native English,
  one-word replies; 327 of 332 kinds agreed; 9 cases read differently and 4 repeats are left out.
- 9: two writers, Discord-style chat, in-character speech, terse tactical turns, questions to the DM against
  questions to the people there, travel, trade and gear, keyword traps, video-game habits; 330 of 334 kinds
  agreed; 14 cases read differently and 6 repeats are left out.
- 10: two writers, speech-to-text dictation, streamer-style third person, children and new players, habits
  of other games (Pathfinder, Baldur's Gate, MMOs), spellcasters at work, social play, heists and plans,
  battle-map tactics; 334 of 338 kinds agreed; 5 cases read differently and 3 repeats are left out.
- 11: two writers, play-by-post paragraphs, first-person table talk trading through speech, rules questions
  mid-play, careful dungeon-crawlers, the party's caller, formal and old-fashioned English, one-word
  fragments, non-native English; the guide settled attacks that start a fight and roles as targets, and
  kept out healing outside a fight and orders to companions; 335 of 337 kinds agreed; 2 cases read
  differently and 3 repeats are left out.
- 12: two writers, players who change their mind mid-message, voice dictation, jokers, returning players
  who recap first, children, emoji chat, if-then planners, secret notes to the DM; the guide settled trade
  with talk (talk about the deal is the purchase, talk about anything else makes it mixed) and turns taken
  back (only the final act counts); 344 of 347 kinds agreed; 3 cases read differently and 2 repeats are
  left out.
- 13: two writers, text-adventure commands, sea-dog and regional dialect, movie-trailer narration, turns
  planned as lists, players who say as little as possible, feelings before the act, teenage slang,
  sarcasm; the guide settled rhetorical questions, feelings, lists of steps and text-adventure commands;
  all 342 kinds agreed; 2 targets read differently and 7 repeats are left out.
- 14: two writers, requests put as questions, nervous hedging newcomers, timing with other players,
  all-caps excitement, the party deciding together, gear-centred turns, past-tense stories, pointing back
  at the DM's words and correcting themselves; the guide settled requests put as questions, listening at
  doors and timing words; 340 of 343 kinds agreed; 7 cases read differently and 4 repeats are left out.
  Its first figures are the rules alone; the second opinion (never trained on it) then scored 73.8 -> 77.4%.
- 15: two writers, voice-to-text and autocorrect slips, newcomers without game words, rules-precise
  veterans, old-school dungeon habits, *asterisk* roleplay with quoted speech, third-person narration,
  non-native English, emoji chat; the guide settled asterisks, third person, emoji, dictation slips,
  game terms said the long way and conditional plans (left out); 343 of 345 kinds agreed; 3 cases read
  differently and 3 repeats are left out. Its first figures are the shipped code with its second opinion
  (trained on sets 1-14, never on this one); the rules alone scored 74.0% on all 339.
- 16: two writers, tired late-night typing, purple prose, players reading from their sheets, murder-hobos,
  pacifists, players who question everything, chat split over several lines, money-minded traders; the
  guide settled searching for traps, drawing and striking at once, a mixed turn's target when its first
  part aims at nobody, and speech to party members and gods; 341 of 346 kinds agreed; 6 cases read
  differently and 7 repeats are left out. Its first figures are the shipped code (second opinion trained
  on sets 1-15, never on this one): 73.6% kind on all 333; the rules alone scored 70.9%.
- 17: two writers, players who half-remember names, players who point instead of naming, the impatient,
  the very polite, beer-and-pretzels banter, planners thinking aloud, rogues for whom everything is sneaky,
  spellcasters; the guide settled pickpocketing, buffs and fleeing in a fight, looking at a puzzle piece
  against working it, and a question beside an act; all 346 kinds agreed; 2 targets read differently and
  3 repeats are left out. Its first figures are the shipped code (second opinion trained on sets 1-16,
  never on this one): 80.1% kind on all 341; the rules alone scored 78.9%.
- 18: two writers, players who claim the outcome ("I kill the thug"), players who ask the DM to have their
  character act, code-switchers mixing Spanish, German, French or Portuguese, grumblers, cautious
  what-iffers, quote-only roleplayers, form-fillers ("Action: attack. Target: thug #2"), the party's
  storyteller; the guide settled greetings beside an act, attacks on a group, moving quietly to a
  place against sneaking up on someone, puzzle steps that use an item, chat to the other players,
  claimed outcomes, asking the DM to have one's character act, and "what happens if I ...?"; labelled
  twice more, by two labellers per half, and all 346 kinds, targets, destinations and parts agreed; 2
  repeats are left out. Its first figures are the shipped code (second opinion trained on sets 1-17,
  never on this one): 78.2% kind on all 344; the rules alone scored 71.8%.
- 19: two writers, chat-bot and slash-command users ("/attack thug 2"), players who say what they want or
  are about to do, reported speech ("I ask Hesper whether..."), quick reactions to the scene, speed-runners
  chaining terse acts, abbreviation-heavy veterans ("BA dash", "LR", "2 HD"), characters typed drunk,
  wounded or furious, rambling newcomers with the act buried mid-message; the guide settled slash commands,
  saying what one wants to do, reported speech, touching a puzzle piece (left open) and abbreviations;
  labelled twice more, by two labellers per half, with the writers' files encrypted first, and all 350
  kinds, targets, destinations and parts agreed; 11 repeats of earlier sets are left out. Its first
  figures are the shipped code (second opinion trained on sets 1-18, never on this one): 80.2% kind on
  all 339; the rules alone scored 75.5%.
- 20: two writers, players writing English as a second language ("I make attack to the crab"), courtly
  roleplayers in archaic prose, optimisers speaking in action economy ("action: attack thug 2. bonus:
  hide"), players answering what the DM just asked ("yeah ok, I pay him"), chroniclers telling the turn
  in the past tense, ditherers thinking aloud before they settle, tacticians in flanks and cover, a young
  player on a phone; the guide settled surprised echoes, climbing or swimming to a connected place,
  social skills as commands, items used on someone else, forcing doors, services bought, taunts while
  attacking, keeping watch, talk to unnamed people or to a group, recalling lore against asking what the
  party has learned, "where are we?" beside an act, "loot" and "inv"; labelled twice more, by two
  labellers per half, with the writers' files encrypted first; 345 kinds agreed (two "loot" cases the
  writers labelled before the guide settled it are left out, with 3 destinations read differently and 6
  repeats). Its first figures are the shipped code (second opinion trained on sets 1-19, never on this
  one): 81.1% kind on all 339; the rules alone scored 77.9%.
- 21: two writers, voice-to-text dictation, shy newcomers asking leave to act ("can I maybe try to open
  the trapdoor?"), turns written as a screenplay, sarcastic grumblers, in- and out-of-character brackets,
  emoji reactions used as words, planners with conditions and fallbacks, slow typists who send a turn
  over several lines and correct themselves; the guide listed the 25 situations set 20's writers could not
  settle as left open; labelled twice more, by two labellers per half, with the writers' files encrypted
  first; all 350 kinds agreed; 2 destinations read differently and 7 repeats are left out. Its first
  figures are the code at the start of its session (second opinion trained on sets 1-20, never on this
  one): 83.9% kind on all 341; the rules alone scored 76.0%.
- 22: two writers, rules lawyers citing the book's terms, video-game players in MMO slang ("pull aggro",
  "kite the crab"), roleplayers in a thick spelled-out dialect, novelists who bury the act in a paragraph,
  metagamers talking in numbers, players who recap the last session before acting, jokers and punsters,
  and terse players of one to four words; the guide settled a potion drunk, charging a creature and
  throwing things at one, and listed the situations set 21's writers could not settle as left open;
  labelled twice more, by two labellers per half, with the writers' files encrypted first; 349 of 350
  kinds agreed; that one, 2 targets and 1 destination read differently and 11 repeats are left out. Its
  first figures are the code at the start of its session (second opinion trained on sets 1-21, never on
  this one): 82.4% kind on all 335; the rules alone scored 74.0%.
- 23: two writers, play-by-post posts with OOC sections, players who fix their own typos in the message,
  bilingual players slipping into Spanish, German or Tagalog, streamers playing to their chat, old-school
  grognards, passive-voice narrators, players who justify at length before the act, and players who order
  their own character about; the guide settled spells that hit several creatures, sharing loot, trapdoors
  kicked in, a posture with talk and a passing word to the party, and listed set 22's open questions as
  left open; labelled twice more, by two labellers per half, with the writers' files encrypted first; all
  350 kinds, targets, destinations and parts agreed; 2 repeats are left out. Its first figures are the
  code at the start of its session (second opinion trained on sets 1-22, never on this one): 85.3% kind on
  all 348; the rules alone scored 76.7%.
- 24: two writers, children at their first game, players who name people by description or by what
  happened, polite hedgers, players answering another player's suggestion, sensory scene-painters,
  markdown planners, players who say "my guy" or tell their turn in the future tense, and breathless
  run-on storytellers; the guide settled accepting what an NPC hands over, a question whether one's roll
  hits, a named check with what it looks for, prayers near Brother Ambrose, a pronoun pointing back at a
  name, attacking a hostile NPC out of a fight, buying without naming the seller, travelling in someone's
  boat and prying open a crate, and listed set 23's other questions as left open; labelled twice more, by
  two labellers per half, with the writers' files encrypted first; all 350 kinds agreed; 2 destinations
  read differently and 6 repeats are left out. Its first figures are the code at the start of its session
  (second opinion trained on sets 1-23, never on this one): 87.7% kind on all 342; the rules alone scored
  78.4%; named targets 90.5%.
- 25: two writers, fast typists who run words together, players who misremember names, impatient players
  hurrying the table, sound-effect narrators, turns entered like a virtual-tabletop form, tired late-night
  players, melodramatic theatre kids, and cautious players who check the situation first; the guide settled
  buying for someone else, greetings, thanks and apologies to anyone beside an act, listening in, following
  tracks, watching someone for a lie, a self-buff beside an attack, sneaking up on a hostile NPC or a group,
  and fights where no encounter is listed; labelled twice more, by two labellers per half, with the
  writers' files encrypted first; all 350 kinds, targets, destinations and parts agreed; 8 repeats are left
  out. Its first figures are the code at the start of its session (second opinion trained on sets 1-24,
  never on this one): 86.5% kind on all 342; the rules alone scored 77.2%; named targets 88.1%.
- 26: two writers, rules-lawyers citing the book, players writing in dialect, players distracted by real
  life mid-message, pure-dialogue players, over-specifiers of every small movement, meme and pop-culture
  jokers, formal first-time older players, and party-consensus players speaking for the group; the writers
  were told every voice of earlier sets so as to sound different; the guide settled detect magic near
  anyone, taunts at animals and as rhetorical questions, area spells with a friendly NPC about, vague moves
  beside an act, speech to a named NPC elsewhere, asking an NPC to show or lead, one-branch conditions,
  intimidation by a look, checks on unnamed people, "the captain" in the caves and chests whose owner is
  away; labelled twice more, by two labellers per half, with the writers' files encrypted first; 349 of
  350 kinds agreed and that one is left out. Its first figures are the code at the start of its session
  (second opinion trained on sets 1-25, never on this one): 82.2% kind on all 349 (one sentence crashed
  the parser, counted wrong); the rules alone scored 73.6%; named targets 96.8%.
- 27: two writers, autocorrect victims, past-tense reporters, clipped shorthand with arrows, Gen-Z slang,
  caps-lock shouters, method actors, players addressing the DM in every message, and players who call the
  party by class or race; labelled twice more with the writers' files encrypted first; all 350 kinds
  agreed; 3 destinations read differently and 5 repeats are left out. First figures (second opinion
  trained on sets 1-26): 84.8% kind on all 342; the rules alone scored 78.4%; named targets 94.5%.
- 28: two writers, future-tense announcers, programmers typing turns as pseudo-code, afterthought adders,
  self-deprecating jokers, Discord asterisk roleplayers, metagame-aware players, veterans showing a
  newcomer, and bards who rhyme; the guide settled a bare "LR?", words to a hostile while attacking, past
  tense speech to someone away, a social skill with its purpose, Bless beside an attack, Insight in slang,
  the DM asked a price, the trapdoor at Gannet Point, postures before talk, standing at a puzzle piece,
  trimming the wick, an item shown while asking and an item used on oneself; labelled twice more with the
  writers' files encrypted first; all 350 kinds, targets, destinations and parts agreed; 2 repeats are
  left out. First figures (second opinion trained on sets 1-27): 84.2% kind on all 348; the rules alone
  scored 76.7%; named targets 92.9%.
Sets 6 on are split by case id among the sentences the writers wrote, so cases left out stay out."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
Cases = list[dict[str, Any]]


@dataclass(frozen=True)
class Figures:
    kind: float
    target: float
    destination: float


F = Figures

@dataclass(frozen=True)
class BlindSet:
    number: int
    seed: int
    sizes: tuple[int, int]  # (tuned, held back)
    tuned_start: Figures  # on the code of the session the set was written in
    tuned_floor: Figures
    held_start: Figures
    held_floor: Figures
    share: int = 2  # a set split by position holds back one case in `share`
    written: int | None = None  # a set split by id: how many sentences were written, before any left out
    # Held-back sentences the release that added the set lost against its start, and why; None when none.
    dipped: tuple[int, str] | None = None

    @property
    def path(self) -> Path:
        return HERE / f"intent_blind{self.number}.json"


BLIND_SETS: dict[int, BlindSet] = {s.number: s for s in (
    # number, seed, (tuned, held) sizes; then tuned part at its start and its floor, held part likewise.
    BlindSet(3, 20261122, (174, 86), F(0.862, 0.887, 0.842), F(0.982, 1.00, 1.00),
             F(0.767, 0.966, 0.750), F(0.895, 0.96, 1.00), share=3),
    BlindSet(4, 20261123, (245, 122), F(0.812, 0.971, 0.889), F(1.000, 1.00, 1.00),
             F(0.852, 0.978, 0.800), F(0.934, 1.00, 1.00), share=3),
    BlindSet(5, 20261124, (155, 154), F(0.897, 0.861, 0.923), F(1.000, 1.00, 1.00),
             F(0.864, 0.967, 0.938), F(0.948, 1.00, 1.00)),
    BlindSet(6, 20261125, (155, 153), F(0.839, 0.984, 0.733), F(0.993, 1.00, 0.93),
             F(0.804, 0.951, 0.727), F(0.921, 0.96, 0.90), written=320),
    BlindSet(7, 20261126, (158, 161), F(0.772, 0.937, 0.762), F(0.993, 1.00, 1.00),
             F(0.789, 0.984, 0.750), F(0.919, 0.98, 0.91), written=330),
    BlindSet(8, 20261127, (163, 156), F(0.742, 0.906, 0.769), F(0.969, 0.96, 0.92),
             F(0.731, 0.943, 0.500), F(0.878, 0.97, 0.58), written=332),
    BlindSet(9, 20261128, (159, 156), F(0.730, 0.907, 0.882), F(0.993, 0.97, 1.00),
             F(0.782, 0.938, 0.625), F(0.852, 0.96, 0.87), written=334),
    BlindSet(10, 20261129, (163, 167), F(0.779, 0.880, 0.500), F(0.981, 0.96, 0.60),
             F(0.719, 0.878, 0.846), F(0.844, 0.93, 1.00), written=338),
    BlindSet(11, 20261130, (168, 164), F(0.750, 0.915, 0.809), F(0.982, 0.96, 0.90),
             F(0.658, 0.900, 0.636), F(0.810, 0.96, 0.63), written=337),
    BlindSet(12, 20261131, (173, 169), F(0.757, 0.843, 0.538), F(0.971, 0.97, 1.00),
             F(0.769, 0.843, 0.667), F(0.881, 0.92, 0.83), written=347),
    BlindSet(13, 20261132, (165, 168), F(0.648, 0.800, 0.705), F(0.933, 0.97, 1.00),
             F(0.738, 0.828, 0.357), F(0.833, 0.92, 0.42), written=342),
    BlindSet(14, 20261133, (165, 167), F(0.739, 0.919, 0.867), F(0.987, 1.00, 0.86),
             F(0.737, 0.887, 0.733), F(0.856, 0.94, 0.86), written=343),
    BlindSet(15, 20261134, (169, 170), F(0.763, 0.893, 0.812), F(0.952, 0.98, 0.87),
             F(0.805, 0.901, 0.642), F(0.882, 0.97, 0.71), written=345),
    BlindSet(16, 20261135, (166, 167), F(0.722, 0.873, 0.333), F(0.963, 0.98, 0.77),
             F(0.748, 0.886, 0.700), F(0.880, 0.94, 0.70), written=346),
    BlindSet(17, 20261136, (171, 170), F(0.777, 0.907, 0.466), F(0.988, 0.96, 0.80),
             F(0.823, 0.836, 0.923), F(0.905, 0.87, 0.92), written=346),
    BlindSet(18, 20261137, (173, 171), F(0.797, 0.951, 0.866), F(0.942, 0.97, 0.93),
             F(0.766, 0.951, 0.722), F(0.801, 0.95, 0.66), written=346),
    BlindSet(19, 20261139, (170, 169), F(0.788, 0.97, 0.75), F(0.958, 1.00, 0.83),
             F(0.816, 0.97, 0.684), F(0.905, 0.98, 0.84), written=350),
    BlindSet(20, 20261140, (169, 170), F(0.817, 0.902, 0.909), F(0.964, 0.98, 1.00),
             F(0.806, 0.934, 0.812), F(0.852, 0.94, 0.87), written=350),
    BlindSet(21, 20261141, (172, 169), F(0.843, 0.939, 1.00), F(0.976, 0.95, 1.00),
             F(0.834, 0.910, 0.923), F(0.893, 0.98, 1.00), written=350),
    BlindSet(22, 20261142, (167, 168), F(0.838, 0.912, 0.666), F(0.976, 0.95, 0.83),
             F(0.810, 0.892, 0.777), F(0.869, 0.96, 0.77), written=350),
    BlindSet(23, 20261143, (174, 174), F(0.856, 0.912, 0.769), F(0.982, 1.00, 1.00),
             F(0.850, 1.00, 0.867), F(0.879, 1.00, 0.86), written=350),
    BlindSet(24, 20261144, (172, 170), F(0.843, 0.910, 0.818), F(0.959, 0.96, 0.90),
             F(0.912, 0.899, 0.667), F(0.905, 0.91, 0.75), written=350,
             dipped=(2, "the second opinion retrained with the tuned half puts two sentences on the other side of "
                        "SURE (p 0.48 and 0.51); the rest of this release gained 14 on sets 3-23")),
    BlindSet(25, 20261145, (172, 170), F(0.890, 0.892, 0.938), F(0.982, 0.98, 1.00),
             F(0.841, 0.870, 0.929), F(0.888, 0.93, 0.92), written=350),
    BlindSet(26, 20261146, (174, 175), F(0.816, 0.976, 0.750), F(0.959, 0.98, 0.87),
             F(0.829, 0.958, 0.692), F(0.828, 0.97, 0.76), written=350),
    BlindSet(27, 20261147, (171, 171), F(0.871, 0.919, 0.923), F(0.959, 0.97, 1.00),
             F(0.825, 0.972, 0.786), F(0.859, 0.98, 0.85), written=350),
    BlindSet(28, 20261148, (174, 174), F(0.839, 0.900, 0.700), F(0.982, 0.97, 0.90),
             F(0.845, 0.957, 1.00), F(0.862, 0.95, 0.94), written=350),
)}


def split(number: int) -> tuple[Cases, Cases]:
    """(tuned on, held back) of blind set `number`."""
    s = BLIND_SETS[number]
    cases = json.loads(s.path.read_text())
    if s.written is not None:
        held = {i + 1 for i in random.Random(s.seed).sample(range(s.written), s.written // 2)}
        return [c for c in cases if c["id"] not in held], [c for c in cases if c["id"] in held]
    at = set(random.Random(s.seed).sample(range(len(cases)), len(cases) // s.share))
    return [c for i, c in enumerate(cases) if i not in at], [c for i, c in enumerate(cases) if i in at]


def training_cases() -> Cases:
    """What the second opinion may learn from: sets 1 and 2 (tuned on whole) and every tuned half, each case
    marked with its set ("_set") so a set can be left out. Never a held-back sentence: a few early sets
    repeat a sentence of another set's held-back half ("rest", "what day is it"), and those are left out."""
    cases = [{**c, "_set": 1} for c in json.loads((HERE / "intent_blind.json").read_text())]
    cases += [{**c, "_set": 2} for c in json.loads((HERE / "intent_blind2.json").read_text())]
    for number in sorted(BLIND_SETS):
        cases += [{**c, "_set": number} for c in split(number)[0]]
    held = {c["text"] for number in BLIND_SETS for c in split(number)[1]}
    return [c for c in cases if c["text"] not in held]


def training_digest(cases: Cases) -> str:
    """A fingerprint of the sentences and labels trained on, order aside: the weights file records it."""
    lines = sorted("\x1f".join((c["text"], c["actor"], c["location"], c["kind"])) for c in cases)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()
