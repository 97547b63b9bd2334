"""Why a character's action in a fight cannot happen, said first and said truly.

A character at 0 HP is not waiting for a turn: they are unconscious (SRD 5.2.1, Dropping to 0 Hit
Points: "When you drop to 0 Hit Points, you either die outright or fall unconscious"; the Unconscious
condition makes them Incapacitated: "You can't take any action, Bonus Action, or Reaction"). So they are
told that, and what the table can do, before anything about whose turn it is. A rest is not a turn at
all: the rest agent says a rest cannot be taken while the fight is on (a Short Rest is 1 hour of downtime).
"""

from __future__ import annotations

from engine.models.actions import ActionType
from engine.models.intent import ActionIntent
from engine.models.world import Campaign
from engine.rules.health import STABILIZE_DC

REST_IN_A_FIGHT = ("No rest can be taken during a fight: a Short Rest is at least 1 hour of downtime (a Long Rest "
                   "8 hours), and a fight is not downtime, so nothing changes. End the fight first (win "
                   "it, get away, or the DM ends it), then rest.")


def only_rest(parsed: ActionIntent | None) -> bool:
    """The action is a rest and nothing else ("we take a short rest")."""
    return parsed is not None and parsed.components == [ActionType.REST]


def cannot_act_at_all(world: Campaign, name: str) -> str | None:
    """Why a character cannot act on any turn (dead, or unconscious at 0 HP), and what the table can do; None
    when they can."""
    pc = world.character(name)
    if pc is None or (not pc.dead and pc.hp.current > 0):
        return None
    if pc.dead:
        return (f"{pc.name} is dead and cannot act; nothing was done or recorded. Only magic that returns the dead "
                f"can bring {pc.name} back (the DM rules on it).")
    if pc.stable:
        state = (f"{pc.name} is unconscious at 0 HP (stable, no longer dying) and cannot act; nothing was done or "
                 f"recorded. {pc.name} wakes with 1 HP after 1d4 hours, or sooner if anyone heals them")
    else:
        saves = pc.death_saves
        tally = f"{saves.successes} success{'es' * (saves.successes != 1)}, " \
                f"{saves.failures} failure{'s' * (saves.failures != 1)}"
        state = (f"{pc.name} is unconscious at 0 HP and dying ({tally}), so {pc.name} cannot act; nothing was done or recorded. On {pc.name}'s turn the engine "
                 f"rolls their death saving throw. The table can help: heal {pc.name} (Healing Word, Cure Wounds, "
                 f"a Potion of Healing poured down their throat), or stabilize them with a DC {STABILIZE_DC} "
                 f"Wisdom (Medicine) check")
    return state + "."
