"""The console shows what the engine answers: session and campaign names as the engine resolves them,
the party's state from the engine's flags, and a turn the same way live and after a resume."""

from __future__ import annotations

import json

import pytest
from textual.widgets import OptionList

from engine.models.session import CharacterStatus, SessionStatus
from gm_console.tui.app import create_app
from gm_console.tui.screens.error import ErrorModal
from gm_console.tui.screens.picker import SessionPicker
from gm_console.tui.widgets.narrative import entry_from_history, entry_from_response
from gm_console.tui.widgets.party import condition_cell, party_row
from tests.console.conftest import CAMPAIGN, settle

pytestmark = pytest.mark.anyio


# ---- sessions and campaigns named on the command line

async def test_ended_session_named_by_an_id_prefix_is_shown_read_only(mgr) -> None:
    sid = (await mgr.start_session(CAMPAIGN, "last-night", seed=7)).session_id
    await mgr.end_session(sid, "end")
    app = create_app(mgr, session=sid.replace("-", "")[:10])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert not isinstance(app.screen, ErrorModal)
        assert app.screen is app.main
        assert (app.session_id, app.status) == (sid, SessionStatus.ENDED)
        assert "Previously on" in app.main.narrative.plain_text


async def test_paused_session_named_in_another_case_is_resumed(mgr) -> None:
    sid = (await mgr.start_session(CAMPAIGN, "old-night", seed=7)).session_id
    await mgr.end_session(sid, "pause")
    app = create_app(mgr, campaign="The Dark Lantern", session="OLD-NIGHT")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert (app.session_id, app.status) == (sid, SessionStatus.ACTIVE)


async def test_unknown_campaign_for_a_session_is_the_engines_error(mgr) -> None:
    app = create_app(mgr, campaign="no-such-campaign", session="old-night")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ErrorModal)
        assert "No campaign named 'no-such-campaign'" in str(app.screen.query_one("#error-message").render())


async def test_picker_opens_on_the_campaign_the_engine_matches(mgr, data_dir) -> None:
    other = json.loads((data_dir / "campaigns" / CAMPAIGN / "campaign.json").read_text(encoding="utf-8"))
    other["name"] = "Another Tale"
    (data_dir / "campaigns" / "another-tale").mkdir()
    (data_dir / "campaigns" / "another-tale" / "campaign.json").write_text(json.dumps(other), encoding="utf-8")
    app = create_app(mgr, campaign="dark lantern")  # neither the slug nor the name, but the engine's match
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, SessionPicker)
        options = app.screen.query_one("#campaigns", OptionList)
        assert options.option_count == 2
        assert app.screen.current_campaign == CAMPAIGN


# ---- the party table

def status(**flags: object) -> CharacterStatus:
    base = {"name": "Ari", "class_name": "fighter", "level": 3, "hp": 0, "hp_max": 20, "temp_hp": 0, "ac": 16,
            "conditions": ["unconscious"], "unconscious": True, "dead": False}
    return CharacterStatus(**(base | flags))


def test_party_shows_the_engines_verdict_on_the_fallen() -> None:
    assert condition_cell(status(death_saves="1S/2F")).plain == "UNCONSCIOUS 1S/2F"
    assert condition_cell(status(stable=True)).plain == "stable"
    assert condition_cell(status(dead=True)).plain == "DEAD"
    asleep = status(hp=12, conditions=["unconscious", "prone"])  # magical sleep: unconscious above 0 HP
    assert condition_cell(asleep).plain == "UNCONSCIOUS, prone"
    assert party_row(asleep)[0].style == "bold red"
    standing = status(hp=12, conditions=["poisoned (2 rd)"], unconscious=False)
    assert condition_cell(standing).plain == "poisoned (2 rd)"
    assert party_row(standing)[0].style == "bold"


# ---- a turn in the narrative

async def test_a_turn_reads_the_same_live_and_after_a_resume(mgr) -> None:
    sid = (await mgr.start_session(CAMPAIGN, "table-one", seed=7)).session_id
    response = await mgr.player_action(sid, "I look around the room")
    view = await mgr.get_session_state(sid, "standard", include_history=True, history_limit=1)
    live, resumed = entry_from_response("I look around the room", response), entry_from_history(view.recent_history[0])
    assert live.title.startswith("Turn 1 · ")
    # Live, the DM also sees how the line was read; that reading is derived, never recorded, so a resumed
    # turn has none and otherwise reads exactly the same.
    assert response.intent is not None and live.read_as == response.intent.read_as and not resumed.read_as
    reading = f"Read as: {live.read_as}\n"
    assert reading in live.plain
    assert (live.title, live.plain.replace(reading, "")) == (resumed.title, resumed.plain)
