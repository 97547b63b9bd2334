"""Labelled player actions for the intent classifier, written the way a DM hears them.

CASES are classified without a world; WORLD_CASES with the small world from `intent_world()`
(the party at the Crooked Lantern inn with Mara the innkeeper, exits to the Old Mill and the Good
Old Mask Shop; `in_combat` adds an active fight with two goblins).
"""

from __future__ import annotations

import re

from engine.models.actions import ActionType as T
from engine.models.actions import DiceRoll
from engine.models.session import RngState
from engine.models.world import Campaign, Combatant, CombatState, HitPoints
from engine.play.agents.base import AgentContext
from engine.rules.dice import DiceRoller

C, R, E, P, S, REST, I, M = (T.COMBAT, T.ROLEPLAY, T.EXPLORATION, T.PUZZLE,  # noqa: E741
                             T.SKILL_CHECK, T.REST, T.INVENTORY, T.MIXED)

CASES: list[tuple[str, T]] = [
    # ---- combat
    ("I swing my axe at the nearest goblin", C),
    ("I attack the orc with my longsword", C),
    ("Thorn attacks the skeleton", C),
    ("I stab the bandit in the back", C),
    ("I shoot an arrow at the wolf", C),
    ("I fire my crossbow at the cultist on the balcony", C),
    ("I cast fire bolt at the zombie", C),
    ("I charge the ogre, screaming", C),
    ("I hit it with my mace", C),
    ("Kill the goblin", C),
    ("I slash at the giant spider", C),
    ("I take the Dodge action", C),
    ("I dodge", C),
    ("I raise my shield and defend myself", C),
    ("I try to grapple the kobold", C),
    ("I shove the bandit captain off the ledge", C),
    ("I punch the drunk thug in the face", C),
    ("I cast magic missile at the two skeletons", C),
    ("I throw my dagger at the rat", C),
    ("We fight!", C),
    ("Roll initiative, we're attacking the camp", C),
    ("I finish off the wounded goblin", C),
    ("I smite the undead", C),
    ("I go into a rage and cleave the troll", C),
    ("I keep attacking", C),
    ("I aim for the dragon's eye with my bow", C),
    ("I strike at the cultist leader", C),
    ("I disengage and fall back", C),
    ("The fighter hacks at the zombie again", C),
    ("I parry the blow and counterattack", C),
    # ---- roleplay
    ("Can I convince the guard to let us through?", R),
    ("I ask the innkeeper about rooms for the night", R),
    ("I ask about the attack on the caravan", R),
    ("I tell the mayor we found his daughter", R),
    ("\"Good evening, friend. What brings you to these parts?\"", R),
    ("I greet the old woman politely", R),
    ("I try to persuade the merchant to lower his price", R),
    ("I haggle with the blacksmith", R),
    ("I lie to the guard and say we're with the city watch", R),
    ("I try to intimidate the prisoner into talking", R),
    ("I threaten the bandit: talk or lose a finger", R),
    ("I bribe the guard with five gold", R),
    ("I talk to the bartender", R),
    ("I ask her what she knows about the missing children", R),
    ("I tell him to drop the knife and nobody gets hurt", R),
    ("I flirt with the bard", R),
    ("I interrogate the captured cultist", R),
    ("I thank the priest for his help", R),
    ("I introduce myself to the captain of the guard", R),
    ("Can I tell if the merchant is lying?", R),
    ("I negotiate a better reward with the baron", R),
    ("I say, \"We mean you no harm.\"", R),
    ("I plead with the queen for mercy", R),
    ("I apologize to the innkeeper for the mess", R),
    ("I ask the stranger in the corner who he is", R),
    ("I ask the guard where the old mill is", R),
    ("I speak to the goblin in its own tongue", R),
    ("I chat with the farmers about the harvest", R),
    ("I try to deceive the noble into thinking I'm his cousin", R),
    ("I whisper to the child that everything will be fine", R),
    # ---- exploration
    ("We head north to the old mill", E),
    ("I check the altar for traps", E),
    ("I search the room", E),
    ("I look around the tavern", E),
    ("I investigate the bloodstains on the floor", E),
    ("I examine the strange statue", E),
    ("We travel to the city of Neverwinter", E),
    ("I go to the good old mask shop", E),
    ("I look for a way to climb the wall", E),
    ("Let's explore the cave", E),
    ("I search the goblin's body", E),
    ("I inspect the door for hidden hinges", E),
    ("We follow the road east", E),
    ("I listen at the door", E),
    ("I open the chest", E),
    ("We go back to the village", E),
    ("I scout ahead down the corridor", E),
    ("I look for tracks in the mud", E),
    ("We enter the crypt", E),
    ("I read the letter on the desk", E),
    ("I rummage through the drawers", E),
    ("We make our way down the stairs", E),
    ("I peer through the keyhole", E),
    ("I search for secret doors", E),
    ("We leave the tavern and walk to the docks", E),
    ("I examine the corpse for clues", E),
    ("I walk over to the window and look outside", E),
    ("We ride to Phandalin", E),
    ("I check the bookshelf for anything unusual", E),
    ("We set off toward the mountains", E),
    # ---- puzzle
    ("I try to solve the riddle on the door", P),
    ("I pull the left lever", P),
    ("I try to decipher the glyphs on the wall", P),
    ("I answer the riddle: the answer is an echo", P),
    ("I rotate the dials to match the constellation", P),
    ("I study the runes around the pedestal", P),
    ("I try to translate the inscription", P),
    ("I step on the pressure plates in the order of the mosaic", P),
    ("I put the gems into the statues' eyes in the right sequence", P),
    ("I press the symbols in the pattern from the book", P),
    ("I try to figure out the combination to the lock", P),
    ("I try to work out the puzzle box", P),
    ("I arrange the tiles to complete the picture", P),
    ("I turn the statue to face the sunrise", P),
    ("I try to crack the cipher in the journal", P),
    # ---- skill checks
    ("I try to climb the wall", S),
    ("I jump across the chasm", S),
    ("I sneak past the guards", S),
    ("I hide behind the crates", S),
    ("I try to pick the lock", S),
    ("I swim across the river", S),
    ("I try to disarm the trap", S),
    ("I kick down the door", S),
    ("I try to balance on the narrow beam", S),
    ("Can I make a history check to remember anything about this crest?", S),
    ("I try to pick his pocket", S),
    ("I try to calm the frightened horse", S),
    ("I stabilize the dying guard", S),
    ("I try to lift the portcullis", S),
    ("I make an athletics check", S),
    ("I try to force the door open", S),
    ("I try to break free of the ropes", S),
    ("I scale the cliff face", S),
    ("I track the wolves through the forest using survival", S),
    ("I try to squeeze through the narrow gap", S),
    ("I perform a song to earn some coin", S),
    ("I tumble past the guard", S),
    ("I try to recall what I know about mind flayers", S),
    ("I use sleight of hand to palm the key", S),
    ("I try to disguise myself as a guard", S),
    # ---- rest
    ("Let's take a short rest", REST),
    ("We take a long rest", REST),
    ("We make camp for the night", REST),
    ("I want to sleep", REST),
    ("We rest for an hour", REST),
    ("I spend two hit dice", REST),
    ("Let's camp here and sleep until morning", REST),
    ("We take a breather before going on", REST),
    ("I sit down and catch my breath", REST),
    ("Everyone gets some sleep, I take first watch", REST),
    ("We bed down in the stable", REST),
    ("Can we rest here?", REST),
    # ---- inventory
    ("I drink a healing potion", I),
    ("I quaff my potion of healing", I),
    ("I equip the shield", I),
    ("I drop my torch", I),
    ("I give Bryn the rope", I),
    ("I pick up the silver dagger", I),
    ("I put on the ring", I),
    ("I check my inventory", I),
    ("I stow the gems in my backpack", I),
    ("I hand the potion to the cleric", I),
    ("I eat a ration", I),
    ("I sheathe my sword", I),
    ("I wield the magic staff", I),
    ("I take off my armor", I),
    ("I pocket the gold coins", I),
    ("I swap my crossbow for the longbow", I),
    ("I light a torch from my pack", I),
    ("I drink the potion", I),
    # ---- more of everything
    ("I bring my warhammer down on the cultist's head", C),
    ("Ari lunges at the bandit with her rapier", C),
    ("I loose two arrows at the harpy", C),
    ("I cast sacred flame on the ghoul", C),
    ("I attack again", C),
    ("I hurl a javelin at the orc chieftain", C),
    ("I blast the imp with eldritch blast", C),
    ("I bite the goblin", C),
    ("I try to knock the bandit unconscious", C),
    ("I ready my spear and wait for it to come closer", C),
    ("I ask the blacksmith if he can repair my armor", R),
    ("I call out to the figure on the bridge", R),
    ("\"Who goes there?\"", R),
    ("I try to get the guard to tell me who hired him", R),
    ("I ask the old man for directions to the temple", R),
    ("I offer the merchant a fair trade", R),
    ("I convince the gnome we are friends", R),
    ("I warn the villagers about the wolves", R),
    ("I order the goblin to surrender", R),
    ("I reassure the frightened girl", R),
    ("I search the bodies for anything useful", E),
    ("I look under the bed", E),
    ("We continue down the tunnel", E),
    ("We climb the stairs to the second floor", E),
    ("I check the shelves", E),
    ("I look inside the barrel", E),
    ("I head into the forest", E),
    ("I examine the map on the table", E),
    ("We go upstairs", E),
    ("I look out the window for anyone following us", E),
    ("I try to open the puzzle lock", P),
    ("I push the third brick from the left", P),
    ("I place the crystal on the pedestal", P),
    ("I say the password written in the riddle: friend", P),
    ("I try to make sense of the runes carved into the archway", P),
    ("I sneak into the kitchen", S),
    ("I try to climb up to the balcony", S),
    ("I attempt to leap onto the moving cart", S),
    ("Can I make a stealth roll to hide in the shadows?", S),
    ("I try to pick the lock on the chest", S),
    ("I hold my breath and dive into the pool", S),
    ("I try to bandage his wounds", S),
    ("We rest until dawn", REST),
    ("We take a short rest in the cellar", REST),
    ("Let's stop for the night at the inn", REST),
    ("I take a nap", REST),
    ("I spend a hit die", REST),
    ("I drink from my waterskin", I),
    ("I pull out my healing potion and drink it", I),
    ("I put the crown in my bag", I),
    ("I give the guard my last gold piece", I),
    ("I throw away the cursed amulet", I),
    ("I put on the cloak", I),
    ("I equip my longbow", I),
    ("I take the key from the hook", I),
    ("I swing wildly at the shadow", C),
    ("Bryn fires an arrow at the bugbear", C),
    ("I smash the skeleton with my shield", C),
    ("I stab at whatever is under the water", C),
    ("I try to knock the knife out of his hand", C),
    ("I cast a spell at the closest enemy", C),
    ("I ask the priestess what the symbol means", R),
    ("I tell the innkeeper a joke", R),
    ("I try to calm down the angry mob", R),
    ("I ask if anyone has seen a dwarf with a red beard", R),
    ("I explain to the captain that we were framed", R),
    ("I beg the guard for another chance", R),
    ("I poke around the ruins", E),
    ("I walk through the market looking for anything odd", E),
    ("We cross the bridge", E),
    ("I check behind the painting", E),
    ("I look at the footprints", E),
    ("We go down into the cellar", E),
    ("We head back to town", E),
    ("I pull the chain hanging from the ceiling", P),
    ("I try to solve the sliding block puzzle", P),
    ("I read the runes aloud", P),
    ("I climb the tree to get a better view", S),
    ("I try to sneak up on the sentry", S),
    ("I hide in the wardrobe", S),
    ("I try to jump onto the chandelier", S),
    ("I try to swim to the other shore", S),
    ("Let's rest a bit", REST),
    ("We settle in for a long rest", REST),
    ("I sleep in the hayloft", REST),
    ("I drink the blue potion", I),
    ("I drop the sack of flour", I),
    ("I give my dagger to Lia", I),
    ("I equip my chain mail", I),
    ("I pick up the lantern", I),
    # ---- mixed
    ("I drink a potion and attack the orc", M),
    ("I search the body and then ask the guard who he was", M),
    ("I sneak up behind the goblin and stab it", M),
    ("I grab the idol and run back to the village", M),
]

# Classified with intent_world(); the setting says where the party is: "inn" (Mara present),
# "fight" (the inn, with a fight against two goblins on), "mill" (nobody there).
WORLD_CASES: list[tuple[str, str, T]] = [
    ("I go to the good old mask shop", "inn", E),
    ("Mara, have you seen any strangers tonight?", "inn", R),
    ("I ask Mara about the attack on the caravan", "inn", R),
    ("I tell Mara we'll take the job", "inn", R),
    ("Mara, another ale please", "inn", R),
    ("We head to the old mill", "inn", E),
    ("I walk over to the mill", "inn", E),
    ("Let's get out of here and head for the mask shop", "inn", E),
    ("I ask where the old mill is", "inn", R),
    ("I tell them to lay down their weapons", "fight", R),
    ("I go for the goblin on the left", "fight", C),
    ("I swing at the one with the spear", "fight", C),
    ("I try to persuade the rusted gate to open", "mill", S),
    ("I talk to Mara", "mill", R),
    ("Is she hiding something?", "inn", S),  # reading someone is Insight, as the blind sets label it
    ("I give my rope to Mara", "inn", I),
    ("I heal Bryn", "inn", S),
    ("I cast cure wounds on Ari", "fight", S),
    ("I pray for guidance", "inn", S),
]


def intent_world(setting: str = "inn") -> Campaign:
    """A small world: Ari and Bryn at the Crooked Lantern with Mara; a goblin fight for "fight"."""
    world = Campaign.model_validate({
        "name": "Intent Test",
        "characters": [
            {"name": "Ari", "class": "fighter", "hp": {"current": 12, "max": 12}, "ac": 16,
             "attacks": [{"name": "Longsword", "to_hit": 5, "damage": "1d8+3"}]},
            {"name": "Bryn", "class": "cleric", "hp": {"current": 9, "max": 9}, "ac": 14},
        ],
        "npcs": [{"name": "Mara", "role": "innkeeper", "location": "The Crooked Lantern"}],
        "locations": [
            {"name": "The Crooked Lantern", "connections": ["Old Mill", "The Good Old Mask Shop"]},
            {"name": "Old Mill", "connections": ["The Crooked Lantern"], "encounter": ["Goblin"]},
            {"name": "The Good Old Mask Shop", "connections": ["The Crooked Lantern"]},
        ],
        "monsters": [{"name": "Goblin", "hp": 7, "ac": 15,
                      "attacks": [{"name": "Scimitar", "to_hit": 4, "damage": "1d6+2"}]}],
        "game_state": {"party_location": "The Crooked Lantern"},
    })
    if setting == "mill":
        world.game_state.party_location = "Old Mill"
    if setting == "fight":
        world.game_state.combat = CombatState(order=[
            Combatant(id="goblin-1", name="Goblin 1", kind="monster", monster="Goblin", initiative=15,
                      hp=HitPoints(current=7, max=7), ac=15),
            Combatant(id="ari", name="Ari", kind="character", initiative=12),
            Combatant(id="goblin-2", name="Goblin 2", kind="monster", monster="Goblin", initiative=8,
                      hp=HitPoints(current=7, max=7), ac=15),
            Combatant(id="bryn", name="Bryn", kind="character", initiative=5),
        ], turn_index=1)
    return world


# ---- Shared by the agent and orchestrator tests: a richer world and dice that roll what they are told.

def table_world() -> Campaign:
    """Ari and Bryn at the Crooked Lantern: Mara with lines and a secret, a searchable cellar door,
    a glyph puzzle at the Old Mill where one weak goblin lurks."""
    return Campaign.model_validate({
        "name": "Agent Test",
        "characters": [
            {"name": "Ari", "class": "fighter", "hp": {"current": 12, "max": 12}, "ac": 16,
             "abilities": {"str": 16, "dex": 12, "con": 14, "int": 10, "wis": 12, "cha": 10},
             "skill_proficiencies": ["athletics", "persuasion", "intimidation"],
             "hit_dice": {"die": 10, "total": 4, "remaining": 4},
             "attacks": [{"name": "Longsword", "to_hit": 5, "damage": "1d8+3"},
                         {"name": "Longbow", "to_hit": 3, "damage": "1d8+1", "damage_type": "piercing"}],
             "inventory": [{"name": "Potion of Healing", "quantity": 2}, {"name": "Rope", "quantity": 1},
                           {"name": "Torch", "quantity": 3}]},
            {"name": "Bryn", "class": "cleric", "hp": {"current": 9, "max": 9}, "ac": 14,
             "abilities": {"wis": 16, "int": 12},
             "skill_proficiencies": ["investigation", "arcana", "insight"],
             "attacks": [{"name": "Mace", "to_hit": 4, "damage": "1d6+2", "damage_type": "bludgeoning"}]},
        ],
        "npcs": [{"name": "Mara Vell", "role": "innkeeper", "location": "The Crooked Lantern",
                  "lines": {"indifferent": ["\"What'll it be?\""], "friendly": ["\"For you, the good stuff.\""],
                            "unfriendly": ["\"Pay first.\""], "helpful": ["\"Anything, love.\""]},
                  "secrets": [{"text": "The miller pays the goblins to keep travellers away.",
                               "skill": "persuasion", "dc": 14}]}],
        "locations": [
            {"name": "The Crooked Lantern", "description": "A smoky inn.",
             "connections": ["Old Mill", "The Good Old Mask Shop"],
             "discoveries": [{"name": "Cellar Door", "text": "A trapdoor hides under the rug.",
                              "skill": "investigation", "dc": 12},
                             {"name": "Bent Key", "text": "A bent key lies under the bar.",
                              "skill": "perception", "dc": 20}]},
            {"name": "Old Mill", "description": "A creaking ruin by the river.",
             "connections": ["The Crooked Lantern"], "encounter": ["Goblin"],
             "discoveries": [{"name": "Glyph Ward", "text": "The glyphs open the millstone vault.",
                              "skill": "arcana", "dc": 13}]},
            {"name": "The Good Old Mask Shop", "connections": ["The Crooked Lantern"]},
            {"name": "Far Tower", "connections": []},
        ],
        "monsters": [{"name": "Goblin", "hp": 4, "ac": 13, "xp": 50,
                      "attacks": [{"name": "Scimitar", "to_hit": 4, "damage": "1d6+2"}]},
                     {"name": "Ogre", "hp": 59, "ac": 11, "xp": 450,
                      "attacks": [{"name": "Greatclub", "to_hit": 6, "damage": "2d8+4",
                                   "damage_type": "bludgeoning"}]}],
        "game_state": {"party_location": "The Crooked Lantern"},
    })


class ScriptedRoller(DiceRoller):
    """A DiceRoller whose d20s show the scripted natural faces in order (then 10s); other dice roll
    normally from a fixed seed. Lets a test decide success or failure and still exercise the rules."""

    def __init__(self, naturals: list[int] | None = None, seed: int = 1) -> None:
        super().__init__(RngState(seed=seed))
        self.naturals = list(naturals or [])
        self.calls: list[DiceRoll] = []

    def roll(self, notation, *, purpose=None, roller=None, advantage=None, dc=None) -> DiceRoll:
        match = re.fullmatch(r"1d20([+-]\d+)?", notation.replace(" ", ""))
        if match is None:
            result = super().roll(notation, purpose=purpose, roller=roller, advantage=advantage, dc=dc)
        else:
            natural = self.naturals.pop(0) if self.naturals else 10
            total = natural + int(match.group(1) or 0)
            result = DiceRoll(notation=notation, total=total, detail=f"1d20 ({natural})", purpose=purpose,
                              roller=roller, natural=natural, advantage=advantage, critical=natural == 20,
                              fumble=natural == 1, dc=dc, success=None if dc is None else total >= dc)
        self.calls.append(result)
        return result


def agent_context(world: Campaign, action: str, action_type: T, roller: DiceRoller,
                  actor: str | None = "Ari", turn: int = 1) -> AgentContext:
    """One action as an agent receives it, on `world` itself (the agents' tests read it afterwards)."""
    return AgentContext(action=action, normalized=action.lower(), action_type=action_type, actor=actor,
                        world=world, roller=roller, turn=turn)
