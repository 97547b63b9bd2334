"""Seed 001 in the engine: store_session_with_learnings / save_session, dedup of decisions and patterns,
summary merge, undo as one unit, scopes, and durability through the journal."""

from __future__ import annotations

import pytest

from engine.api.manager import SessionManager
from engine.content.authoring import scaffold_campaign
from engine.errors import SessionNotFoundError
from engine.facts.dedup import jaccard
from engine.models.facts import FactInput
from engine.models.learnings import DecisionSchema, PatternSchema
from engine.models.session import SessionSummary
from engine.text import normal_words

pytestmark = pytest.mark.anyio

SEED_SESSION = SessionSummary(
    objective="Implement dedup engine for decisions",
    actions_taken=["Read ARCHITECTURE.md", "Implemented SHA-256 hash check", "Added Jaccard similarity fallback"],
    decisions_made=["Use hash-only dedup for patterns (exact match sufficient)", "Jaccard threshold 0.70 for supersede"],
    open_items=["Add integration test for manual_review path"],
    next_actions=["Write tests for dedup engine", "Review WriteEngine retry logic"],
    save_scope="project")


def words(prefix: str, n: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(n)]


def similarity(a: str, b: str) -> float:
    return jaccard(frozenset(normal_words(a)), frozenset(normal_words(b)))


# 7 shared words of 10 distinct: exactly 0.70.
AT_070 = ("Crits on a natural nineteen for bosses only tonight", "Crits on a natural nineteen for bosses forever")
# 69 shared words of 100 distinct: exactly 0.69.
SHARED, ONLY_A, ONLY_B = words("s", 69), words("a", 16), words("b", 15)
AT_069 = (" ".join(SHARED + ONLY_A), " ".join(SHARED + ONLY_B))


def test_the_thresholds_used_below_are_exact():
    assert similarity(*AT_070) == 0.70
    assert similarity(*AT_069) == 0.69


async def test_seed_example_call_shapes_and_outcomes(manager, campaign):
    await manager.start_session(campaign, name="dedup", seed=1)
    first = await manager.store_session_with_learnings(
        campaign, SEED_SESSION, decisions=["Use hash-only dedup for patterns (exact match sufficient)",
                                           AT_070[0]],
        patterns=["The table loves a chase across the rooftops"])
    assert first.overall == "saved" and first.session.status == "saved"
    assert [d.dedup_outcome for d in first.decisions] == ["new", "new"]
    # The seed's example answer: a new decision, a superseding one, a duplicate pattern.
    second = await manager.store_session_with_learnings(
        campaign, SEED_SESSION, decisions=["Players may ready an action as a bonus action", AT_070[1]],
        patterns=["The table loves a chase across the rooftops"])
    assert second.model_dump(include={"overall"}) == {"overall": "saved"}
    assert [(d.status, d.dedup_outcome) for d in second.decisions] == [("saved", "new"), ("saved", "supersede")]
    assert second.decisions[1].superseded_id == first.decisions[1].artifact_id
    [pattern] = second.patterns
    assert (pattern.status, pattern.dedup_outcome, pattern.artifact_id) == (
        "saved", "duplicate_skip", first.patterns[0].artifact_id)
    assert second.session.artifact_id == first.session.artifact_id  # the session is the summary's artifact


async def test_a_second_identical_call_is_all_duplicate_skip_and_records_nothing(manager, campaign):
    s = await manager.start_session(campaign, name="twice", seed=1)
    decisions = [DecisionSchema(text="Flanking gives advantage", type="house_rule", rationale="The table asked")]
    first = await manager.store_session_with_learnings(campaign, SEED_SESSION, decisions, ["Loves riddles"])
    again = await manager.store_session_with_learnings(campaign, SEED_SESSION, decisions, ["Loves riddles"])
    assert [d.dedup_outcome for d in again.decisions + again.patterns] == ["duplicate_skip", "duplicate_skip"]
    assert [d.artifact_id for d in again.decisions] == [d.artifact_id for d in first.decisions]
    assert again.overall == "saved" and again.turn_number is None  # nothing changed: no history entry
    assert len((await manager.export_session(s.session_id)).history) == 1
    stored = await manager.list_learnings(campaign)
    assert [(d.text, d.type, d.rationale) for d in stored.decisions] == [
        ("Flanking gives advantage", "house_rule", "The table asked")]


async def test_supersede_at_exactly_070_and_new_at_069(manager, campaign):
    await manager.start_session(campaign, name="edges", seed=1)
    await manager.store_session_with_learnings(campaign, SessionSummary(), [AT_070[0], AT_069[0]])
    result = await manager.store_session_with_learnings(campaign, SessionSummary(), [AT_070[1], AT_069[1]])
    assert [d.dedup_outcome for d in result.decisions] == ["supersede", "new"]
    active = [d.text for d in (await manager.list_learnings(campaign)).decisions]
    assert AT_070[0] not in active and AT_070[1] in active and AT_069[0] in active and AT_069[1] in active
    everything = await manager.list_learnings(campaign, include_superseded=True)
    old = next(d for d in everything.decisions if d.text == AT_070[0])
    assert not old.active and old.superseded_by == result.decisions[0].artifact_id


async def test_supersede_ignores_word_order_and_any_subject(manager, campaign):
    await manager.start_session(campaign, name="order", seed=1)
    await manager.store_session_with_learnings(campaign, SessionSummary(),
                                               ["A red lantern hangs in the net shed at the docks."])
    result = await manager.store_session_with_learnings(campaign, SessionSummary(),
                                                        ["In the net shed at the docks a red lantern hangs."])
    assert result.decisions[0].dedup_outcome == "supersede"


async def test_one_invalid_item_makes_the_answer_partial_and_the_rest_is_saved(manager, campaign):
    await manager.start_session(campaign, name="partial", seed=1)
    result = await manager.store_session_with_learnings(
        campaign, SEED_SESSION, ["Good ruling", "   ", "?!"], [PatternSchema(text="x" * 2001), "Likes puzzles"])
    assert result.overall == "partial" and result.session.status == "saved"
    assert [d.status for d in result.decisions] == ["saved", "failed", "failed"]
    assert [p.status for p in result.patterns] == ["failed", "saved"]
    assert "empty" in result.decisions[1].error and "2,000" in result.patterns[0].error
    stored = await manager.list_learnings(campaign)
    assert [d.text for d in stored.decisions] == ["Good ruling"] and [p.text for p in stored.patterns] == ["Likes puzzles"]


async def test_a_later_call_merges_into_the_summary_and_never_blanks_it(manager, campaign):
    s = await manager.start_session(campaign, name="merge", seed=1)
    await manager.save_session(campaign, SEED_SESSION)
    later = SessionSummary(actions_taken=["Implemented the SHA-256 hash check", "Wrote the dedup tests"],
                           next_actions=[])
    saved = await manager.save_session(campaign, later, session_id="merge")
    assert saved.status == "saved" and saved.turn_number == 2
    summary = (await manager.export_session(s.session_id)).state.host_summary
    assert summary.objective == SEED_SESSION.objective  # an empty objective keeps the stored one
    assert summary.decisions_made == SEED_SESSION.decisions_made and summary.next_actions == SEED_SESSION.next_actions
    # The near-identical line replaced the older wording in place; the new one was appended.
    assert summary.actions_taken == ["Read ARCHITECTURE.md", "Implemented the SHA-256 hash check",
                                     "Added Jaccard similarity fallback", "Wrote the dedup tests"]
    ended = await manager.end_session("merge", "end", summary_notes="Short night")
    assert ended.session_summary.actions_taken == summary.actions_taken
    assert ended.session_summary.notes == "Short night"


async def test_undo_takes_back_the_whole_store_and_only_it(manager, campaign):
    s = await manager.start_session(campaign, name="undo", seed=1)
    await manager.save_session(campaign, SessionSummary(objective="Find the keeper", open_items=["Who paid?"]))
    before = await manager.export_session(s.session_id)
    stored = await manager.store_session_with_learnings(
        campaign, SessionSummary(objective="Relight the lamp", open_items=["Where is the oil?"]),
        ["Rope tricks need a Dexterity check"], ["Loves sea shanties"],
        facts=[FactInput(text="The lamp oil is kept in the chapel crypt", category="item")])
    assert stored.overall == "saved" and stored.turn_number == 2
    undone = await manager.undo_last(s.session_id, expected_turn=2)
    assert undone.undone_turn == 2
    after = await manager.export_session(s.session_id)
    assert after.state == before.state and after.facts == before.facts and after.history == before.history
    assert (await manager.list_learnings(campaign)).decisions == []
    assert "Previously" in await manager.recap(s.session_id) or "Find the keeper" in await manager.recap(s.session_id)
    ended = await manager.end_session(s.session_id, "pause")
    assert ended.session_summary.objective == "Find the keeper"
    assert ended.session_summary.open_items == ["Who paid?"]


async def test_learnings_are_durable_before_the_call_returns(manager, campaign, data_dir):
    s = await manager.start_session(campaign, name="durable", seed=1)
    await manager.store_session_with_learnings(campaign, SEED_SESSION, ["Inspiration for good puns"])
    # A second process reads the files and the journal, as after a crash of this one.
    other = SessionManager(data_dir)
    seen = await other.list_learnings(campaign)
    assert [d.text for d in seen.decisions] == ["Inspiration for good puns"]
    assert (await other.export_session(s.session_id)).state.host_summary.objective == SEED_SESSION.objective


async def test_dedup_spans_the_campaigns_sessions_and_links_each_to_its_session(manager, campaign):
    await manager.start_session(campaign, name="one", seed=1)
    first = await manager.store_session_with_learnings(campaign, SEED_SESSION, [AT_070[0], "Potions are a bonus action"])
    await manager.end_session("one", "end")
    await manager.start_session(campaign, name="two", seed=2)
    second = await manager.store_session_with_learnings(campaign, SEED_SESSION,
                                                        [AT_070[1], "Potions are a bonus action"])
    assert [d.dedup_outcome for d in second.decisions] == ["supersede", "duplicate_skip"]
    assert second.decisions[1].artifact_id == first.decisions[1].artifact_id
    listed = await manager.list_learnings(campaign)
    assert {(d.text, d.session_name) for d in listed.decisions} == {
        (AT_070[1], "two"), ("Potions are a bonus action", "one")}
    only_two = await manager.list_learnings(campaign, session_id="two")
    assert [d.text for d in only_two.decisions] == [AT_070[1]]


async def test_global_scope_reaches_every_campaign_and_project_scope_does_not(manager, campaign):
    scaffold_campaign("Salt Road", manager.layout.campaigns_dir)
    await manager.start_session(campaign, name="here", seed=1)
    await manager.store_session_with_learnings(campaign, SessionSummary(save_scope="global"), ["No PvP at this table"])
    await manager.store_session_with_learnings(campaign, SessionSummary(), ["The lighthouse is haunted"])
    await manager.start_session("Salt Road", name="there", seed=1)
    elsewhere = await manager.list_learnings("Salt Road")
    assert [d.text for d in elsewhere.decisions] == ["No PvP at this table"]
    again = await manager.store_session_with_learnings("Salt Road", SessionSummary(), ["No PvP at this table"])
    assert again.decisions[0].dedup_outcome == "duplicate_skip"


async def test_the_session_defaults_to_the_current_then_the_latest(manager, campaign):
    with pytest.raises(SessionNotFoundError, match="start_claudmaster_session"):
        await manager.store_session_with_learnings(campaign, SEED_SESSION)
    await manager.start_session(campaign, name="early", seed=1)
    await manager.end_session("early", "pause")
    await manager.start_session(campaign, name="late", seed=2)
    assert (await manager.save_session(campaign, SEED_SESSION)).session_name == "late"
    await manager.end_session("late", "end")
    # No session is active: the one active last ('late') still takes it, its status unchanged.
    result = await manager.save_session(campaign, SessionSummary(open_items=["After the end"]))
    assert result.session_name == "late"
    assert {i.name: i.status for i in await manager.list_sessions(campaign)}["late"] == "ended"


async def test_another_process_reads_stores_and_undos_from_the_journal(manager, campaign, data_dir):
    s = await manager.start_session(campaign, name="journal", seed=1)
    await manager.store_session_with_learnings(campaign, SessionSummary(), ["Kept ruling"], ["Kept pattern"])
    await manager.store_session_with_learnings(campaign, SessionSummary(), ["Undone ruling"])
    await manager.undo_last(s.session_id)
    await manager.store_session_with_learnings(campaign, SessionSummary(), [AT_070[0]])
    await manager.store_session_with_learnings(campaign, SessionSummary(), [AT_070[1]])
    # Nothing was saved to the snapshot since the start: all of it lives in journal lines, entries and undos.
    seen = await SessionManager(data_dir).list_learnings(campaign, include_superseded=True)
    assert [(d.text, d.active) for d in seen.decisions] == [
        ("Kept ruling", True), (AT_070[0], False), (AT_070[1], True)]
    assert [p.text for p in seen.patterns] == ["Kept pattern"]
