"""Build intent_blind4.json (371 cases, beside this file): a blind, hand-labelled set of player sentences
for the Dark Lantern campaign, written by someone who never saw the code. Every case is a literal
sentence written by hand; the helpers below only fill in the context fields (location, enemies,
in_combat). second_labels.json is an independent second labelling of the same sentences (by id);
tests/engine/play/intent_blind4.json is this set less the 4 sentences the two labellings read
differently (ids 190, 258, 285, 366). Run: python3 build.py
"""
import json
import os
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
CAMPAIGN = os.path.join(HERE, "..", "..", "..", "..", "campaigns", "dark-lantern", "campaign.json")

INN = "Tarred Gull Inn"
DOCKS = "Kettlecove Docks"
POINT = "Gannet Point"
CAVES = "Wrecker Caves"
CHAPEL = "Drowned Chapel"

# hostile combatants present in a fight
EP = ["Wrecker Thug", "Wrecker Thug"]                      # lighthouse fight
EPN = ["Wrecker Thug", "Wrecker Thug", "Nessa Rook"]       # lighthouse fight, lookout joined in
EC = ["Silas Crowe", "Wrecker Thug", "Giant Crab"]         # caves fight
ED = ["Drowned Sailor", "Drowned Sailor", "Drowned Sailor"]  # chapel fight
EV = ["Osric Vell"]                                        # brawl with the harbormaster on the quay

CASES = []


def c(text, actor, loc, kind, target=None, dest=None, enemies=(), parts=None, note="", fight=None):
    CASES.append({
        "text": text,
        "actor": actor,
        "location": loc,
        "in_combat": bool(enemies) if fight is None else fight,
        "enemies": list(enemies),
        "kind": kind,
        "target": target,
        "destination": dest,
        "parts": list(parts) if parts else [],
        "note": note,
    })


# ---------------------------------------------------------------- combat
K = "combat"
c("attack", "Bram", CAVES, K, None, None, EC, note="one word, no target")
c("i swing my longsword at the crab", "Bram", CAVES, K, "Giant Crab", None, EC)
c("bram hits silas with his sword", "Bram", CAVES, K, "Silas Crowe", None, EC, note="first name, third person")
c("wren shoots the guy in the red sash", "Wren", CAVES, K, "Silas Crowe", None, EC, note="description -> Crowe")
c("Fire bolt the thug by the crates", "Idris", CAVES, K, "Wrecker Thug", None, EC, note="spell name used as verb")
c("idris casts sleep on the thugs", "Idris", POINT, K, "Wrecker Thug", None, EP, note="Sleep is a spell, not rest")
c("cast shield!!", "Idris", CAVES, K, None, None, EC, note="Shield spell reaction, self")
c("magic missile at crowe, all three darts", "Idris", CAVES, K, "Silas Crowe", None, EC, note="surname only")
c("tova whacks old nip with her warhammer", "Tova", CAVES, K, "Giant Crab", None, EC, note="Old Nip is Crowe's crab")
c("sacred flame on the drowned sailor nearest the altar", "Tova", CHAPEL, K, "Drowned Sailor", None, ED)
c("guiding bolt the dead sailor thats coming at idris", "Tova", CHAPEL, K, "Drowned Sailor", None, ED, note="Idris mentioned, not target")
c("healing word on bram hes down!!", "Tova", CAVES, K, "Bram", None, EC, note="healing spell in a fight, party target")
c("tova casts cure wounds on Idriss", "Tova", CHAPEL, K, "Idris", None, ED, note="typo of party name; heal in fight")
c("bless on the front line pls", "Tova", POINT, K, None, None, EP, note="Bless spell, group target")
c("I dodge", "Wren", CHAPEL, K, None, None, ED)
c("wren uses cunning action to disengage", "Wren", CAVES, K, None, None, EC)
c("i dash", "Bram", POINT, K, None, None, EP, note="Dash in a fight")
c("ready an attack for when the sailor comes through the arch", "Bram", CHAPEL, K, "Drowned Sailor", None, ED, note="ready action; 'arch' is not a destination")
c("second wind", "Bram", CAVES, K, None, None, EC, note="fighter ability; 'wind' not weather")
c("action surge, hit the thug twice more", "Bram", POINT, K, "Wrecker Thug", None, EP)
c("i throw a handaxe at the lookout", "Bram", POINT, K, "Nessa Rook", None, EPN, note="role title -> Nessa")
c("ray of frost on the crab so it slows down", "Idris", CAVES, K, "Giant Crab", None, EC)
c("wren sneak attacks crowe while bram keeps him busy", "Wren", CAVES, K, "Silas Crowe", None, EC, note="'sneak' is Sneak Attack, not stealth")
c("stab the harbourmaster", "Wren", DOCKS, K, "Osric Vell", None, EV, note="British spelling of role")
c("we jump the two thugs on the gallery", "Bram", POINT, K, "Wrecker Thug", None, (), note="starting a fight; 'jump' not athletics", fight=False)
c("i attack silas crowe before he can call the crab", "Bram", CAVES, K, "Silas Crowe", None, (), note="starts the fight; crab mentioned second", fight=False)
c("Idris: 'Magic missile, go!' and points at the captain", "Idris", CAVES, K, "Silas Crowe", None, EC, note="speech in quotes but it's a spell; captain = Crowe")
c("hit it again", "Bram", CHAPEL, K, None, None, ED, note="pronoun with no antecedent in sentence")
c("i crossbow the thug on the stairs", "Tova", POINT, K, "Wrecker Thug", None, EP, note="noun used as verb")
c("shoot an arrow at Silus", "Wren", CAVES, K, "Silas Crowe", None, EC, note="typo")
c("tova uses thaumaturgy to make her voice boom and... nah scratch that, sacred flame the crab", "Tova", CAVES, K, "Giant Crab", None, EC, note="changes mind mid-sentence")
c("Bram shoves the thug off the gallery", "Bram", POINT, K, "Wrecker Thug", None, EP, note="shove is a combat action")
c("grapple crowe", "Bram", CAVES, K, "Silas Crowe", None, EC)
c("i keep hacking at the crab till it stops moving", "Bram", CAVES, K, "Giant Crab", None, EC)
c("kill the drowned ones", "Bram", CHAPEL, K, "Drowned Sailor", None, ED)
c("wren fires at whichever sailor is closest to tova", "Wren", CHAPEL, K, "Drowned Sailor", None, ED, note="Tova is a reference point, not the target")
c("idris blasts the crab with fire", "Idris", CAVES, K, "Giant Crab", None, EC)
c("hold my action until crowe moves", "Wren", CAVES, K, "Silas Crowe", None, EC, note="ready action")
c("Tova swings at the ghost", "Tova", CHAPEL, K, "Brother Ambrose", None, ED, note="ghost = Ambrose: present but not among enemies")
c("Bram takes the dodge action and plants himself in the doorway", "Bram", POINT, K, None, None, EP)
c("wren shoots nessa in the leg so she cant blow the whistle", "Wren", POINT, K, "Nessa Rook", None, EP, note="Nessa present, not yet an enemy")
c("thump the harbor master with my warhammer", "Tova", DOCKS, K, "Osric Vell", None, EV, note="role split in two words")
c("mage hand to yank the cutlass out of crowes grip", "Idris", CAVES, K, "Silas Crowe", None, EC, note="Mage Hand used offensively")
c("im gonna sleep the crab and the thug", "Idris", CAVES, K, "Giant Crab", None, EC, note="sleep as spell-verb; first of two targets")
c("Bram charges Crowe, screaming", "Bram", CAVES, K, "Silas Crowe", None, EC, note="'charges' not money")
c("i go for the crab's eyes with my dagger", "Idris", CAVES, K, "Giant Crab", None, EC)
c("Wren throws a knife at the nearest thug", "Wren", POINT, K, "Wrecker Thug", None, EP)
c("idris casts mage armor on himself", "Idris", CHAPEL, K, None, None, ED, note="self spell in a fight -> null target")
c("we ambush crowe from behind the crates", "Wren", CAVES, K, "Silas Crowe", None, (), note="ambush starts a fight, not a stealth check", fight=False)
c("attack the drowned sailer", "Bram", CHAPEL, K, "Drowned Sailor", None, ED, note="typo of monster")
c("wren finishes off the last thug", "Wren", POINT, K, "Wrecker Thug", None, ["Wrecker Thug"])
c("I bash vell with my shield", "Bram", DOCKS, K, "Osric Vell", None, EV, note="Shield is the item, not the spell")
c("guiding bolt on crowe, he's the priority", "Tova", CAVES, K, "Silas Crowe", None, EC)
c("tova readies her crossbow in case anything comes out of the water", "Tova", CHAPEL, K, None, None, ED, note="ready in a fight")
c("bram attacks the thugs, not the girl", "Bram", POINT, K, "Wrecker Thug", None, EPN, note="negated second entity")
c("firebolt", "Idris", POINT, K, None, None, EP, note="one word spell")
c("second wind then swing at crowe", "Bram", CAVES, K, "Silas Crowe", None, EC, note="two combat actions = combat, not mixed")
c("Idris zaps the one with the ruined ear", "Idris", CAVES, K, "Silas Crowe", None, EC, note="description -> Crowe")
c("tova heals wren with healing word, she's at 2 hp", "Tova", POINT, K, "Wren", None, EP, note="heal in a fight; 'hp' not question")

# ---------------------------------------------------------------- exploration
K = "exploration"
c("look", "Wren", INN, K, note="one word")
c("we head to the docks", "Bram", INN, K, None, DOCKS)
c("back to the inn", "Tova", DOCKS, K, None, INN, note="description -> inn")
c("lets go up to the lighthouse", "Idris", DOCKS, K, None, POINT, note="lighthouse = Gannet Point")
c("take the cliff path toward gannet point", "Bram", DOCKS, K, None, POINT)
c("follow the cut stair under the trapdoor all the way down", "Wren", POINT, K, None, CAVES, note="hidden stair leads to caves")
c("climb down to the caves through the trapdoor", "Bram", POINT, K, None, CAVES, note="'climb' is movement here, not a check")
c("through the flooded arch toward the green glow", "Idris", CAVES, K, None, CHAPEL, note="description of way to chapel")
c("we go to the chapel", "Tova", DOCKS, K, None, CHAPEL, note="not connected")
c("lets walk to gannet point", "Wren", INN, K, None, POINT, note="not connected (inn only links to docks)")
c("I don't want to rest yet, let's keep going to the caves", "Bram", POINT, K, None, CAVES, note="negated rest")
c("search the room", "Wren", INN, K)
c("i look around the quay", "Idris", DOCKS, K, note="quay is the docks itself, no move")
c("open the door to the lamp room", "Bram", POINT, K, note="sub-area, no destination")
c("we go into the harbor office", "Tova", DOCKS, K, note="harbor office is a sub-area -> null")
c("head up to the lamp room", "Idris", POINT, K, note="sub-area")
c("go back up the stair to the lighthouse", "Wren", CAVES, K, None, POINT)
c("back out to the caves", "Tova", CHAPEL, K, None, CAVES)
c("row round to the caves at low water", "Bram", DOCKS, K, None, CAVES, note="by boat; 'row' not a fight")
c("we leave for the next town inland", "Idris", DOCKS, K, note="place not in campaign -> null")
c("head to port mellow", "Wren", DOCKS, K, note="invented place -> null")
c("wander down to the harbour", "Idris", INN, K, None, DOCKS, note="harbour = docks")
c("go to the kettlecove dock", "Tova", INN, K, None, DOCKS, note="partial name")
c("to the tarred gul", "Bram", DOCKS, K, None, INN, note="typo + fragment")
c("head for the point", "Tova", DOCKS, K, None, POINT, note="partial name")
c("we walk along the quay poking at the wreckage", "Bram", DOCKS, K)
c("i check out the crates on the ledge", "Wren", CAVES, K, note="looking, no skill named")
c("whats in the net shed? i open it up and look", "Wren", DOCKS, K, note="question-shaped action")
c("look around", "Tova", CHAPEL, K)
c("wren peeks into the store room", "Wren", POINT, K, note="'peeks' no skill named")
c("we poke around the tide pools", "Idris", CAVES, K)
c("head down to the docks, maybe pim's around", "Wren", INN, K, None, DOCKS, note="Pim absent from the inn, just mentioned")
c("we go to the caves", "Idris", INN, K, None, CAVES, note="not connected")
c("back down to the village docks", "Bram", POINT, K, None, DOCKS)
c("we take the hidden stair", "Idris", POINT, K, None, CAVES)
c("let's get out of this cave and go home to the inn", "Tova", CAVES, K, None, INN, note="not connected")
c("move the oil barrels and see what's under them", "Bram", POINT, K, note="searching, no skill named")
c("open the trapdoor", "Wren", POINT, K)
c("i wander over to the fire", "Idris", INN, K, note="sub-area; 'fire' not Fire Bolt")
c("walk up to the altar", "Tova", CHAPEL, K)
c("wade over to the pews", "Bram", CHAPEL, K)
c("I step out onto the gallery and look at the sea", "Idris", POINT, K)
c("Wren goes back to the docks", "Wren", CAVES, K, None, DOCKS, note="connected by boat")
c("we head east up the cliff", "Bram", DOCKS, K, None, POINT, note="described by direction from docks description")
c("we flee up the stair back to the lighthouse!", "Idris", CAVES, K, None, POINT, EC, note="leaving the location mid-fight is a move")
c("into the chapel", "Tova", CAVES, K, None, CHAPEL, note="fragment")
c("i go have a look at the wreckage washing in", "Tova", DOCKS, K)
c("Bram heads back to the Tarred Gull Inn", "Bram", DOCKS, K, None, INN, note="full name")

# ---------------------------------------------------------------- roleplay
K = "roleplay"
c("we don't attack crowe, we talk to him", "Wren", CAVES, K, "Silas Crowe", None, EC, note="negated attack in a fight")
c('"Morning, love," i say to hesper, "what\'s good today?"', "Tova", INN, K, "Hesper Quill", note="speech; not a purchase")
c("ask the harbormaster where he was the night of the wreck", "Wren", DOCKS, K, "Osric Vell", note="role")
c("I ask Hesper about Aldous", "Tova", INN, K, "Hesper Quill", note="Aldous is the topic, not target")
c("tell pim we'll buy him a pie if he talks", "Bram", DOCKS, K, "Pim Lowrie", note="'buy' is an offer in speech")
c("i lean on vell: 'open the second ledger or I open you'", "Bram", DOCKS, K, "Osric Vell", note="threat in character")
c("Tova asks Brother Ambrose how to lay the drowned to rest", "Tova", CHAPEL, K, "Brother Ambrose", note="'rest' inside topic")
c("ask the ghost why he's so restless", "Idris", CHAPEL, K, "Brother Ambrose", note="'rest' hidden in restless")
c("Wren tells Vell we'll have him arrested", "Wren", DOCKS, K, "Osric Vell", note="'rest' hidden in arrested")
c("'Aldous, it's us, Hesper sent us'", "Tova", CAVES, K, "Aldous Penn", note="speech; Hesper absent")
c("i ask the old man what the tide words are", "Idris", CAVES, K, "Aldous Penn", note="'old man' = Aldous")
c("persuade nessa to put the whistle down", "Wren", POINT, K, "Nessa Rook", note="persuading in character")
c("tell the lookout girl her mum's debt can be paid", "Tova", POINT, K, "Nessa Rook", note="description")
c("bless you hesper, that stew was perfect", "Tova", INN, K, "Hesper Quill", note="'bless' not the spell")
c("I ask Silas about Aldous", "Wren", INN, K, None, note="absent: Crowe is in the caves")
c("i ask pim what he saw the night of the storm", "Idris", DOCKS, K, "Pim Lowrie")
c("Bram bellows at the thugs to drop their weapons", "Bram", POINT, K, "Wrecker Thug", None, EP, note="speech in a fight")
c("'Friend yourself,' I tell Crowe, 'where's the keeper?'", "Bram", CAVES, K, "Silas Crowe", None, EC, note="keeper mentioned; Crowe addressed")
c("i ask hesper if the harbormaster drinks here", "Wren", INN, K, "Hesper Quill", note="harbormaster absent, topic")
c("talk to the kid mending nets", "Tova", DOCKS, K, "Pim Lowrie", note="description")
c("chat with the innkeeper", "Bram", INN, K, "Hesper Quill", note="role")
c("greet the monk politely and introduce ourselves", "Idris", CHAPEL, K, "Brother Ambrose", note="description")
c("I say 'we mean no harm, brother'", "Wren", CHAPEL, K, "Brother Ambrose", note="address by title")
c("Idris introduces himself to Aldous and mentions his old teacher", "Idris", CAVES, K, "Aldous Penn")
c("can i ask vell about his new coat", "Wren", DOCKS, K, "Osric Vell", note="action phrased as question")
c("we tell hesper we found aldous and he's alive", "Bram", INN, K, "Hesper Quill", note="'found' not search")
c("Wren lies to Vell that we're from the shipping company", "Wren", DOCKS, K, "Osric Vell", note="deception spoken in character")
c("I ask nesa if the keeper's still alive", "Tova", POINT, K, "Nessa Rook", note="typo")
c("'oi, osrik! a word'", "Bram", DOCKS, K, "Osric Vell", note="typo in speech")
c("tell the survivors by the fire we're going to find who did this", "Tova", INN, K, None, note="unnamed villagers")
c("Bram asks the fishermen whose fault it was", "Bram", INN, K, None, note="unnamed villagers")
c("ask crowe how much he wants for the reliquary", "Idris", CAVES, K, "Silas Crowe", note="negotiation, not a purchase")
c("I haggle with pim, one copper not two", "Wren", DOCKS, K, "Pim Lowrie", note="haggling for information")
c("we beg Ambrose to let us pass", "Tova", CHAPEL, K, "Brother Ambrose")
c("wren whispers to aldous to keep quiet", "Wren", CAVES, K, "Aldous Penn", note="'quiet' not stealth")
c("mid-fight I yell at Crowe 'your crab's dead, give it up!'", "Bram", CAVES, K, "Silas Crowe", None, ["Silas Crowe", "Wrecker Thug"], note="speech in a fight")
c("Tova asks Hesper Quill for the spare key to the lamp room", "Tova", INN, K, "Hesper Quill", note="asking, not buying")
c("apologise to hesper for the mess we made", "Idris", INN, K, "Hesper Quill")
c("I ask HER where crowe's blind side is", "Wren", POINT, K, None, note="pronoun with no name in sentence; Crowe absent")
c("Idris recites some terrible poetry at the fishermen", "Idris", INN, K, None, note="speech to unnamed")
c("tova says to bram 'you're bleeding, sit down'", "Tova", CAVES, K, "Bram", note="party member addressed; 'sit down' not rest")
c("we dont want trouble, nessa. just tell us where the keeper is", "Idris", POINT, K, "Nessa Rook", None, EPN, note="talking mid-fight")

# ---------------------------------------------------------------- skill_check
K = "skill_check"
c("can i roll insight on hesper", "Tova", INN, K, "Hesper Quill", note="can I roll X")
c("sense motive on the harbormaster", "Wren", DOCKS, K, "Osric Vell")
c("Wren picks the lock on Crowe's sea chest", "Wren", CAVES, K, None, note="Crowe is the owner, not the target")
c("i climb the cliff to get a look at the gallery", "Bram", POINT, K)
c("wren sneaks up the spiral stair", "Wren", POINT, K, note="sub-area, no destination")
c("roll history on the chapel", "Idris", CAVES, K, note="vs 'what do I know about' = question")
c("arcana check on the silver circle", "Idris", CHAPEL, K)
c("religion on the altar carvings", "Tova", CHAPEL, K)
c("track the wreckers' boot prints", "Bram", DOCKS, K, note="wreckers absent")
c("i follow the boot prints from the shingle, survival?", "Bram", DOCKS, K, note="'follow' is tracking here, not moving")
c("hide behind the barrels", "Wren", CAVES, K, None, None, EC, note="hide in a fight is a check")
c("investigate the coins in the bar tin", "Idris", INN, K)
c("perception - anything odd about the sailor by the fire?", "Wren", INN, K, note="unnamed survivor")
c("can wren pickpocket vell's ledger", "Wren", DOCKS, K, "Osric Vell", note="sleight of hand on Vell")
c("i read vell's body language", "Tova", DOCKS, K, "Osric Vell", note="insight without naming it")
c("Tova checks how badly Aldous is hurt, medicine", "Tova", CAVES, K, "Aldous Penn")
c("roll athletics to swim across the crab pool", "Bram", CAVES, K)
c("stealth", "Wren", POINT, K, note="one word")
c("i try to recall what i know about drowned sailors, arcana or religion?", "Tova", CHAPEL, K, note="recall lore with skills named")
c("roll intimidation on pim", "Bram", DOCKS, K, "Pim Lowrie", note="roll named, vs spoken threat")
c("can i roll persuasion on nessa", "Tova", POINT, K, "Nessa Rook")
c("don't open the trapdoor, just listen at it", "Wren", POINT, K, note="negated open; listening = perception")
c("search vell's desk for a second ledger, investigation", "Wren", DOCKS, K, note="desk is an object; Vell owner")
c("does wren spot anyone watching from the gorse? perception", "Wren", POINT, K, note="check phrased as question")
c("climb the crates up to the ledge", "Wren", CAVES, K)
c("investigation on the tally board", "Idris", CAVES, K)
c("check the walls for a tide line, survival", "Bram", CAVES, K)
c("wren quietly works at the knots on aldous without the guards noticing", "Wren", CAVES, K, "Aldous Penn", note="sleight of hand on captive")
c("balance along the wet gallery rail, acrobatics", "Wren", POINT, K)
c("Bram tries to force the stuck door of the net shed", "Bram", DOCKS, K, note="uncertain strength check")
c("insight check, is crowe lying about the keeper", "Tova", CAVES, K, "Silas Crowe")
c("can Tova tell if Ambrose is being truthful", "Tova", CHAPEL, K, "Brother Ambrose", note="insight phrased as question")
c("Wren shadows the harbormaster back to his office", "Wren", DOCKS, K, "Osric Vell", note="stealth; office is sub-area")
c("wren stalks the nearest thug, staying low in the gorse", "Wren", POINT, K, "Wrecker Thug", note="'talk' hidden in stalk; thugs present, no fight yet")
c("nature check on the giant crab, what is it weak to", "Idris", CAVES, K, "Giant Crab", None, EC, note="lore check in a fight")
c("can i juggle daggers for tips? roll performance", "Wren", INN, K, note="performance check")
c("survival to read the tide", "Bram", CAVES, K, note="'read' not a book")
c("Idris tries to decipher the carvings on the altar", "Idris", CHAPEL, K, note="uncertain, history/investigation")

# ---------------------------------------------------------------- question
K = "question"
c("what time is it?", "Bram", INN, K)
c("how many arrows do I have?", "Wren", POINT, K, None, None, EP)
c("where is Silas?", "Tova", DOCKS, K, note="question -> null target")
c("what do I know about the Drowned Chapel", "Idris", INN, K, note="knowledge question, no roll asked")
c("is the crab still alive?", "Bram", CAVES, K, None, None, EC)
c("how much hp does bram have left", "Tova", CAVES, K, None, None, EC, note="party member in a question -> null")
c("whose turn is it", "Idris", CHAPEL, K, None, None, ED)
c("who's the harbormaster again?", "Wren", DOCKS, K)
c("how far is the thug on the stairs? can i reach him this turn", "Bram", POINT, K, None, None, EP, note="not an attack yet")
c("do i have any spell slots left", "Tova", CHAPEL, K, None, None, ED)
c("what's the DC to climb the cliff?", "Bram", POINT, K, note="rules question, not a climb")
c("does sneak attack work with a shortbow", "Wren", CAVES, K, None, None, EC, note="rules")
c("what does hesper look like", "Idris", INN, K)
c("how many handaxes has bram got left", "Bram", POINT, K, None, None, EP)
c("is it high tide yet?", "Tova", CAVES, K)
c("what day is it", "Wren", DOCKS, K)
c("can i see the lighthouse from the docks", "Idris", DOCKS, K, note="no move")
c("where does the flooded arch lead?", "Bram", CAVES, K, note="no move")
c("how does aldous feel about us right now", "Tova", CAVES, K, note="attitude question")
c("did we already talk to pim?", "Wren", INN, K)
c("is the lamp still dark", "Idris", DOCKS, K)
c("how long till the evening tide", "Bram", POINT, K)
c("wait, is nessa one of the enemies or just standing there?", "Idris", POINT, K, None, None, EP)
c("what quests do we have active", "Tova", INN, K)
c("what does the sleep spell do again", "Idris", POINT, K, None, None, EP, note="spell name in a question")
c("what's crowe's AC", "Wren", CAVES, K, None, None, EC)
c("dm, how much does a room cost here", "Bram", INN, K, note="OOC price question")
c("am i still blessed", "Bram", CHAPEL, K, None, None, ED, note="Bless in a question")
c("who is Brother Ambrose?", "Wren", DOCKS, K)
c("are there any other ways out besides the stair", "Idris", CAVES, K)
c("where are we right now lol", "Wren", DOCKS, K)
c("how much xp do we have", "Tova", INN, K)
c("is the door to the lamp room open or shut", "Bram", POINT, K)
c("which way is the harbor office from here", "Idris", DOCKS, K)
c("whats the weather doing", "Tova", POINT, K)
c("what happened to the merrow's luck again? i forgot", "Wren", INN, K)
c("how many of the drowned are left standing", "Tova", CHAPEL, K, None, None, ED)
c("does idris still have the sealed letter?", "Idris", CAVES, K, note="item question, no action")

# ---------------------------------------------------------------- inventory
K = "inventory"
c("i drink my potion", "Bram", CAVES, K, None, None, EC)
c("bram downs the potion of healing", "Bram", POINT, K, None, None, EP, note="'downs' not knocked down")
c("give my potion to idris", "Bram", CHAPEL, K, "Idris", None, ED, note="giving in a fight")
c("buy a bowl of stew", "Tova", INN, K, note="implicit seller -> null")
c("buy stew and ale from hesper", "Wren", INN, K, "Hesper Quill")
c("sell the crab claws to pim", "Wren", DOCKS, K, "Pim Lowrie", note="'crab' is loot, not the monster")
c("I strap my shield on", "Bram", DOCKS, K, note="Shield item, not spell")
c("light a candle", "Tova", CHAPEL, K, note="using candles; not the lamp puzzle")
c("we split the salvage silver four ways", "Idris", CAVES, K)
c("check my gear", "Idris", INN, K)
c("Tova uses her healer's kit on Wren", "Tova", CAVES, K, "Wren", None, EC, note="item use in a fight")
c("give nessa eleven silver for her mum's debt", "Tova", POINT, K, "Nessa Rook", note="giving coin, not talk")
c("pay pim two coppers", "Wren", DOCKS, K, "Pim Lowrie")
c("hand Aldous my waterskin", "Tova", CAVES, K, "Aldous Penn")
c("i take the reliquary out of crowe's chest and stuff it in my pack", "Wren", CAVES, K, note="Crowe is owner, not target")
c("Bram gives Wren his rope", "Bram", DOCKS, K, "Wren")
c("wren swaps to her shortbow", "Wren", POINT, K, None, None, EP, note="equip in a fight")
c("pick up the cutlass crowe dropped", "Bram", CAVES, K, note="Crowe owner")
c("can i borrow wren's cloak", "Idris", DOCKS, K, "Wren", note="request phrased as question")
c("buy a round for the whole room", "Bram", INN, K, note="'round' not combat round")
c("count our coins", "Tova", INN, K, note="'count' on gear")
c("drop the handaxe and pick up the longsword", "Bram", CAVES, K, None, None, EC, note="two item actions = inventory")
c("give the sealed letter to aldous", "Idris", CAVES, K, "Aldous Penn")
c("sell the bolts of cloth to vell", "Wren", DOCKS, K, "Osric Vell", note="'bolts' not Guiding/Fire Bolt")
c("buy rope", "Bram", INN, K)
c("Tova straps her shield back on", "Tova", CAVES, K, None, None, EC)
c("I stash the red lantern in my bag", "Wren", DOCKS, K)
c("hand the tinderbox to tova", "Idris", POINT, K, "Tova")
c("wren passes idris five arrows", "Wren", CAVES, K, "Idris")
c("i eat some of my rations", "Wren", CAVES, K, note="eating, not rest")
c("buy a pie for pim", "Tova", DOCKS, K, "Pim Lowrie", note="beneficiary named")
c("put on my chain mail", "Tova", INN, K)

# ---------------------------------------------------------------- mixed
K = "mixed"
c("I drink a potion and then attack the thug", "Bram", POINT, K, "Wrecker Thug", None, EP, parts=["inventory", "combat"])
c("we head to the docks and ask pim about the boat", "Wren", INN, K, None, DOCKS, parts=["exploration", "roleplay"], note="Pim not present at inn -> target null")
c("Idris casts magic missile at crowe and then hides behind the crates", "Idris", CAVES, K, "Silas Crowe", None, EC, parts=["combat", "skill_check"])
c("search the room then rest", "Wren", INN, K, parts=["exploration", "rest"])
c("buy stew from hesper and ask her about the lighthouse", "Tova", INN, K, "Hesper Quill", parts=["inventory", "roleplay"])
c("I ask pim about the caves then row round there", "Bram", DOCKS, K, "Pim Lowrie", CAVES, parts=["roleplay", "exploration"])
c("pick the lock on the chest and grab whatever's inside", "Wren", CAVES, K, parts=["skill_check", "inventory"])
c("we take a short rest and then head down the trapdoor", "Tova", POINT, K, None, CAVES, parts=["rest", "exploration"])
c("i tell vell to hand over the ledger and then punch him", "Bram", DOCKS, K, "Osric Vell", parts=["roleplay", "combat"], note="starts a fight")
c("Bram climbs the outside wall up to the gallery and attacks the thug there", "Bram", POINT, K, "Wrecker Thug", None, EP, parts=["skill_check", "combat"])
c("clear the wick and fill the reservoir, then we rest", "Idris", POINT, K, parts=["puzzle", "rest"])
c("put the reliquary in the niche and then ask ambrose if that's right", "Tova", CHAPEL, K, "Brother Ambrose", parts=["puzzle", "roleplay"])
c("what time is it? if it's late we sleep", "Wren", INN, K, parts=["question", "rest"])
c("give idris my potion and then dodge", "Bram", CAVES, K, "Idris", None, EC, parts=["inventory", "combat"])
c("wren sneaks up behind the thug and stabs him", "Wren", POINT, K, "Wrecker Thug", None, EP, parts=["skill_check", "combat"], note="pronoun him = thug")
c("I drink the potion, then we go back to the inn", "Bram", DOCKS, K, None, INN, parts=["inventory", "exploration"])
c("roll perception for the trapdoor then open it", "Idris", POINT, K, parts=["skill_check", "exploration"])
c("i ask hesper for a room and we sleep till dawn", "Tova", INN, K, "Hesper Quill", parts=["roleplay", "rest"])
c("how many slots do i have? ok sleep on the sailors", "Idris", CHAPEL, K, "Drowned Sailor", None, ED, parts=["question", "combat"], note="Sleep spell")
c("shoot the crab, then tell crowe to surrender", "Wren", CAVES, K, "Giant Crab", None, EC, parts=["combat", "roleplay"], note="first action's target")
c("loot the bodies and then head back up the stair to the point", "Bram", CAVES, K, None, POINT, parts=["inventory", "exploration"])
c("sell the cloth to vell and ask him about the tenth", "Wren", DOCKS, K, "Osric Vell", parts=["inventory", "roleplay"])
c("i look around the chapel, then try to recall what the silver circle is", "Idris", CHAPEL, K, parts=["exploration", "skill_check"])
c("Tova speaks the tide words and then blesses everyone", "Tova", CHAPEL, K, None, None, ED, parts=["puzzle", "combat"], note="Bless in a fight")
c("insight on nessa, then offer her the silver", "Tova", POINT, K, "Nessa Rook", parts=["skill_check", "inventory"])
c("investigation on the tally board, then we row back to the docks", "Idris", CAVES, K, None, DOCKS, parts=["skill_check", "exploration"])
c("how many arrows have i got? shoot the thug", "Wren", POINT, K, "Wrecker Thug", None, EP, parts=["question", "combat"])
c("wren grabs the red lantern from the shed and we head up to the point", "Wren", DOCKS, K, None, POINT, parts=["inventory", "exploration"])
c("mage hand pulls the canvas off the wick while bram holds off the thugs", "Idris", POINT, K, "Wrecker Thug", None, EP, parts=["puzzle", "combat"], note="two actors")
c("ask brother ambrose what the words are, then go back to the caves", "Idris", CHAPEL, K, "Brother Ambrose", CAVES, parts=["roleplay", "exploration"])
c("hit the crab then drink my potion", "Bram", CAVES, K, "Giant Crab", None, EC, parts=["combat", "inventory"])
c("we short rest, then i ask aldous about the chapel", "Tova", CAVES, K, "Aldous Penn", parts=["rest", "roleplay"])
c("Idris studies the broken ward with arcana and then tries to fit the silver pieces back", "Idris", CHAPEL, K, parts=["skill_check", "puzzle"])
c("talk to hesper, buy a pie, then go to the docks", "Bram", INN, K, "Hesper Quill", DOCKS, parts=["roleplay", "inventory", "exploration"])
c("stab vell and run for the inn", "Wren", DOCKS, K, "Osric Vell", INN, EV, parts=["combat", "exploration"])
c("we dont fight the sailors, we run back through the arch to the caves and rest", "Tova", CHAPEL, K, None, CAVES, ED, parts=["exploration", "rest"], note="negated fight")
c("Bram equips his shield and charges the thug", "Bram", POINT, K, "Wrecker Thug", None, EP, parts=["inventory", "combat"], note="Shield item")
c("whats the time? then i roll insight on vell", "Wren", DOCKS, K, "Osric Vell", parts=["question", "skill_check"])

# ---------------------------------------------------------------- puzzle
K = "puzzle"
c("clear the wick", "Bram", POINT, K)
c("fill the reservoir with oil from the store", "Wren", POINT, K)
c("relight the lamp", "Tova", POINT, K)
c("strike a light - one, two, three", "Idris", POINT, K, note="counting aloud; 'strike' not attack")
c("pull the sodden sailcloth off the wick", "Bram", POINT, K)
c("use aldous's tinderbox to light the lamp", "Tova", POINT, K, note="item used on the mechanism; Aldous absent")
c("place the reliquary in the niche", "Wren", CHAPEL, K)
c("Tova speaks the tide words over the silver circle", "Tova", CHAPEL, K)
c('"By the tide that binds, sleep, brothers, sleep," tova intones over the ward', "Tova", CHAPEL, K, note="speech; 'sleep' not rest/spell")
c("mend the ward", "Idris", CHAPEL, K)
c("fit the cracked silver back into the floor circle", "Wren", CHAPEL, K)
c("Idris uses mage hand to lift the canvas out of the lamp", "Idris", POINT, K, note="cantrip on mechanism, not combat")
c("put the relic back", "Bram", CHAPEL, K)
c("i try the words Aldous taught us at the ward", "Idris", CHAPEL, K, note="Aldous absent")
c("turn the lamp lens back toward the channel", "Wren", POINT, K)
c("trim the wick like the keeper said", "Bram", POINT, K)
c("press the carved waves on the altar in order, lowest to highest", "Wren", CHAPEL, K)
c("can we light the big lamp now?", "Idris", POINT, K, note="action phrased as question")
c("set the reliquary down in the empty niche and say 'rest now'", "Tova", CHAPEL, K, note="'rest' inside speech")
c("rekindle the light", "Tova", POINT, K, note="'light' not the spell")
c("I sing the tide ward liturgy at the altar", "Idris", CHAPEL, K)
c("restore the ward with the relic while the sailors claw at us", "Tova", CHAPEL, K, None, None, ED, note="puzzle in a fight; 'restore' hides rest")

# ---------------------------------------------------------------- rest
K = "rest"
c("rest", "Bram", INN, K)
c("short rest", "Wren", CAVES, K)
c("we take a long rest", "Tova", INN, K)
c("lets sleep at the inn tonight", "Idris", INN, K, note="already at the inn -> no destination")
c("make camp on the headland", "Bram", POINT, K)
c("Idris catches some sleep", "Idris", POINT, K, note="sleep not the spell")
c("we crash for the night", "Wren", INN, K)
c("take a breather, spend a hit die", "Bram", CAVES, K)
c("can we short rest here?", "Tova", CAVES, K, note="rest phrased as question")
c("im beat, lets rest till morning", "Wren", INN, K)
c("we hole up in the lamp room and sleep in shifts", "Bram", POINT, K, note="sub-area")
c("Tova prays quietly for an hour to get her strength back", "Tova", CHAPEL, K, note="short rest in other words")
c("long rest pls", "Wren", INN, K)
c("we make camp in the lighthouse and Bram keeps watch", "Idris", POINT, K, note="watch is part of the rest")
c("Wren kips by the fire for a couple hours", "Wren", INN, K, note="slang")
c("bed", "Idris", INN, K, note="one word")
c("we sit down and bind our cuts for an hour", "Tova", CAVES, K)
c("we nap in one of the upturned boats lol", "Wren", DOCKS, K)
c("Idris rests to get his spell slots back", "Idris", INN, K)
c("spend the night at the tarred gull", "Bram", INN, K, note="location named but already there")
c("we don't push on, we rest here in the chapel", "Tova", CHAPEL, K, note="negated move")
c("Bram sleeps", "Bram", CAVES, K)


# ---------------------------------------------------------------- second pass: more fights, long and odd inputs
c("ok so bram is gonna step up next to wren, and since the crab's already hurt from idris's firebolt he's just going to wail on it with the longsword", "Bram", CAVES, "combat", "Giant Crab", None, EC, note="long ramble; spell name mentioned in passing")
c("Tova calls down a guiding bolt on the tall one with the cutlass", "Tova", CAVES, "combat", "Silas Crowe", None, EC, note="description -> Crowe")
c("wren shoots nip", "Wren", CAVES, "combat", "Giant Crab", None, EC, note="pet name, short")
c("smack the wrecker thugg", "Tova", POINT, "combat", "Wrecker Thug", None, EP, note="typo")
c("i cast sleep", "Idris", POINT, "combat", None, None, EP, note="spell, not rest")
c("can i make an athletics check to leap onto the ledge", "Bram", CAVES, "skill_check", None, None, EC, note="check in a fight")
c("insight, is crowe about to run for it?", "Tova", CAVES, "skill_check", "Silas Crowe", None, EC, note="'run' not movement")
c("wren tries to stay hidden in the weed and the shadows", "Wren", CHAPEL, "skill_check", None, None, ED)
c("'surrender and we let you live,' bram tells the last thug", "Bram", POINT, "roleplay", "Wrecker Thug", None, ["Wrecker Thug"], note="speech in a fight")
c("Tova pleads with the drowned sailors to go back to sleep", "Tova", CHAPEL, "roleplay", "Drowned Sailor", None, ED, note="'sleep' in speech")
c("Idris begs Brother Ambrose to call off the drowned", "Idris", CHAPEL, "roleplay", "Brother Ambrose", None, ED, note="Ambrose present, not an enemy")
c("tell aldous to keep his head down", "Wren", CAVES, "roleplay", "Aldous Penn", None, EC, note="captive, in a fight")
c("is old nip bloodied yet", "Bram", CAVES, "question", None, None, EC)
c("can i cast two spells this turn?", "Idris", CAVES, "question", None, None, EC, note="rules")
c("how many thugs are left", "Wren", POINT, "question", None, None, EP)
c("whats vell's hp lol", "Tova", DOCKS, "question", None, None, EV)
c("does the ghost count as an enemy or what", "Bram", CHAPEL, "question", None, None, ED)
c("Bram tosses his potion to Tova", "Bram", CHAPEL, "inventory", "Tova", None, ED, note="'tosses' not a thrown attack")
c("draw my longsword", "Bram", DOCKS, "inventory", None, None, EV, note="equip in a fight")
c("grab the crossbow the thug dropped", "Tova", POINT, "inventory", None, None, EP, note="thug is owner, not target")
c("tova heals idris with healing word and tells him to get behind her", "Tova", CHAPEL, "mixed", "Idris", None, ED, parts=["combat", "roleplay"])
c("i shout for nessa to run, then fire bolt the thug", "Idris", POINT, "mixed", "Nessa Rook", None, EP, parts=["roleplay", "combat"], note="first action's target")
c("Wren hides behind the pews then shoots the nearest sailor", "Wren", CHAPEL, "mixed", "Drowned Sailor", None, ED, parts=["skill_check", "combat"])
c("dash to the trapdoor and climb down to the caves", "Wren", POINT, "mixed", None, CAVES, EP, parts=["combat", "exploration"])
c("ok so were done here i think, lets wander down to the quay and see whats washing in", "Idris", INN, "exploration", None, DOCKS, note="quay = docks, rambling")
c("tova tells the lamp 'come on old girl, burn' and strikes the tinder", "Tova", POINT, "puzzle", note="speech to an object")
c("nah no rest, we press on down the stair", "Bram", POINT, "exploration", None, CAVES, note="negated rest; stair from the point = hidden stair")
c("what do i know about giant crabs", "Idris", INN, "question", note="knowledge question, no roll")
c("Wren, in her best sailor voice: 'Captain Crowe sent me, where's the box?' she tells the harbormaster", "Wren", DOCKS, "roleplay", "Osric Vell", note="Crowe named (absent) but Vell is addressed")
c("follow the green glow", "Idris", CAVES, "exploration", None, CHAPEL, note="description of the way to the chapel")
c("we go to the drowned chaple", "Bram", CAVES, "exploration", None, CHAPEL, note="typo")
c("the harbormaster gets a mouthful from Bram about the lamp", "Bram", DOCKS, "roleplay", "Osric Vell", note="object-first sentence")

# ---------------------------------------------------------------- checks


def check(cases):
    camp = json.load(open(CAMPAIGN))
    party = {ch["name"] for ch in camp["characters"]}
    locs = {loc["name"]: loc for loc in camp["locations"]}
    npc_loc = {n["name"]: n["location"] for n in camp["npcs"]}
    monsters = {m["name"] for m in camp["monsters"]}
    kinds = {"combat", "exploration", "roleplay", "skill_check", "inventory", "question",
             "mixed", "puzzle", "rest"}
    seen = set()
    for i, cs in enumerate(cases):
        where = f"case {i}: {cs['text']!r}"
        assert cs["text"] not in seen, where + " duplicate"
        seen.add(cs["text"])
        assert cs["actor"] in party, where
        assert cs["location"] in locs, where
        assert cs["kind"] in kinds, where
        assert (cs["kind"] == "mixed") == bool(cs["parts"]), where
        assert all(p in kinds and p != "mixed" for p in cs["parts"]), where
        if cs["kind"] == "mixed":
            assert len(set(cs["parts"])) >= 2, where
        for e in cs["enemies"]:
            assert e in monsters or e in npc_loc, where
        if not cs["in_combat"]:
            assert not cs["enemies"], where
        t = cs["target"]
        if t is not None:
            assert t in party or t in npc_loc or t in monsters, where
            loc = locs[cs["location"]]
            present = (t in party or t in cs["enemies"] or npc_loc.get(t) == cs["location"]
                       or t in loc.get("encounter", []))
            assert present, where + " target not present"
        d = cs["destination"]
        if d is not None:
            assert d in locs, where
            connected = d in locs[cs["location"]]["connections"]
            assert connected != ("not connected" in cs["note"]), where + " connection note"
        if cs["kind"] == "question":
            assert t is None, where


def main():
    check(CASES)
    out = os.path.join(HERE, "intent_blind4.json")
    with open(out, "w") as f:
        json.dump(CASES, f, indent=1, ensure_ascii=False)
    print(out, len(CASES), "cases")
    print("kind:", dict(Counter(c["kind"] for c in CASES)))
    print("with target:", sum(c["target"] is not None for c in CASES),
          " with destination:", sum(c["destination"] is not None for c in CASES),
          " in combat:", sum(c["in_combat"] for c in CASES))
    print("targets:", dict(Counter(c["target"] for c in CASES if c["target"])))
    print("destinations:", dict(Counter(c["destination"] for c in CASES if c["destination"])))
    print("actors:", dict(Counter(c["actor"] for c in CASES)))
    print("locations:", dict(Counter(c["location"] for c in CASES)))


if __name__ == "__main__":
    main()
