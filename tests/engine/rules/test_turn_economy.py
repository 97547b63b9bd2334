"""What a turn spends (SRD 5.2 "Actions": on your turn you can move and take one action; a bonus
action only when something says so; a reaction is an instant response, which can come on another
creature's turn), read from the action as the player phrased it."""

from __future__ import annotations

import pytest

from engine import rules
from engine.models.world import TurnUse


@pytest.mark.parametrize(("text", "spent"), [
    ("I attack the goblin", ["action"]),
    ("I take the Dodge action", ["action"]),
    ("I drink a potion of healing", ["action"]),
    ("I cast healing word on Bram as a bonus action", ["bonus action"]),
    ("I use my bonus-action to hide", ["bonus action"]),
    ("I make an opportunity attack as it flees", ["reaction"]),
    ("I use my reaction to cast shield", ["reaction"]),
    ("my readied crossbow bolt goes off", ["reaction"]),
    ("I charge the ogre and swing", ["action", "movement"]),
    ("I dash to the door", ["action", "movement"]),
    ("I move behind the pillar and cast healing word as a bonus action", ["bonus action", "movement"]),
])
def test_what_an_action_spends(text: str, spent: list[str]) -> None:
    used = TurnUse()
    assert rules.spend_turn(used, text) == spent
    marked = [name for name, flag in (("action", used.action), ("bonus action", used.bonus_action),
                                      ("movement", used.movement), ("reaction", used.reaction)) if flag]
    assert sorted(marked) == sorted(spent)


def test_acting_out_of_turn_spends_no_movement_of_the_creatures_own_turn() -> None:
    used = TurnUse()
    assert rules.spend_turn(used, "I run over and attack", out_of_turn=True) == ["action"]
    assert not used.movement
