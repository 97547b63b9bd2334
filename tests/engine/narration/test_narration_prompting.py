"""Prompt building and reply parsing for the LLM narrators."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.models.actions import NPCResponse
from engine.models.facts import FactCategory
from engine.narration.base import NarrationRequest
from engine.narration.prompting import FactsBlockFilter, build_prompt, parse_reply


def test_prompt_carries_style_context_then_the_outcome_in_order(turn: NarrationRequest) -> None:
    request = turn.model_copy(update={"npc_responses": [NPCResponse(npc="Old Tam", text="Is it dead?  Truly?")]})
    prompt = build_prompt(request)
    assert "grim and terse" in prompt.system
    assert "Never change" in prompt.system and "```facts" in prompt.system
    user = prompt.user
    order = ["flooded cellar", "Brakka: I swing my axe", "Brakka — Handaxe attack: 1d20+5 = 22 (natural 17) vs AC 13 — HIT",
             "Brakka — Handaxe damage: 1d6+3 = 7", "Goblin hit points: 7 → 0", "Goblin gains condition: dead",
             "Goblin is dead and takes no further action", 'Old Tam says, verbatim: "Is it dead?  Truly?"']
    positions = [user.index(part) for part in order]
    assert positions == sorted(positions)


def test_failed_save_reads_as_failure(turn: NarrationRequest) -> None:
    from engine.models.actions import DiceRoll

    request = turn.model_copy(update={"dice_rolls": [DiceRoll(notation="1d20+1", total=8, purpose="DEX save",
                                                              roller="Brakka", dc=14, success=False)]})
    assert "DEX save: 1d20+1 = 8 vs DC 14 — FAILURE" in build_prompt(request).user


def test_small_context_window_trims_the_oldest_context(turn: NarrationRequest) -> None:
    request = turn.model_copy(update={"context": "OLDEST " + "x" * 20_000 + " NEWEST"})
    prompt = build_prompt(request, context_window=2000, max_output_tokens=400)
    assert "NEWEST" in prompt.user and "OLDEST" not in prompt.user
    assert "22 (natural 17)" in prompt.user  # the outcome is never trimmed
    assert prompt.warnings and "trimmed" in prompt.warnings[0]


def test_parse_reply_without_block() -> None:
    parsed = parse_reply("  The door creaks open.  \n")
    assert (parsed.prose, parsed.facts, parsed.warnings) == ("The door creaks open.", [], [])


def test_parse_reply_with_facts() -> None:
    parsed = parse_reply('The door creaks.\n\n```facts\n[{"text": "Tam fears the dark.", "category": "NPC", '
                         '"subject": "Tam"}, {"category": "world"}]\n```')
    assert parsed.prose == "The door creaks."
    assert [(f.text, f.category, f.subject) for f in parsed.facts] == [("Tam fears the dark.", FactCategory.NPC, "Tam")]
    assert parsed.warnings == ["1 malformed fact(s) from the narrator were ignored"]


def test_parse_reply_with_bad_json_keeps_prose() -> None:
    parsed = parse_reply("The door creaks.\n```facts\n[oops\n```")
    assert parsed.prose == "The door creaks."
    assert parsed.facts == [] and "not valid JSON" in parsed.warnings[0]


REPLIES = [
    "  You step in.\n\nThe room is cold.  \n\n```facts\n[{\"text\": \"It is cold.\"}]\n```\n",
    "No block here, just `inline` ticks and a trailing space ",
    "Short.",
    "Text then ``` stray fence",
]


@given(reply=st.sampled_from(REPLIES), cuts=st.lists(st.integers(min_value=0, max_value=80), max_size=12))
def test_streamed_prose_equals_parsed_prose_however_it_is_chunked(reply: str, cuts: list[int]) -> None:
    bounds = sorted({min(c, len(reply)) for c in cuts} | {0, len(reply)})
    prose = FactsBlockFilter()
    out = "".join(prose.feed(reply[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)) + prose.finish()
    assert out == parse_reply(reply).prose
