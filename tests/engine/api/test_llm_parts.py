"""An LLM intent parser's parts, through the API against the fake provider server: each part's target, item,
spell and destination is checked against the world like the whole intent's; a part that does not fit sends
the action to the offline parser, with a warning the DM sees, and the turn still happens as said."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from engine.api.manager import SessionManager
from engine.narration.openai_compat import OpenAICompatNarrator
from engine.play.parsers import LLMIntentParser
from tests.conftest import FIXED_NOW
from tests.engine.api.test_compound_turns import edit_campaign, fight, first, hp
from tests.engine.narration.llm_fakes import FakeLLMServer, Reply

pytestmark = pytest.mark.anyio

ACTION = "healing word on wren, then I swing my warhammer at Crowe"
GOOD = [{"kind": "combat", "text": "healing word on wren", "spell": "Healing Word", "target": "Wren"},
        {"kind": "combat", "text": "I swing my warhammer at Crowe", "verb": "swing", "target": "Silas Crowe",
         "item": "Warhammer"}]


@pytest.fixture
def fake_llm() -> Iterator[FakeLLMServer]:
    server = FakeLLMServer().start()
    yield server
    server.stop()


def llm_manager(data_dir, server: FakeLLMServer) -> SessionManager:
    provider = OpenAICompatNarrator(model="llama-test", base_url=f"{server.root}/v1", timeout_s=5, env={})
    parser = LLMIntentParser(provider.complete, name=provider.name, timeout_s=5)
    return SessionManager(data_dir, clock=lambda: FIXED_NOW, intent_parser=parser)


async def play(data_dir, server: FakeLLMServer, parts: list[dict]):
    manager = llm_manager(data_dir, server)  # copies the sample campaign into the data dir
    edit_campaign(data_dir)
    try:
        sid = await fight(manager, "dark-lantern", "Tova", hurt={"Wren": 10})
        before = await hp(manager, sid)
        server.reply_with(Reply(text=json.dumps({"kind": "combat", "parts": parts})))
        response = await manager.player_action(sid, ACTION, character_name="Tova")
        return response, before, await hp(manager, sid)
    finally:
        await manager.close()


async def test_checked_parts_are_acted_on_in_the_order_proposed(data_dir, fake_llm):
    response, before, after = await play(data_dir, fake_llm, GOOD)
    assert not any(w.startswith("Intent parser") for w in response.warnings), response.warnings
    sent = fake_llm.requests[-1]
    assert "PartProposal" in json.dumps(sent)  # the schema asked for structured parts
    assert after["Wren"] > before["Wren"] and after["Silas Crowe"] < before["Silas Crowe"]
    heal, swing = first("\n".join(response.dice_log), "Healing Word on Wren", "Warhammer attack")
    assert -1 not in (heal, swing) and heal < swing


@pytest.mark.parametrize("bad, said", [
    ({"target": "Zorgrim the Vast"}, "named 'Zorgrim the Vast' as the target, who is not in this world"),
    ({"item": "Vorpal Sword"}, "named the item 'Vorpal Sword', which Tova does not carry"),
    ({"spell": "Zorgrim's Ruin"}, "named the spell \"Zorgrim's Ruin\", which is neither on Tova's sheet nor in the SRD"),
    ({"destination": "The Moon"}, "named 'The Moon' as the destination, which is no place in this world"),
    ({"kind": "mixed"}, "gave part 2 the kind 'mixed'; a part is one act"),
])
async def test_a_part_that_does_not_fit_the_world_falls_back_to_the_offline_parser(data_dir, fake_llm, bad, said):
    response, before, after = await play(data_dir, fake_llm, [GOOD[0], {**GOOD[1], **bad}])
    warning = next((w for w in response.warnings if w.startswith("Intent parser")), "")
    assert said in warning and warning.endswith("used the offline parser for this action."), response.warnings
    # The offline parse reads the same two acts: the turn happens as said, nothing the LLM named is conjured.
    assert after["Wren"] > before["Wren"] and after["Silas Crowe"] < before["Silas Crowe"]
    assert "Zorgrim" not in json.dumps(after)
