"""The orchestrator: routing, concurrent agents on their own worlds, merging, failures, narration."""

from __future__ import annotations

import asyncio

import pytest

from engine.errors import AgentFailureError, CharacterNotFoundError, InvalidInputError
from engine.models.actions import ActionType, StateChange
from engine.narration.base import NarrationRequest, NarrationResult
from engine.play.actor import normalize, resolve_actor
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.orchestrator import ActionInput, Orchestrator
from tests.engine.play.intent_cases import ScriptedRoller, table_world

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


class FakeAgent:
    """Records what it saw; optionally sleeps, raises, or changes the world."""

    def __init__(self, name: str, *, sleep: float = 0.0, error: Exception | None = None,
                 hp: int | None = None, minutes: int | None = None) -> None:
        self.name, self.sleep, self.error, self.hp, self.minutes = name, sleep, error, hp, minutes
        self.seen: list[AgentContext] = []

    async def handle(self, ctx: AgentContext) -> AgentResult:
        self.seen.append(ctx)
        if self.sleep:
            await asyncio.sleep(self.sleep)
        if self.error:
            raise self.error
        if self.hp is not None:
            ctx.world.characters[0].hp.current = self.hp
        if self.minutes is not None:
            ctx.world.game_state.minutes = self.minutes
        return AgentResult(agent=self.name, beats=[f"{self.name} did its part."],
                           state_changes=[StateChange(target="Ari", kind="hp", description=self.name)],
                           follow_up_options=[f"after {self.name}"])


class BrokenNarrator:
    name = "broken"

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        raise RuntimeError("provider down")


class SlowNarrator:
    name = "slow"

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        await asyncio.sleep(5)
        return NarrationResult(text="too late")


def fakes(**overrides: FakeAgent) -> dict[str, FakeAgent]:
    agents = {name: FakeAgent(name) for name in ("combat", "social", "exploration", "rules")}
    agents.update(overrides)
    return agents


def action(text: str, world=None, actor: str | None = "Ari", roller=None, turn: int = 1) -> ActionInput:
    return ActionInput(action=text, actor=actor, world=world or table_world(), roller=roller or ScriptedRoller(),
                       turn=turn, seed=7)


# ---- routing

@pytest.mark.parametrize(("text", "agent"), [
    ("I ask Mara about the goblins", "social"), ("We head to the old mill", "exploration"),
    ("I try to climb the wall", "rules"), ("I attack the goblin", "combat"),
    ("I try to solve the riddle", "exploration"), ("We take a short rest", "rules"),
])
async def test_routes_to_the_right_agent(text, agent):
    agents = fakes()
    res = await Orchestrator(agents=agents).resolve(action(text))
    assert [name for name, a in agents.items() if a.seen] == [agent]
    assert res.warnings == []
    assert res.follow_up_options == [f"after {agent}"]


async def test_mixed_action_runs_both_agents_each_with_its_part():
    agents = fakes()
    res = await Orchestrator(agents=agents).resolve(action("I drink a potion and attack the goblin"))
    assert res.action_type == ActionType.MIXED
    assert agents["combat"].seen and agents["rules"].seen
    assert {agents["combat"].seen[0].action_type, agents["rules"].seen[0].action_type} == {
        ActionType.COMBAT, ActionType.INVENTORY}
    assert len(res.state_changes) == 2


async def test_each_agent_gets_its_own_copy_of_the_world():
    agents = fakes(combat=FakeAgent("combat", hp=3), rules=FakeAgent("rules", minutes=600))
    inp = action("I drink a potion and attack the goblin")
    res = await Orchestrator(agents=agents).resolve(inp)
    worlds = [agents["combat"].seen[0].world, agents["rules"].seen[0].world]
    assert worlds[0] is not worlds[1] and all(w is not inp.world for w in worlds)
    # Both agents' changes are merged into the new world.
    assert res.world.characters[0].hp.current == 3 and res.world.game_state.minutes == 600


async def test_input_world_untouched_by_real_agents():
    world = table_world()
    world.game_state.party_location = "Old Mill"
    snapshot = world.model_dump(mode="json")
    res = await Orchestrator().resolve(action("I swing my longsword at the goblin", world,
                                              roller=ScriptedRoller([18, 2, 5, 15])))
    assert world.model_dump(mode="json") == snapshot
    assert res.world.game_state.combat is None and res.world.character("Ari").xp == 25
    assert res.facts and res.dice_rolls and res.narrative
    assert res.follow_up_options


async def test_same_path_from_two_agents_keeps_the_first_with_a_warning():
    agents = fakes(rules=FakeAgent("rules", hp=5), combat=FakeAgent("combat", hp=1))
    res = await Orchestrator(agents=agents).resolve(action("I drink a potion and attack the goblin"))
    first = res.intent.agents[0]
    assert res.world.characters[0].hp.current == (5 if first == "rules" else 1)
    assert any("already changed" in w for w in res.warnings)


# ---- failures

async def test_slow_agent_times_out_and_the_other_result_stands():
    agents = fakes(combat=FakeAgent("combat", sleep=1.0, hp=1), rules=FakeAgent("rules", minutes=700))
    res = await Orchestrator(agents=agents, agent_timeout=0.05).resolve(
        action("I drink a potion and attack the goblin"))
    assert "combat agent timed out after 0.05 s; partial result" in res.warnings
    assert res.world.characters[0].hp.current == 12, "the timed-out agent's changes are dropped"
    assert res.world.game_state.minutes == 700
    assert [c.description for c in res.state_changes] == ["rules"]


async def test_failing_agent_is_named_and_the_others_stand():
    agents = fakes(rules=FakeAgent("rules", error=ValueError("bad potion table")), combat=FakeAgent("combat", hp=4))
    res = await Orchestrator(agents=agents).resolve(action("I drink a potion and attack the goblin"))
    warning = next(w for w in res.warnings if "rules agent failed" in w)
    assert "bad potion table" in warning
    assert res.world.characters[0].hp.current == 4


async def test_all_agents_failing_raises_and_records_nothing():
    agents = fakes(combat=FakeAgent("combat", error=RuntimeError("boom")))
    inp = action("I attack the goblin")
    snapshot = inp.world.model_dump(mode="json")
    with pytest.raises(AgentFailureError, match="combat agent failed"):
        await Orchestrator(agents=agents).resolve(inp)
    assert inp.world.model_dump(mode="json") == snapshot


async def test_missing_agent_counts_as_failed():
    with pytest.raises(AgentFailureError, match="No social agent"):
        await Orchestrator(agents={"combat": FakeAgent("combat")}).resolve(action("I ask Mara about the mill"))


async def test_failing_narrator_falls_back_to_offline_with_a_warning():
    res = await Orchestrator(agents=fakes(), narrator=BrokenNarrator()).resolve(action("I search the room"))
    assert res.narrative
    assert any("broken" in w and "provider down" in w and "offline" in w for w in res.warnings)


async def test_slow_narrator_falls_back_to_offline():
    orch = Orchestrator(agents=fakes(), narrator=SlowNarrator(), narration_timeout=0.05)
    res = await orch.resolve(action("I search the room"))
    assert res.narrative and res.narrative != "too late"
    assert any("timed out" in w for w in res.warnings)


# ---- input helpers

def test_normalize_folds_whitespace_and_rejects_bad_input():
    assert normalize("  I   attack\n the\tgoblin ") == "I attack the goblin"
    with pytest.raises(InvalidInputError):
        normalize("   \n ")
    with pytest.raises(InvalidInputError, match="2000"):
        normalize("a" * 2001)
    assert len(normalize("a" * 2000)) == 2000


def test_resolve_actor():
    world = table_world()
    assert resolve_actor(world, "I attack", "bryn", "Ari") == "Bryn"
    with pytest.raises(CharacterNotFoundError, match="Ari, Bryn"):
        resolve_actor(world, "I attack", "Zed", None)
    assert resolve_actor(world, "Bryn swings her mace", None, "Ari") == "Bryn"
    assert resolve_actor(world, "I give the rope to Bryn", None, "Ari") == "Ari"
    assert resolve_actor(world, "Look around", None, "Ari") == "Ari"
    assert resolve_actor(world, "Look around", None, None) is None
    assert resolve_actor(world, "Brynhild waves", None, None) is None, "whole words only"
