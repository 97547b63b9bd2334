"""The fact index saved beside fact_database.json: a tracker read from it behaves exactly like one built
from the facts, and an index that does not match the facts it sits beside is never used."""

from __future__ import annotations

import zlib
from datetime import UTC, datetime

import pytest

from engine.facts import saved
from engine.facts.tracker import FactTracker
from engine.models.facts import FactCategory, FactInput

NOW = datetime(2025, 1, 1, tzinfo=UTC)
ENTITIES = ["Bron", "Mira", "Sister Ilsa", "Rusty Anchor", "Phandalin", "Old Mill"]
FACTS = ["Bron owes Ilsa five gold.", "The Old Mill is haunted by a pale child.", "Mira keeps the key to the mill.",
         "The cellar door of the Rusty Anchor is locked.", "Sister Ilsa distrusts Bron.",
         "Bron owes Ilsa ten gold now.", "Phandalin pays its taxes in grain.", "The pale child guards the key."]


def built() -> FactTracker:
    tracker = FactTracker(known_entities=ENTITIES)
    for i, text in enumerate(FACTS):
        tracker.record(FactInput(text=text, category=FactCategory.NPC if i % 2 else FactCategory.WORLD),
                       turn=i + 1, now=NOW, fact_id=f"f{i}")
    return tracker


def reread(tracker: FactTracker, names: list[str] = ENTITIES) -> FactTracker | None:
    raw = tracker.all_json()
    crc = zlib.crc32(b"|".join(raw))  # any checksum of the fact file: the index only has to name it
    return saved.load(saved.dump(tracker, crc), raw, crc, names)


def view(tracker: FactTracker) -> list:
    queries = [tracker.query("gold"), tracker.query("key child"), tracker.query(entity="Bron"),
               tracker.query(category=FactCategory.NPC, limit=3), tracker.query(include_superseded=True),
               tracker.query("mill", entity="Old Mill")]
    return [[(f.id, f.status, f.superseded_by) for f in q.facts] + [q.total_matches] for q in queries]


def test_a_tracker_read_from_its_index_answers_and_records_like_the_original() -> None:
    original = built()
    copy = reread(original)
    assert copy is not None
    assert view(copy) == view(original)
    assert copy.all_json() == original.all_json() and copy.all() == original.all()
    for text in ["Bron owes Ilsa twelve gold now.", "The cellar door of the Rusty Anchor is open.",
                 "Bron owes Ilsa five gold."]:
        a = original.record(FactInput(text=text), turn=20, now=NOW, fact_id=f"n{len(text)}")
        b = copy.record(FactInput(text=text), turn=20, now=NOW, fact_id=f"n{len(text)}")
        assert a[0] == b[0] and a[1:] == b[1:]
    assert view(copy) == view(original)


def test_undo_on_a_tracker_read_from_its_index_restores_the_same_state() -> None:
    original = built()
    copy = reread(original)
    assert copy is not None
    for tracker in (original, copy):
        tracker.unsupersede("f0")
        tracker.remove("f5")
    assert view(copy) == view(original) and copy.all_json() == original.all_json()


def test_changes_mark_the_index_for_the_next_save() -> None:
    copy = reread(built())
    assert copy is not None
    write = saved.index_writer(copy)
    copy.index_saved = True
    assert write(1) is None  # nothing changed: the index on disk still holds
    copy.record(FactInput(text="The well is dry."), turn=30, now=NOW, fact_id="w")
    assert write(1) is not None and write(1) is None


@pytest.mark.parametrize("damage", ["facts changed", "count", "names", "body", "format", "empty", "missing"])
def test_an_index_that_does_not_match_is_not_used(damage: str) -> None:
    tracker = built()
    raw = tracker.all_json()
    data = saved.dump(tracker, 7)
    names, crc = ENTITIES, 7
    if damage == "facts changed":
        crc = 8
    elif damage == "count":
        raw = raw[:-1]
    elif damage == "names":
        names = [*ENTITIES, "Tarn"]
    elif damage == "body":
        data = data.replace(b'"f3"', b'"f9"', 1)
    elif damage == "format":
        data = data.replace(b'{"format":%d' % saved.FORMAT, b'{"format":%d' % (saved.FORMAT - 1))
    elif damage == "empty":
        data = b""
    else:
        data = None
    assert saved.load(data, raw, crc, names) is None


@pytest.mark.anyio
async def test_a_session_loads_from_its_index_and_rebuilds_a_stale_one(tmp_path) -> None:
    from engine.api.manager import SessionManager

    manager = SessionManager(tmp_path / "data")
    campaign = (await manager.list_campaigns())[0].name
    s = await manager.start_session(campaign, name="night", seed=3)
    for text in FACTS:
        await manager.record_fact("night", text, "npc")
    await manager.end_session("night", "pause")
    folder = manager.layout.session_dir(manager.campaigns.resolve(campaign), s.session_id)
    assert (folder / "fact_index.json").exists()
    await manager.load_session("night")
    assert manager._open[s.session_id].facts.index_saved  # read from the index, not rebuilt
    before = (await manager.query_facts("night", "gold")).facts
    await manager.end_session("night", "pause")
    (folder / "fact_index.json").write_bytes(b'{"format":1}')
    await manager.load_session("night")
    assert not manager._open[s.session_id].facts.index_saved
    assert (await manager.query_facts("night", "gold")).facts == before
    await manager.end_session("night", "pause")  # the rebuilt index is saved again
    await manager.load_session("night")
    assert manager._open[s.session_id].facts.index_saved


@pytest.mark.anyio
async def test_an_index_that_cannot_be_written_never_fails_the_save(tmp_path) -> None:
    from engine.api.manager import SessionManager

    manager = SessionManager(tmp_path / "data")
    campaign = (await manager.list_campaigns())[0].name
    s = await manager.start_session(campaign, name="night", seed=3)
    folder = manager.layout.session_dir(manager.campaigns.resolve(campaign), s.session_id)
    (folder / "fact_index.json").mkdir()  # in the way: the index cannot be swapped in
    (folder / "fact_index.json" / "x").write_text("keeps the folder non-empty")
    await manager.record_fact("night", FACTS[0], "npc")
    result = await manager.end_session("night", "pause")
    assert result.status == "saved"
    loaded = await manager.load_session("night")
    assert loaded.action_count == 1 and not manager._open[s.session_id].facts.index_saved
    assert [f.text for f in (await manager.query_facts("night", "gold")).facts] == [FACTS[0]]
