"""The maintained word tables the claim parser reads: opposites per attribute and exclusive value classes.

Built by attribute from general English, not from any test sentence: add a word to the class it belongs
to and every fact using it is read the same way. Words are lower-case surface forms (no stemming), so a
table entry never catches a longer word by accident ("dead" is not "deadline", "not" is not "knot").
"""

from __future__ import annotations


def _table(spec: dict[str, str]) -> dict[str, str]:
    """{"value": "word word ..."} -> {word: value}."""
    return {word: value for value, words in spec.items() for word in words.split()}


# ---- two-sided states: negating one side gives the other ("not closed" reads as open) ----
BINARY: dict[str, dict[str, str]] = {
    "open": _table({"open": "open opened ajar agape unsealed", "closed": "closed shut sealed"}),
    "lock": _table({"locked": "locked bolted barred padlocked", "unlocked": "unlocked unbolted unbarred"}),
    "life": _table({"alive": "alive living lives live survived survives survive breathing",
                    "dead": "dead slain killed deceased died dies perished perishes drowned murdered undead "
                            "executed slew"}),
    "sleep": _table({"asleep": "asleep sleeping slumbering dozing sleeps slumbers slept",
                     "awake": "awake wakeful woke wakes awoke"}),
    "integrity": _table({"intact": "intact whole undamaged unbroken sound unharmed unscathed mended repaired",
                         "broken": "broken destroyed cracked shattered smashed ruined wrecked collapsed razed "
                                   "sunk shattered demolished broke"}),
    "light": _table({"lit": "lit burning alight aflame ablaze relit kindled", "dark": "dark unlit extinguished "
                     "doused"}),
    "fill": _table({"full": "full filled brimming", "empty": "empty dry drained emptied"}),
    "curse": _table({"cursed": "cursed curse", "uncursed": "uncursed"}),
    "honesty": _table({"honest": "honest truthful trustworthy", "dishonest": "liar dishonest deceitful "
                       "untruthful untrustworthy"}),
    "stance": _table({"ally": "ally allies allied friend friends friendly loyal befriended",
                      "enemy": "enemy enemies hostile foe foes nemesis betrayed"}),
    "armed": _table({"armed": "armed", "unarmed": "unarmed"}),
    "guarded": _table({"guarded": "guarded", "unguarded": "unguarded"}),
    "married": _table({"married": "married wed wedded", "unmarried": "unmarried bachelor spinster"}),
}
OPPOSITE = {attr: dict(zip(sorted(set(t.values())), reversed(sorted(set(t.values()))), strict=True))
            for attr, t in BINARY.items()}
# Values that cannot be undone by time alone: "was slain" still contradicts "is alive" now, while
# "was alive" then "is dead" is just news.
ABSORBING = {"life": "dead", "integrity": "broken"}
# Phrases read before single words (the first word of each is the key).
PHRASES: dict[tuple[str, ...], tuple[str, str]] = {
    ("in", "one", "piece"): ("integrity", "intact"), ("in", "ruins"): ("integrity", "broken"),
    ("broke", "apart"): ("integrity", "broken"), ("fell", "apart"): ("integrity", "broken"),
    ("burned", "down"): ("integrity", "broken"),
    ("fast", "asleep"): ("sleep", "asleep"), ("bone", "dry"): ("fill", "empty"),
}

# Nouns that carry a state: "bears no curse" denies "is cursed"; "a curse binds the mirror" affirms it.
STATE_NOUNS = {"curse": ("curse", "cursed"), "curses": ("curse", "cursed"), "hex": ("curse", "cursed")}

# ---- exclusive classes: a thing has one value (colours and materials may list several) ----
COLOURS = _table({
    "red": "red crimson scarlet ruby vermilion", "blue": "blue azure cobalt navy sapphire cerulean",
    "green": "green emerald jade verdant", "yellow": "yellow amber", "black": "black ebony jet inky",
    "white": "white ivory snowy milky", "grey": "grey gray ashen slate", "brown": "brown tawny chestnut",
    "purple": "purple violet", "orange": "orange", "pink": "pink", "golden": "golden gilded",
    "silvery": "silvery", "clear": "clear colourless colorless transparent"})
MATERIALS = _table({
    "gold": "gold", "silver": "silver", "iron": "iron", "steel": "steel", "bronze": "bronze",
    "brass": "brass", "copper": "copper", "mithral": "mithral mithril", "adamantine": "adamantine",
    "wood": "wood wooden driftwood oak oaken ash yew pine timber", "stone": "stone granite marble",
    "bone": "bone ivory", "glass": "glass crystal", "leather": "leather", "cloth": "cloth silk wool linen"})
MATERIAL_LEAD = frozenset("made forged carved wrought cast built hewn of from in solid pure".split())
RACES = _table({
    "human": "human humans man", "elf": "elf elves elven", "dwarf": "dwarf dwarves dwarven",
    "halfling": "halfling halflings", "gnome": "gnome gnomes", "orc": "orc orcs", "goblin": "goblin",
    "tiefling": "tiefling", "dragonborn": "dragonborn", "half-elf": "half-elf", "half-orc": "half-orc",
    "giant": "giant", "kobold": "kobold"})
HONESTY_VERBS = frozenset({"lie", "deceive", "cheat"})
DIRECTIONS = _table({
    "north": "north northward", "south": "south southward", "east": "east eastward", "west": "west westward",
    "northeast": "northeast", "northwest": "northwest", "southeast": "southeast", "southwest": "southwest",
    "above": "above over atop", "below": "below beneath under underneath"})
CONVERSE = {"north": "south", "south": "north", "east": "west", "west": "east", "northeast": "southwest",
            "southwest": "northeast", "northwest": "southeast", "southeast": "northwest", "above": "below",
            "below": "above"}
SIDE_WORDS = frozenset("north south east west northern southern eastern western upper lower left right "
                       "front back inner outer".split())
TIMES_OF_DAY = _table({
    "dawn": "dawn sunrise daybreak", "morning": "morning", "noon": "noon midday", "afternoon": "afternoon",
    "dusk": "dusk sunset twilight nightfall", "evening": "evening", "night": "night tonight",
    "midnight": "midnight"})
TIME_WORDS = frozenset("now today currently yesterday tomorrow ago last tonight".split()) | frozenset(TIMES_OF_DAY)
BIRTH_ORDER = _table({"youngest": "youngest", "eldest": "eldest oldest firstborn", "middle": "middle"})
CHILD_WORDS = frozenset("child children son sons daughter daughters heir heirs".split())
SIBLING_WORDS = frozenset("brother brothers sister sisters sibling siblings twin".split())
SPOUSE_WORDS = frozenset({"wife", "husband", "spouse"})

# ---- numbers ----
NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
NUMBERS |= {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
            "hundred": 100, "thousand": 1000, "dozen": 12, "single": 1, "pair": 2, "couple": 2, "score": 20}
DECADES = {"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60, "seventies": 70,
           "eighties": 80, "nineties": 90, "teens": 13}
APPROX = frozenset("about roughly around nearly almost some approximately perhaps maybe".split())
DURATION_UNITS = frozenset("year years month months week weeks day days hour hours minute minutes night "
                           "nights season seasons winter winters summer summers".split())

# ---- verbs ----
COPULAS = frozenset("is are was were be been being am".split())
# Verbs that link a subject to a state the way "is" does ("the door hangs open").
LINKING = frozenset("seems seem seemed remains remain remained stays stay stayed stands stand stood hangs hang "
                    "hung sits sit sat lies lie lay looks look looked appears appear appeared glows glow "
                    "glowed rests rest rested feels feel felt".split())
# Linking verbs that report a change ("went dark"): their state is news, not a standing claim.
BECOMING = frozenset("became become becomes went goes grew grow grows turned turn turns fell falls got gets".split())
AUX = frozenset("has have had does do did can could will would shall should may might must".split())
PAST_AUX = frozenset({"was", "were", "had", "did", "could", "been"})
ADVERBS = frozenset("still also now currently already always usually often sometimes rarely seldom ever "
                    "truly very wide fast quite utterly completely entirely once again yet just only "
                    "really indeed clearly probably certainly surely never".split())
NEGATORS = frozenset({"not", "never", "no", "nowhere", "nothing", "none", "neither", "nor", "nobody"})
CONTRACTIONS = {"can't": ("can", "not"), "cannot": ("can", "not"), "won't": ("will", "not"),
                "shan't": ("shall", "not")}
# Lemmas of the irregular and synonymous verbs claims compare on; the rest go through a light stemmer.
VERB_LEMMAS = _table({
    "be": "is are was were be been being am", "have": "has have had having holds hold held holding contains "
    "contain contained carries carry carried carrying owns own owned possesses possess possessed keeps keep "
    "kept bears bear bore",
    "know": "knows know knew known knowing", "read": "reads read reading", "lie": "lies lied lying",
    "drink": "drinks drink drank drunk drinking touches touch touched sips sip tastes taste",
    "shout": "shouts shout shouted shouting yells yell yelled yelling screams scream screamed bellows",
    "go": "went goes go gone going", "give": "gave gives give given giving", "see": "saw sees see seen",
    "swim": "swims swim swam swimming", "buy": "buys buy bought", "take": "took takes take taken",
    "strike": "struck strikes strike", "leave": "left leaves leave leaving", "begin": "began begins begin",
    "happen": "happened happens happen occurred occurs", "speak": "spoke speaks speak spoken",
    "wear": "wears wear wore worn", "sleep": "sleeps sleep slept", "fight": "fought fights fight",
    "show": "shows show showed shown", "rise": "rises rise rose risen", "sell": "sells sell sold",
    "find": "found finds find", "guard": "guards guard guarded", "watch": "watches watch watched",
    "owe": "owes owe owed", "spend": "spent spends spend", "lose": "lost loses lose"})
# Verbs whose object is changed by the act: "Bram unlocked the door" is news about the door, not a claim
# that contradicts "the door was locked". Value is (attribute, value) or None for changes with no state.
CHANGES = {
    "unlocked": ("lock", "unlocked"), "locked": ("lock", "locked"), "bolted": ("lock", "locked"),
    "opened": ("open", "open"), "closed": ("open", "closed"), "shut": ("open", "closed"),
    "sealed": ("open", "closed"), "killed": ("life", "dead"), "slew": ("life", "dead"),
    "murdered": ("life", "dead"), "executed": ("life", "dead"), "healed": ("life", "alive"),
    "revived": ("life", "alive"), "resurrected": ("life", "alive"), "mended": ("integrity", "intact"),
    "repaired": ("integrity", "intact"), "fixed": ("integrity", "intact"), "restored": ("integrity", "intact"),
    "broke": ("integrity", "broken"), "smashed": ("integrity", "broken"), "destroyed": ("integrity", "broken"),
    "shattered": ("integrity", "broken"), "relit": ("light", "lit"), "lit": ("light", "lit"),
    "kindled": ("light", "lit"), "extinguished": ("light", "dark"), "doused": ("light", "dark"),
    "snuffed": ("light", "dark"), "drained": ("fill", "empty"), "emptied": ("fill", "empty"),
    "filled": ("fill", "full"), "refilled": ("fill", "full"), "cursed": ("curse", "cursed"),
    "woke": ("sleep", "awake"), "awoke": ("sleep", "awake"), "married": ("married", "married"),
    "betrayed": ("stance", "enemy"), "befriended": ("stance", "ally"), "freed": None, "released": None,
    "lifted": None, "taught": None, "pried": None, "forced": None, "slid": None, "spent": None,
}
# Verbs that say where the subject is ("Elara waits at the inn") and those that say it moved there.
LOCATING = frozenset("lives live lived waits wait waited sits sit sat rests rest stays stay stayed remains "
                     "hides hid hiding hidden sleeps slept works worked dwells lurks lurk camps camped "
                     "stands stood lies lay".split())
MOVING = frozenset("went goes moved moves travelled traveled arrived arrives fled flees returned returns "
                   "walked rode sailed ran came comes headed".split())
LOC_PREPS = frozenset({"in", "at", "on", "inside", "within", "aboard"})
PREPS = frozenset("of to in at on over under beneath behind near from by with above below inside outside "
                  "for into onto across around beside between beyond through toward towards upon within "
                  "without along among against aboard about besides past since until".split())
DETERMINERS = frozenset("the a an this that these those some any every each its his her their our my your "
                        "another".split())
PRONOUNS = frozenset("he she it they him her them i we you".split())
POSSESSIVE_PRONOUNS = frozenset("his her its their".split())
STOP = frozenset("a an the of in at on to and or but with for from by as it its this that these those there "
                 "here who whom what where when which how why do does did is are was were be been has have "
                 "had he she they them his her their we you i me my our your not no never any some every "
                 "each also still now very only just about like than then so if while".split())
CLAUSE_BREAKS = frozenset({",", "and", "but", "while", "when", "because", "although", "though", "until",
                           "after", "before", "since", "who", "which", "whose", "so", "yet", ";"})
