"""A typo the player corrects in the same message ("*thug", "— search, sorry") is read corrected: the blow goes
to the one meant, and the correcting line is no act or question of its own."""

from __future__ import annotations

import pytest

from engine.play.chat_layout import laid_out
from engine.play.intent import parse
from tests.engine.play.test_understanding import FIGHT, _world


@pytest.mark.parametrize(("typed", "meant"), [
    ("I shove the thig into the crab pool\n*thug", "I shove the thug into the crab pool"),
    ("sacred flame on Crow, dex save pls *Crowe. autocorrect hates pirates", "sacred flame on Crowe, dex save pls"),
    ("I serach the crates on the ledge\n— search, sorry, fat fingers", "I search the crates on the ledge"),
    ("we wade throught the arch\n*through", "we wade through the arch"),
])
def test_the_correction_replaces_the_word_it_corrects(typed, meant):
    assert laid_out(typed) == meant


@pytest.mark.parametrize("typed", ["*draws her blade* I stab him", "**Action:** I stab the thug",
                                   "I hit the thug *crits*", "hit the crab *zzz"])
def test_an_action_in_stars_or_a_far_word_is_left_as_typed(typed):
    assert laid_out(typed) == typed


@pytest.mark.parametrize(("text", "foe"), [("I shove the thig into the crab pool\n*thug", "Wrecker Thug"),
                                           ("sacred flame on Crow, dex save pls\n*Crowe. autocorrect hates pirates",
                                            "Silas Crowe")])
def test_the_corrected_name_is_the_target(text, foe):
    intent = parse(text, _world("Wrecker Caves", FIGHT), "Tova")
    assert (intent.kind, intent.target) == ("combat", foe)
