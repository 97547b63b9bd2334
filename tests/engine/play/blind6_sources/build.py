#!/usr/bin/env python3
"""Blind evaluation set 6 for the GM Console intent parser (Dark Lantern campaign)."""
import json
import os

CASES = []

def K(kind, actor, location, text, target=None, destination=None, parts=None,
      note="", in_combat=False, enemies=None):
    CASES.append(dict(text=text, actor=actor, location=location, in_combat=in_combat,
                      enemies=list(enemies or []), kind=kind, target=target,
                      destination=destination, parts=list(parts or []), note=note))

INN, DOCKS, POINT, CAVES, CHAPEL = ("Tarred Gull Inn", "Kettlecove Docks", "Gannet Point",
                                    "Wrecker Caves", "Drowned Chapel")
GP_E = ["Wrecker Thug", "Wrecker Thug"]
CV_E = ["Silas Crowe", "Wrecker Thug", "Giant Crab"]
CH_E = ["Drowned Sailor", "Drowned Sailor", "Drowned Sailor"]
DK_E = ["Wrecker Thug", "Wrecker Thug"]
THUG, CRAB, CROWE, SAILOR = "Wrecker Thug", "Giant Crab", "Silas Crowe", "Drowned Sailor"
HESPER, VELL, ALDOUS, NESSA, PIM, AMBROSE = ("Hesper Quill", "Osric Vell", "Aldous Penn",
                                             "Nessa Rook", "Pim Lowrie", "Brother Ambrose")

# ---------------------------------------------------------------- combat (45)
K("combat", "Bram", CAVES, "smite the crab", target=CRAB, in_combat=True, enemies=CV_E,
  note="terse; 'smite' as a plain attack verb")
K("combat", "Wren", CAVES, "sneak attack crowe w my shortsword", target=CROWE, in_combat=True, enemies=CV_E)
K("combat", "Idris", CHAPEL, "magic missile, all three darts into the nearest drowned guy", target=SAILOR,
  in_combat=True, enemies=CH_E)
K("combat", "Tova", CHAPEL, "Sacred Flame on the dripping one by the pews", target=SAILOR, in_combat=True,
  enemies=CH_E, note="described target")
K("combat", "Bram", POINT, "I take a swing at the thug with the crossbow", target=THUG, in_combat=True,
  enemies=GP_E, note="'with the crossbow' describes the thug, not Bram's weapon")
K("combat", "Idris", POINT, "fire bolt the guy on the stairs", target=THUG, in_combat=True, enemies=GP_E)
K("combat", "Wren", POINT, "shoot him", target=THUG, in_combat=True, enemies=GP_E,
  note="pronoun; both enemies are Wrecker Thugs so unambiguous")
K("combat", "Tova", CAVES, "guiding bolt at the captain!!", target=CROWE, in_combat=True, enemies=CV_E,
  note="'the captain' = Silas Crowe (the Wrecker Captain stat block is not present)")
K("combat", "Bram", CAVES, "shove old nip back into the pool", target=CRAB, in_combat=True, enemies=CV_E,
  note="Old Nip is Crowe's pet giant crab (nickname)")
K("combat", "Wren", CHAPEL, "disengage and back off toward the arch", target=None, in_combat=True,
  enemies=CH_E, note="fight manoeuvre; movement within the fight, no destination")
K("combat", "Idris", CAVES, "I cast Sleep on the thug and the crab", target=THUG, in_combat=True,
  enemies=CV_E, note="'Sleep' is the spell, not a rest; first named target")
K("combat", "Bram", POINT, "grapple the one legging it down the stairs", target=THUG, in_combat=True,
  enemies=GP_E, note="slang 'legging it'")
K("combat", "Tova", CHAPEL, "Healing Word on Idris, he's down", target="Idris", in_combat=True,
  enemies=CH_E, note="healing spell cast in a fight")
K("combat", "Idris", POINT, "using my reaction for shield when he swings", target=None, in_combat=True,
  enemies=GP_E, note="Shield is the spell; not equipping a shield")
K("combat", "Wren", CAVES, "i just dodge this turn honestly", target=None, in_combat=True, enemies=CV_E)
K("combat", "Bram", DOCKS, "throw a handaxe at the thug by the net shed", target=THUG, in_combat=True,
  enemies=DK_E, note="throwing a weapon at a creature is an attack, not giving/dropping")
K("combat", "Tova", CAVES, "I bring my warhammer down on that crab's shell", target=CRAB, in_combat=True,
  enemies=CV_E)
K("combat", "Idris", CHAPEL, "ray of frost on the sailor nearest tova", target=SAILOR, in_combat=True,
  enemies=CH_E, note="party member named only as a position")
K("combat", "Wren", POINT, "readying an action - if anything else comes up the stairs it gets an arrow",
  target=None, in_combat=True, enemies=GP_E, note="ready action; no specific creature yet")
K("combat", "Bram", POINT, "'FOR KETTLECOVE!' and I charge the nearest thug", target=THUG, in_combat=True,
  enemies=GP_E, note="battle cry, not speech to an NPC")
K("combat", "Tova", CHAPEL, "Bless on Bram, Wren and myself before they close in", target="Bram",
  in_combat=True, enemies=CH_E, note="buff spell cast in a fight; first named target")
K("combat", "Idris", CAVES, "fire bolt crowe's stupid red sash lol", target=CROWE, in_combat=True, enemies=CV_E)
K("combat", "Wren", CAVES, "stab the crab while bram keeps it busy", target=CRAB, in_combat=True, enemies=CV_E)
K("combat", "Bram", CHAPEL, "cleave the nearest drowned sailor", target=SAILOR, in_combat=True, enemies=CH_E)
K("combat", "Tova", POINT, "crossbow at the second thug", target=THUG, in_combat=True, enemies=GP_E)
K("combat", "Idris", CHAPEL, "sleep won't touch undead will it. fine, magic missile the one grabbing Wren",
  target=SAILOR, in_combat=True, enemies=CH_E, note="rhetorical aside; the action is the attack spell")
K("combat", "Bram", CAVES, "knock crowe on his arse", target=CROWE, in_combat=True, enemies=CV_E,
  note="shove prone, British slang")
K("combat", "Wren", DOCKS, "atk the thug w shortbow pls", target=THUG, in_combat=True, enemies=DK_E)
K("combat", "Tova", CAVES, "cure wounds on bram rn hes bleeding out", target="Bram", in_combat=True,
  enemies=CV_E, note="healing spell in a fight")
K("combat", "Idris", POINT, "I wave my driftwood wand and loose three glowing darts at the big one",
  target=THUG, in_combat=True, enemies=GP_E, note="Magic Missile described, wand is the focus not an item use")
K("combat", "Bram", POINT, "I hold my attack till the thug steps off the stair", target=THUG, in_combat=True,
  enemies=GP_E, note="readied attack")
K("combat", "Wren", CHAPEL, "shoot the weedy one from behind the pew", target=SAILOR, in_combat=True,
  enemies=CH_E)
K("combat", "Tova", CHAPEL, "I hold up the tide-wheel and channel divinity to turn the undead", target=SAILOR,
  in_combat=True, enemies=CH_E, note="Turn Undead uses the holy symbol but is a control effect in a fight")
K("combat", "Idris", DOCKS, "ok so um i think i'll just fire bolt the guy by the boats?", target=THUG,
  in_combat=True, enemies=DK_E, note="hedged chatter around one attack")
K("combat", "Bram", CAVES, "Whack the crab again", target=CRAB, in_combat=True, enemies=CV_E)
K("combat", "Wren", POINT, "I trip the thug so bram can finish him", target=THUG, in_combat=True, enemies=GP_E,
  note="shove prone")
K("combat", "Tova", CAVES, "sacred flame at crowe, dex save pls", target=CROWE, in_combat=True, enemies=CV_E,
  note="'dex save' is the enemy's save, not a check by Tova")
K("combat", "Idris", CAVES, "Ray of Frost at Old Nip to slow it down", target=CRAB, in_combat=True,
  enemies=CV_E, note="nickname for the giant crab")
K("combat", "Bram", CHAPEL, "I put myself between the sailors and Idris and swing at whichever's closest",
  target=SAILOR, in_combat=True, enemies=CH_E)
K("combat", "Wren", CAVES, "bonus action offhand jab at the thug", target=THUG, in_combat=True, enemies=CV_E)
K("combat", "Bram", POINT, "attak teh thug", target=THUG, in_combat=True, enemies=GP_E, note="typos")
K("combat", "Tova", POINT, "healing word on wren as a bonus action, then I dodge", target="Wren",
  in_combat=True, enemies=GP_E, note="two actions but both combat, so not mixed")
K("combat", "Idris", CHAPEL,
  "My character is terrified, but he steadies his shaking hands and sends a bolt of fire at the drowned sailor coming down the nave.",
  target=SAILOR, in_combat=True, enemies=CH_E, note="feelings narrated around an attack spell")
K("combat", "Bram", CAVES, "going for crowe. longsword. now.", target=CROWE, in_combat=True, enemies=CV_E,
  note="'going for' = attack, not movement")
K("combat", "Wren", CAVES, "I help Bram by waving my cloak in the crab's eyes so he gets advantage",
  target=CRAB, in_combat=True, enemies=CV_E, note="Help action; cloak is flavour, not inventory")

# ---------------------------------------------------------------- roleplay (40)
K("roleplay", "Bram", INN, "Ask the innkeeper when she last saw Aldous", target=HESPER,
  note="Aldous is absent; target is the innkeeper")
K("roleplay", "Wren", DOCKS, "oi pim who rowed out the night of the storm", target=PIM)
K("roleplay", "Tova", DOCKS, "I try to persuade the harbormaster to open his ledger for us", target=VELL,
  note="persuasion phrased as an action")
K("roleplay", "Idris", CAVES, "'You must be Aldous Penn. My old teacher sends his regards,' I say, kneeling beside him.",
  target=ALDOUS, note="speech only; the letter is not handed over")
K("roleplay", "Bram", CAVES, "'Call off your crab, Crowe, or I'll gut it,' I snarl", target=CROWE,
  in_combat=True, enemies=CV_E, note="intimidation by speech during a fight")
K("roleplay", "Wren", POINT, "tell the girl we're not with crowe and we won't hurt her", target=NESSA,
  note="'the girl' = Nessa; Crowe named but absent")
K("roleplay", "Tova", CHAPEL, "'Brother, what was kept in the niche?' I ask the ghost softly", target=AMBROSE)
K("roleplay", "Idris", INN, "i ask hesper what she knows about the harbormaster", target=HESPER,
  note="Vell named as a topic, absent")
K("roleplay", "Bram", DOCKS, "intimidate vell. lean on the desk, loom.", target=VELL)
K("roleplay", "Wren", DOCKS, "I tell Vell we're agents for the Merrow's Luck's owners, here to tally the cargo",
  target=VELL, note="deception")
K("roleplay", "Tova", POINT, "Nessa, does your mum owe Crowe money?", target=NESSA,
  note="question put to an NPC, not to the DM")
K("roleplay", "Idris", CAVES, "I offer Crowe a deal: the keeper walks out with us and we forget we ever saw this cave",
  target=CROWE, enemies=CV_E, note="bargaining in a standoff, no fight yet")
K("roleplay", "Bram", INN, "ask the burnt sailor by the fire what he saw before they struck", target=None,
  note="the survivor is not a named campaign NPC, so target null")
K("roleplay", "Wren", DOCKS, "haggle w the kid, one copper not two for the gossip", target=PIM,
  note="bargaining, no payment made yet")
K("roleplay", "Tova", CAVES, "we ask the old keeper if he can walk", target=ALDOUS, note="role for Aldous")
K("roleplay", "Idris", CHAPEL, "What words bind the tide, Brother Ambrose?", target=AMBROSE)
K("roleplay", "Bram", POINT, "Oi girl. Drop the whistle. Now.", target=NESSA)
K("roleplay", "Wren", CAVES, "'nip's gonna be crab soup, crowe. throw down and you walk out of here'",
  target=CROWE, in_combat=True, enemies=CV_E, note="demand to surrender, quoted speech")
K("roleplay", "Tova", INN, "I thank Hesper for the meal and promise we'll bring Aldous home", target=HESPER)
K("roleplay", "Idris", DOCKS, "Excuse me, harbourmaster, where exactly were you on the night of the wreck?",
  target=VELL, note="question to an NPC; British spelling")
K("roleplay", "Bram", DOCKS, "tell pim if he's having us on I'll chuck him in the harbour", target=PIM,
  note="threat by speech")
K("roleplay", "Wren", INN, "ask hesper bout the foreign silver in her tin", target=HESPER)
K("roleplay", "Tova", POINT, "Persuade nessa to show us the way down", target=NESSA)
K("roleplay", "Idris", CHAPEL, "I bow to the monk and introduce the four of us", target=AMBROSE,
  note="'the monk' = Brother Ambrose")
K("roleplay", "Bram", CAVES, "'Who did this to you, old man?'", target=ALDOUS)
K("roleplay", "Tova", DOCKS, "Mr Vell, a ship is due on the evening tide. Will you let that one drown too?",
  target=VELL)
K("roleplay", "Idris", POINT, "hey nessa whats the whistle for", target=NESSA)
K("roleplay", "Bram", INN, "I tell the innkeeper her stew's the best thing that's happened to me all week",
  target=HESPER, note="compliment, not an order")
K("roleplay", "Wren", CAVES, "psst. keeper. aldous. u awake?", target=ALDOUS)
K("roleplay", "Tova", CHAPEL, "'Brother Ambrose, call them back!' I shout over the splashing", target=AMBROSE,
  in_combat=True, enemies=CH_E, note="speech to an NPC during a fight")
K("roleplay", "Idris", DOCKS,
  "I would like to ask the little net-mending boy, very politely, whether he happened to notice a boat without lanterns that night.",
  target=PIM, note="role description for Pim")
K("roleplay", "Bram", POINT, "convince her crowe won't lift a finger for her when it goes bad", target=NESSA,
  note="pronoun; Nessa is the only NPC at the Point")
K("roleplay", "Wren", DOCKS, "flatter the harbormaster's fancy coat, get him chatting", target=VELL)
K("roleplay", "Tova", CAVES, "Ask Crowe who paid him to sink the Merrow's Luck", target=CROWE,
  enemies=["Silas Crowe"], note="Crowe captured; interrogation by speech")
K("roleplay", "Idris", INN, "Madam Quill, might I trouble you for directions to the harbour office?",
  target=HESPER, note="asks the way; not a move")
K("roleplay", "Bram", CHAPEL, "I ask the ghost if he wants us to put down the things in the water",
  target=AMBROSE, note="'put down' spoken about, not done")
K("roleplay", "Wren", POINT, "'Eleven silver, right? That's all that keeps you with them?' I ask Nessa",
  target=NESSA, note="money mentioned, nothing paid")
K("roleplay", "Tova", DOCKS, "gently ask pim where his mum is", target=PIM)
K("roleplay", "Idris", CAVES, "Mr Penn, please, what are the words of the tide ward? The chapel needs them.",
  target=ALDOUS)
K("roleplay", "Bram", DOCKS, "beg the bloke with the ledger to let us see the salvage list, pretty please",
  target=VELL, note="described by his ledger = Osric Vell")

# ---------------------------------------------------------------- exploration (40)
K("exploration", "Bram", INN, "head down to the docks", destination=DOCKS)
K("exploration", "Wren", DOCKS, "back to the gull, i need a pint", destination=INN,
  note="movement; the pint is a reason, not a purchase yet")
K("exploration", "Tova", DOCKS, "We take the cliff path up to the lighthouse", destination=POINT)
K("exploration", "Idris", POINT, "down through the trapdoor and the cut stair", destination=CAVES)
K("exploration", "Bram", CAVES, "wade through the flooded arch toward the green glow", destination=CHAPEL)
K("exploration", "Wren", CHAPEL, "ok back out thru the arch to the caves", destination=CAVES)
K("exploration", "Tova", CAVES, "let's row back round to the quay on the ebb", destination=DOCKS)
K("exploration", "Idris", CAVES, "We take the hidden stair back up to the lighthouse.", destination=POINT)
K("exploration", "Bram", POINT, "walk back down to kettlecove harbour", destination=DOCKS)
K("exploration", "Wren", INN, "i look around the taproom")
K("exploration", "Tova", INN, "walk over to the fire where the survivors are sitting",
  note="moving within the inn")
K("exploration", "Idris", POINT, "climb the spiral stair up to the lamp room",
  note="'climb' a stair is movement within the lighthouse, not a check")
K("exploration", "Bram", DOCKS, "poke around the crab pots and upturned boats", note="crab pots, not a crab")
K("exploration", "Wren", DOCKS, "check the net shed", note="searching")
K("exploration", "Tova", POINT, "look out from the gallery over the reef")
K("exploration", "Idris", CAVES, "Detect magic on the stacked crates",
  note="out-of-fight utility spell used to look")
K("exploration", "Bram", CAVES, "rummage through crowe's sea chest", note="searching; Crowe not a target")
K("exploration", "Wren", CHAPEL, "i look behind the altar", note="looking, not working the altar")
K("exploration", "Tova", CHAPEL, "I examine the fresh pick marks on the wall")
K("exploration", "Idris", DOCKS, "I'd like to have a look at the harbour office from the outside first")
K("exploration", "Bram", INN, "open the door and step out onto the quay", destination=DOCKS,
  note="the quay is the docks")
K("exploration", "Wren", POINT, "i'll duck into the store room with the oil barrels",
  note="spot within the lighthouse")
K("exploration", "Tova", CAVES, "follow the ledge along to the crab pool", note="crab pool is a spot")
K("exploration", "Idris", CHAPEL, "Detect Magic. Anything glowing in here besides the weed?",
  note="spell to look; the question is rhetorical flavour")
K("exploration", "Bram", DOCKS, "we dont rest yet, straight up to the point", destination=POINT,
  note="negation of rest")
K("exploration", "Wren", INN, "rest my elbows on the bar and watch who pays with what",
  note="'rest' is not a rest; watching the room")
K("exploration", "Tova", DOCKS, "Let's make for the sea caves along the water's edge", destination=CAVES)
K("exploration", "Idris", POINT, "I take a moment to watch the gannets wheeling over the cliff",
  note="'take a moment' is looking, not resting")
K("exploration", "Bram", CAVES, "go deeper, toward that green light", destination=CHAPEL,
  note="the green glow lies beyond the flooded arch, in the chapel")
K("exploration", "Wren", DOCKS, "go to the pub", destination=INN, note="slang for the inn")
K("exploration", "Tova", CHAPEL, "i walk up the nave between the barnacled pews", note="within the chapel")
K("exploration", "Idris", INN,
  "I'd like to go down to the harbour, please, and find the harbourmaster's office.", destination=DOCKS,
  note="mentions Vell's office but it is a move")
K("exploration", "Bram", POINT, "shove the lamp room door the rest of the way open and look in",
  note="door is open already; looking, not the lamp puzzle")
K("exploration", "Wren", CAVES, "peek thru the flooded arch but dont go in",
  note="negated move; looking only")
K("exploration", "Tova", POINT, "We hurry back down to the harbor.", destination=DOCKS, note="US spelling")
K("exploration", "Idris", DOCKS, "I crouch and look over the shingle by the slipway")
K("exploration", "Bram", CHAPEL, "splash back to the caves", destination=CAVES)
K("exploration", "Wren", POINT, "lets bounce, back down the cliff path to the docks", destination=DOCKS,
  note="'down the cliff path' is travel, not a climb")
K("exploration", "Tova", CAVES, "scan the cave, what's here?", note="looking around, not a DM rules question")
K("exploration", "Idris", CAVES, "I use Mage Hand to lift the lid of the nearest crate and peer inside",
  note="utility cantrip used to search")

# ---------------------------------------------------------------- skill_check (35)
K("skill_check", "Bram", DOCKS, "I climb straight up the cliff face instead of taking the path",
  note="athletics; not travel by the path")
K("skill_check", "Wren", POINT, "i creep up the stairs quiet as i can", enemies=GP_E,
  note="stealth; thugs above but no fight yet")
K("skill_check", "Tova", DOCKS, "roll insight on the harbourmaster", target=VELL)
K("skill_check", "Idris", CHAPEL, "I'll roll history on this chapel, what do I remember about it?",
  note="recall lore by a named check")
K("skill_check", "Wren", CAVES, "pick the lock on crowe's sea chest", note="thieves' tools check")
K("skill_check", "Bram", DOCKS, "track the boot prints up from the shingle", note="survival")
K("skill_check", "Wren", INN, "is hesper lying to us? insight", target=HESPER,
  note="question form but asks for an insight check")
K("skill_check", "Tova", CHAPEL, "Religion check on the waves carved into the altar",
  note="a named check, not working the altar")
K("skill_check", "Idris", CHAPEL, "Arcana on the silver circle in the floor",
  note="studying the ward by a check, not mending it")
K("skill_check", "Bram", CAVES, "jump the crab pool", note="athletics; crab pool is terrain")
K("skill_check", "Wren", DOCKS, "I hide in the net shed")
K("skill_check", "Tova", POINT, "can I make a perception check for anything odd on the gallery?",
  note="asking for a check by name")
K("skill_check", "Idris", INN, "Investigation on the coins in the bar's tin")
K("skill_check", "Bram", POINT, "roll intimidation on nessa", target=NESSA,
  note="intimidation asked as a roll")
K("skill_check", "Wren", POINT, "lift the whistle off the lookout girl without her noticing", target=NESSA,
  note="sleight of hand")
K("skill_check", "Tova", CAVES, "medicine check on Aldous's bruises", target=ALDOUS)
K("skill_check", "Idris", DOCKS, "i want to roll investigation in the net shed")
K("skill_check", "Bram", CAVES, "haul myself up onto the cargo ledge", note="athletics")
K("skill_check", "Wren", DOCKS, "tail vell without him clocking me", target=VELL, note="stealth, British slang")
K("skill_check", "Tova", INN,
  "I watch the young sailor's face while he talks. Is he holding something back?",
  note="insight on an unnamed survivor (not a campaign NPC)")
K("skill_check", "Idris", POINT,
  "survival? perception? whichever, i want to check the gallery for signs of a struggle")
K("skill_check", "Bram", CHAPEL, "shoulder my way through the waist-deep water against the pull of the tide",
  note="athletics within the chapel, not travel")
K("skill_check", "Wren", CAVES, "stealth roll, creeping toward where crowe's sleeping by the pool",
  enemies=CV_E, note="sneaking, not attacking (yet)")
K("skill_check", "Tova", DOCKS, "read pim's face - is the kid having us on?", target=PIM, note="insight")
K("skill_check", "Idris", CAVES, "Do I recognise the handwriting on the tally board? Investigation.",
  note="check named explicitly")
K("skill_check", "Bram", POINT, "I'll try to scale the outside of the lighthouse up to the gallery",
  note="climb, not the stairs")
K("skill_check", "Wren", INN, "sleight of hand, palm one of the foreign coins out of the tin",
  note="theft needs a roll; not an ordinary pick-up")
K("skill_check", "Tova", CHAPEL, "roll religion to remember anything about tide ward prayers",
  note="recalling, not speaking the words")
K("skill_check", "Idris", CHAPEL, "can i make an arcana check to work out how the ward broke")
K("skill_check", "Wren", POINT, "tuck myself into the gorse above the path and stay out of sight",
  note="hide")
K("skill_check", "Tova", POINT, "Perception roll from the top of the lighthouse - any boats out there?")
K("skill_check", "Idris", DOCKS, "insight on vell when he says he was at his desk all night", target=VELL)
K("skill_check", "Bram", INN, "arm wrestle the biggest fisherman in the room for a round", target=None,
  note="athletics contest; fisherman not a campaign NPC")
K("skill_check", "Wren", CAVES, "clamber down the slick rocks to the waterline without slipping",
  note="acrobatics")
K("skill_check", "Tova", POINT, "follow the scuff marks down the stairs, survival", note="tracking")

# ---------------------------------------------------------------- inventory (40)
K("inventory", "Bram", DOCKS, "I sell the crab shell to Vell", target=VELL, note="crab shell is loot, not combat")
K("inventory", "Wren", DOCKS, "buy 20 arrows off the harbormaster", target=VELL)
K("inventory", "Tova", INN, "Two bowls of stew, please, Hesper", target=HESPER, note="ordering = buying")
K("inventory", "Idris", CAVES, "I hand my sealed letter to Aldous", target=ALDOUS)
K("inventory", "Bram", CAVES, "drink my healing potion", in_combat=True, enemies=CV_E,
  note="item on oneself in a fight is still inventory")
K("inventory", "Wren", POINT, "give nessa 11 silver to pay off her mum's debt", target=NESSA)
K("inventory", "Tova", DOCKS, "pay pim his copper for the gossip", target=PIM)
K("inventory", "Idris", INN, "A round for the house, on me!", target=None,
  note="buying a round; seller not named")
K("inventory", "Bram", INN, "buckle on my chain mail before we go", note="don armor; 'before we go' is not a move")
K("inventory", "Wren", CAVES, "pick up the reliquary", note="picking up, not placing it (puzzle)")
K("inventory", "Tova", CHAPEL, "hang the warhammer back on my belt", note="stow gear")
K("inventory", "Idris", CAVES, "split the coin from crowe's chest four ways", note="share out loot; Crowe not a target")
K("inventory", "Bram", INN, "I'll cover the rooms, five silver a head", target=None,
  note="paying for lodging, not the rest itself; seller not named")
K("inventory", "Wren", DOCKS, "buy fishing tackle from pim", target=PIM)
K("inventory", "Bram", CAVES, "I tip my healing potion down the old man's throat", target=ALDOUS,
  note="item used on another person")
K("inventory", "Idris", DOCKS, "grab a flask of oil from Vell for the lamp", target=VELL,
  note="buying oil; the lamp is only the reason")
K("inventory", "Bram", POINT, "strap on my shield", note="equip")
K("inventory", "Wren", CAVES, "stuff a couple bolts of cloth in my pack", note="'bolts' of cloth, not crossbow/spell")
K("inventory", "Tova", DOCKS, "I'd like to buy a hooded lantern, please, Mr Vell", target=VELL)
K("inventory", "Idris", CHAPEL, "stow the reliquary in my bag, we're not putting it back yet",
  note="negation; not placing it in the niche")
K("inventory", "Bram", DOCKS, "Buy two days' rations off the harbor master", target=VELL, note="US spelling, split word")
K("inventory", "Wren", INN, "slide hesper a couple coppers for a loaf", target=HESPER)
K("inventory", "Tova", INN, "hand the healer's kit to Wren", target="Wren")
K("inventory", "Idris", POINT, "put my spellbook away before the spray gets at it")
K("inventory", "Bram", CAVES, "draw my handaxe", in_combat=True, enemies=CV_E,
  note="drawing gear is inventory even in a fight")
K("inventory", "Wren", DOCKS, "sheathe my shortsword so i dont look like trouble")
K("inventory", "Tova", CAVES, "give aldous some of our bread", target=ALDOUS)
K("inventory", "Idris", INN, "Might I purchase a pitcher of wine for the table?", target=None,
  note="polite purchase phrased as a question; seller not named")
K("inventory", "Bram", DOCKS, "chuck my spare handaxe to wren", target="Wren", note="tossing to an ally, not an attack")
K("inventory", "Wren", CHAPEL, "pocket the rusted cutlass off the dead sailor",
  note="looting a destroyed undead; not combat")
K("inventory", "Idris", DOCKS, "Buy a light crossbow from Vell's salvage", target=VELL)
K("inventory", "Bram", INN, "settle my tab with hesper", target=HESPER)
K("inventory", "Wren", CAVES, "equip crowe's cutlass", note="Crowe defeated; he is not a target")
K("inventory", "Tova", CHAPEL, "I hand Idris one of my candles", target="Idris")
K("inventory", "Idris", CAVES, "chug the potion bram tossed me", in_combat=True, enemies=CV_E,
  note="item on oneself in a fight")
K("inventory", "Bram", DOCKS, "flog the red lantern to vell, see what he offers", target=VELL,
  note="selling the decoy lantern, not destroying it; British slang 'flog'")
K("inventory", "Wren", INN, "tip hesper a silver", target=HESPER)
K("inventory", "Tova", DOCKS, "buy 50 ft of rope from Osric", target=VELL, note="first name only")
K("inventory", "Idris", POINT, "I hand out the rations to everyone", note="sharing supplies")
K("inventory", "Bram", CAVES, "peel off the soaked chain mail and wring out my shirt", note="doff armor")

# ---------------------------------------------------------------- rest (25)
K("rest", "Bram", INN, "long rest")
K("rest", "Wren", INN, "we crash here tonight")
K("rest", "Tova", POINT, "short rest on the gallery, I'll spend a hit die")
K("rest", "Idris", CAVES, "can we take five? I need to catch my breath", note="proposal to rest, not a rules question")
K("rest", "Bram", DOCKS, "we sit on the upturned boats for an hour and patch ourselves up")
K("rest", "Wren", DOCKS, "kip in the net shed till morning", note="British slang")
K("rest", "Tova", INN, "I'll turn in early. Wake me at dawn.")
K("rest", "Idris", INN, "spend both my hit dice")
K("rest", "Bram", POINT, "Camp in the lee of the lighthouse till morning")
K("rest", "Wren", CAVES, "take a breather on the ledge")
K("rest", "Tova", CHAPEL, "now the ward holds, we rest here a while", note="ward mentioned but already done")
K("rest", "Idris", DOCKS, "sleep. just... sleep. eight hours.", note="sleep, not the Sleep spell (no fight)")
K("rest", "Bram", INN, "roll hit dice pls")
K("rest", "Wren", POINT, "shrot rest", note="typo")
K("rest", "Tova", CAVES, "we hunker down for an hour and bind our wounds")
K("rest", "Idris", INN,
  "I think my character is absolutely exhausted and would like to lie down in the room upstairs until morning, if that's all right.")
K("rest", "Bram", DOCKS, "ok so um we should probably just rest up before the point right",
  note="Gannet Point mentioned as a later goal, not a move")
K("rest", "Wren", INN, "snooze by the fire for an hour")
K("rest", "Tova", POINT, "Let's pause an hour; I'll say my prayers while we recover.",
  note="prayer is flavour, not a puzzle or spell")
K("rest", "Idris", CAVES, "long rest in the caves, I'll take first watch")
K("rest", "Bram", CHAPEL, "breather. sit on a pew. 1 hr.")
K("rest", "Wren", DOCKS, "gonna nap in pim's boat for a bit", note="Pim named but not addressed")
K("rest", "Tova", INN, "We bed down for the night.")
K("rest", "Idris", POINT, "I'd like to spend a hit die to heal up, please")
K("rest", "Bram", CAVES, "we lie low and get our strength back till the tide turns")

# ---------------------------------------------------------------- puzzle (30)
K("puzzle", "Bram", POINT, "rip the wet canvas off the wick")
K("puzzle", "Wren", POINT, "fill the lamp's reservoir from the oil barrels")
K("puzzle", "Tova", POINT, "strike a light and relight the lamp")
K("puzzle", "Idris", POINT, "Mage Hand to pull the sodden sailcloth off the lamp",
  note="cantrip used on the lamp mechanism")
K("puzzle", "Bram", POINT, "light her up", note="'her' = the lamp (Aldous's way of speaking)")
K("puzzle", "Wren", POINT, "use aldous's tinderbox on the lamp", note="item used on the puzzle, not on self")
K("puzzle", "Tova", POINT, "I trim the wick like Aldous told us", note="Aldous absent")
K("puzzle", "Idris", POINT, "pour my flask of oil into the lamp", note="item used on the puzzle")
K("puzzle", "Bram", POINT, "clear the wick, fill the reservoir, strike a light - one, two, three",
  note="several steps of one puzzle")
K("puzzle", "Tova", POINT, "I murmur to the great lamp the way Aldous does and kindle it",
  note="speaking to an object, not an NPC")
K("puzzle", "Wren", POINT, "while bram holds the stairs i get the lamp lit", in_combat=True, enemies=GP_E,
  note="puzzle action during a fight")
K("puzzle", "Idris", POINT, "fire bolt the wick to light the lamp", note="attack cantrip aimed at the lamp, not a creature")
K("puzzle", "Tova", CHAPEL, "set the reliquary back in the niche behind the altar")
K("puzzle", "Idris", CHAPEL, "I recite the tide words over the silver circle")
K("puzzle", "Bram", CHAPEL, "put the relic box in the hole behind the altar", note="informal names for reliquary/niche")
K("puzzle", "Wren", CHAPEL, "slot the relic into the niche")
K("puzzle", "Tova", CHAPEL, "mend the ward")
K("puzzle", "Idris", CHAPEL, "chant the binding words Aldous taught us", note="Aldous absent")
K("puzzle", "Tova", CHAPEL, "shove the reliquary into the niche while they claw at us", in_combat=True,
  enemies=CH_E, note="puzzle in a fight")
K("puzzle", "Bram", CHAPEL, "press the cracked bits of the silver ring back together")
K("puzzle", "Wren", CHAPEL, "lay the reliquary on the wave altar",
  note="attempting the chapel mechanism (wrong spot is still puzzle work)")
K("puzzle", "Tova", CHAPEL, "'By tide and by ebb, sleep now, brothers,' I intone, speaking the ward words",
  note="quoted speech is the ritual, not talk to an NPC")
K("puzzle", "Idris", CHAPEL, "restore the tide ward")
K("puzzle", "Tova", CHAPEL, "I kneel at the cracked circle, hold up my holy symbol and say the tide words",
  note="holy symbol used on the ward, not a spell at creatures")
K("puzzle", "Wren", CHAPEL, "put the box back where it came from", note="'the box' = the reliquary, niche implied")
K("puzzle", "Idris", CHAPEL, "I lay the abbot's bone in the niche, then speak the words", note="two puzzle steps")
K("puzzle", "Bram", POINT, "get that lamp burning again before the evening tide")
K("puzzle", "Wren", POINT, "shove the soggy sailcloth aside n get the light going")
K("puzzle", "Idris", POINT, "refill the oil and relight")
K("puzzle", "Bram", CHAPEL, "I rest the relic in its niche and step back",
  note="'rest' means place; not a rest")

# ---------------------------------------------------------------- question (35)
K("question", "Bram", INN, "what time is it")
K("question", "Wren", POINT, "how many arrows have i got left", in_combat=True, enemies=GP_E)
K("question", "Tova", CAVES, "is the crab bloodied?", in_combat=True, enemies=CV_E,
  note="asks about a creature, no action at it")
K("question", "Wren", INN, "can I sneak attack with a shortbow")
K("question", "Idris", INN, "How many spell slots have I got left?")
K("question", "Bram", DOCKS, "can I take a short rest here?", note="asks whether; rest word in a question to the DM")
K("question", "Tova", CHAPEL, "do drowned sailors resist radiant?", in_combat=True, enemies=CH_E)
K("question", "Wren", DOCKS, "whats my ac")
K("question", "Idris", POINT, "can I use fire bolt to light the lamp?", note="rules question, not yet the puzzle action")
K("question", "Bram", CAVES, "how long till high tide?")
K("question", "Tova", INN, "what does hesper sell?", note="question to the DM about an NPC, not to Hesper")
K("question", "Wren", CAVES, "is crowe still standing", in_combat=True, enemies=CV_E)
K("question", "Idris", CHAPEL, "Does Sleep work on undead?", note="asks about the spell, doesn't cast it")
K("question", "Bram", POINT, "how much gold have we got between us")
K("question", "Tova", DOCKS, "Where does the cliff path go?")
K("question", "Wren", INN, "who's in the taproom rn")
K("question", "Idris", DOCKS, "DM, how far is it to Gannet Point from here?", note="asks about distance, no move")
K("question", "Bram", CAVES, "do i get an opportunity attack if the thug runs?", in_combat=True, enemies=CV_E)
K("question", "Tova", POINT, "How many hit dice do I have?")
K("question", "Wren", DOCKS, "wait is pim still here or did he leave")
K("question", "Idris", INN, "what quests have we got going?")
K("question", "Bram", INN, "did we ever figure out why the light went dark?")
K("question", "Tova", CAVES, "can I cast healing word and still swing my hammer this turn?", in_combat=True,
  enemies=CV_E, note="rules question about action economy")
K("question", "Wren", POINT, "whose turn is it", in_combat=True, enemies=GP_E)
K("question", "Idris", CHAPEL, "Is the ward still broken?")
K("question", "Bram", DOCKS, "how much xp till level 3")
K("question", "Tova", CHAPEL, "Is Brother Ambrose hostile to us?", note="asked of the DM about Ambrose")
K("question", "Wren", CAVES, "do i get advantage if bram's next to the thug?", in_combat=True, enemies=CV_E)
K("question", "Idris", CAVES, "Have we already searched Crowe's chest?")
K("question", "Bram", POINT, "dm is there a way down to the caves from here", note="asks, does not move")
K("question", "Tova", INN, "What day is it?")
K("question", "Wren", DOCKS, "how much is a room at the inn?", note="Hesper absent; asked of the DM")
K("question", "Idris", POINT, "DM, who's the girl in the gorse?", note="about Nessa, not to her")
K("question", "Bram", CHAPEL, "does my longsword count as magical for these things?")
K("question", "Tova", CAVES, "rules q: can I stabilise Aldous with the healer's kit without rolling?",
  note="about the kit, not using it")

# ---------------------------------------------------------------- mixed (30)
K("mixed", "Bram", CAVES, "hit the crab then drink my potion", target=CRAB, parts=["combat", "inventory"],
  in_combat=True, enemies=CV_E)
K("mixed", "Wren", DOCKS, "pay pim a copper and ask him about the rowboat", target=PIM,
  parts=["inventory", "roleplay"])
K("mixed", "Tova", INN, "We thank Hesper and head down to the docks", target=HESPER, destination=DOCKS,
  parts=["roleplay", "exploration"])
K("mixed", "Idris", POINT, "Detect Magic first, then I try to relight the lamp", parts=["exploration", "puzzle"])
K("mixed", "Bram", DOCKS, "buy rope off vell and then up to the point", target=VELL, destination=POINT,
  parts=["inventory", "exploration"])
K("mixed", "Wren", CAVES, "pick the lock on the chest and grab whatever's inside",
  parts=["skill_check", "inventory"])
K("mixed", "Tova", CHAPEL, "sacred flame on the nearest sailor then shout to the ghost to help us",
  target=SAILOR, parts=["combat", "roleplay"], in_combat=True, enemies=CH_E)
K("mixed", "Idris", CAVES, "we long rest, then head through the flooded arch", destination=CHAPEL,
  parts=["rest", "exploration"])
K("mixed", "Bram", POINT, "lean on the girl till she talks, then we go down the trapdoor", target=NESSA,
  destination=CAVES, parts=["roleplay", "exploration"])
K("mixed", "Wren", INN, "buy one of hesper's ales and ask her about vell", target=HESPER,
  parts=["inventory", "roleplay"])
K("mixed", "Idris", DOCKS, "what time is it? also I'll buy a flask of oil from Vell", target=None,
  parts=["question", "inventory"], note="first part is a question, so target null")
K("mixed", "Bram", CAVES, "shove crowe into the pool and tell his lads to drop their blades", target=CROWE,
  parts=["combat", "roleplay"], in_combat=True, enemies=CV_E)
K("mixed", "Wren", POINT, "sneak up the stairs then look around the lamp room", parts=["skill_check", "exploration"],
  enemies=GP_E)
K("mixed", "Tova", DOCKS, "ask pim to row us round, then we set off for the caves", target=PIM,
  destination=CAVES, parts=["roleplay", "exploration"])
K("mixed", "Idris", CHAPEL, "I place the reliquary in the niche, then we rest", parts=["puzzle", "rest"])
K("mixed", "Bram", INN, "order stew and then crash for the night", parts=["inventory", "rest"])
K("mixed", "Wren", CAVES, "shoot the thug and duck behind the crates to hide", target=THUG,
  parts=["combat", "skill_check"], in_combat=True, enemies=CV_E)
K("mixed", "Tova", POINT, "short rest, then light the lamp", parts=["rest", "puzzle"])
K("mixed", "Idris", INN, "I ask Hesper if she knows the keeper, then head out to the quay", target=HESPER,
  destination=DOCKS, parts=["roleplay", "exploration"], note="'the keeper' is Aldous, absent topic")
K("mixed", "Bram", CAVES, "search the crates and hand whatever papers I find to tova",
  parts=["exploration", "inventory"])
K("mixed", "Wren", DOCKS, "roll insight on vell then sell him the crab shell", target=VELL,
  parts=["skill_check", "inventory"])
K("mixed", "Tova", CHAPEL, "Guiding Bolt the big sailor - and how many slots have I got after that?",
  target=SAILOR, parts=["combat", "question"], in_combat=True, enemies=CH_E)
K("mixed", "Idris", POINT, "climb the outer wall to the gallery and then fire bolt the thug up there",
  target=None, parts=["skill_check", "combat"], in_combat=True, enemies=GP_E,
  note="first part (climb) has no target")
K("mixed", "Bram", DOCKS, "sling my shield on and march up the cliff path", destination=POINT,
  parts=["inventory", "exploration"])
K("mixed", "Wren", INN, "nick a coin from the tin then slip out to the docks", destination=DOCKS,
  parts=["skill_check", "exploration"], note="theft needs sleight of hand")
K("mixed", "Tova", CAVES, "I give Aldous my waterskin and then do a medicine check on him", target=ALDOUS,
  parts=["inventory", "skill_check"])
K("mixed", "Idris", CHAPEL, "Ask Brother Ambrose for the words, then speak them over the ward",
  target=AMBROSE, parts=["roleplay", "puzzle"])
K("mixed", "Bram", POINT, "dodge, and yell at nessa to get clear", target=None, parts=["combat", "roleplay"],
  in_combat=True, enemies=GP_E, note="dodge has no target")
K("mixed", "Wren", CAVES, "drink bram's potion and stab the crab", target=None, parts=["inventory", "combat"],
  in_combat=True, enemies=CV_E, note="first part is a self-use item")
K("mixed", "Tova", INN, "Hesper love, is the room upstairs dry? then we're off to bed", target=HESPER,
  parts=["roleplay", "rest"], note="question to the NPC (roleplay) then a long rest")

# ---------------------------------------------------------------- write
for i, c in enumerate(CASES, 1):
    c["id"] = i
ORDER = ["id", "text", "actor", "location", "in_combat", "enemies", "kind", "target", "destination", "parts", "note"]
out = [{k: c[k] for k in ORDER} for c in CASES]
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "blind6.json")
with open(path, "w") as f:
    json.dump(out, f, indent=1, ensure_ascii=False)
print(len(out), "cases ->", path)
