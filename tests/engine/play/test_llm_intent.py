"""The LLM intent parser, through the real SDKs against the fake provider servers: a good reply is used
once checked against the world; anything unfit falls back to the offline parser with a warning."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.errors import InvalidInputError
from engine.narration.anthropic import AnthropicNarrator
from engine.narration.openai_compat import OpenAICompatNarrator
from engine.play.orchestrator import ActionInput, Orchestrator, Resolution
from engine.play.parsers import LLMIntentParser, OfflineIntentParser, build_intent_parser
from engine.settings import NarratorSettings, load_settings
from tests.engine.narration.llm_fakes import FakeLLMServer, Reply
from tests.engine.play.intent_cases import ScriptedRoller
from tests.engine.play.test_understanding import FIGHT, _world

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def fake_llm() -> Iterator[FakeLLMServer]:
    server = FakeLLMServer().start()
    yield server
    server.stop()


def _parser(kind: str, server: FakeLLMServer) -> LLMIntentParser:
    if kind == "anthropic":
        provider = AnthropicNarrator(model="claude-test", base_url=server.root, timeout_s=5,
                                     env={"ANTHROPIC_API_KEY": "sk-ant-test-key-0000"})
    else:
        provider = OpenAICompatNarrator(model="llama-test", base_url=f"{server.root}/v1", timeout_s=5, env={})
    return LLMIntentParser(provider.complete, name=provider.name, timeout_s=5)


async def _act(parser, world, text: str, actor: str = "Bram") -> Resolution:
    return await Orchestrator(intent_parser=parser).resolve(ActionInput(
        action=text, actor=actor, world=world, turn=1, roller=ScriptedRoller([20] * 40)))


def _fallback_warning(res: Resolution) -> str:
    found = [w for w in res.warnings if w.startswith("Intent parser")]
    assert found and found[0].endswith("used the offline parser for this action."), res.warnings
    return found[0]


@pytest.mark.parametrize("kind", ["anthropic", "openai"])
async def test_a_good_reply_is_checked_and_used(kind, fake_llm):
    fake_llm.reply_with(Reply(text='```json\n{"kind": "combat", "verb": "deal with", '
                                   '"target": "Wrecker Captain"}\n```'))
    res = await _act(_parser(kind, fake_llm), _world("Wrecker Caves", FIGHT), "I deal with their boss")
    assert res.action_intent.matched == ["llm"] and res.action_intent.target == "Wrecker Captain"
    assert "Wrecker Captain" in {c.target for c in res.state_changes if c.kind == "hp"}
    assert not any(w.startswith("Intent parser") for w in res.warnings)
    body = fake_llm.requests[0]
    sent = " ".join(m["content"] for m in body["messages"]) + body.get("system", "")
    assert "Action: I deal with their boss" in sent and "Foes in the fight:" in sent and '"negated"' in sent
    if kind == "openai":
        assert fake_llm.requests[0]["response_format"] == {"type": "json_object"}


async def test_invalid_json_falls_back_to_the_offline_parser_with_a_warning(fake_llm):
    fake_llm.reply_with(Reply(text="Sure! The player attacks the captain."))
    res = await _act(_parser("openai", fake_llm), _world("Wrecker Caves", FIGHT), "I stab the captain")
    assert "replied with no JSON object" in _fallback_warning(res)
    assert res.action_intent.matched != ["llm"] and res.action_intent.target == "Wrecker Captain"
    assert "Wrecker Captain" in {c.target for c in res.state_changes if c.kind == "hp"}


async def test_a_reply_outside_the_schema_falls_back(fake_llm):
    fake_llm.reply_with(Reply(text='{"kind": "dance", "target": "Wrecker Captain"}'))
    res = await _act(_parser("openai", fake_llm), _world("Wrecker Caves", FIGHT), "I stab the captain")
    assert "replied with an invalid intent (kind:" in _fallback_warning(res)


async def test_an_unknown_name_is_rejected_by_the_linker(fake_llm):
    fake_llm.reply_with(Reply(text='{"kind": "combat", "target": "Zorgrim the Vast"}'))
    world = _world("Wrecker Caves", FIGHT)
    res = await _act(_parser("openai", fake_llm), world, "I stab the captain")
    assert "named 'Zorgrim the Vast' as the target, who is not in this world" in _fallback_warning(res)
    assert res.action_intent.target == "Wrecker Captain"  # the offline parse, not a conjured foe
    assert not any(c.name == "Zorgrim the Vast" for c in res.world.game_state.combat.order)


async def test_an_unknown_place_is_rejected(fake_llm):
    fake_llm.reply_with(Reply(text='{"kind": "exploration", "destination": "The Moon"}'))
    res = await _act(_parser("openai", fake_llm), _world("Kettlecove Docks"), "back to the inn")
    assert "'The Moon' as the destination" in _fallback_warning(res)
    assert res.world.game_state.party_location == "Tarred Gull Inn"


async def test_a_failing_provider_costs_the_parse_not_the_turn(fake_llm):
    fake_llm.reply_with(Reply(status=500))
    res = await _act(_parser("openai", fake_llm), _world("Kettlecove Docks"), "back to the inn")
    assert "failed" in _fallback_warning(res)
    assert res.world.game_state.party_location == "Tarred Gull Inn"


async def test_a_question_from_the_llm_is_answered_without_a_roll(fake_llm):
    fake_llm.reply_with(Reply(text='{"kind": "question", "question": true}'))
    world = _world("Tarred Gull Inn")
    res = await _act(_parser("openai", fake_llm), world, "so what time is it", actor="Wren")
    assert res.action_intent.question and res.dice_rolls == [] and res.state_changes == []


def test_offline_is_the_default_and_llm_needs_an_llm_narrator(tmp_path):
    settings = load_settings(env={}, config_path=tmp_path / "none.toml")
    assert settings.intent_parser == "offline"
    assert isinstance(build_intent_parser(settings), OfflineIntentParser)
    chosen = load_settings(env={"GM_INTENT_PARSER": "llm"}, config_path=tmp_path / "none.toml")
    with pytest.raises(InvalidInputError, match="needs an LLM narrator"):
        build_intent_parser(chosen)
    llm = build_intent_parser(NarratorSettings(narrator="openai", intent_parser="llm", model="m",
                                               base_url="http://127.0.0.1:9/v1"), env={})
    assert isinstance(llm, LLMIntentParser) and llm.name == "openai:m"
