"""Templates for what a check costs or gives, and for how NPCs speak and hold back.

Setback slots (from the engine's "setback" change): {clue} a thing still hidden here, half-seen;
{minutes_tail} the time lost (empty in a fight); {npc} and {topic_tail} for a conversation.
{lead_win} and {lead_fail} are optional openings ("In the end, "), picked per turn like any slot.
"""

from __future__ import annotations

LEADS = {"lead_win": ("", "", "", "In the end, ", "Sure enough, ", "This time, ", "As hoped, "),
         "lead_fail": ("", "", "", "For all the effort, ", "In the end, ", "This time, ", "Frustratingly, ",
                       "Despite everything, ")}
STORY_TEMPLATES: dict[str, tuple[str, ...]] = {
    "check_success": (
        "{lead_win}{actor}'s {what} pays off.", "{lead_win}{actor} succeeds at the {what}.",
        "Skill tells: {actor} makes the {what}.", "{lead_win}{actor} rises to the moment on the {what}.",
        "{lead_win}{actor}'s {what} comes through.", "{lead_win}{actor} handles the {what} with ease.",
        "Steady work: the {what} goes {actor}'s way.", "{lead_win}{actor} makes the {what} look simple.",
        "The {what} lands for {actor}.", "{lead_win}{actor} gets the {what} right the first time.",
        "{lead_win}{actor} pulls off the {what}.", "Good work from {actor}: the {what} succeeds."),
    "check_failure": (
        "{lead_fail}{actor}'s {what} falls short.", "{lead_fail}{actor} fails the {what}.",
        "Not this time: {actor}'s {what} comes up short.", "{lead_fail}{actor} tries, but the {what} fails.",
        "The {what} goes badly for {actor}.", "{lead_fail}{actor} misjudges the {what}.",
        "{lead_fail}{actor}'s {what} does not come off.", "A miss for {actor} on the {what}.",
        "{lead_fail}{actor} gives the {what} everything, and it is not enough.", "No luck: {actor}'s {what} fails.",
        "{lead_fail}{actor} cannot quite manage the {what}.", "The {what} slips away from {actor}."),
    # Persuasion, deception or intimidation aimed at an NPC: {what} is "Persuasion attempt".
    "social_success": (
        "{lead_win}{actor}'s {what} lands with {npc}.", "{lead_win}{npc} gives way to {actor}'s {what}.",
        "{lead_win}{actor} finds the right words for {npc}; the {what} works.",
        "{lead_win}{npc} cannot hold out against {actor}'s {what}.",
        "A good moment for {actor}: {npc} yields to the {what}.",
        "{lead_win}{npc} hesitates, then comes round to {actor}'s {what}.",
        "{lead_win}{actor} presses just hard enough with the {what}, and {npc} bends.",
        "{lead_win}{actor}'s {what} works on {npc}."),
    "social_failure": (
        "{lead_fail}{npc} will not be moved by {actor}'s {what}.", "{lead_fail}{actor} pushes, but {npc} holds firm against the {what}.",
        "{lead_fail}{actor}'s {what} gets nowhere with {npc}.", "{lead_fail}{npc} is not having it: {actor}'s {what} fails.",
        "{lead_fail}{actor} tries {npc}'s patience with the {what} and loses.", "Wrong words, wrong moment: {actor}'s {what} fails.",
        "{lead_fail}{npc} hears out {actor}'s {what}, unmoved.", "{lead_fail}{actor}'s {what} slides off {npc}."),
    "setback_clue": (
        "{actor} comes away with only half of it: something about {clue} does not sit right{minutes_tail}.",
        "Not nothing — {actor} glimpses {clue}, but what it means slips away for now{minutes_tail}.",
        "For a moment {actor}'s eye catches on {clue}; it will take a better look{minutes_tail}.",
        "{actor} almost has it: something about {clue} nags at the edge of notice{minutes_tail}.",
        "A half-seen thing in {place}: {clue}. {actor} would need a second look{minutes_tail_s}.",
        "{actor} notes {clue} without understanding it{minutes_tail}."),
    "setback_time": (
        "The effort eats time{minutes_tail}, and {actor} has nothing to show for it.",
        "{actor} loses time over it{minutes_tail}; the light in {place} shifts.",
        "Time slips by{minutes_tail} while {actor} gets nowhere.",
        "It costs {actor} a good while{minutes_tail}, for nothing yet.",
        "{actor} goes over it again and again{minutes_tail}; it will not come.",
        "{actor}'s {skill} stalls, and the clock does not{minutes_tail}.",
        "{actor}'s {skill} buys only lost time{minutes_tail}.",
        "{actor} keeps at it, and the time goes{minutes_tail}; still nothing.",
        "Minutes pass{minutes_tail}, and {actor}'s {skill} has nothing to show.",
        "All {actor} earns from it is a later hour{minutes_tail}."),
    "setback_cost": (
        "{actor} slips and has to start again, hands scraped raw{minutes_tail}.",
        "Halfway up, a hold gives; {actor} drops back, winded{minutes_tail}.",
        "{actor} strains, loses the grip and has to rest before trying again{minutes_tail}.",
        "Muscles burn and the effort is wasted{minutes_tail}; {actor} must find another way.",
        "{actor} ends up back where they started, bruised and short of breath{minutes_tail}."),
    "setback_noise": (
        "A clatter gives {actor} away; anyone near {place} has heard.",
        "{actor}'s misstep rings loud through {place}.",
        "Something scrapes under {actor}'s foot, loud as a shout in {place}.",
        "{actor} is heard — the quiet of {place} is broken.",
        "Too loud: {actor}'s noise carries across {place}.",
        "A dropped thing, a hiss of breath — {actor} is no longer unnoticed in {place}."),
    "setback_wary": (
        "{actor} has pushed {npc} too far{topic_tail}; it will be remembered.",
        "{npc} looks at {actor} a long moment, and will not forget the question{topic_tail}.",
        "{npc}'s guard comes up{topic_tail}; they will remember that {actor} pushed.",
        "The question hangs, and {npc} watches {actor} more carefully now.",
        "{npc} closes like a door on {subject}; {actor} has pressed too hard.",
        "{npc}'s answer{topic_tail} comes clipped and cold; {actor} has used up their welcome.",
        "{actor} asks once too often{topic_tail}, and {npc} marks it.",
        "Pushing gets {actor} nowhere with {npc}{topic_tail}, and {npc} will not forget it.",
        "{npc} changes the subject, pointedly, and eyes {actor}."),
    "setback_noticed": (
        "{npc} catches {actor} watching and gives nothing away.",
        "{npc} notices {actor}'s scrutiny; their face goes carefully blank.",
        "{actor} watches too openly, and {npc} shuts their expression like a book.",
        "{actor} stares a moment too long — {npc} turns away.",
        "Whatever {npc} hides, they hide it better once they see {actor} looking."),
    # A search of a place that holds nothing more.
    "nothing_new": (
        "{actor} turns {place} over again; it holds nothing new.", "{place} has given up all it had — {actor} finds nothing more.",
        "Nothing else here: {actor} has seen all {place} has to show.", "{actor} looks again, but {place} has nothing more to give.",
        "Every corner of {place} has been searched; {actor} finds nothing new.", "{actor} finds nothing new in {place}.",
        "Nothing new in {place}, {actor} is sure of it now.", "{actor} checks the familiar spots of {place}: nothing new.",
        "Whatever {place} hid, it has already been found; {actor} sees nothing else.",
        "A last look from {actor} turns up nothing more in {place}."),
    # A place with foes in it, on arrival.
    "hostile": (
        "Something hostile lurks here.", "Not everything in {place} is friendly.", "Danger waits in {place}.",
        "Eyes watch the party from somewhere in {place}.", "There is a threat here, close at hand.",
        "{place} is not empty, and not safe."),
    # An NPC who will not give up what they keep.
    "refusal": (
        "{npc} will not say more about that.", "On that, {npc} keeps their own counsel.",
        "{npc} lets the rest go unsaid.", "That is as far as {npc} will go.", "{npc} says no more on it.",
        "The rest, {npc} keeps to themself."),
    # A check that succeeds where the campaign holds nothing for it (recalling, praying): plainly nothing.
    "learned_nothing": (
        "{actor} learns nothing new from it.", "Nothing more comes of it for {actor}.",
        "{actor} has it right, but there is nothing further to learn.", "It tells {actor} nothing new.",
        "{actor} comes away knowing no more than before.", "Nothing new for {actor} there."),
    "unread": (
        "{actor} cannot read {npc}.", "{npc}'s face tells {actor} nothing.", "{actor} gets no sense of {npc}'s mind.",
        "Whatever {npc} feels, {actor} cannot see it."),
}
