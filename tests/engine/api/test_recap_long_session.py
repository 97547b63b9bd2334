"""Recaps over a long session (hundreds of turns): no word and no clue cut, each item once, the most important
first; what does not fit is left out whole and counted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.play.agents.archivist import Archivist
from engine.play.budget import PromptBudget
from engine.text import normal_words

pytestmark = pytest.mark.anyio

TURNS = 320
ROOT = Path(__file__).resolve().parents[3]
# A restless table: the same questions asked again and again, the same places searched, fights, rests.
SCRIPT = [
    ("Wren", "I search the taproom for anything salvaged from the wreck"),
    ("Tova", "I ask Hesper Quill what she saw the night the light went out"),
    ("Idris", "I ask Hesper Quill who paid for the room in foreign silver"),
    ("Bram", "I ask Hesper Quill what she knows"),
    ("Wren", "We head to Kettlecove Docks"),
    ("Wren", "I investigate the net sheds"),
    ("Tova", "I ask Pim Lowrie what he saw the night the light went out"),
    ("Idris", "I study Osric Vell's face: is he lying about the night of the wreck?"),
    ("Bram", "I ask Osric Vell about his ledger"),
    ("Wren", "We go to Gannet Point"),
    ("Idris", "I investigate the lamp room"),
    ("Tova", "I search the gallery for signs of a struggle"),
    ("Bram", "I ask Nessa Rook where the stair leads"),
    ("Bram", "I attack the Wrecker Thug"),
    ("Wren", "I stab the Wrecker Thug"),
    ("Bram", "I attack the Wrecker Thug again"),
    ("Wren", "We go to Kettlecove Docks"),
    ("Tova", "We go to the Tarred Gull Inn"),
]


def vocabulary(export) -> set[str]:
    """Every word the recap may use: the session's own texts, the world's, and the archivist's phrasing."""
    texts = [export.state.world.model_dump_json(), *(e.model_dump_json() for e in export.history),
             *(f.text for f in export.facts)]
    texts += [(ROOT / "engine" / "play" / name).read_text(encoding="utf-8")
              for name in ("agents/archivist.py", "agents/entry_notes.py", "digest.py")]
    return {w for t in texts for w in normal_words(t)}


def clues(export) -> list[str]:
    world = export.state.world
    return [d.text for loc in world.locations for d in loc.discoveries] + [
        s.text for n in world.npcs for s in n.secrets]


def assert_whole(text: str, words: set[str], all_clues: list[str]) -> None:
    unknown = {w for w in normal_words(text) if w not in words and not re.fullmatch(r"t?\d+", w)}
    assert not unknown, f"cut or invented words: {sorted(unknown)[:10]}"
    for clue in all_clues:
        head = clue[:25]
        if head in text:
            assert clue.rstrip(".") in text, f"clue cut: {clue[:40]}..."


def substance(item: str) -> str:
    body = re.sub(r"^(?:- )?T\d+(?:-\d+)?: ", "", item.strip())
    return " ".join(normal_words(body.split(": ", 1)[-1] if ": " in body[:60] else body))


def assert_once(items: list[str]) -> None:
    seen = [substance(i) for i in items if i.strip() and not i.startswith("(")]
    assert len(seen) == len(set(seen)), [s for s in seen if seen.count(s) > 1][:3]


@pytest.mark.slow
async def test_recaps_of_a_long_session_keep_words_and_clues_whole_and_each_item_once(manager, campaign):
    sid = (await manager.start_session(campaign, name="long-night", seed=11)).session_id
    for turn in range(TURNS):
        actor, action = SCRIPT[turn % len(SCRIPT)]
        game = (await manager.get_session_state(sid, include_history=False)).game_state
        if game.in_combat and game.current_turn is not None:
            actor = game.current_turn
        await manager.player_action(sid, action, character_name=actor)
        if turn % 40 == 39 and not (await manager.get_session_state(sid, include_history=False)).game_state.in_combat:
            await manager.rest(sid, "long")
    export = await manager.export_session(sid)
    words, all_clues = vocabulary(export), clues(export)
    revealed = [s.text for n in export.state.world.npcs for s in n.secrets if s.revealed]
    assert len(export.history) > TURNS and revealed, "the evening must have turned up secrets"

    recap = await manager.recap(sid)
    assert_whole(recap, words, all_clues)
    events = recap.split("\n\n")[1]
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", events) if s.strip()]
    assert len(sentences) == len(set(sentences)), "an item told twice"
    # The most important first: a secret revealed comes before any routine line.
    assert events.index("revealed:") < min((events.find(w) for w in ("spoke with", "landed", "took a")
                                            if w in events), default=len(events))
    assert re.search(r"\(\d+ more events? left out\.\)", events), "a long session leaves events out and says so"

    ended = await manager.end_session(sid, "pause")
    summary = ended.session_summary
    for items in (summary.actions_taken, summary.decisions_made, summary.open_items, summary.next_actions):
        for item in items:
            assert_whole(item, words, all_clues)
        assert_once(items)
    assert summary.actions_taken[-1].endswith("left out.)"), "25 of hundreds of lines: the rest are counted"

    archivist = Archivist()
    rolling = ""
    for start in range(0, len(export.history), 20):
        rolling = archivist.rolling_summary(export.history[start:start + 20], rolling, max_chars=1500)
        lines = rolling.splitlines()
        assert len("\n".join(lines)) <= 1500
        assert_once(lines)
    assert_whole(rolling, words, all_clues)
    # The narrator's context: whole lines of that summary, newest kept, the rest counted.
    text, usage = PromptBudget(window=300, reserve_for_output=50).build(
        style="Brisk", scene="Tarred Gull Inn", party=["Bram"], facts=[], history=[], rolling_summary=rolling)
    shown = text.split("## Earlier in the session\n", 1)[1].splitlines()
    assert re.fullmatch(r"\(\d+ earlier lines? left out\.\)", shown[0])
    assert all(line in rolling.splitlines() for line in shown[1:]) and shown[-1] == rolling.splitlines()[-1]
