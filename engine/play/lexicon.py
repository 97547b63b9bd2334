"""The intent vocabulary: weighted cues per action type, and the verb sets the parser reasons with.

Words here are general English and D&D vocabulary (verbs, idioms, item and creature nouns); names,
roles and places come from the world (engine.play.entities), never from this file.
"""

from __future__ import annotations

from engine.models.actions import ActionType

T = ActionType


# Cue lexicons: "cue:weight"; "a_b" is a phrase (matched over stems, articles dropped); "cue!" is a
# verb-only cue, ignored right after an article or possessive ("I head north" vs "the cultist's head").
LEXICON_SPEC: dict[ActionType, str] = {
    T.COMBAT: """drop_prone:3 go_prone:3 drop_concentration:2.5 pummel:3 bludgeon:3 skewer:3 impale:3 riposte:3 feint:2.5 tackle:2.5 backstab:4 ambush:3 guiding_bolt:3 ray_of_frost:3 chill_touch:3 shocking_grasp:3 attack:3 swing:2.5 strike:2.5 hit:2 stab:3 slash:3 shoot:2.5 fire!:1.5 charge:2 smite:3
        punch:2.5 smack:2.5 whack:2.5 clobber:2.5 wallop:2.5 hurl:2 fling:2 bring_down:3 fall_upon:3 fall_on:2.5 loose_arrow:3 loose_bolt:3 loose_shaft:3 kick:1.5 fight:3 lunge:2.5 bite!:2 knock_out:2.5 kill:3 cast:1 fire_bolt:3 magic_missile:3 eldritch_blast:3
        sacred_flame:3 dodge:3 defend:2 parry:2.5 disengage:3 initiative:3 roll_initiative:4 grapple:2.5
        shove:2 sneak_attack:4 help_action:4 hack:3 cleave:3 bash:2 counterattack:3 finish_off:2.5 rage:2.5 aim:1.5
        fall_back:2 throw:1 go_for:2 axe:1 sword:1 longsword:1 greataxe:1 bow:1 longbow:1 crossbow:1
        dagger:1 mace:1 spear:1 warhammer:1 greatsword:1 shortsword:1 handaxe:1 club:1 quarterstaff:1
        flail:1 halberd:1 glaive:1 maul:1 morningstar:1 shortbow:1 sling:1 whip:1 trident:1 hammer:1 rapier:1 scimitar:1 arrow:1 javelin:1 knife:1 weapon:1 goblin:1
        orc:1 skeleton:1 zombie:1 wolf:1 wolves:1 bandit:1 troll:1 dragon:1 ogre:1 kobold:1 spider:1
        rat:1 cultist:1 ghoul:1 harpy:1 imp:1 gnoll:1 hobgoblin:1 bugbear:1 undead:1 thug:1 enemy:1 monster:1 creature:1 beast:1 boss:1""",
    T.ROLEPLAY: """drop_act:3 banter:3 gossip:3 parley:3 reason_with:3 explain:2.5 inform:2.5 salute:2 nod:1.5 chat_up:3 shoot_breeze:5 strike_up:3 conversation:3 wink:2 wave!:2 accept:2.5 agree:2.5 refuse:2 promise:2.5 swear:2 assure:2.5 offer:2 hold_hand_up:3 fisherman:1 fishermen:1 kid:1 guy:1 lad:1 lass:1 folk:1 ghost:1 monk:1 ask:3 tell:3 say:3 talk:3 speak:3 chat:3 greet:3 convince:2.5 persuade:2.5
        negotiate:3 bargain:3 haggle:3 barter:3 lie:2.5 bluff:2.5 deceive:2.5 intimidate:2.5
        threaten:2.5 flirt:3 question:2 interrogate:3 plead:3 beg:2.5 apologize:3 thank:3 introduce:3
        bribe:2.5 reply:3 answer:1.5 shout:1.5 yell:1.5 bellow:1.5 holler:1.5 whisper:2 mutter:2 murmur:2 taunt:2.5 jeer:2 mock:2 insult:2.5 compliment:3 pray_to:3.5 say_prayer:3.5 hello:2
        greeting:2 hail:1.5 insight:2 call_out:2.5 reassure:3 comfort:2.5 warn:2.5 order!:2 demand:2.5
        surrender:1.5 guard:1 innkeeper:1 merchant:1 mayor:1 woman:1 man:1 bartender:1
        barkeep:1 blacksmith:1 prisoner:1 priest:1 captain:1 stranger:1 noble:1 baron:1 queen:1 king:1
        bard:1 girl:1 boy:1 figure:1 lady:1 lord:1 soldier:1 sergeant:1 clerk:1 guide:1
        hermit:1 witch:1 sage:1 sailor:1 servant:1 peasant:1 beggar:1 traveler:1 crowd:1 mob:1 gnome:1 dwarf:1
        elf:1 child:1 children:1 farmer:1 villager:1 shopkeeper:1 elder:1 him:0.5 her:0.5 them:0.5
        please:1 hiding_something:4 hiding_anything:4 telling_truth:4 sincere:3 honest:2.5 motive:3
        intention:3""",
    T.EXPLORATION: """take_peek:3 take_look:3 have_peek:3 have_look:3 take_glance:3 have_gander:3 take_gander:3 have_nose:3 split_up:2 go_through:3 rifle_through:3 look_through:2.5 poke_around:3 snoop:3 scour:3 peek:2 glance:1.5 trek:2.5 hike:2.5 stroll:2 amble:2 trudge:2 hurry:1.5 hit_road:5 swing_by:4 row:2 wade:2 splash:1.5 cross:1.5 scan:2 detect_magic:4 carving:1 search:3 investigate:3 examine:2.5 inspect:2.5 look:2 look_around:3 look_for:2.5
        look_at:2 watch!:1.5 check:1.5 explore:3 scout:2.5 listen:2 smell:2 sniff:2 peer:2 spot:1.5 notice:1.5
        perception:3 investigation:3 survey:2 lose_track:0.1 keep_track:0.1 follow:1.5 travel:3 go:1.5 go_to:2.5
        go_back:2.5 go_up:2.5 go_down:2.5 climb_stairs:3 head!:2.5 walk:2 move:1.5 enter:2 leave:2 return:2 proceed:2 venture:2 journey:3
        press_on:3 push_on:3 carry_on:3 keep_going:3 keep_moving:3 keep_walking:3 forge_ahead:3
        push_ahead:3 press_ahead:3 push_forward:2.5 press_forward:2.5 soldier_on:3 plough_on:3 plow_on:3 crack_on:3
        move_along:2.5 keep_on:2 get_up:1 take_me:2 take_us:2 ride:2 sail:2 march:2 descend:2 set_off:3 set_out:3 make_for:2.5 leg_it:3 start_up:2.5 start_down:2.5 make_way:3 back_to:2 get_out:2 run:1.5 step:1
        north:1.5 south:1.5 east:1.5 west:1.5 upstairs:1.5 downstairs:1.5 door:1 trap:2 secret:1
        hidden:1.5 clue:2 rummage:2.5 open:1 read:1 chest:1 altar:1 body:1
        corpse:1 desk:0.5 drawer:0.5 bookshelf:0.5 stairs:1 road:1 corridor:1 window:1 outside:1
        village:1 town:1 city:1 dock:1 cave:1 crypt:1 forest:0.5 mountain:1 room:0.5 study:1.5""",
    T.PUZZLE: """fit!:2.5 niche:1 insert:2.5 socket:2 alcove:1 recess:1 align:3 line_up:3 spell_out:3 piece_together:3 reassemble:3 fit_together:3 mend:2 ward:1 lens:1.5 riddle:4 puzzle:4 lever:3 glyph:3 rune:3 decipher:4 solve:4 inscription:2.5 cipher:4
        code:2 password:2.5 sequence:2.5 combination:3 mechanism:2.5 pressure_plate:3 statue:1 dial:3 pull:1 push:1
        turn!:1 rotate:1.5 answer:1.5 translate:3 symbol:2.5 sigil:2.5 arrange:2 pattern:2 mosaic:2
        chant!:2.5 recite!:2.5 intone!:2.5 tile:1.5 keyhole:1 pedestal:1 order:1 figure_out:2 work_out:2 press:1.5 constellation:1""",
    T.SKILL_CHECK: """body_language:4 sense_motive:4 scramble:3 blend_in:3 keep_footing:3 keep_balance:3 clamber:3 shin:2.5 hoist:2.5 haul:2.5 wriggle:2.5 squirm:2.5 slip_past:4 slip_by:4 creep_past:4 sneak_by:4 tend:2 treat_wound:3 patch_up:3 bind_wound:3 eavesdrop:3 listen_in:3 ears_open:3 listen_at:3.5 listen_for:3.5 ear_to:3.5 ear_against:3.5 ear_flat:3.5 navigate:3 force_open:3 break_open:3 impersonate:3 juggle:3 sing:3 dance:3 heave:2.5 shadow:2 unseen:2 sneak_past:4 sneak_up:3 lift_from:3 mage_hand:4 find_familiar:4 climb:3 jump:3 leap:3 sneak:3 creep:3 tiptoe:3 skulk:3 slink:3 prowl:2.5 hide:3 swim:3 dive:3 hold_breath:2 balance:3 pick_lock:4 lockpick:4
        disarm:3 disable:2.5 force:2.5 break_down:3 kick_down:3 kick_open:3 kick_in:3 kick_door:3 kick_trapdoor:3 kick_hatch:3 boot_through:3 boot_door:3 boot_in:3 boot_open:3 foot_through:3 bash_in:3 bash_down:3 bash_open:3 smash_in:3 smash_down:3 smash_open:3 bust_open:3 bust_down:3 shoulder_open:3 barge_open:3 lift:2.5 pick_pocket:4
        pickpocket:4 steal:3 sleight_of_hand:4 athletics:4 acrobatics:4 stealth:4 survival:4
        animal_handling:4 tumble:2.5 squeeze:2 medicine:3 stabilize:3 bandage:2.5 recall:2.5
        remember:2.5 think_back:3 rack_brain:3.5 rack_memory:3.5 search_memory:3.5 history:2.5 religion:2 nature:2 arcana:2 perform:3 performance:4 calm:2.5 horse:1
        disguise:2.5 forge:2.5 break_free:3 escape:2 scale:2.5 vault:2.5 crawl:2 shimmy:2.5 pry:2.5 prise:2.5 jimmy:2.5
        cliff:1 lock:1.5 track:2 footprint:2 print:1.5 spoor:2 forage:3 strength:2 dexterity:2 constitution:2 intelligence:2
        wisdom:2 charisma:2 roll:1.5 saving_throw:3 palm:2 heal:3 cure_wound:4 healing_word:4 pray:2.5""",
    T.REST: """split_watch:5 share_watch:5 first_watch:4 second_watch:4 third_watch:4 last_watch:4 middle_watch:4 2nd_watch:4 1st_watch:4 3rd_watch:4 settle_in:3 settle_down:3 doze:3 snooze:3 rest_up:4 bunk_down:3 take_five:3 hit_hay:6 turn_in:3 kip:3 shut_eye:4 rest:4 short_rest:5 long_rest:5 sleep:3.5 camp!:3.5 make_camp:4 nap:3 breather:3
        catch_breath:3 bed_down:3 hit_dice:4 hit_die:4 recuperate:3 meditate:2.5 night:1 watch!:1.5
        first_watch:3.5 second_watch:3.5 third_watch:3.5 middle_watch:3.5 last_watch:3.5 until_morning:2 crash_here:4 crash_out:4 hit_sack:6 call_it_night:5 call_it_day:4 bed:2 to_bed:5 get_head_down:4 put_feet_up:4 lie_down:3 lay_down:3 keep_watch:3 stand_watch:3 take_watch:3
        health_back:4 hp_back:4 hit_points_back:4 hit_point:0.1 get_strength_back:3 lick_wounds:3
        fall_asleep:4 nod_off:3 drift_off:3 doze_off:3 asleep:2.5""",
    T.INVENTORY: """bag:1.5 pouch:1.5 satchel:1.5 belongings:2 stuff:1 gear:1.5 hand_over:3 stash:3 tuck:2 refill:3 lend:3 toss:1.5 buy:3.5 sell:3.5 purchase:3.5 restock:3.5 split:3 share:2 share_out:3.5 divvy:3.5 divide:2.5 loot:3 trade:2 pay:2 count:2.5 wear:3 pull_on:2.5 sling:0.5 keep:1.5 loaf:1 oil:0.5 drink:3 quaff:3.5 potion:1.5 healing_potion:2 potion_of_healing:2 equip:3.5 unequip:3.5 wield:3 put_on:2.5 take_off:2.5
        don:3 doff:3 drop:3 give:3 hand!:2 throw_away:3 pick_up:3.5 pocket:2.5 stow:3 pack:1.5 backpack:2.5
        inventory:4 put_away:2.5 sheathe:3 carry:1.5 grab:1.5 take:0.5 swap:2 use:1 eat:2.5
        ration:2.5 torch:1 light!:1 gold:1 coin:1 gem:1 ring:1 amulet:1 idol:1 rope:1 armor:1 shield:1
        item:2 equipment:2 scroll:1.5 put:1""",
}

# Kinds of place, each with the everyday words for it: a place named "... Inn" is "the pub" and "the tavern"
# too, "... Docks" is "the harbour", "... Chapel" is "the church", whatever the campaign.
PLACE_KINDS = (
    {"inn", "tavern", "pub", "alehouse", "taproom", "hostel", "hostelry", "saloon", "taphouse", "boozer"},
    {"dock", "docks", "harbour", "harbor", "quay", "quayside", "wharf", "pier", "jetty", "port", "waterfront", "marina"},
    {"cave", "caves", "cavern", "caverns", "grotto", "grottoes"},
    {"chapel", "church", "shrine", "temple", "kirk", "sanctuary", "abbey"},
    {"point", "headland", "cape", "promontory", "bluff"},
    {"crypt", "tomb", "catacomb", "catacombs", "vault", "mausoleum", "barrow"},
    {"keep", "castle", "fort", "fortress", "stronghold", "citadel"},
    {"market", "marketplace", "bazaar"},
    {"forest", "wood", "woods", "woodland"},
    {"village", "hamlet", "town"},
    {"mine", "mines", "pit"},
)

# Creature nouns among the combat cues: naming one that is nowhere in the world is no attack on whoever is here.
CREATURES = {"goblin", "orc", "skeleton", "zombie", "wolf", "wolves", "bandit", "troll", "dragon", "ogre", "kobold",
             "spider", "rat", "cultist", "ghoul", "harpy", "imp", "gnoll", "hobgoblin", "bugbear"}

# Lifting one of these opens it ("lift the trapdoor", "raise the lid of the crate"): no feat of strength.
OPENINGS = {"trapdoor", "hatch", "lid", "flap", "grate", "grating", "grille", "latch", "shutter", "curtain", "cover",
            "door", "hasp", "bar", "trap"}
LIFTING = {"lift", "raise", "hoist", "ease"}  # not "pry"/"force": forcing a thing open is a feat
# Going on ("we press on", "keep going"); before a noun the particle is a preposition ("push on the lever").
ONWARD = {"press_on", "push_on", "carry_on", "keep_going", "keep_moving", "keep_walking", "forge_ahead", "push_ahead",
          "press_ahead", "push_forward", "press_forward", "soldier_on", "plough_on", "plow_on", "crack_on", "move_along",
          "keep_on"}
# Movement verbs: with a named exit they make an action travel.
MOVEMENT = {"go", "go_to", "go_back", "go_up", "go_down", "climb_stairs", "head", "travel", "walk", "ride", "return", "enter", "leave",
             "proceed", "venture", "journey", "march", "sail", "set_off", "set_out", "make_for", "leg_it", "start_up", "start_down", "make_way", "run", "move",
             "back_to", "get_out", "descend", "climb", "scramble", "row", "wade", "cross", "swing_by",
             "hit_road", "splash", "trek", "hike", "stroll", "amble", "trudge", "hurry", "take_me", "take_us"} | ONWARD
# Going quietly: a feat toward a spot or a person, but to a place named by name still a journey ("we creep
# up the cliff path to the point").
QUIET_GOING = {"sneak", "creep", "tiptoe", "skulk", "slink", "prowl"}
# Cues that mean talking someone round; with nobody around to talk to they are a skill check.
SOCIAL_SKILL = {"convince", "persuade", "lie", "bluff", "deceive", "intimidate", "threaten"}
SPEECH = {"ask", "tell", "say", "talk", "speak", "chat", "greet", "question", "reply", "whisper", "shout",
           "yell", "hello", "please", "bellow", "holler", "mutter", "murmur", "taunt", "jeer", "mock"}
PERSON_WEIGHT = 1.0
TIME_WORD = 1.0  # the weight of a bare time word among the rest cues ("night:1"): no rest on its own

# Words that open a question to the DM; "can/could I" opens one only before a word that is no action.
QUESTION_WORDS = {"what", "where", "who", "whom", "how", "which", "when", "why", "whose", "what's", "where's",
                  "who's", "how's"}
AUXILIARIES = {"is", "are", "am", "do", "does", "did", "have", "has", "can", "could", "was", "were", "will",
               "would", "should", "any", "isn't", "aren't", "didn't", "don't", "doesn't", "haven't", "hasn't", "wasn't",
               "weren't", "won't", "can't", "couldn't", "wouldn't", "shouldn't"}
NEGATORS = {"not", "no", "never", "don't", "doesn't", "didn't", "won't", "can't", "isn't", "aren't", "nor",
            "without", "instead", "stop", "quit", "forget", "skip"}
# Reading a person ("is he lying?") is Insight at the table, not a question to the DM.
READING = {"lying", "lie", "hiding", "honest", "truth", "truthful", "liar", "fibbing", "trust", "sincere", "motive",
           "bluffing"}
SUBJECTS = {"i", "we", "let's", "i'll", "we'll", "i'm", "we're", "then"}
FIRST_PERSON = {"i", "we", "i'll", "we'll", "i'm", "we're", "let's"}
SECOND_PERSON = {"you", "your", "ya", "yourself", "you're", "you'll", "you'd", "you've"}
# Words that open a turn without saying anything about it ("ok so", "quick q", "btw").
FILLERS = {"wait", "ok", "okay", "so", "hey", "um", "uh", "and", "oh", "hmm", "quick", "q", "dm", "yo", "oi", "also",
           "btw", "actually", "alright", "aight", "ight", "alrighty", "ooh", "ooo", "ah", "ahh", "aha", "erm", "er", "umm",
           "uhh", "hmmm", "huh", "welp", "whoa", "wow", "ugh"}
# The SRD 5.2 classes: "can rogues hide as a bonus action", "can a wizard wear a shield" ask the rules.
CLASSES = {"barbarian", "bard", "cleric", "druid", "fighter", "monk", "paladin", "ranger", "rogue", "sorcerer",
           "warlock", "wizard"}
DIRECTIONS = {"to", "into", "toward", "towards", "back", "up", "down", "through", "out", "onto", "across"}
# Spells that find or read things are exploration; attack spells are combat.
DETECTION_SPELLS = {"detect", "identify", "locate", "comprehend", "clairvoyance", "see"}
ATTACK_SPELLS = ("acid splash", "burning hands", "chill touch", "chromatic orb", "eldritch blast", "fire bolt",
                 "guiding bolt", "inflict wounds", "magic missile", "poison spray", "produce flame", "ray of frost",
                 "ray of sickness", "sacred flame", "scorching ray", "shocking grasp", "thorn whip", "thunderwave",
                 "toll the dead", "vicious mockery", "witch bolt", "sleep", "hold person", "command", "bane")
# Spells a player names without "cast" ("healing word on Bram"); in a fight any spell is a fight action, and so
# is healing said plainly ("heal Bram"): mid-fight it is a spell or a potion's work, not a Medicine check.
SPELL_CUES = {"heal", "cure_wound", "healing_word", "mage_hand", "find_familiar", "detect_magic", "fire_bolt",
              "magic_missile", "eldritch_blast", "sacred_flame", "guiding_bolt", "ray_of_frost", "chill_touch",
              "shocking_grasp"}
UTILITY_SPELL_WEIGHT = 2.5
OPENED_WEIGHT = 2.5
# Following signs is tracking (Survival): a verb of following with a sign as its object.
FOLLOWING = {"follow", "track", "trail", "tail"}
SIGNS = {"print", "footprint", "track", "trail", "mark", "spoor", "blood", "scuff", "drag"}
TRACKING_WEIGHT = 3.0
# Handling something built into the place ("clear the wick", "set the relic in the niche") is working a puzzle.
FIXTURE_WEIGHT = 4.0
# "go look", "come see": a verb of going before another verb is no journey.
GOING = {"go", "come"}
# Verbs of finding out: after a question, acting with one of these is how the question gets answered.
FINDING_OUT = {"take_peek", "take_look", "have_peek", "have_look", "take_glance", "have_gander", "take_gander", "have_nose",
               "look", "look_at", "look_around", "look_for", "search", "check", "examine", "inspect", "investigate",
               "study", "peer", "work_out", "figure_out", "decipher", "solve", "translate", "read", "listen", "smell",
               "see"}
# Resting is intransitive: "rest my hand on the altar" is no rest (time words aside: "rest the night").
INTRANSITIVE = {"rest", "sleep", "nap", "camp"}
TIME_WORDS = {"night", "hour", "hours", "day", "while", "bit", "minute", "minutes", "evening", "morning"}
# Words one utters to a thing, not a person: speaking them is trying a puzzle ("speak the words").
UTTERANCES = {"word", "words", "password", "answer", "phrase", "incantation", "passphrase", "chant", "verse",
              "liturgy", "litany", "rite", "binding"}
UTTERANCE_WEIGHT = 3.0
# Taking a route is travel: "take the cliff path", "follow the stair down", "take a boat round".
ROUTE_VERBS = {"take", "follow", "use", "ride"}
ROUTES = {"path", "road", "stair", "stairs", "steps", "boat", "trail", "tunnel", "passage", "ladder", "bridge",
          "causeway", "lane", "street", "stairway", "staircase"}
ROUTE_WEIGHT = 2.5
# Ways up or down that take no feat to use: climbing them is going somewhere, not an Athletics check
# ("climb the cliff path to the point" walks it; "climb the cliff" is the feat).
EASY_WAYS = {"stair", "stairs", "steps", "staircase", "stairway", "stairwell", "ladder", "path", "road", "trail",
             "lane", "street", "causeway"}
# Common verbs that carry no cue of their own: after "gonna"/"going to" they are the act, not a place.
VERBS = {"sit", "stand", "wait", "lie", "get", "make", "try", "keep", "put", "see", "have", "let", "stay", "hold",
         "bring", "call", "find", "show", "pass", "stop", "start", "help", "need", "want", "be", "do", "tie",
         "lay", "set", "turn", "push", "pull", "press", "cut", "break", "fix", "light", "sneak", "creep",
         "crouch", "kneel", "lean", "duck", "drag", "carry", "cook", "write", "draw", "pour", "fill", "empty",
         "kill", "wake", "sleep", "rest", "heal", "cast", "pray", "sing", "play", "watch", "guard", "check"}
# A clause that closes in on someone is absorbed by the act after it when that act scores this much.
APPROACH_MIN = 3.0
