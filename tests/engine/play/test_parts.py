"""The parts of a compound action: each act in the order said, with its own verb, target, spell, item and
destination, resolved against the world; a single act has none; the kinds are the parser's, unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.models.intent import IntentKind, IntentProposal
from engine.play.intent import parse
from tests.engine.play.blind_world import case_world

CAVES = {"location": "Wrecker Caves", "in_combat": True, "enemies": ["Silas Crowe", "Wrecker Thug", "Giant Crab"]}
INN = {"location": "Tarred Gull Inn", "in_combat": False, "enemies": []}
HERE = Path(__file__).resolve().parent


def parts(text: str, actor: str, where: dict = CAVES) -> list[tuple]:
    intent = parse(text, case_world(where), actor)
    return [(p.kind.value, p.target, p.spell, p.item, p.destination) for p in intent.parts]


def test_a_spell_and_an_attack_are_two_combat_parts_with_their_own_targets() -> None:
    intent = parse("I cast healing word on Wren, then I attack Crowe", case_world(CAVES), "Tova")
    assert intent.kind == IntentKind.COMBAT  # one kind, two acts
    assert [(p.kind, p.target, p.spell, p.verb) for p in intent.parts] == [
        (IntentKind.COMBAT, "Wren", "healing word", "cast"), (IntentKind.COMBAT, "Silas Crowe", None, "attack")]
    assert intent.parts[1].target_ref is not None and intent.parts[1].target_ref.kind == "combatant"


def test_the_order_said_is_kept() -> None:
    assert parts("I hit crowe then healing word on wren", "Tova") == [
        ("combat", "Silas Crowe", None, None, None), ("combat", "Wren", "healing word", None, None)]


def test_an_act_repeated_on_another_foe_carries_its_verb() -> None:
    intent = parse("I shoot the thug and then the crab", case_world(CAVES), "Wren")
    assert [(p.target, p.verb, p.text) for p in intent.parts] == [
        ("Wrecker Thug", "shoot", "i shoot the thug"), ("Giant Crab", "shoot", "shoot the crab")]


def test_a_pronoun_in_a_later_part_is_whom_the_part_before_named() -> None:
    assert [p[1] for p in parts("I tell Crowe to surrender and then I punch him", "Bram")] == \
        ["Silas Crowe", "Silas Crowe"]
    assert [p[1] for p in parts("buy stew from hesper and ask her about the lighthouse", "Bram", INN)] == \
        ["Hesper Quill", "Hesper Quill"]  # "the lighthouse" is the topic, not the keeper asked


@pytest.mark.parametrize("text, actor, targets", [
    ("Bram yells at Crowe to surrender and then swings anyway", "Bram", ["Silas Crowe", "Silas Crowe"]),
    ("Wren shoots the crab, sneak attack if Bram's next to it", "Wren", ["Giant Crab", "Giant Crab"]),
])
def test_a_blow_that_names_no_one_falls_on_the_foe_just_named(text: str, actor: str, targets: list[str]) -> None:
    assert [p[1] for p in parts(text, actor)] == targets


def test_items_and_destinations_go_with_their_own_part() -> None:
    assert parts("I drink a potion of healing, then I attack the thug", "Bram") == [
        ("inventory", None, None, "Potion of healing", None), ("combat", "Wrecker Thug", None, None, None)]
    assert parts("we go to the docks and then talk to the harbormaster", "Bram", INN) == [
        ("exploration", None, None, None, "Kettlecove Docks"), ("roleplay", "Osric Vell", None, None, None)]
    # "the dark rowboat" is no Dark hooded cloak: an item is named by its head word, not any word of it.
    assert [p[3] for p in parts("buy a pie off pim and ask him about the dark rowboat", "Wren",
                                {"location": "Kettlecove Docks", "in_combat": False, "enemies": []})] == [None, None]


@pytest.mark.parametrize("text, actor", [("I attack the thug", "Bram"), ("healing word on wren", "Tova"),
                                         ("healing word on bram and wren", "Tova")])
def test_a_single_act_has_no_parts(text: str, actor: str) -> None:
    """"healing word on Bram and Wren" names two, but a spell is cast once: no second act is made up."""
    assert parse(text, case_world(CAVES), actor).parts == []


def _blind(name: str) -> list[dict]:
    return json.loads((HERE / name).read_text())


@pytest.mark.parametrize("name", ["intent_blind.json", "intent_blind2.json"])
def test_on_the_blind_sets_parts_agree_with_the_kind(name: str) -> None:
    """Every part's kind is one of the intent's kinds, a mixed intent has two parts or more, and no action has
    exactly one part; a part without words of its own would be a part the sentence does not hold."""
    compound = 0
    for case in _blind(name):
        intent = parse(case["text"], case_world(case), case.get("actor"))
        kinds = {k.value for k in intent.components} | ({"question"} if intent.question else set())
        if intent.kind == IntentKind.QUESTION:
            kinds = {"question"}
        assert len(intent.parts) != 1, case["text"]
        assert intent.kind != IntentKind.MIXED or len(intent.parts) >= 2, case["text"]
        assert all(p.kind.value in kinds and p.text for p in intent.parts), (case["text"], intent.parts)
        compound += bool(intent.parts)
    assert compound >= 30  # the sets hold compound actions, and they are read as such


def test_an_llm_may_propose_parts_as_structures_or_as_bare_kinds() -> None:
    schema = IntentProposal.model_json_schema()
    part = schema["$defs"]["PartProposal"]["properties"]
    assert {"kind", "text", "verb", "target", "spell", "item", "destination"} <= set(part)
    old = IntentProposal.model_validate({"kind": "mixed", "parts": ["inventory", "combat"]})
    assert [p.kind for p in old.parts] == [IntentKind.INVENTORY, IntentKind.COMBAT]
