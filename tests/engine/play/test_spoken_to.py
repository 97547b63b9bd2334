"""Words go to the one the speech verb takes: named right after it, or a pronoun for someone named before.
Whoever is named inside what is said ("I tell her Crowe can't touch her") is only talked about."""

from __future__ import annotations

import pytest

from tests.engine.play.blind_world import parse_at


@pytest.mark.parametrize(("text", "where", "actor", "spoken_to"), [
    ("Nessa looks scared stiff, so I tell her Crowe can't touch her now", "Gannet Point", "Iris", "Nessa Rook"),
    ("I tell Pim that Vell has been lying to the whole harbour", "Kettlecove Docks", "Wren", "Pim Lowrie"),
    ("I tell Nessa Crowe won't pay her a penny more", "Gannet Point", "Bram", "Nessa Rook"),
    ("I won't threaten Ambrose. I promise him Crowe's men will answer for it", "Drowned Chapel", "Tova",
     "Brother Ambrose"),
    ("we heard Pim out and found Vell's mark on the tally board. now I tell Hesper all of it", "Tarred Gull Inn",
     "Iris", "Hesper Quill"),
])
def test_words_go_to_the_one_spoken_to(text, where, actor, spoken_to):
    assert parse_at(text, where, actor).target == spoken_to


def test_a_name_and_a_title_together_are_one_person():
    assert parse_at("I whisper to Mister Lowrie that we know whose boat it was", "Kettlecove Docks",
                    "Wren").target == "Pim Lowrie"


@pytest.mark.parametrize("text", [
    "I ask Hesper if she's seen Aldous. oh right, we're up at the point. fine, I ask Nessa then",
    "I question Vell about the lantern. hm, he's not here is he. I question Nessa about it instead",
])
def test_someone_away_is_not_spoken_to_when_someone_here_is(text):
    assert parse_at(text, "Gannet Point", "Wren").target == "Nessa Rook"
