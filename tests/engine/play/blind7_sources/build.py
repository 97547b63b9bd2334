#!/usr/bin/env python3
"""Build the blind7 labelled evaluation set for the Dark Lantern campaign.

Each case: text, actor, location, in_combat, enemies, kind, target, destination, parts, note.
Labels follow /work/blind7/GUIDE.md. Written blind (only the campaign file was read).
"""
import json
import os
from collections import Counter

INN = "Tarred Gull Inn"
DOCKS = "Kettlecove Docks"
POINT = "Gannet Point"
CAVES = "Wrecker Caves"
CHAPEL = "Drowned Chapel"

HESPER = "Hesper Quill"
VELL = "Osric Vell"
ALDOUS = "Aldous Penn"
CROWE = "Silas Crowe"
NESSA = "Nessa Rook"
PIM = "Pim Lowrie"
AMBROSE = "Brother Ambrose"

THUG = "Wrecker Thug"
CRAB = "Giant Crab"
SAILOR = "Drowned Sailor"

# hostile line-ups per place (stat-block names, or NPC name for an NPC who fights)
PT = [THUG, THUG]                 # Gannet Point encounter
CV = [CROWE, THUG, CRAB]          # Wrecker Caves encounter
CH = [SAILOR, SAILOR, SAILOR]     # Drowned Chapel encounter
DK = [THUG, THUG]                 # wreckers jump the party on the quay
IN = [THUG]                       # a wrecker starts trouble in the taproom

CASES = []


def C(kind, actor, location, text, target=None, destination=None, parts=None,
      combat=False, enemies=None, note=""):
    CASES.append({
        "text": text,
        "actor": actor,
        "location": location,
        "in_combat": combat,
        "enemies": list(enemies) if enemies else [],
        "kind": kind,
        "target": target,
        "destination": destination,
        "parts": list(parts) if parts else [],
        "note": note,
    })


def F(kind, actor, location, text, enemies, target=None, **kw):
    """A case during a fight."""
    C(kind, actor, location, text, target=target, combat=True, enemies=enemies, **kw)


# =====================================================================
# COMBAT
# =====================================================================
# --- Gannet Point: two wrecker thugs
F("combat", "Wren", POINT, "*ducks under the scimitar and drives her shortsword up into the thug's ribs*", PT, THUG,
  note="play-by-post asterisk action")
F("combat", "Bram", POINT, "Bram. Longsword. Closest wrecker. Go.", PT, THUG,
  note="terse third person")
F("combat", "Idris", POINT, "I use my action to cast Sleep on the two wreckers, centred between them so I catch both", PT, THUG,
  note="Sleep is a control spell at creatures, not a rest")
F("combat", "Tova", POINT, "ok so im gonna guiding bolt the guy on the stairs, 1st lvl slot", PT, THUG)
F("combat", "Bram", POINT, "I don't want him dead, we need him talking. I club the thug with my pommel to knock him out", PT, THUG,
  note="negation of killing; a non-lethal attack is still an attack")
F("combat", "Wren", POINT, "Wren readies her action: the second one sticks his head out of the lighthouse door, she looses an arrow at him", PT, THUG,
  note="ready an action is a fight manoeuvre")
F("combat", "Bram", POINT, "can I shove him over the gallery railing? like straight off the edge", PT, THUG,
  note="phrased as a question but it is the shove itself; 'him' is the thug on the gallery")
F("combat", "Idris", POINT, "fire bolt the one with the crossbow pls", PT, THUG)
F("combat", "Tova", POINT, "(OOC: sorry, phone died, back now) Tova swings her warhammer at the wrecker who's on Idris", PT, THUG,
  note="OOC aside; Idris named but the target is the thug")
F("combat", "Idris", POINT, "3 hp left. disengage and back off toward the lighthouse door", PT, None,
  note="the movement is part of Disengage, not exploration")
F("combat", "Tova", POINT, "Healing Word on Idris as a bonus action, he's looking grim", PT, "Idris",
  note="healing spell cast in a fight counts as combat; target is a party member")
F("combat", "Bram", POINT, "ACTION SURGE!! two more swings at the thug in front of me", PT, THUG)
F("combat", "Bram", POINT, "I yell 'this one's for Aldous!' and bring the longsword down on the nearest wrecker", PT, THUG,
  note="Aldous named in a battle cry; he is not here and not the target")

# --- Wrecker Caves: Silas Crowe, a thug and Old Nip the giant crab
F("combat", "Wren", CAVES, "*draws her blade and lunges at the crab*", CV, CRAB,
  note="drawing the blade is part of the attack, not inventory")
F("combat", "Bram", CAVES, "I go for the man with the red sash. Longsword.", CV, CROWE,
  note="Crowe by description (red sash)")
F("combat", "Idris", CAVES, "Magic Missile, all three darts into Crowe", CV, CROWE)
F("combat", "Wren", CAVES, "sneak attack on Old Nip, Bram's right next to it so I should have it", CV, CRAB,
  note="Old Nip is Crowe's pet; stat block Giant Crab")
F("combat", "Idris", CAVES, "Ray of Frost at the crab to slow it down", CV, CRAB)
F("combat", "Tova", CAVES, "I take the Dodge action. That captain hits way too hard", CV, None,
  note="Dodge is aimed at nobody; the captain is only mentioned")
F("combat", "Tova", CAVES, "i atack the crabb with my hamer", CV, CRAB,
  note="typos")
F("combat", "Wren", CAVES, "I shoot the wrecker by the stacked crates before he gets his crossbow up", CV, THUG)
F("combat", "Tova", CAVES, "Sacred Flame on Crowe. Let's see you dodge that, *friend*.", CV, CROWE,
  note="'dodge' is taunt, not the Dodge action")
F("combat", "Idris", CAVES, "Shield!! reaction when the cutlass comes down", CV, None,
  note="Shield is the reaction spell, not the item")
F("combat", "Bram", CAVES, "I shove Crowe backwards into the crab pool", CV, CROWE,
  note="the pool is where he is pushed; no move by the party")
F("combat", "Bram", CAVES, "AoO on the thug as he legs it for the boat", CV, THUG,
  note="AoO = attack of opportunity")
F("combat", "Bram", CAVES, "I throw my second handaxe at the crab", CV, CRAB,
  note="throwing a weapon at a creature is an attack, not dropping/giving gear")
F("combat", "Bram", CAVES, "\"Idris, get BACK!\" I step in between him and Crowe and swing", CV, CROWE,
  note="shout to a party member is flavour; 'him' is Idris, the swing is at Crowe")
F("combat", "Wren", CAVES, "Wren tumbles past the crab and puts her shortsword in Crowe's back", CV, CROWE,
  note="the crab is passed, Crowe is attacked")
F("combat", "Tova", CAVES, "Cure Wounds on Bram, he just dropped", CV, "Bram",
  note="healing spell in a fight is combat")
F("combat", "Idris", CAVES, "Fire Bolt at Crowe. wait no, the crab's closer. Crab.", CV, CRAB,
  note="self-correction: the final target is the crab")
F("combat", "Bram", CAVES, "I charge the crab!", CV, CRAB,
  note="'charge' as a rush-attack, not a price")
F("combat", "Wren", CAVES, "nat 20 pls \U0001F64F shortbow at Crowe", CV, CROWE,
  note="'nat 20 pls' is a hope, the act is the shot")
F("combat", "Idris", CAVES, "Bram! Hit the crab, not the rocks!", CV, CRAB,
  note="command to another party member; labelled by the commanded act")
F("combat", "Wren", CAVES,
  '''Wren's been crouched in the dark by the crab pool the whole time Crowe was talking terms. The moment he turns his head to bark at his thug, she's up, no warning, no words, shortsword angled for the gap under the red sash. "Friend," she whispers as it goes in.''',
  CV, CROWE,
  note="long paragraph; the spoken word is flavour on a sneak attack")

# --- Drowned Chapel: three drowned sailors
F("combat", "Tova", CHAPEL, "Tova raises the silver tide-wheel and calls Sacred Flame down on the nearest drowned sailor", CH, SAILOR)
F("combat", "Wren", CHAPEL, "gonna shoot the one tangled in weed by the pews", CH, SAILOR)
F("combat", "Idris", CHAPEL, "firebolt at the dead guy climbing out of the water", CH, SAILOR)
F("combat", "Bram", CHAPEL, "Bram hacks at the sailor that's got hold of Wren's ankle", CH, SAILOR,
  note="Wren named but the sailor is the target")
F("combat", "Idris", CHAPEL, "Sleep won't do anything to these, right? ugh, whatever. Magic Missile, middle one", CH, SAILOR,
  note="rhetorical question about Sleep, then the real action")
F("combat", "Bram", CHAPEL, "I'm not swinging at the ghost, he's not the problem. I hit the sailor behind him", CH, SAILOR,
  note="negation: Brother Ambrose is present but not attacked")
F("combat", "Tova", CHAPEL, "holding my action til one of them steps up onto the altar step, then warhammer to the skull", CH, SAILOR,
  note="readied action; the altar is only the trigger spot, not the puzzle")
F("combat", "Bram", CHAPEL, "second wind (bonus), then keep hacking at the one in front of me", CH, SAILOR)
F("combat", "Tova", CHAPEL, "guiding bolt on the one with the rusty cutlass", CH, SAILOR)
F("combat", "Bram", CHAPEL,
  '''The first of them comes up out of the black water with weed hanging off its jaw, and Bram doesn't wait for it to finish standing. "Back to sleep, sailor!" The longsword comes round in a flat, ugly arc.''',
  CH, SAILOR,
  note="'sleep' in dialogue is not a rest")

# --- Kettlecove Docks: wreckers jump the party; Vell turns hostile
F("combat", "Idris", DOCKS, "two of them jumped us on the quay?? ok fire bolting the bigger one", DK, THUG)
F("combat", "Wren", DOCKS, "cunning action disengage, then I shoot the one by the drying nets", DK, THUG)
F("combat", "Idris", DOCKS, "Ray of frost the thug who's running for the harbor office", DK, THUG,
  note="the harbor office is where the thug runs; no move by the party")
F("combat", "Tova", DOCKS, "Tova wades in with her warhammer at the thug standing on the upturned boat", DK, THUG)
F("combat", "Bram", DOCKS, "Vell's shouting for guards, I tackle him before he gets to the office door", [VELL], VELL,
  note="hostile NPC in a fight; a tackle is a grapple/shove")

# --- Tarred Gull Inn: a wrecker pulls a knife
F("combat", "Bram", INN, "Nobody pulls a knife on Hesper. I punch the thug square in the jaw", IN, THUG,
  note="Hesper named but the thug is the target")

# =====================================================================
# ROLEPLAY
# =====================================================================
# --- Hesper Quill at the inn
C("roleplay", "Tova", INN,
  '''Tova stamps the rain off her boots and hauls herself onto a stool, leaning her warhammer against the bar with a clunk. She waits till Hesper's done with the fishermen, then leans in. "They tell me you keep the best stew on this coast and the sharpest eyes. That light on the Point. When did you see it go out? Before the storm, or after?"''',
  target=HESPER, note="long in-character paragraph; the act is asking Hesper")
C("roleplay", "Wren", INN, "I ask the innkeeper if Aldous came by for his bread this week", target=HESPER,
  note="Hesper by role; Aldous is the topic, not present")
C("roleplay", "Idris", INN, "I shoot Hesper a grin and ask who's been paying in funny-looking silver lately", target=HESPER,
  note="'shoot' a grin, not an attack")
C("roleplay", "Bram", INN, "(OOC: fishing for Crowe) \"That fella with the chewed-up ear, Hesper. He drink here much?\"", target=HESPER,
  note="Crowe is the topic, not present")
C("roleplay", "Idris", INN, "i tell her we gonna find old man, she no worry", target=HESPER,
  note="non-native English; 'her' is the only woman NPC here")
C("roleplay", "Tova", INN, "Tova leans on the counter and gently persuades Hesper to tell us everything she saw the night the lamp went out", target=HESPER,
  note="persuasion phrased as an action is roleplay, not a roll request")
C("roleplay", "Wren", INN, "What do you charge for a room, Hesper?", target=HESPER,
  note="question put to an NPC; 'charge' is a price")
C("roleplay", "Wren", INN, "I ask Pim what he saw out on the water that night", target=None,
  note="Pim is at the docks, absent from the inn")
C("roleplay", "Bram", INN, "We promise Hesper we'll bring the old man home. \"Keep the stew hot,\" Bram says.", target=HESPER,
  note="the old man is the topic; mention of stew is not a purchase")
C("roleplay", "Bram", INN, "Bram buys nothing, just leans on the bar and asks Hesper about the lad by the fire mumbling about a red lamp", target=HESPER,
  note="negation: no purchase")
C("roleplay", "Tova", INN, "Hesper, love, what time's the evening tide?", target=HESPER,
  note="looks like a question to the DM but is put to the NPC")

# --- Osric Vell and Pim Lowrie at the docks
C("roleplay", "Wren", DOCKS, "*flicks a finger at the ledger under Vell's arm* \"Lovely coat, harbormaster. Salvage paying well this spring, is it?\"", target=VELL,
  note="asterisk gesture, then speech")
C("roleplay", "Bram", DOCKS, "Bram looms over Vell and tells him that if he's lying about the night of the wreck, the sea won't be the only thing he answers to", target=VELL,
  note="intimidation phrased as an action is roleplay")
C("roleplay", "Wren", DOCKS, "ask the harbor master where he was the night of storm", target=VELL,
  note="non-native English; Vell by role")
C("roleplay", "Wren", DOCKS, "I tell Vell I'm an agent for the Merrow's Luck's owners and I'll need to see the salvage records", target=VELL,
  note="deception by speech")
C("roleplay", "Bram", DOCKS, "I haggle with Vell over the lantern, five gold is robbery", target=VELL,
  note="bargaining, not yet a purchase")
C("roleplay", "Idris", DOCKS,
  '''"Mister Vell," Idris says, with nothing in his hands but a polite smile, "my old teacher wrote to Aldous Penn for years. Who keeps the light now that he's gone missing?" He watches the harbormaster's handkerchief come out.''',
  target=VELL, note="Aldous named but absent; handkerchief is Vell's mannerism")
C("roleplay", "Tova", DOCKS, "I don't threaten him. I just tell Vell quietly that we've seen the tally board and he has exactly one chance to come clean", target=VELL,
  note="negation of threatening; still speech aimed at Vell")
C("roleplay", "Tova", DOCKS,
  '''Tova lets Thaumaturgy roll her voice like thunder across the quay: "OSRIC VELL. WHERE WERE YOU THE NIGHT THE LIGHT DIED?"''',
  target=VELL, note="cantrip used as flavour on a spoken demand")
C("roleplay", "Idris", DOCKS, "Could you perhaps show us on the chart where they come in, harbormaster?", target=VELL,
  note="polite request to an NPC, not a question to the DM")
C("roleplay", "Bram", DOCKS, "hey Vell, what'd the wreckers pay you to look the other way", target=VELL,
  note="accusation phrased as a question to the NPC")
C("roleplay", "Bram", DOCKS, "hey kid, wanna earn a copper? what'd you see the night of the storm", target=PIM,
  note="'kid' at the docks is Pim; an offer, no coin handed over yet")
C("roleplay", "Wren", DOCKS,
  '''Wren crouches down to Pim's level, ignoring the net. "Tell you what. You row us round to the caves at low water, and I'll buy you a whole pie. Not a slice. A pie."''',
  target=PIM, note="bargain by speech; 'buy' is a promise, nothing bought")
C("roleplay", "Idris", DOCKS, "ask the urchin if Vell was up late that night", target=PIM,
  note="Pim by role; Vell is the topic")
C("roleplay", "Tova", DOCKS, "Tova kneels by the net-mender boy and asks gently whether Crowe's men have been leaning on him", target=PIM,
  note="Pim by role; Crowe named but absent")

# --- Nessa Rook at Gannet Point
C("roleplay", "Tova", POINT, "*holds up both empty hands* \"Easy. We're not here for you, lass. We're here for the keeper.\"", target=NESSA,
  note="'you' at the Point is the lookout; keeper is the topic")
C("roleplay", "Idris", POINT, "I ask the girl in the oilskin who she's watching for", target=NESSA,
  note="Nessa by description")
C("roleplay", "Tova", POINT, "Tova softens her voice. \"Your mum owes Crowe, doesn't she? How much?\"", target=NESSA,
  note="pronoun address; Crowe only the topic")
C("roleplay", "Bram", POINT, "Bram tells the lookout to drop the whistle or he'll drop her off the cliff", target=NESSA,
  note="'drop' is a threat, not inventory; intimidation by speech")
C("roleplay", "Idris", POINT, "i try convince nessa to help us, we pay her mother debt", target=NESSA,
  note="non-native English; an offer, no coins given")
C("roleplay", "Wren", POINT, "\"Where's the way down, Nessa? The real one.\" I wait her out.", target=NESSA)
C("roleplay", "Bram", POINT, "I ask Aldous what happened up here the night they took him", target=None,
  note="Aldous is held in the Wrecker Caves, absent")
C("roleplay", "Wren", POINT,
  '''Wren sits down in the gorse a careful arm's length from Nessa and just talks. About the gulls, about how cold it is, about her own mum's debts back home, nothing that matters, until the girl stops fiddling with that whistle.''',
  target=NESSA, note="long narration; the act is talking to Nessa")
C("roleplay", "Tova", POINT, "\"You bring him water,\" Tova says, not asking. \"So you know exactly where they're keeping him.\"", target=NESSA,
  note="'him' is Aldous (topic); the speech is aimed at Nessa")

# --- Silas Crowe and Aldous Penn in the caves
C("roleplay", "Tova", CAVES, "\"Crowe. We've no quarrel with you yet. Hand over the keeper and we walk out of here.\"", target=CROWE, enemies=CV)
C("roleplay", "Wren", CAVES, "What's your price, friend? For the old man and that box of bones.", target=CROWE, enemies=CV,
  note="'friend' mirrors Crowe; 'the old man' is the topic")
F("roleplay", "Wren", CAVES, "I don't attack. I yell at Crowe that Vell's already sold him out and the harbor guard is on the way", CV, CROWE,
  note="negation in a fight; deception by speech")
F("roleplay", "Bram", CAVES, "Bram levels his sword at Crowe: \"Yield. Call off your crab and yield.\"", CV, CROWE,
  note="sword pointed as a gesture, the act is a demand; crab mentioned")
C("roleplay", "Bram", CAVES, "I'll lie to Crowe and say Vell sent us to collect his tenth", target=CROWE, enemies=CV,
  note="deception; Vell absent, only named")
C("roleplay", "Idris", CAVES, "i ask crowe why he won't go past the flooded arch", target=CROWE, enemies=CV,
  note="arch is a topic, no move")
C("roleplay", "Tova", CAVES, "I kneel by the keeper and tell him Hesper sent us", target=ALDOUS,
  note="Hesper named, absent")
C("roleplay", "Idris", CAVES, "Idris hands over nothing yet, just asks Aldous if he knows the words to the old tide ward", target=ALDOUS,
  note="negation: no item given")
C("roleplay", "Wren", CAVES, "old man you ok?? who did this to you", target=ALDOUS,
  note="'old man' here is Aldous")
C("roleplay", "Bram", CAVES, "\"Forty years, eh?\" Bram crouches by the ropes. \"Tell me about this red lamp on the rocks.\"", target=ALDOUS,
  note="ropes are scenery; no freeing action")

# --- Brother Ambrose in the chapel
C("roleplay", "Tova", CHAPEL, "Tova bows her head to the drowned monk. \"Brother, what was taken from this place?\"", target=AMBROSE)
C("roleplay", "Wren", CHAPEL, "ask the ghost how we lay him to rest", target=AMBROSE,
  note="'rest' is the ghost's peace, not a party rest")
C("roleplay", "Tova", CHAPEL, "Brotehr Ambrose, we have your relic, what are the words??", target=AMBROSE,
  note="typo in the name")
C("roleplay", "Idris", CHAPEL,
  '''*Idris clears his throat, very awkward* "Um. Excuse me, sir. Spectral sir. Are you the, ah, the monk Hesper mentioned? The one who walks?"''',
  target=AMBROSE, note="Hesper named but absent")
C("roleplay", "Wren", CHAPEL, "I tell the shade we aren't thieves, we came to put it back", target=AMBROSE,
  note="'put it back' is a promise here, not the puzzle act")
C("roleplay", "Tova", CHAPEL, "Tova calls back up the tunnel to Aldous: \"What comes after 'the tide is bound'?\"", target=None,
  note="Aldous is in the caves, not in the chapel: absent")

# =====================================================================
# EXPLORATION
# =====================================================================
# --- moves to connected places
C("exploration", "Idris", INN, "i want go to docks now", destination=DOCKS,
  note="non-native English")
C("exploration", "Tova", INN, "Right, stew's done. We head down to the harbour.", destination=DOCKS,
  note="harbour = the docks; stew mention is not a purchase")
C("exploration", "Wren", INN, "lets bounce. waterfront", destination=DOCKS,
  note="slang; waterfront = docks")
C("exploration", "Wren", INN, "(OOC: heading out) *pulls up her hood and steps out into the rain toward the quay*", destination=DOCKS,
  note="pulling up a hood is flavour, not inventory")
C("exploration", "Bram", INN, "Bram hits the road, down to the quay to find this harbormaster", destination=DOCKS,
  note="'hits' is not an attack; harbormaster not here, no target")
C("exploration", "Idris", INN, "i look around the taproom one more time then we go down to the docks", destination=DOCKS,
  note="look + move are both exploration, so not mixed")
C("exploration", "Wren", DOCKS, "back to the gull, I'm soaked through", destination=INN,
  note="partial name for the Tarred Gull Inn")
C("exploration", "Tova", DOCKS, "i wanna go see hesper again", destination=INN,
  note="Hesper is at the inn, absent here, so no target; the act is the trip")
C("exploration", "Bram", DOCKS, "we take the cliff path east", destination=POINT,
  note="the cliff path leads to Gannet Point")
C("exploration", "Wren", DOCKS, "lemme go up to the lighthouse", destination=POINT,
  note="from the docks the lighthouse is Gannet Point")
C("exploration", "Tova", DOCKS, "Tova stumps off up toward the Point, puffing and cursing the hill", destination=POINT,
  note="partial name")
C("exploration", "Idris", DOCKS,
  '''Idris folds the sealed letter back into his coat, looks up at the dark tower on the headland and sighs. "Well. If the keeper won't come to us." He starts up the cliff path without waiting to see if the others follow.''',
  destination=POINT, note="long paragraph; folding the letter is flavour")
C("exploration", "Bram", DOCKS, "Not resting. We push on to the headland while it's light.", destination=POINT,
  note="negation of rest")
C("exploration", "Wren", DOCKS, "we take a boat round to the sea caves at low water", destination=CAVES)
C("exploration", "Idris", DOCKS, "me and Bram go to caves by boat, others follow", destination=CAVES,
  note="non-native phrasing")
C("exploration", "Tova", POINT, "we head back down the cliff path to Kettlecove", destination=DOCKS,
  note="from the Point the way into Kettlecove is the docks")
C("exploration", "Bram", POINT, "back to the docks, I want words with Vell", destination=DOCKS,
  note="Vell named as the reason; the act is the move")
C("exploration", "Wren", POINT, "I climb down through the trapdoor under the oil barrels", destination=CAVES,
  note="the trapdoor stair leads to the Wrecker Caves; a stair needs no climb check")
C("exploration", "Tova", POINT, "Down the hidden stair we go. Bram first, he's got the armour.", destination=CAVES)
C("exploration", "Idris", POINT, "we go into the caves under the point", destination=CAVES,
  note="'the point' is the current place, the caves are the destination")
C("exploration", "Bram", CAVES, "Up the stair to the lighthouse, now, before the tide comes in", destination=POINT)
C("exploration", "Wren", CAVES, "grab the boat and row us back to the harbor", destination=DOCKS,
  note="'grab' the boat is not inventory")
C("exploration", "Idris", CAVES, "I go through the flooded arch toward the green glow", destination=CHAPEL,
  note="the flooded arch leads to the Drowned Chapel")
C("exploration", "Tova", CAVES, "to the chapel!", destination=CHAPEL,
  note="partial name")
C("exploration", "Wren", CAVES, "Wren wades on deeper, following the glow through the arch", destination=CHAPEL,
  note="third person")
C("exploration", "Bram", CAVES, "ok we squeeze through the hole the wreckers dug into the old chapel", destination=CHAPEL)
C("exploration", "Idris", CHAPEL, "Back out through the arch to the caves", destination=CAVES)
C("exploration", "Bram", CHAPEL, "nope nope nope, we leave the chapel", destination=CAVES,
  note="the chapel's only exit is the Wrecker Caves")
C("exploration", "Idris", CHAPEL, "I think I'd like to go back to where the crates were stacked", destination=CAVES,
  note="hedged; the crate ledge is in the Wrecker Caves")
# --- moves to places that are NOT connected
C("exploration", "Tova", INN, "we head straight up to the lighthouse", destination=None,
  note="Gannet Point is not connected to the inn (the way runs through the docks)")
C("exploration", "Wren", CHAPEL, "right, back to the gull for a hot meal", destination=None,
  note="the inn is not connected to the chapel")
# --- moves to spots inside the current place
C("exploration", "Bram", INN, "I grab a stool by the fire, near the folk in blankets", destination=None,
  note="spot inside the inn; 'grab' is not inventory")
C("exploration", "Idris", DOCKS, "I walk over to the harbor office", destination=None,
  note="the harbor office is part of the docks")
C("exploration", "Wren", DOCKS, "down to the very end of the quay to look at the wreckage", destination=None,
  note="the quay is the docks")
C("exploration", "Tova", POINT, "we go inside the lighthouse and up the spiral stair to the lamp room", destination=None,
  note="the lighthouse and lamp room are inside Gannet Point")
C("exploration", "Wren", POINT, "step out onto the outer gallery", destination=None,
  note="spot inside the lighthouse")
C("exploration", "Bram", POINT, "Bram heads into the oil store", destination=None,
  note="spot inside the lighthouse")
C("exploration", "Idris", CAVES, "I wade over to the ledge with all the crates", destination=None,
  note="spot inside the caves")
C("exploration", "Wren", CAVES, "i go stand by the crab pool (carefully)", destination=None,
  note="spot; the crab is not engaged")
C("exploration", "Tova", CHAPEL, "Tova walks up the nave between the barnacled pews to the altar", destination=None,
  note="spot inside the chapel; walking to the altar is not working it")
# --- looking, searching, opening, detect magic
C("exploration", "Bram", INN, "I look around the taproom, who's in tonight?", note="'who's in' is part of looking around, not a question about rules")
C("exploration", "Wren", INN, "Wren casually peers into the coin tin behind the bar", note="looking, not taking")
C("exploration", "Tova", DOCKS, "Wren, go check the net shed", note="command to a party member; labelled by the commanded act")
C("exploration", "Bram", DOCKS, "I lift the old sailcloth in the net shed and see what's under it")
C("exploration", "Idris", POINT, "lemme have a look at the lamp first", note="examining the lamp is not yet working the puzzle")
C("exploration", "Bram", POINT, "I push the lamp room door the rest of the way open")
C("exploration", "Idris", CAVES, "detect magic, ritual casting, we've got ten minutes", note="out-of-fight utility spell to look")
C("exploration", "Tova", CAVES, "what's in the barrels? I pry one open", note="looks like a question but the act is opening a barrel")
C("exploration", "Wren", CAVES, "I rummage through Crowe's sea chest", note="Crowe's chest is an object, not a target")
C("exploration", "Idris", CHAPEL, "Idris casts Detect Magic and studies the cracked silver circle", note="looking with a spell, not mending the ward")

# =====================================================================
# SKILL CHECKS
# =====================================================================
C("skill_check", "Wren", POINT, "I climb the outside of the lighthouse to get onto the gallery")
C("skill_check", "Wren", POINT, "tryna sneak up the path to the lighthouse door without the lookout spotting me lol",
  note="stealth; the lookout is mentioned, not targeted")
C("skill_check", "Wren", CAVES, "Wren slips behind the crates", enemies=CV,
  note="hiding; third person")
C("skill_check", "Idris", CAVES, "could Wren maybe try to pick the lock on Crowe's sea chest?",
  note="hedged request for an action, not a question to the DM")
C("skill_check", "Bram", DOCKS, "roll intimidation on Vell", target=VELL,
  note="intimidation asked as a roll is a skill check")
C("skill_check", "Tova", DOCKS, "insight on vell when he says he was at his desk all night", target=VELL)
C("skill_check", "Tova", INN, "I study Hesper's face while she talks about the light. Is she holding something back?", target=HESPER,
  note="reading body language = insight; the question is the check's aim")
C("skill_check", "Bram", DOCKS, "I follow the boot prints up from the shingle", note="tracking")
C("skill_check", "Tova", CHAPEL, "religion check on the carvings on the altar",
  note="a named check, not working the altar")
C("skill_check", "Idris", CHAPEL, "arcana on the broken ward, what was it for?",
  note="lore check on the ward, not mending it")
C("skill_check", "Bram", DOCKS, "perception, anything off about this quay?")
C("skill_check", "Wren", CAVES, "I jump the crab pool to get to the ledge", enemies=CV,
  note="'jump' across water, not jumping an enemy")
C("skill_check", "Idris", POINT, "(OOC: rolling investigation on the smothered lamp) 17",
  note="investigation on the lamp is a check, not relighting it")
C("skill_check", "Wren", INN, "sleight of hand, I palm one of the foreign coins out of the bar tin",
  note="named check; lifting the coin needs the roll")
C("skill_check", "Tova", CAVES, "Survival — how high does the water get in here?",
  note="check named; the question is its aim")
C("skill_check", "Tova", CAVES, "Insight on Crowe. Is he actually scared of that arch?", target=CROWE, enemies=CV)
C("skill_check", "Idris", CAVES, "can I make a history check to see if I know how old this reliquary is?",
  note="'can I make a check' asks for the roll itself")
C("skill_check", "Wren", INN, "nat 20 pls, persuasion on Hesper about who's been spending the silver", target=HESPER,
  note="persuasion asked as a roll is a skill check")
C("skill_check", "Wren", DOCKS, "I sneak round the back of the harbor office. stealth 14")
C("skill_check", "Bram", CAVES, "I'll try to climb up to the cargo ledge, it looks slick")
C("skill_check", "Bram", POINT, "Bram tracks the drag marks down the spiral stair, survival")
C("skill_check", "Wren", DOCKS, "Wren lifts the ledger from under Vell's arm while he's busy shouting at Bram", target=VELL,
  note="stealing from a person is sleight of hand, not picking up an item")
C("skill_check", "Wren", CAVES, "i sneak along the ledge so the wreckers dont see me", enemies=CV)
C("skill_check", "Tova", INN, "medicine check on the burnt sailor's hand?",
  note="the survivor has no campaign name, so no target")
C("skill_check", "Bram", DOCKS, "I check the keel marks, survival. How many went out and when?")
C("skill_check", "Idris", POINT, "could I maybe listen at the floor of the oil store, see if anything's under those barrels?",
  note="hedged perception attempt, not a question to the DM")
C("skill_check", "Tova", CAVES, "Tova: insight on Aldous, is he keeping something back about the chapel?", target=ALDOUS)
C("skill_check", "Wren", POINT, "I read Nessa's body language when she mentions her mum", target=NESSA,
  note="insight by description")
C("skill_check", "Wren", CHAPEL, "Wren tiptoes across the flagstones so the sailors in the water don't stir", enemies=CH,
  note="stealth")
C("skill_check", "Wren", DOCKS, "gonna try to pick the lock on the harbor office door once it's dark")
C("skill_check", "Idris", INN, "history check, have I heard of the Merrow's Luck before?")
C("skill_check", "Bram", CHAPEL, "perception check, does anything move under the water?", enemies=CH)
C("skill_check", "Idris", POINT, "investigation on the oil store floor please")
C("skill_check", "Wren", CAVES, "Wren tries to squeeze through the narrow crack in the rock, acrobatics")
C("skill_check", "Wren", INN, "i eavesdrop on the fishermen arguing, roll perception?",
  note="asking for the roll, not a rules question")
C("skill_check", "Bram", POINT, "Bram ties off his rope and lowers himself down the cliff face to look at the rocks below",
  note="climb; the rope is used, not handed over")
C("skill_check", "Idris", POINT, "I try to remember anything about when this lighthouse was built. History?")
C("skill_check", "Wren", DOCKS, "Wren hides under the upturned boat when Vell comes out of the office",
  note="hiding; Vell is mentioned, not targeted")
C("skill_check", "Tova", CHAPEL, "I want to recall what my order teaches about tide wards, religion",
  note="recall lore")
C("skill_check", "Bram", CAVES, "Bram hauls on the stuck sea-chest lid with everything he's got. athletics!",
  note="forcing it open needs a Strength roll, asked by name")

# =====================================================================
# INVENTORY
# =====================================================================
C("inventory", "Tova", INN, "I buy a bowl of stew", note="no seller named, so no target")
C("inventory", "Bram", INN, "Hesper, pour me a shot of whatever burns", target=HESPER,
  note="a 'shot' of drink, not a shot at anyone")
C("inventory", "Wren", INN, "round for the house!! two silver on the bar", note="paying for a round")
C("inventory", "Idris", INN, "I pay for a room for the night",
  note="buying the room is a purchase; no rest yet")
C("inventory", "Tova", INN, "Tova buys three days of rations for the road")
C("inventory", "Idris", INN, "I put two coppers on the bar for a loaf")
C("inventory", "Wren", INN, "we'll take a pitcher of wine for the table, love", target=HESPER,
  note="ordering is buying; 'love' is addressed to Hesper")
C("inventory", "Bram", INN, "I sling my shield onto my back", note="shield the item, not the spell")
C("inventory", "Idris", INN, "I give the letter to Aldous", note="Aldous is absent from the inn, so no target")
C("inventory", "Idris", DOCKS, "i buy two oil for lamp", note="non-native English; oil flasks from the harbor store")
C("inventory", "Wren", DOCKS, "gimme a score of arrows, vell", target=VELL)
C("inventory", "Tova", DOCKS, "Tova picks up a score of crossbow bolts from the harbor store",
  note="'bolts' are ammunition, not Guiding Bolt")
C("inventory", "Bram", DOCKS, "I'll take the hooded lantern. Five gold, here.")
C("inventory", "Wren", DOCKS, "I pay Pim his copper for mending my cloak", target=PIM)
C("inventory", "Bram", DOCKS, "Bram buys some fishing tackle off the kid. Why not.", target=PIM,
  note="'the kid' is Pim")
C("inventory", "Bram", DOCKS,
  '''Bram hefts a coil of tarred hemp, tests it between his fists and grunts. "Aye, this'll hold a man." He counts a gold piece onto the harbormaster's ledger without looking at him. "Rope. And I'll not be haggling."''',
  target=VELL, note="long paragraph; the act is buying, explicitly no haggling")
C("inventory", "Tova", DOCKS, "I'd like to buy a chain shirt from the salvaged armor, if Vell has one", target=VELL,
  note="hedged purchase")
C("inventory", "Wren", DOCKS, "how much for the rope? eh whatever, I'll buy it",
  note="starts as a question but the act is a purchase")
C("inventory", "Bram", DOCKS, "I sheathe my sword")
C("inventory", "Idris", DOCKS, "We dump the salvaged cloth on Vell's desk and declare it, all proper", target=VELL,
  note="handing over salvage")
C("inventory", "Wren", POINT, "I give Nessa eleven silver. \"For your mum. Go home.\"", target=NESSA,
  note="the words are flavour, the act is giving coin")
C("inventory", "Wren", POINT, "Wren draws her shortbow and nocks an arrow, just in case",
  note="drawing a weapon out of a fight, no attack")
C("inventory", "Idris", POINT, "Idris picks up the snapped pipe stem on the gallery")
C("inventory", "Tova", POINT, "I light one of my candles so I can see in the oil store",
  note="using her own candle, not the lighthouse lamp")
F("inventory", "Bram", POINT, "I'm not drinking it yet, just pulling the potion out so it's in my hand", PT,
  note="negation: drawing the potion, not drinking")
C("inventory", "Tova", DOCKS, "don my chain mail before we go down")
C("inventory", "Idris", CAVES, "I hand Aldous the sealed letter from my teacher", target=ALDOUS)
C("inventory", "Wren", CAVES, "we split the coin from Crowe's chest four ways",
  note="sharing loot; Crowe's name is on the chest only")
C("inventory", "Tova", CAVES, "I take the reliquary and wrap it up in my cloak",
  note="taking the relic, not placing it: not the puzzle")
C("inventory", "Idris", CAVES, "I take the tinderbox Aldous offers. Thank you, sir.", target=ALDOUS)
C("inventory", "Bram", CAVES, "I give Aldous the loaf I bought from Hesper", target=ALDOUS,
  note="Hesper named but absent")
F("inventory", "Bram", CAVES, "I drink my potion of healing", CV,
  note="drinking a potion in a fight is inventory")
C("inventory", "Bram", CAVES, "Bram passes his rope up to Wren", target="Wren")
C("inventory", "Bram", CAVES, "Bram hands Wren his spare handaxe, handle first", target="Wren",
  note="a handaxe handed over is not an attack")
F("inventory", "Bram", CHAPEL, "Bram tosses his healing potion across to Idris", CH, "Idris",
  note="throwing a potion to an ally is giving, in a fight")
C("inventory", "Bram", CHAPEL, "Bram picks up a rusted cutlass from the fallen sailor",
  note="the sailor is already dead; no target")
C("inventory", "Tova", CHAPEL, "I use my healer's kit on myself", note="item used on yourself")
C("inventory", "Idris", CHAPEL, "Idris tucks his wand away into his sleeve")
C("inventory", "Bram", POINT, "(OOC: putting my shield back on after the climb)")
C("inventory", "Wren", CAVES, "i stow the tally board in my pack, thats evidence")

# =====================================================================
# REST
# =====================================================================
C("rest", "Bram", POINT, "short rest, spending 2 HD")
C("rest", "Tova", POINT, "we take a breather in the oil store before going down")
C("rest", "Wren", INN, "long rest at the inn")
C("rest", "Idris", INN, "I'd like to sleep, it's been a very long day", note="hedged")
C("rest", "Idris", CAVES, "Arcane Recovery during the short rest, getting back one 1st-level slot")
C("rest", "Bram", POINT, "we camp on the headland out of the wind")
C("rest", "Tova", CAVES, "ok everyone sit down for an hour, eat something, bandage up",
  note="an hour of eating and bandaging is a short rest")
C("rest", "Tova", INN, "Tova sleeps. Eight hours. Wake me for the tide.")
C("rest", "Wren", POINT, "we hole up in the lamp room and rest a bit", note="the lamp room is a spot, not the puzzle")
C("rest", "Wren", CAVES, "I spend one hit die. Just the one.")
C("rest", "Idris", DOCKS, "we rest here little bit, my elf is tired", note="non-native English")
C("rest", "Bram", INN, "We turn in for the night in the room we already paid for",
  note="room paid earlier; no purchase now")
C("rest", "Idris", CAVES, "catch our breath before the chapel", note="chapel named but no move")
C("rest", "Tova", INN, "Long rest, I'm out of spell slots")
C("rest", "Bram", CHAPEL, "Bram sits against the cold chapel wall and takes five")
C("rest", "Wren", INN, "(OOC: can we call it a night irl AND in game? party sleeps at the gull)",
  note="OOC aside; 'the gull' is where they already are")
C("rest", "Wren", DOCKS, "we short rest in the net shed till the rain eases")
C("rest", "Bram", DOCKS, "let's kip under an upturned boat until the ebb")
C("rest", "Bram", CAVES, "hit dice time! rolling 1d10+2", note="the roll is a hit die spent on rest")
C("rest", "Bram", INN,
  '''Bram drains the dregs of his mug, pushes the empty bowl away and stands with a groan that's half theatre. "That's me. Wake me if the sea comes up the stairs." He climbs to the room under the eaves and is snoring before his boots are off.''',
  note="finishing a drink he already has is flavour; the act is going to sleep")

# =====================================================================
# PUZZLE
# =====================================================================
# --- the smothered lamp at Gannet Point
C("puzzle", "Bram", POINT, "I pull the sodden sailcloth off the wick")
C("puzzle", "Tova", POINT,
  '''Tova sets her warhammer down, gently for once, and uncorks the flasks one after another. "Easy, old girl," she mutters, pouring the oil into the empty reservoir. "Nobody drains you again."''',
  note="long paragraph; pouring oil into the lamp works the mechanism, not inventory")
C("puzzle", "Wren", POINT, "strike the tinderbox over the wick. one, two, three", note="Aldous's count")
C("puzzle", "Idris", POINT, "I Fire Bolt the wick to light it", note="attack cantrip used on the lamp, no creature")
C("puzzle", "Idris", POINT, "Mage Hand to tug the wet canvas out of the lamp housing")
C("puzzle", "Tova", POINT, "we relight the lamp")
C("puzzle", "Wren", POINT, "i trim the wick the way aldous said to", note="Aldous named, absent")
C("puzzle", "Idris", POINT, "could we maybe light the great lamp with one of Tova's candles?",
  note="hedged suggestion of an action on the lamp, not a rules question")
C("puzzle", "Idris", POINT, "*Idris murmurs to the lamp the way Aldous does, then strikes a light* \"Burn for us, old girl.\"",
  note="talking to the lamp is not roleplay with an NPC")
C("puzzle", "Bram", POINT, "fill her up and fire her up", note="'fire' = light the lamp")
C("puzzle", "Wren", POINT, "Alright: 1, clear the wick. 2, fill the reservoir. 3, strike a light. Doing all three.",
  note="three steps of one puzzle, so not mixed")
C("puzzle", "Tova", POINT, "Tova bangs the caked canvas loose from the lamp with the haft of her warhammer",
  note="warhammer used as a tool, not an attack")
C("puzzle", "Bram", POINT, "Idris, light the lamp, quick, there's a sail out there",
  note="command to a party member; labelled by the commanded act")
C("puzzle", "Idris", POINT, "we get that light burning again before the evening tide")
# --- the tide ward in the Drowned Chapel
C("puzzle", "Wren", CHAPEL, "I place the reliquary in the empty niche")
C("puzzle", "Tova", CHAPEL, "Tova speaks the tide words over the silver circle")
C("puzzle", "Bram", CHAPEL, "return the relic")
C("puzzle", "Tova", CHAPEL, "I rest my hand on the altar and say the words Aldous taught us",
  note="'rest my hand' is not a rest")
C("puzzle", "Idris", CHAPEL, "Idris tries to mend the cracked ward, pressing the chipped silver back into its groove")
C("puzzle", "Tova", CHAPEL, "we lay the brothers to rest: relic in the niche, words spoken, all of us together",
  note="'rest' is the ward's purpose, not a party rest; steps of one puzzle")
C("puzzle", "Tova", CHAPEL, "Tova presses her tide-wheel holy symbol to the crack in the ward and prays the binding",
  note="holy symbol used on the ward, not equipped")
C("puzzle", "Wren", CHAPEL, "set the little box back where it belongs, behind the altar")
C("puzzle", "Idris", CHAPEL, "I chant the binding words exactly as Aldous recited them, no slips",
  note="Aldous named but absent; the chant works the ward")
C("puzzle", "Bram", CHAPEL, "put the finger bone back in its niche")
C("puzzle", "Wren", CHAPEL,
  '''*kneels at the wave-carved altar, breaks the wax seal with her thumbnail and lays the bone in the niche* "There. Go to sleep, all of you."''',
  note="'sleep' is spoken to the dead, not a rest")

# =====================================================================
# QUESTIONS
# =====================================================================
C("question", "Idris", INN, "what time is it")
C("question", "Wren", DOCKS, "how many arrow i have still?", note="non-native English")
F("question", "Wren", CAVES, "is the crab bloodied?", CV)
F("question", "Wren", POINT, "does sneak attack work with my shortbow if Bram's right next to the thug?", PT,
  note="rules question, not an attack")
C("question", "Tova", INN, "does Bless need concentration", note="spell name as a rules question")
C("question", "Idris", CAVES, "how many spell slots do I have left")
C("question", "Bram", INN, "wait, is Aldous here?", note="question; Aldous is not present anyway")
C("question", "Tova", DOCKS, "how far is it up to Gannet Point from here?", note="asking, not going")
C("question", "Wren", CAVES, "would I need thieves' tools for that chest or is it unlocked?",
  note="question about the state, not an attempt")
F("question", "Bram", CAVES, "how hurt does Crowe look", CV, note="state question; Crowe named but no target")
C("question", "Bram", DOCKS, "what's my AC with the shield off?")
C("question", "Idris", INN, "can I cast find familiar as a ritual even tho it's not prepared?")
C("question", "Idris", CHAPEL, "does Sleep even work on undead?", enemies=CH,
  note="rules question about the Sleep spell, no casting")
C("question", "Wren", INN, "how much gold do we have between us")
C("question", "Wren", POINT, "what's the DC on that climb?", note="asking the DC, not climbing")
C("question", "Bram", POINT, "is Nessa still around?", note="questions take no target")
F("question", "Tova", CAVES, "do I get advantage on the crab if Bram's grappling it?", CV)
C("question", "Tova", CAVES, "what are the exits from here?", note="asks about exits, does not move")
C("question", "Tova", CHAPEL, "what day is it now?")
C("question", "Idris", DOCKS, "OOC: how does Ray of Frost's slow work, is it minus 10 ft?",
  note="OOC rules question, no casting")
C("question", "Wren", CAVES, "where did we leave the boat?")
F("question", "Tova", CHAPEL, "am I still concentrating on anything?", CH)
C("question", "Bram", POINT, "hey DM is the lamp room door locked?", note="looks like exploration but is a question about state")
F("question", "Bram", CAVES, "could I reach Crowe this turn or is he too far?", CV,
  note="hedged question about movement, not an attack")
C("question", "Wren", INN, "how many hit dice do I have")
C("question", "Tova", DOCKS, "what quests do we have open?")
F("question", "Bram", CHAPEL, "if I shove the sailor into the deep water, does it take any damage?", CH,
  note="conditional rules question, not a shove")
C("question", "Idris", DOCKS, "how much does Hesper charge for a room?",
  note="asked of the DM about an absent NPC; 'charge' is a price")
C("question", "Idris", POINT, "Is it possible to light the lamp with Fire Bolt?",
  note="'is it possible' with no action attached: a rules question, not the puzzle")
C(
  "question", "Tova", CHAPEL,
  '''(OOC: before Idris does anything: if he casts Detect Magic as a ritual that's ten extra minutes, right? and how long have we got before the tide floods the caves behind us?)''',
  note="long OOC question about rules and time")

# =====================================================================
# MIXED
# =====================================================================
F("mixed", "Bram", CAVES, "I swing at Old Nip and then down my healing potion", CV, CRAB,
  parts=["combat", "inventory"], note="Old Nip = Giant Crab")
C("mixed", "Wren", INN, "I pay Hesper for the round, then ask her about the Merrow's Luck survivors", target=HESPER,
  parts=["inventory", "roleplay"])
C("mixed", "Tova", POINT, "Short rest, then we go down the trapdoor", destination=CAVES,
  parts=["rest", "exploration"])
C("mixed", "Wren", CAVES, "Wren picks the lock on the sea chest and pockets whatever's inside",
  parts=["skill_check", "inventory"])
F("mixed", "Idris", POINT, "fire bolt the thug then I run for the trapdoor", PT, THUG, destination=CAVES,
  parts=["combat", "exploration"], note="trapdoor leads to the caves")
F("mixed", "Tova", CAVES, "Tova heals Bram with Healing Word, then yells at Crowe to call off his crab", CV, "Bram",
  parts=["combat", "roleplay"])
C("mixed", "Bram", DOCKS, "I tell Vell we'll be back for him and head up the cliff path", target=VELL, destination=POINT,
  parts=["roleplay", "exploration"])
C("mixed", "Wren", POINT, "give Nessa the eleven silver and ask her about the trapdoor", target=NESSA,
  parts=["inventory", "roleplay"])
C("mixed", "Tova", CHAPEL, "we put the relic in the niche and then take a short rest",
  parts=["puzzle", "rest"])
C("mixed", "Bram", POINT, "I relight the lamp then we head back down to the docks", destination=DOCKS,
  parts=["puzzle", "exploration"])
C("mixed", "Idris", DOCKS, "I search the net shed and then ask Pim if he's seen anyone using it",
  parts=["exploration", "roleplay"], note="first action (search) has no target")
C("mixed", "Wren", CAVES, "grab the reliquary then leg it through the arch to the chapel", destination=CHAPEL,
  parts=["inventory", "exploration"])
C("mixed", "Tova", DOCKS, "Insight check on Vell, then I buy the oil from him anyway", target=VELL,
  parts=["skill_check", "inventory"])
C("mixed", "Idris", CAVES, "I ask Aldous the trick to lighting the lamp, then we take the stair up to the Point", target=ALDOUS,
  destination=POINT, parts=["roleplay", "exploration"])
C("mixed", "Bram", INN, "I order a bowl of stew and then turn in for the night",
  parts=["inventory", "rest"])
F("mixed", "Idris", CHAPEL, "Magic Missile at the sailor, then I ask Brother Ambrose what they want", CH, SAILOR,
  parts=["combat", "roleplay"])
C("mixed", "Idris", CAVES, "detect magic on the crates, then I have a go at the lock on Crowe's chest",
  parts=["exploration", "skill_check"])
C("mixed", "Bram", CHAPEL, "I sheathe my sword and bow to the ghost. \"Forgive us, brother.\"",
  parts=["inventory", "roleplay"], note="first action (sheathe) has no target; Ambrose is the second part's target")
C("mixed", "Bram", DOCKS, "Bram leans on Pim till he talks, then flips him a copper anyway", target=PIM,
  parts=["roleplay", "inventory"], note="intimidation by speech first")
F("mixed", "Wren", CHAPEL, "I drink the potion then go for the drowned sailor by the altar", CH, None,
  parts=["inventory", "combat"], note="first action (drink) has no target")
C("mixed", "Idris", CHAPEL, "history check on the chapel, then I go have a look at the altar",
  parts=["skill_check", "exploration"], note="the altar is a spot, no destination")
C("mixed", "Tova", INN, "We pay for the room and take a long rest",
  parts=["inventory", "rest"])
C("mixed", "Wren", POINT, "I yank the canvas out of the lamp and then roll perception for boats out on the water",
  parts=["puzzle", "skill_check"])
F("mixed", "Bram", POINT, "shove the thug down the stairs, then grab the crossbow he dropped", PT, THUG,
  parts=["combat", "inventory"])
C("mixed", "Wren", DOCKS,
  '''Wren hops down off an upturned boat and flicks a copper through the air. Pim catches it without looking up from his net. "That buys me what, exactly?" she asks. "The boat with no lanterns. Where'd it go?"''',
  target=PIM, parts=["inventory", "roleplay"], note="long paragraph: pays, then asks")


# =====================================================================
# checks and output
# =====================================================================
FIELDS = ["text", "actor", "location", "in_combat", "enemies", "kind", "target",
          "destination", "parts", "note"]
KINDS = {"combat", "roleplay", "exploration", "skill_check", "inventory", "rest",
         "puzzle", "question", "mixed"}


def load_campaign():
    path = "/work/main/campaigns/dark-lantern/campaign.json"
    try:
        with open(path) as fh:
            return json.load(fh)
    except OSError:
        return None


def check(cases):
    camp = load_campaign()
    problems = []
    texts = set()
    if camp:
        party = {c["name"] for c in camp["characters"]}
        npc_loc = {n["name"]: n["location"] for n in camp["npcs"]}
        monsters = {m["name"] for m in camp["monsters"]}
        conns = {loc["name"]: set(loc["connections"]) for loc in camp["locations"]}
    for i, c in enumerate(cases):
        tag = f"#{i} {c['text'][:50]!r}"
        if list(c.keys()) != FIELDS:
            problems.append(f"{tag}: fields {list(c.keys())}")
        if c["kind"] not in KINDS:
            problems.append(f"{tag}: kind {c['kind']}")
        key = c["text"].strip().lower()
        if key in texts:
            problems.append(f"{tag}: duplicate text")
        texts.add(key)
        if c["kind"] == "mixed":
            if len(c["parts"]) < 2 or len(set(c["parts"])) < 2 or not set(c["parts"]) <= KINDS - {"mixed"}:
                problems.append(f"{tag}: bad parts {c['parts']}")
            if c["destination"] and "exploration" not in c["parts"]:
                problems.append(f"{tag}: destination without a move part")
        elif c["parts"]:
            problems.append(f"{tag}: parts on non-mixed")
        if c["kind"] == "question" and c["target"] is not None:
            problems.append(f"{tag}: question with target")
        if c["destination"] and c["kind"] not in ("exploration", "mixed"):
            problems.append(f"{tag}: destination on {c['kind']}")
        if c["in_combat"] and not c["enemies"]:
            problems.append(f"{tag}: in combat without enemies")
        if not camp:
            continue
        if c["actor"] not in party:
            problems.append(f"{tag}: actor {c['actor']}")
        if c["location"] not in conns:
            problems.append(f"{tag}: location {c['location']}")
        if c["destination"] is not None and c["destination"] not in conns.get(c["location"], ()):
            problems.append(f"{tag}: destination {c['destination']} not connected")
        for e in c["enemies"]:
            if e not in monsters and e not in npc_loc:
                problems.append(f"{tag}: enemy {e}")
            if e in npc_loc and e not in monsters and npc_loc[e] != c["location"]:
                problems.append(f"{tag}: enemy NPC {e} not here")
        t = c["target"]
        if t is not None:
            if t in party:
                pass
            elif t in npc_loc:
                if npc_loc[t] != c["location"]:
                    problems.append(f"{tag}: target {t} absent from {c['location']}")
            elif t in monsters:
                if t not in c["enemies"]:
                    problems.append(f"{tag}: monster target {t} not among enemies")
            else:
                problems.append(f"{tag}: unknown target {t}")
    return problems


def main():
    problems = check(CASES)
    for p in problems:
        print("PROBLEM", p)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "blind7.json")
    with open(out, "w") as fh:
        json.dump(CASES, fh, indent=2, ensure_ascii=False)
        fh.write("\n")
    counts = Counter(c["kind"] for c in CASES)
    print(f"wrote {len(CASES)} cases to {out}")
    for k in ["combat", "roleplay", "exploration", "skill_check", "inventory", "rest",
              "puzzle", "question", "mixed"]:
        print(f"  {k:12s} {counts.get(k, 0)}")
    moves = sum(1 for c in CASES if c["kind"] == "exploration" and c["destination"])
    print(f"  exploration moves to connected places: {moves}")
    locs = Counter(c["location"] for c in CASES)
    print("  by location:", dict(locs))
    combat_places = {c["location"] for c in CASES if c["kind"] == "combat"}
    print("  combat places:", sorted(combat_places))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
