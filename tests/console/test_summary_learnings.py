"""The end-of-session summary shows the decisions and patterns the session stored (seed 001)."""

from __future__ import annotations

import pytest

from engine.models.learnings import DecisionSchema
from engine.models.session import SessionSummary
from gm_console.tui.screens.summary import summary_markdown

pytestmark = pytest.mark.anyio


async def test_the_summary_lists_stored_decisions_and_patterns(manager, campaign):
    await manager.start_session(campaign, name="learned", seed=1)
    await manager.store_session_with_learnings(
        campaign, SessionSummary(objective="Find the keeper"),
        [DecisionSchema(text="Flanking gives advantage", type="house_rule")], ["The table loves sea shanties"])
    text = summary_markdown(await manager.end_session("learned", "end"))
    assert "**Decisions stored**" in text and "- Flanking gives advantage (house rule)" in text
    assert "**Patterns noticed**" in text and "- The table loves sea shanties" in text


async def test_without_learnings_the_summary_has_no_such_sections(manager, campaign):
    await manager.start_session(campaign, name="plain", seed=1)
    text = summary_markdown(await manager.end_session("plain", "end"))
    assert "Decisions stored" not in text and "Patterns noticed" not in text
