"""History and fact files: one item per line under a checksummed header, and older layouts still load."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.models import ActionType, DiceRoll, EntryKind, Fact, FactCategory, HistoryEntry, StateChange
from engine.models.session import ContextState, RngState, SessionMetadata, SessionState, SessionStatus
from engine.models.world import Campaign, Character, GameState
from engine.persistence import DataLayout, SessionStore
from engine.persistence.history import History
from engine.persistence.listfile import pack, unpack

T0 = datetime(2025, 1, 1, 12, tzinfo=UTC)


def entry(i: int) -> HistoryEntry:
    changes = [StateChange(target="combat", kind="combat_start")] if i % 3 == 0 else []
    return HistoryEntry(turn=i, timestamp=T0 + timedelta(minutes=i), kind=EntryKind.PLAYER_ACTION, actor="Mira",
                        action=f"action {i}\nwith a newline, a \"quote\" and }},{{ inside", action_type=ActionType.COMBAT,
                        dice_rolls=[DiceRoll(notation="1d20", total=i)], state_changes=changes)


def fact(i: int) -> Fact:
    return Fact(id=f"f{i}", category=FactCategory.NPC, subject="Bram", text=f"Bram owes {i} gold",
                turn=i, created_at=T0, updated_at=T0)


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(DataLayout(tmp_path), "salt-road")


def save(store: SessionStore, n: int) -> Path:
    meta = SessionMetadata(session_id="s1", name="Night", campaign_name="The Salt Road", seed=7,
                           status=SessionStatus.PAUSED, created_at=T0, last_active=T0)
    hero = Character.model_validate({"name": "Mira", "class": "fighter", "hp": {"current": 12, "max": 12}})
    state = SessionState(world=Campaign(name="The Salt Road", characters=[hero], game_state=GameState(party_location="Inn")),
                         rng=RngState(seed=7), turn=n)
    return store.save_all(meta, state, [fact(i) for i in range(n)], [entry(i) for i in range(n)], ContextState())


@pytest.mark.parametrize("n", [0, 1, 5])
def test_pack_round_trips_and_stays_plain_json(n: int) -> None:
    items = [entry(i).model_dump_json().encode() for i in range(n)]
    data, crc = pack("entries", items, 1, 42, {"dice": 7})
    read = unpack(data, "entries", 1)
    assert read is not None and read.raw == items and read.journal_seq == 42 and read.extra == {"dice": 7}
    assert read.crc == crc
    plain = json.loads(data)
    assert plain["schema_version"] == 1 and plain["journal_seq"] == 42
    assert [HistoryEntry.model_validate(e) for e in plain["entries"]] == [entry(i) for i in range(n)]


def test_a_file_of_another_layout_version_or_key_is_not_taken_on_trust() -> None:
    data, _ = pack("entries", [b'{"a":1}'], 1, 0)
    assert unpack(data, "facts", 1) is None
    assert unpack(data, "entries", 2) is None
    assert unpack(data.replace(b'{"a":1}', b'{"a":2}'), "entries", 1) is None  # checksum
    assert unpack(data[:-1], "entries", 1) is None
    assert unpack(b'{"schema_version":1,"journal_seq":0,"entries":[{"a":1}]}', "entries", 1) is None


def test_a_saved_session_loads_lazily_with_its_totals(store: SessionStore) -> None:
    folder = save(store, 30)
    header = (folder / "action_history.json").read_bytes().split(b"\n", 1)[0]
    assert b'"count":30' in header and b'"dice":30' in header and b'"combats":10' in header
    loaded = store.load_all("s1")
    assert isinstance(loaded.history, History) and len(loaded.history) == 30
    assert loaded.history.totals() == {"dice": 30, "facts": 0, "combats": 10}
    assert loaded.history[-1] == entry(29) and loaded.history[3:5] == [entry(3), entry(4)]
    assert list(loaded.history) == [entry(i) for i in range(30)]
    assert loaded.facts == [fact(i) for i in range(30)]


def older_layout(items: list, key: str) -> bytes:
    """How files were written before the checksummed layout: one line, no count, no checksum."""
    body = ",".join(i.model_dump_json() for i in items)
    return f'{{"schema_version":1,"journal_seq":0,"{key}":[{body}]}}'.encode()


def test_files_in_the_older_layout_load_and_are_rewritten_in_the_new_one(store: SessionStore) -> None:
    folder = save(store, 4)
    (folder / "action_history.json").write_bytes(older_layout([entry(i) for i in range(4)], "entries"))
    (folder / "fact_database.json").write_bytes(older_layout([fact(i) for i in range(4)], "facts"))
    loaded = store.load_all("s1")
    assert loaded.restored_backups == []
    assert list(loaded.history) == [entry(i) for i in range(4)] and loaded.facts == [fact(i) for i in range(4)]
    assert loaded.history.totals() == {"dice": 4, "facts": 0, "combats": 2}
    store.save_all(loaded.meta, loaded.state, loaded.facts, loaded.history, loaded.context)
    assert unpack((folder / "action_history.json").read_bytes(), "entries", 1) is not None
    assert unpack((folder / "fact_database.json").read_bytes(), "facts", 1) is not None


def test_a_hand_edit_fails_the_checksum_and_is_validated_in_full(store: SessionStore) -> None:
    folder = save(store, 3)
    path = folder / "fact_database.json"
    path.write_bytes(path.read_bytes().replace(b"Bram owes 1 gold", b"Bram owes 9 gold"))
    loaded = store.load_all("s1")
    assert loaded.restored_backups == [] and loaded.facts[1].text == "Bram owes 9 gold"


def test_a_damaged_item_behind_a_good_header_is_caught(store: SessionStore) -> None:
    save(store, 2)
    folder = save(store, 3)  # a second save: the backup holds 2 entries
    path = folder / "action_history.json"
    path.write_bytes(path.read_bytes().replace(b'"turn":1,', b'"turn":"one",'))
    loaded = store.load_all("s1")
    assert loaded.restored_backups == ["action_history.json"] and len(loaded.history) == 2


def test_history_keeps_recent_entries_validated_and_reads_older_ones_again(monkeypatch) -> None:
    from engine.persistence import history as module

    monkeypatch.setattr(module, "KEEP_MODELS", 3)
    h = History()
    for i in range(10):
        h.append(entry(i), entry(i).model_dump_json(exclude_defaults=True).encode())
    assert sum(m is not None for m in h._models) == 3
    assert list(h) == [entry(i) for i in range(10)] and h.totals() == {"dice": 10, "facts": 0, "combats": 4}
    while h:
        h.pop()
    assert h.totals() == {"dice": 0, "facts": 0, "combats": 0}
