"""A damaged session file comes back from its backup, or fails naming the file; it never hides others."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.errors import CampaignNotFoundError, CorruptFileError, SessionNotFoundError
from engine.models import ActionType, DiceRoll, EntryKind, Fact, FactCategory, HistoryEntry, PatchOp
from engine.models.session import (
    ContextState,
    RngState,
    SessionIndex,
    SessionMetadata,
    SessionRecord,
    SessionState,
    SessionStatus,
)
from engine.models.world import Campaign, Character, GameState
from engine.persistence import (
    SESSION_FILES,
    CampaignStore,
    DataLayout,
    SessionStore,
    ensure_bundled_campaigns,
)

T0 = datetime(2025, 1, 1, 12, tzinfo=UTC)
SLUG = "salt-road"


def world(location: str = "The Gull Inn") -> Campaign:
    hero = Character.model_validate({"name": "Mira", "class": "fighter", "hp": {"current": 12, "max": 12}})
    return Campaign(name="The Salt Road", characters=[hero], game_state=GameState(party_location=location))


def fact(i: int) -> Fact:
    return Fact(id=f"f{i}", category=FactCategory.NPC, subject="Bram", text=f"Bram owes {i} gold",
                turn=i, created_at=T0, updated_at=T0)


def entry(i: int) -> HistoryEntry:
    return HistoryEntry(turn=i, timestamp=T0 + timedelta(minutes=i), kind=EntryKind.PLAYER_ACTION,
                        actor="Mira", action=f"action {i}", action_type=ActionType.COMBAT,
                        dice_rolls=[DiceRoll(notation="1d20+5", total=10 + i)],
                        patch=[PatchOp(path=["world", "characters", 0, "hp", "current"],
                                       before=12, after=12 - i)])


class Version:
    """One saved version of a session: `n` actions in."""

    def __init__(self, session_id: str, n: int) -> None:
        self.meta = SessionMetadata(session_id=session_id, name=f"Night {session_id}",
                                    campaign_name="The Salt Road", status=SessionStatus.PAUSED, created_at=T0,
                                    last_active=T0 + timedelta(hours=n), action_count=n, seed=7)
        self.state = SessionState(world=world(f"Room {n}"), rng=RngState(seed=7, counter=n), turn=n)
        self.facts = [fact(i) for i in range(n)]
        self.history = [entry(i) for i in range(n)]
        self.context = ContextState(rolling_summary=f"summary after {n}", summarized_through_turn=n)

    def save(self, store: SessionStore) -> Path:
        return store.save_all(self.meta, self.state, self.facts, self.history, self.context)

    def part(self, filename: str) -> object:
        return {"session_meta.json": self.meta, "state_snapshot.json": self.state,
                "fact_database.json": self.facts, "action_history.json": self.history,
                "context_state.json": self.context}[filename]


def loaded_part(loaded: object, filename: str) -> object:
    attr = {"session_meta.json": "meta", "state_snapshot.json": "state", "fact_database.json": "facts",
            "action_history.json": "history", "context_state.json": "context"}[filename]
    return getattr(loaded, attr)


DAMAGE = {"truncated": lambda data: data[: len(data) // 2],
          "garbage": lambda data: b"\x00\x9f\xffnot json at all"}


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(DataLayout(tmp_path), SLUG)


def test_save_and_load_round_trip(store: SessionStore) -> None:
    v = Version("s1", 3)
    folder = v.save(store)
    assert folder == store.layout.session_dir(SLUG, "s1")
    assert {p.name for p in folder.iterdir()} >= set(SESSION_FILES)
    loaded = store.load_all("s1")
    for name in SESSION_FILES:
        assert loaded_part(loaded, name) == v.part(name)
    assert loaded.restored_backups == []
    assert loaded.journal_lines == []
    # The list files have the documented shape.
    facts = json.loads((folder / "fact_database.json").read_bytes())
    history = json.loads((folder / "action_history.json").read_bytes())
    assert facts["schema_version"] == history["schema_version"] == 1
    assert [f["id"] for f in facts["facts"]] == ["f0", "f1", "f2"]
    assert [e["turn"] for e in history["entries"]] == [0, 1, 2]


@pytest.mark.parametrize("how", DAMAGE)
@pytest.mark.parametrize("filename", SESSION_FILES)
def test_damaged_session_file_is_restored_from_backup(store: SessionStore, filename: str, how: str) -> None:
    old, new = Version("s1", 2), Version("s1", 4)
    old.save(store)
    folder = new.save(store)
    path = folder / filename
    path.write_bytes(DAMAGE[how](path.read_bytes()))
    loaded = store.load_all("s1")
    assert loaded.restored_backups == [filename]
    assert loaded_part(loaded, filename) == old.part(filename)
    for other in SESSION_FILES:
        if other != filename:
            assert loaded_part(loaded, other) == new.part(other)
    assert (folder / f"{filename}.corrupt").exists()
    assert store.load_all("s1").restored_backups == []


DATA_FILES = [name for name in SESSION_FILES if name != "context_state.json"]


@pytest.mark.parametrize("how", DAMAGE)
def test_an_unreadable_context_state_is_rebuilt(store: SessionStore, how: str) -> None:
    v = Version("s1", 2)
    folder = v.save(store)  # first save: no backup
    path = folder / "context_state.json"
    path.write_bytes(DAMAGE[how](path.read_bytes()))
    loaded = store.load_all("s1")
    assert loaded.rebuilt == ["context_state.json"] and loaded.restored_backups == []
    assert loaded.context == ContextState()  # the rolling summary is made again from the history
    assert loaded.history == v.history and loaded.facts == v.facts and loaded.state == v.state
    assert path.with_name("context_state.json.corrupt").exists()


@pytest.mark.parametrize("how", DAMAGE)
@pytest.mark.parametrize("filename", DATA_FILES)
def test_damaged_session_file_without_backup_names_the_file(store: SessionStore, filename: str,
                                                            how: str) -> None:
    folder = Version("s1", 2).save(store)  # First save: no backups yet.
    Version("s2", 1).save(store)
    path = folder / filename
    path.write_bytes(DAMAGE[how](path.read_bytes()))
    with pytest.raises(CorruptFileError) as info:
        store.load_all("s1")
    assert filename in str(info.value)
    assert "no backup" in str(info.value)
    # Other sessions are untouched and still listed.
    assert store.load_all("s2").meta.session_id == "s2"
    metas, errors = store.list_metas()
    assert "s2" in [m.session_id for m in metas]
    if filename == "session_meta.json":
        assert [m.session_id for m in metas] == ["s2"]
        assert len(errors) == 1 and "s1" in errors[0] and "session_meta.json" in errors[0]
    else:
        assert errors == []


def test_listing_restores_a_damaged_meta_from_backup(store: SessionStore) -> None:
    Version("s1", 1).save(store)
    folder = Version("s1", 2).save(store)
    (folder / "session_meta.json").write_bytes(b"{")
    metas, errors = store.list_metas()
    assert [(m.session_id, m.action_count) for m in metas] == [("s1", 1)]
    assert errors == []


def test_missing_session_is_not_found(store: SessionStore) -> None:
    Version("s1", 1).save(store)
    with pytest.raises(SessionNotFoundError, match="nope"):
        store.load_all("nope")
    with pytest.raises(SessionNotFoundError):
        store.read_meta("nope")


def index(n: int) -> SessionIndex:
    records = [SessionRecord(session_id=f"s{i}", name=f"Night {i}", status=SessionStatus.ENDED, started_at=T0)
               for i in range(n)]
    return SessionIndex(current_session_id=f"s{n - 1}", session_history=records, total_sessions=n)


def test_index_starts_empty_and_round_trips(store: SessionStore) -> None:
    assert store.read_index() == SessionIndex()
    store.write_index(index(2))
    assert store.read_index() == index(2)


@pytest.mark.parametrize("how", DAMAGE)
def test_damaged_index_is_restored_from_backup(store: SessionStore, how: str) -> None:
    store.write_index(index(1))
    store.write_index(index(2))
    path = store.layout.sessions_index(SLUG)
    path.write_bytes(DAMAGE[how](path.read_bytes()))
    assert store.read_index() == index(1)
    assert path.with_name("sessions.json.corrupt").exists()


@pytest.mark.parametrize("backup", ["missing", "damaged"])
@pytest.mark.parametrize("how", DAMAGE)
def test_an_unreadable_index_is_rebuilt_from_the_sessions(store: SessionStore, how: str, backup: str) -> None:
    old, current = Version("s1", 2), Version("s2", 3)
    old.meta.status = SessionStatus.ENDED
    current.meta.status = SessionStatus.ACTIVE
    old.save(store)
    current.save(store)
    store.write_index(index(1))
    store.write_index(index(2))
    path = store.layout.sessions_index(SLUG)
    bad = DAMAGE[how](path.read_bytes())
    path.write_bytes(bad)
    backup_file = path.with_name("sessions.json.backup")
    if backup == "missing":
        backup_file.unlink()
    else:
        backup_file.write_bytes(b"{")
    rebuilt = store.read_index()
    assert [(r.session_id, r.status, r.action_count) for r in rebuilt.session_history] == [
        ("s1", SessionStatus.ENDED, 2), ("s2", SessionStatus.ACTIVE, 3)]
    assert rebuilt.current_session_id == "s2" and rebuilt.total_sessions == 2
    assert path.with_name("sessions.json.corrupt").read_bytes() == bad  # kept for the DM to inspect
    assert store.read_index() == rebuilt  # written back: the next read needs no rebuild


def test_journal_lines_come_back_with_the_session(store: SessionStore) -> None:
    Version("s1", 1).save(store)
    with store.journal("s1") as journal:
        journal.append(b'{"turn": 2}')
    folder = store.layout.session_dir(SLUG, "s1")
    with open(folder / "journal.jsonl", "ab") as fh:
        fh.write(b'{"turn": 3, "tor')
    loaded = store.load_all("s1")
    assert loaded.journal_lines == [b'{"turn": 2}']
    assert loaded.journal_torn_tail


def test_delete_removes_only_that_session(store: SessionStore) -> None:
    Version("s1", 1).save(store)
    Version("s2", 1).save(store)
    store.delete("s1")
    assert [m.session_id for m in store.list_metas()[0]] == ["s2"]
    assert store.session_ids() == ["s2"]
    with pytest.raises(SessionNotFoundError):
        store.delete("s1")


# ---- campaigns ----

@pytest.fixture
def campaigns(tmp_path: Path) -> CampaignStore:
    return CampaignStore(DataLayout(tmp_path))


def test_campaign_save_load_and_resolve(campaigns: CampaignStore) -> None:
    campaigns.save(SLUG, world())
    assert campaigns.load(SLUG) == world()
    assert campaigns.list() == [(SLUG, world())]
    for spelling in ("salt-road", "SALT-ROAD", "The Salt Road", "the salt road", "the-salt-road"):
        assert campaigns.resolve(spelling) == SLUG


def test_unknown_campaign_lists_the_available_ones(campaigns: CampaignStore) -> None:
    campaigns.save(SLUG, world())
    with pytest.raises(CampaignNotFoundError, match="No campaign named 'Lost Mine'.*The Salt Road"):
        campaigns.resolve("Lost Mine")
    with pytest.raises(CampaignNotFoundError, match="salt-road"):
        campaigns.load("lost-mine")


@pytest.mark.parametrize("how", DAMAGE)
def test_damaged_campaign_is_restored_or_reported(campaigns: CampaignStore, how: str) -> None:
    campaigns.save(SLUG, world("Old Town"))
    campaigns.save(SLUG, world("New Town"))
    path = campaigns.layout.campaign_file(SLUG)
    path.write_bytes(DAMAGE[how](path.read_bytes()))
    assert campaigns.load(SLUG).game_state.party_location == "Old Town"
    path.write_bytes(b"junk")
    path.with_name("campaign.json.backup").unlink()
    campaigns.save("other", world())
    assert [slug for slug, _ in campaigns.list()] == ["other"]
    assert len(campaigns.errors) == 1 and "campaign.json" in campaigns.errors[0]


def test_bundled_campaigns_are_copied_once(tmp_path: Path) -> None:
    layout = DataLayout(tmp_path)
    copied = ensure_bundled_campaigns(layout)
    if not copied:
        pytest.skip("no bundled campaign yet")
    for slug in copied:
        Campaign.model_validate_json(layout.campaign_file(slug).read_bytes())
    edited = CampaignStore(layout).load(copied[0]).model_copy(update={"description": "my notes"})
    CampaignStore(layout).save(copied[0], edited)
    assert ensure_bundled_campaigns(layout) == []
    assert CampaignStore(layout).load(copied[0]).description == "my notes"
    assert not [p for p in layout.campaigns_dir.iterdir() if p.name.startswith(".")]
