"""The public reading of a parse (engine.models.reading): the fields a caller sees, none of the parser's
internals, and `read_as`, the one line a DM or a host reads."""

from __future__ import annotations

from engine.models.action_type import ActionType, IntentKind
from engine.models.intent import ActionIntent, EntityRef, IntentPart
from engine.models.reading import IntentView, intent_view


def _intent(kind: IntentKind, **fields) -> ActionIntent:
    action_type = ActionType.EXPLORATION if kind == IntentKind.QUESTION else ActionType(kind.value)
    return ActionIntent(kind=kind, action_type=action_type, **{"confidence": 1.0, **fields})


def _ref(name: str, kind: str = "monster") -> EntityRef:
    return EntityRef(name=name, kind=kind, via=name.casefold(), score=3.0)


def test_an_attack_reads_as_the_act_and_its_target_without_the_internals():
    view = intent_view(_intent(IntentKind.COMBAT, verb="stab", target="Wrecker Thug", target_ref=_ref("Wrecker Thug"),
                               matched=["stab", "npc:Wrecker Thug"], components=[ActionType.COMBAT]), "Bram")
    assert view.read_as == "attack → Wrecker Thug"
    assert (view.kind, view.actor, view.verb, view.target, view.target_kind) == (
        "combat", "Bram", "stab", "Wrecker Thug", "monster")
    dumped = view.model_dump()
    assert not {"matched", "target_ref", "components", "action_type", "unresolved"} & set(dumped)
    assert "score" not in str(dumped)


def test_a_fight_act_at_no_one_is_not_called_an_attack():
    assert intent_view(_intent(IntentKind.COMBAT, verb="dodg")).read_as == "combat"


def test_a_move_names_the_destination_whatever_else_was_linked():
    view = intent_view(_intent(IntentKind.EXPLORATION, verb="head", destination="Wrecker Caves",
                               target="Wrecker Thug", target_ref=_ref("Wrecker Thug")))
    assert view.read_as == "move → Wrecker Caves" and view.destination == "Wrecker Caves"


def test_a_spell_is_named_in_its_own_capitals():
    view = intent_view(_intent(IntentKind.COMBAT, spell="tasha's hideous laughter", target="Silas Crowe",
                               target_ref=_ref("Silas Crowe", "npc")))
    assert view.read_as == "cast Tasha's Hideous Laughter → Silas Crowe"


def test_a_compound_line_reads_its_parts_in_the_order_said():
    parts = [IntentPart(kind=IntentKind.SKILL_CHECK, text="i cast healing word on wren", verb="cast",
                        spell="healing word", target="Wren", target_ref=_ref("Wren", "character")),
             IntentPart(kind=IntentKind.COMBAT, text="i swing at the crab", verb="swing", target="Giant Crab",
                        target_ref=_ref("Giant Crab"))]
    view = intent_view(_intent(IntentKind.MIXED, parts=parts, target="Wren"))
    assert view.read_as == "cast Healing Word → Wren, then attack → Giant Crab"
    assert [(p.kind, p.text, p.target, p.target_kind) for p in view.parts] == [
        ("skill_check", "i cast healing word on wren", "Wren", "character"),
        ("combat", "i swing at the crab", "Giant Crab", "monster")]


def test_an_unclear_line_reads_as_the_question_asked_back():
    view = intent_view(_intent(IntentKind.ROLEPLAY, clarify="Which one: Wrecker Thug or Wrecker Captain?",
                               candidates=["Wrecker Thug", "Wrecker Captain"], unresolved="the wrecker",
                               confidence=0.0, negated=True))
    assert view.read_as == "asked: Which one: Wrecker Thug or Wrecker Captain?"
    assert view.candidates == ["Wrecker Thug", "Wrecker Captain"] and view.confidence == 0.0


def test_questions_items_and_negation_say_so():
    assert intent_view(_intent(IntentKind.QUESTION, question=True)).read_as == "question"
    assert intent_view(_intent(IntentKind.INVENTORY, item="Rope", target="Wren",
                               target_ref=_ref("Wren", "character"))).read_as == "inventory (Rope) → Wren"
    peace = intent_view(_intent(IntentKind.ROLEPLAY, negated=True, target="Hesper Quill"))
    assert peace.negated and peace.read_as == "talk → Hesper Quill · negation noted"


def test_the_view_round_trips_as_json():
    view = intent_view(_intent(IntentKind.COMBAT, target="Giant Crab", target_ref=_ref("Giant Crab")))
    assert IntentView.model_validate_json(view.model_dump_json()) == view
