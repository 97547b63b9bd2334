"""What the DM types: slash-command parsing (pure functions; the palette is in actions.py).

Parsing only checks the *shape* of a command; the engine checks names, notation and values and
answers with its own DM-readable errors, so no rule is duplicated here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.api.limits import ACTION_CHARS


class CommandError(ValueError):
    """A slash command the console cannot parse; the message says what to type instead."""


@dataclass(frozen=True)
class PlayerAction:
    text: str
    actor: str | None = None
    # The DM's override in a fight: the actor acts although it is not their turn.
    out_of_turn: bool = False


@dataclass(frozen=True)
class RollCommand:
    notation: str
    purpose: str | None = None


@dataclass(frozen=True)
class ChangeCommand:
    """An apply_change call: kind is hp, condition_add or condition_remove."""

    kind: str
    target: str
    value: str

    @property
    def label(self) -> str:
        if self.kind == "hp":
            return f"/hp {self.target} {self.value}"
        sign = "-" if self.kind == "condition_remove" else ""
        return f"/cond {self.target} {sign}{self.value}"


@dataclass(frozen=True)
class FactCommand:
    text: str


@dataclass(frozen=True)
class UndoCommand:
    pass


@dataclass(frozen=True)
class RestCommand:
    kind: str


@dataclass(frozen=True)
class HelpCommand:
    pass


@dataclass(frozen=True)
class CombatCommand:
    """A combat_control call: the DM steering a fight (/fight, /init, /join, /remove, /delay, /next, /endfight)."""

    operation: str
    name: str | None = None
    value: int | None = None
    combatants: tuple[str, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class DeathSaveCommand:
    name: str


@dataclass(frozen=True)
class CardCommand:
    """/monster, /spell, /item, /condition NAME: open the SRD card (no session needed)."""

    kind: str
    name: str


@dataclass(frozen=True)
class QuestCommand:
    """/quest alone lists the quests; with a quest (and an objective after ':') it ticks it, or unticks with '-'."""

    quest: str | None = None
    objective: str | None = None
    done: bool = True

    @property
    def label(self) -> str:
        return f"/quest {'' if self.done else '-'}{self.quest}" + (f" : {self.objective}" if self.objective else "")



@dataclass(frozen=True)
class SpawnCommand:
    name: str
    count: int = 1
    hp: str = "average"

    @property
    def label(self) -> str:
        return f"/spawn {self.name} x{self.count}" + (" roll" if self.hp == "roll" else "")


@dataclass(frozen=True)
class EncounterCommand:
    monsters: str


Parsed = (PlayerAction | RollCommand | ChangeCommand | FactCommand | UndoCommand | RestCommand | HelpCommand
          | CombatCommand | DeathSaveCommand | QuestCommand | CardCommand | SpawnCommand | EncounterCommand)

# (usage, what it does): shown by /help, the F1 screen and in error messages.
SLASH_HELP: list[tuple[str, str]] = [
    ("/roll 2d20kh1+5 [purpose]", "Roll dice for the table (recorded in the session)"),
    ("/hp NAME -7", "Damage a character or creature"),
    ("/hp NAME +4", "Heal a character or creature"),
    ("/cond NAME poisoned", "Add a condition"),
    ("/cond NAME -poisoned", "Remove a condition"),
    ("/fact TEXT", "Record a fact about the world"),
    ("/undo", "Undo the last recorded turn"),
    ("/rest short|long", "The party rests"),
    ("/as NAME ACTION", "In a fight: NAME acts now, out of turn (NAME: ACTION for a name with spaces)"),
    ("/fight thug, thug, Silas Crowe", "Start a fight with these monsters or NPCs here (everyone rolls initiative)"),
    ("/init NAME 17", "Set a combatant's initiative (a player's own dice)"),
    ("/join NAME [17]", "A monster (or NPC here) joins the fight, rolling initiative unless given"),
    ("/remove NAME", "A combatant leaves the fight"),
    ("/delay", "The creature whose turn it is waits until after the next one"),
    ("/next", "End the current turn; the monsters act until a character is up"),
    ("/endfight", "End the fight"),
    ("/deathsave NAME", "Roll a death save for a dying character (in a fight the engine rolls it on their turn)"),
    ("/quest [QUEST [: OBJECTIVE]]", "Tick an objective (name or number) or a whole quest done; -QUEST unticks; "
                                     "alone: list the quests"),
    ("/monster NAME", "Open an SRD monster's stat block (also /spell NAME, /item NAME, /condition NAME)"),
    ("/spawn NAME [xN] [roll]", "Bring creatures into the scene or the fight, e.g. /spawn goblin warrior x3 "
                                "(roll: rolled HP)"),
    ("/encounter MONSTERS", "How hard a fight is for the party (SRD XP budgets), e.g. /encounter goblin "
                            "warrior x4, bugbear warrior"),
    ("/help", "List these commands"),
]

COMMAND_NAMES = ("roll", "hp", "cond", "fact", "undo", "rest", "as", "fight", "init", "join", "remove", "delay",
                 "next", "endfight", "deathsave", "quest", "monster", "spell", "item", "condition", "spawn",
                 "encounter", "help")
CARD_COMMANDS = {"monster": "monster", "spell": "spell", "item": "item", "condition": "condition"}


def parse_input(text: str) -> Parsed:
    """Turn one line from the action input into a player action or a DM command."""
    line = text.strip()
    if not line:
        raise CommandError("Type what a character does, or a /command (try /help).")
    if not line.startswith("/"):
        if len(line) > ACTION_CHARS:  # refused here, so the text stays in the input to be cut down
            raise CommandError(f"That action is {len(line):,} characters; one action takes at most "
                               f"{ACTION_CHARS:,}. Shorten it and send again.")
        return PlayerAction(line)
    name, _, rest = line[1:].partition(" ")
    name, rest = name.lower(), rest.strip()
    if name == "roll":
        return _roll(rest)
    if name == "hp":
        return _hp(rest)
    if name in ("cond", "condition"):
        return _cond(rest)
    if name == "fact":
        if not rest:
            raise CommandError("Usage: /fact TEXT — e.g. /fact The innkeeper owes Bram 5 gp.")
        return FactCommand(rest)
    if name == "undo":
        if rest:
            raise CommandError("/undo takes no arguments: it undoes the last recorded turn.")
        return UndoCommand()
    if name == "rest":
        kind = rest.lower()
        if kind not in ("short", "long"):
            raise CommandError("Usage: /rest short or /rest long.")
        return RestCommand(kind)
    if name == "as":
        return _out_of_turn(rest)
    if name in _COMBAT:
        return _combat(name, rest)
    if name == "deathsave":
        if not rest:
            raise CommandError("Usage: /deathsave NAME — e.g. /deathsave Bram.")
        return DeathSaveCommand(rest)
    if name in CARD_COMMANDS:
        if not rest:
            raise CommandError(f"Usage: /{name} NAME — e.g. /monster goblin warrior, /spell fireball.")
        return CardCommand(CARD_COMMANDS[name], rest)
    if name == "spawn":
        return _spawn(rest)
    if name == "encounter":
        if not rest:
            raise CommandError("Usage: /encounter goblin warrior x4, bugbear warrior.")
        return EncounterCommand(rest)
    if name in ("help", "?"):
        return HelpCommand()
    if name in ("quest", "quests"):
        return _quest(rest)
    known = ", ".join(f"/{n}" for n in COMMAND_NAMES)
    raise CommandError(f"Unknown command '/{name}'. Known commands: {known}.")


def _spawn(rest: str) -> SpawnCommand:
    """'goblin warrior x3', '3 goblin warriors', 'ogre roll': a name, a count and the HP choice."""
    usage = "Usage: /spawn NAME [xN] [roll] — e.g. /spawn goblin warrior x3 (roll: rolled HP, in a fight)."
    words = rest.split()
    hp = "average"
    if words and words[-1].lower() in ("roll", "rolled"):
        hp, words = "roll", words[:-1]
    count = 1
    if words and words[-1].lower().lstrip("x×").isdigit() and words[-1][:1].lower() in "x×":
        count, words = int(words[-1][1:]), words[:-1]
    elif words and words[0].isdigit():
        count, words = int(words[0]), words[1:]
    if not words:
        raise CommandError(usage)
    return SpawnCommand(" ".join(words), count, hp)


def _out_of_turn(rest: str) -> PlayerAction:
    who, colon, action = rest.partition(":")
    if not colon:
        who, _, action = rest.partition(" ")
    if not who.strip() or not action.strip():
        raise CommandError("Usage: /as NAME ACTION — e.g. /as Bram I drink my potion (or /as Old Tom: I duck).")
    return PlayerAction(action.strip(), actor=who.strip(), out_of_turn=True)


def _quest(rest: str) -> QuestCommand:
    if not rest:
        return QuestCommand()
    done = not rest.startswith("-")
    quest, colon, objective = rest.lstrip("-").partition(":")
    if not quest.strip() or (colon and not objective.strip()):
        raise CommandError("Usage: /quest QUEST [: OBJECTIVE] — e.g. /quest Light on Gannet Point : 2 "
                           "(-QUEST unticks; /quest alone lists the quests).")
    return QuestCommand(quest.strip(), objective.strip() or None, done)


def _roll(rest: str) -> RollCommand:
    if not rest:
        raise CommandError("Usage: /roll NOTATION [purpose] — e.g. /roll 2d20kh1+5 stealth.")
    notation, _, purpose = rest.partition(" ")
    return RollCommand(notation, purpose.strip() or None)


def _split_last(rest: str, usage: str) -> tuple[str, str]:
    """NAME may contain spaces ('Old Tom'); the value is always the last word."""
    name, _, value = rest.rpartition(" ")
    if not name.strip() or not value:
        raise CommandError(f"Usage: {usage}")
    return name.strip(), value


def _hp(rest: str) -> ChangeCommand:
    usage = "/hp NAME -7 (damage) or /hp NAME +4 (healing)."
    name, value = _split_last(rest, usage)
    if value[0] not in "+-" or not value[1:].isdigit():
        raise CommandError(f"'{value}' is not an HP change. Usage: {usage}")
    return ChangeCommand("hp", name, value)


def _cond(rest: str) -> ChangeCommand:
    name, value = _split_last(rest, "/cond NAME poisoned (add) or /cond NAME -poisoned (remove).")
    if value.startswith("-"):
        if len(value) == 1:
            raise CommandError("Name the condition to remove, e.g. /cond Bram -poisoned.")
        return ChangeCommand("condition_remove", name, value[1:].lower())
    return ChangeCommand("condition_add", name, value.lstrip("+").lower())


_COMBAT = ("fight", "init", "join", "remove", "delay", "next", "endfight")


def _combat(name: str, rest: str) -> CombatCommand:
    label = f"/{name} {rest}".strip()
    if name == "fight":
        foes = tuple(f.strip() for f in rest.split(",") if f.strip())
        if not foes:
            raise CommandError("Usage: /fight NAME, NAME, ... — e.g. /fight thug, thug, Silas Crowe.")
        return CombatCommand("start", combatants=foes, label=label)
    if name == "init":
        who, value = _split_last(rest, "/init NAME 17 — e.g. /init Bram 17.")
        if not value.lstrip("-").isdigit():
            raise CommandError(f"'{value}' is not an initiative. Usage: /init NAME 17.")
        return CombatCommand("initiative", who, int(value), label=label)
    if name == "join":
        if not rest:
            raise CommandError("Usage: /join NAME [INITIATIVE] — e.g. /join Giant Crab or /join Giant Crab 12.")
        who, _, value = rest.rpartition(" ")
        if who.strip() and value.lstrip("-").isdigit():
            return CombatCommand("add", who.strip(), int(value), label=label)
        return CombatCommand("add", rest, label=label)
    if name == "remove":
        if not rest:
            raise CommandError("Usage: /remove NAME — e.g. /remove Wrecker Thug 2.")
        return CombatCommand("remove", rest, label=label)
    if rest:
        raise CommandError(f"/{name} takes no arguments.")
    return CombatCommand({"delay": "delay", "next": "next", "endfight": "end"}[name], label=label)
