"""What a character tells someone, on the sample campaign: an order, a promise or a threat put to a person
is said to them, not done by the speaker; acts of the speaker's own beside it still count."""

from __future__ import annotations

import pytest

from engine.models.intent import IntentKind
from engine.play import second_opinion
from tests.engine.play.blind_world import parse_at


@pytest.mark.parametrize(("text", "target"), [
    # a threat hanging on a condition: the throw is what Vell is warned of
    ("I warn Vell that if he lies again, Bram's going to throw him off the quay", "Osric Vell"),
    # a promise carried on through "and we won't ... if ...": no journey (a control)
    ("promise Vell we'll keep quiet and we won't go to Crowe if he opens the ledger", "Osric Vell"),
    # an order: Pim is asked to row, nobody moves yet (a control: read so before)
    ("I tell Pim to row us round to the caves", "Pim Lowrie"),
])
def test_what_is_told_is_said_not_done(text, target):
    intent = parse_at(text, "Kettlecove Docks", "Bram")
    assert (intent.kind, intent.target, intent.destination) == (IntentKind.ROLEPLAY, target, None)


def test_what_follows_a_colon_after_the_hearer_is_what_they_are_told(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(second_opinion, "_model", lambda: None)  # the rules alone, as with no weights shipped
    intent = parse_at("tell Nessa: drop the whistle and step away from the edge", "Gannet Point", "Bram",
                      ["Wrecker Thug"])
    assert (intent.kind, intent.target) == (IntentKind.ROLEPLAY, "Nessa Rook")


def test_an_offer_to_pay_is_said_not_paid():
    intent = parse_at("tell Nessa we won't hurt her and we can pay off her mum's debt if she helps",
                      "Gannet Point", "Tova")
    assert (intent.kind, intent.target) == (IntentKind.ROLEPLAY, "Nessa Rook")


def test_the_speakers_own_act_after_the_telling_still_counts():
    # "we head to the inn" has no modal: the party goes, it is not something Vell is told
    intent = parse_at("I tell Vell we'll be back, and we head to the inn", "Kettlecove Docks", "Bram")
    assert intent.kind == IntentKind.MIXED
    assert [p.kind for p in intent.parts] == [IntentKind.ROLEPLAY, IntentKind.EXPLORATION]
    assert intent.destination == "Tarred Gull Inn"
