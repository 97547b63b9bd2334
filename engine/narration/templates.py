"""The offline narrator's prose: template variants per event kind, how beats are sorted into
families, and small phrasing helpers. Every template must read well with any value its fields can take (names, numbers, items)."""

from __future__ import annotations

import re

from engine.narration.combat_templates import ATTACK_TEMPLATES
from engine.narration.story_templates import STORY_TEMPLATES

TEMPLATES: dict[str, tuple[str, ...]] = {
    **ATTACK_TEMPLATES,
    **STORY_TEMPLATES,
    # Damage no attack accounts for (a trap, a fall): the amount is the dice/log line's.
    "damage": (
        "{target} is hurt.", "Pain tears into {target}.", "{target} reels from the hurt.",
        "The blow costs {target} dearly.", "{target} takes a wound."),
    "unconscious": (
        "{target} crumples to the ground, unconscious.", "{target}'s knees buckle; they fall senseless.",
        "Darkness takes {target} — down and unconscious.", "{target} collapses, unconscious and bleeding."),
    "down": (
        "{target} goes down.", "{target} drops.", "{target} hits the ground hard.", "{target} collapses."),
    "death": (
        "{target} falls and does not rise.", "With a final gasp, {target} goes still.",
        "{target} is slain.", "{target} crashes down, defeated."),
    # {result}: "holds on" or "slips further".
    "death_save": (
        "{actor} fights for breath, and {result}.", "Between life and death, {actor} {result}.",
        "The party holds its breath over {actor}, who {result}.", "{actor} lies still, and {result}."),
    # A roll the engine made with no verdict (a potion's healing, a DM's roll): the number is the log's.
    "roll": (
        "{actor} rolls the dice{for_purpose}.", "The dice tumble in {actor}'s hand{for_purpose}.",
        "{actor} trusts to the dice{for_purpose}.", "{actor} rolls{for_purpose}."),
    "travel": (
        "The party leaves {origin} behind and arrives at {destination}.",
        "The road from {origin} ends at {destination}.", "After a while on the move, {destination} comes into view.",
        "{destination} at last — {origin} is behind them now.", "They make their way to {destination}.",
        "Footsteps echo as the party reaches {destination}.", "From {origin} the party presses on to {destination}.",
        "Half an hour's going brings the party to {destination}.", "{origin} falls behind; ahead lies {destination}.",
        "The party sets out from {origin} and comes to {destination}."),
    # Something found by searching; the text says who found what.
    "discovery": (
        "{text}", "A discovery: {text}", "Looking closer pays off: {text}", "It is worth the effort — {text}",
        "Something stands out: {text}", "Sharp eyes: {text}"),
    # Something an NPC gives away, by words or by their face: never "found" or "noticed".
    "secret": (
        "It comes out at last: {text}", "Now the party knows: {text}", "What {npc} was keeping back: {text}",
        "The truth slips out: {text}"),
    "rest": (
        "The party settles in for a {rest}.", "Weapons are set aside for a {rest}; wounds are tended.",
        "A {rest} — time to breathe, bind wounds and recover.", "The party rests a while ({rest})."),
    "heal": (
        "{target} recovers.", "Warmth returns to {target}.", "{target}'s wounds close a little.",
        "Colour comes back to {target}'s face.", "{target} breathes easier as the hurt eases."),
    # A healing roll: {what} is the spell, potion or die that healed ("Cure Wounds", "Potion of healing").
    "heal_by": (
        "{actor}'s {what} mends {target}.", "{what} from {actor} closes {target}'s wounds.",
        "Warmth spreads through {target} as {actor}'s {what} takes hold.",
        "{target} breathes easier; {actor}'s {what} has done its work."),
    "heal_self": (
        "{actor}'s {what} eases the hurt.", "The {what} does its work on {actor}.",
        "{actor} feels the {what} take hold; the pain ebbs.", "Strength returns to {actor} with the {what}."),
    "inventory_add": (
        "{target} picks up {item}.", "{item_cap} goes into {target}'s pack.", "{target} stows {item}.",
        "{target} stows {item}."),
    # Some left (or the count unknown), and the last one gone: "no longer has" only when it is true.
    "inventory_remove": (
        "{target} parts with {item}{left}.", "{item_cap} leaves {target}'s pack{left}.",
        "{target} sets aside {item}{left}.", "{target} is down {item}{left}."),
    "inventory_gone": (
        "{target} no longer has {item}.", "{target} parts with the last {name}.",
        "{item_cap} is gone from {target}'s pack.", "That was {target}'s last {name}."),
    "give": (
        "{giver} hands {item} to {receiver}.", "{receiver} takes {item} from {giver}.",
        "{giver} passes {item} over to {receiver}.", "{item_cap} changes hands: {giver} to {receiver}."),
    # The speaker is named in the same sentence as their first words, so no bare "X replies." recurs.
    "npc_speech": (
        '**{npc}** says, "{text}"', '**{npc}** answers: "{text}"', '**{npc}** considers a moment, then: "{text}"',
        '**{npc}**, quietly: "{text}"', '**{npc}** replies, "{text}"', '**{npc}** tells {actor}, "{text}"',
        '**{npc}** shrugs and says, "{text}"', '**{npc}** answers slowly: "{text}"'),
    "npc_gesture": (
        '**{npc}** {gesture}. "{text}"', '**{npc}** {gesture} and says, "{text}"',
        '**{npc}** {gesture} before answering: "{text}"', '**{npc}** {gesture}, then: "{text}"'),
    "attitude": (
        "{npc}'s manner shifts from {before} to {after}.", "Something changes in {npc}: once {before}, now {after}.",
        "{npc} is {after} now.", "{npc}'s attitude turns {after}."),
    "quest": (
        "Quest update — {quest}: {status}.", 'The task "{quest}" is now {status}.', "{quest}: {status}.",
        "Word on {quest}: it is {status}."),
    "combat_start": (
        "Steel is drawn — combat begins!", "Battle erupts in {location}!", "No more talking: it is a fight.",
        "Weapons out!", "The fight is on in {location}.", "Blades clear their sheaths; the fight has begun."),
    "combat_end": (
        "The fight is over.", "Silence returns as the fighting ends.", "The last blow has landed; combat ends.",
        "Breathing hard, the party takes stock — the fight is done."),
    "condition_add": (
        "{target} is now {condition}.", "{target} becomes {condition}.", "{target} is left {condition}.",
        "{target} finds themself {condition}."),
    "condition_remove": (
        "{target} is no longer {condition}.", "{target} shakes off being {condition}.",
        "{target} recovers — no longer {condition}.", "The {condition} condition leaves {target}."),
    "xp": (
        "{target} {each}gain{s} experience from it.", "Experience earned for {target}.",
        "{target} {is_are} the wiser for it.", "The fight leaves {target} more seasoned."),
    # A character who cannot act this turn (unconscious, paralysed): {state} is the condition.
    "cannot_act": (
        "{actor} is {state} and cannot act.", "{actor} lies {state}; the moment passes without them.",
        "Nothing from {actor}, who is {state}.", "{actor}, {state}, can do nothing now.",
        "{actor} stays {state}, out of it for now.", "The others look to {actor}, but {actor} is {state}."),
    "scene": ("{text}", "A look around {location}: {text}", "{location}: {text}", "Around them: {text}"),
    "present": ("{names} {is_are} here.", "Present: {names}.", "{names} {is_are} about.", "Faces here: {names}."),
    # Beats are complete sentences of unknown shape and tense: any prefix ("Then:", "Meanwhile") misreads
    # some of them, so they are told as they are.
    "generic": ("{text}",),
    # Nothing resolved: say that nothing changed; never echo the player's words back as if said or done.
    "action": (
        "{actor} holds off; for now nothing changes in {location}.", "{actor} weighs it, and lets the moment pass.",
        "Nothing changes yet: {actor} waits to see how {location} settles.",
        "{actor} bides their time in {location}.", "For the moment, {actor} does nothing that changes the scene."),
}
DIALOGUE = {"npc_speech", "npc_gesture"}

# Which family each event kind belongs to: a beat of a family already told by an event is skipped.
FAMILY = {**dict.fromkeys(ATTACK_TEMPLATES, "attack"), "damage": "attack",
          "unconscious": "attack", "death": "attack", "down": "attack", "check_success": "check",
          "check_failure": "check", "death_save": "check", "social_success": "check", "social_failure": "check", "npc_speech": "npc", "npc_gesture": "npc", "attitude": "npc",
          "secret": "discovery", "refusal": "npc_mood", "unread": "npc_mood", "nothing_new": "nothing", "learned_nothing": "nothing", "hostile": "other",
          **{k: "setback" for k in STORY_TEMPLATES if k.startswith("setback")}, "combat_start": "combat", "combat_end": "combat", "cannot_act": "other",
          "inventory_add": "inventory", "inventory_remove": "inventory", "inventory_gone": "inventory", "give": "inventory",
          "heal": "rest", "heal_by": "rest", "heal_self": "rest", "rest": "rest", "travel": "travel", "discovery": "discovery"}

# Beats are classified by keyword, first match wins.
BEAT_FAMILIES = (
    # Nothing found is news the check line does not carry: its own family, never skipped, never a "discovery".
    ("nothing", re.compile(r"\bfinds? nothing|\bnothing (new|of note)", re.I)),
    # A refusal or a souring mood adds to the reply; only plain speech is covered by the quoted line.
    ("npc_mood", re.compile(r"\bwill not say\b|\bresents?\b", re.I)),
    ("npc", re.compile(r'"|\b(says|said|replies|asks|tells|speaks|talks|takes it badly)\b', re.I)),
    ("discovery", re.compile(r"\b(finds?|found|discovers?|notices?|reveals?|spots?|uncovers?|lets it slip|"
                             r"reads it)\b", re.I)),
    ("travel", re.compile(r"\b(travels?|arrives?|journeys?|reach(es)?|heads? (to|for|toward))\b", re.I)),
    ("rest", re.compile(r"\b(rests?|camps?|heals?|regains?)\b", re.I)),
    ("attack", re.compile(r"\b(hits?|miss(es)?|attacks?|strikes?|damage|critical|unconscious|slain|falls)\b", re.I)),
    ("check", re.compile(r"\b(checks?|saves?|saving throw|DC)\b", re.I)),
    ("combat", re.compile(r"\b(initiative|combat|battle|fight is over)\b", re.I)),
    ("inventory", re.compile(r"\b(picks? up|takes?|drops?|gives?|inventory)\b", re.I)),
)


def check_name(purpose: str) -> str:
    """'Persuasion vs Hesper Quill' -> 'Persuasion attempt on Hesper Quill'; 'Perception' -> 'Perception check'."""
    what, _, on = purpose.partition(" vs ")
    what = re.sub(r"\bOf\b", "of", what.strip()) or "roll"  # "Sleight Of Hand" as the rules title it
    if not re.search(r"\b(check|save|saving throw|attempt|roll)\b", what, re.I):
        what += " attempt" if on else " check"
    return f"{what} on {on.strip()}" if on.strip() else what


def item_phrase(name: str, count: int | None) -> str:
    """'a potion of healing', 'one of the candles', '2 handaxes': an item as a sentence uses it."""
    low = name[:1].lower() + name[1:] if name[1:2].islower() or len(name) == 1 else name
    plural = low.endswith("s") and not low.endswith("ss")
    if count is None or count == 1:
        if plural:
            return f"one of the {low}"
        return ("an " if low[:1] in "aeiou" else "a ") + low
    return f"{count} {low if plural else low + 's'}"
