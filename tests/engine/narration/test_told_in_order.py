"""A compound action is told act by act, in the order said, by the offline narrator and in an LLM narrator's
prompt: each act's beats, rolls and changes together, then what followed the acts. Without sections, the
telling is what it always was."""

from __future__ import annotations

from engine.models.actions import ActionType, DiceRoll, StateChange
from engine.models.sections import PartSection
from engine.narration.base import NarrationRequest
from engine.narration.offline import OfflineNarrator
from engine.narration.prompting import outcome_lines

# What the combat agent returns for "healing word on Wren, then I hit Crowe" when the attack must wait: the
# heal is rolled, the waiting attack is only a beat, the crab's turn follows.
HEAL = DiceRoll(notation="2d4+3", total=8, purpose="Healing Word on Wren", roller="Tova")
CLAW = DiceRoll(notation="1d20+3", total=20, purpose="Claw attack", roller="Giant Crab", dc=18, success=True)


def request(sections: list[PartSection]) -> NarrationRequest:
    return NarrationRequest(
        session_seed=3, turn=4, action="healing word on wren, then I swing at Crowe", actor="Tova",
        action_type=ActionType.COMBAT, location="Wrecker Caves",
        beats=["Tova's attack on Silas Crowe waits for Tova's next turn.",
               "Giant Crab attacks Tova with Claw: a hit for 4 bludgeoning damage."],
        dice_rolls=[HEAL, CLAW],
        state_changes=[StateChange(target="Wren", kind="hp", before=3, after=11),
                       StateChange(target="Tova", kind="hp", before=21, after=17)],
        sections=sections)


# Act 0: the heal (its roll, its change); act 1: the waiting attack (a beat); then the crab's turn.
ACTS = [PartSection(part=0, beats=0, dice_rolls=1, state_changes=1),
        PartSection(part=1, beats=1, dice_rolls=1, state_changes=1),
        PartSection(part=-1, beats=2, dice_rolls=2, state_changes=2)]


def test_the_offline_narrator_tells_each_act_in_its_place() -> None:
    told = OfflineNarrator().render(request(ACTS))
    spots = [told.find("Healing Word"), told.find("waits for Tova's next turn"), told.find("Giant Crab")]
    assert -1 not in spots and spots == sorted(spots), told
    # Without the sections every roll is told before any beat: the waiting attack, if told, after the crab.
    plain = OfflineNarrator().render(request([]))
    assert plain.find("waits for Tova's next turn") == -1 or plain.find("waits") > plain.find("Giant Crab")


def test_an_llm_narrator_is_given_the_acts_in_the_order_said() -> None:
    lines = outcome_lines(request(ACTS))
    assert lines[0].startswith("The player's acts")
    heal = next(i for i, line in enumerate(lines) if "Healing Word on Wren" in line)
    waits = next(i for i, line in enumerate(lines) if "waits for Tova's next turn" in line)
    claw = next(i for i, line in enumerate(lines) if "Claw attack" in line)
    assert heal < waits < claw
    assert outcome_lines(request([]))[:2] == request([]).beats  # one act: beats, then rolls, as before
