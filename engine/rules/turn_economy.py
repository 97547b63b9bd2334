"""What a turn spends (SRD 5.2: on your turn you can move and take one action; some things take a
bonus action; a reaction is an instant response, possibly on another creature's turn).

The engine resolves one thing per turn and then ends the turn (a table can always say "and then I
move"), so this records honestly what the described action used, for the tracker to show; the
resource a creature has already spent is never offered again that turn because the turn is over.
"""

from __future__ import annotations

import re

from engine.models.world import TurnUse

_BONUS = re.compile(r"\bbonus[- ]action\b", re.IGNORECASE)
_REACTION = re.compile(r"\b(reaction|opportunity attack|readied)\b", re.IGNORECASE)
# Verbs that cover ground; "dash" and "disengage" are actions that come with movement.
_MOVE = re.compile(r"\b(move|moves|moving|walk|walks|run|runs|step|steps|dash|dashes|charge|charges|"
                   r"rush|rushes|approach|approaches|retreat|retreats|advance|advances|flee|flees|climb|"
                   r"climbs|jump|jumps|leap|leaps|disengage|disengages|close in|back away)\b", re.IGNORECASE)


def spend_turn(used: TurnUse, action: str, *, out_of_turn: bool = False, bonus: bool = False) -> list[str]:
    """Mark what `action` uses on `used`; returns the names of what it spent, in tracker order.

    A "bonus action" phrase (or `bonus`: a Bonus Action spell) spends the bonus action instead of the action; a reaction (or an
    opportunity attack, or a readied action going off) spends the reaction; anything else is the
    action. Words of movement also spend movement (not in a reaction, nor out of turn).
    """
    spent: list[str] = []
    if _REACTION.search(action):
        used.reaction = True
        spent.append("reaction")
    elif bonus or _BONUS.search(action):
        used.bonus_action = True
        spent.append("bonus action")
    else:
        used.action = True
        spent.append("action")
    # A reaction, or anything done on another creature's turn, moves nobody on their own turn.
    if _MOVE.search(action) and not out_of_turn and spent != ["reaction"]:
        used.movement = True
        spent.append("movement")
    return spent


def turn_goes_on(used: TurnUse, spent: list[str]) -> bool:
    """A bonus action taken while the action is still unused leaves the creature's turn running (SRD: one
    action and one bonus action a turn): the character may still act."""
    return "bonus action" in spent and "action" not in spent and not used.action
