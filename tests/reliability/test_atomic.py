"""A write leaves either the old or the new file, keeps the previous version, and is verified."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pydantic import BaseModel, TypeAdapter

from engine.errors import CorruptFileError, StorageError
from engine.persistence import atomic
from engine.persistence.atomic import list_file_bytes, read_list, read_model, write_bytes_atomic


class Note(BaseModel):
    schema_version: int = 1
    title: str
    count: int = 0


OLD = Note(title="old", count=1).model_dump_json().encode()
NEW = Note(title="new", count=2).model_dump_json().encode()


def names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


@pytest.fixture
def target(tmp_path: Path) -> Path:
    return tmp_path / "note.json"


def test_first_write_creates_the_file_without_a_backup(target: Path) -> None:
    write_bytes_atomic(target, OLD)
    assert target.read_bytes() == OLD
    assert names(target.parent) == {"note.json"}


def test_backup_is_the_previous_version(target: Path) -> None:
    write_bytes_atomic(target, OLD)
    write_bytes_atomic(target, NEW)
    assert target.read_bytes() == NEW
    assert (target.parent / "note.json.backup").read_bytes() == OLD
    assert names(target.parent) == {"note.json", "note.json.backup"}


def test_backup_survives_a_later_write_to_the_file(target: Path) -> None:
    # The backup is a hard link to the old inode; replacing the file must not change it.
    write_bytes_atomic(target, OLD)
    write_bytes_atomic(target, NEW)
    third = Note(title="third").model_dump_json().encode()
    write_bytes_atomic(target, third)
    assert (target.parent / "note.json.backup").read_bytes() == NEW
    assert target.read_bytes() == third


def test_backup_falls_back_to_a_copy_without_links(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_bytes_atomic(target, OLD)

    def no_links(src: object, dst: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "link", no_links)
    write_bytes_atomic(target, NEW)
    assert (target.parent / "note.json.backup").read_bytes() == OLD
    assert target.read_bytes() == NEW


def test_failure_before_replace_leaves_the_old_file_and_no_temp(target: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    write_bytes_atomic(target, OLD)
    real_replace = os.replace

    def crash_on_swap(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if Path(dst) == target:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", crash_on_swap)
    with pytest.raises(StorageError, match="No space left"):
        write_bytes_atomic(target, NEW)
    monkeypatch.undo()
    assert target.read_bytes() == OLD
    assert names(target.parent) == {"note.json", "note.json.backup"}
    assert read_model(target, Note) == (Note(title="old", count=1), False)


def test_failure_while_writing_the_temp_leaves_no_temp(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_bytes_atomic(target, OLD)

    def disk_error(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(atomic.os, "fsync", disk_error)
    with pytest.raises(StorageError, match="Input/output"):
        write_bytes_atomic(target, NEW)
    monkeypatch.undo()
    assert target.read_bytes() == OLD
    assert not [n for n in names(target.parent) if n.startswith(".")]


def _disk_that_garbles(monkeypatch: pytest.MonkeyPatch, payload: bytes) -> None:
    real_write = os.write

    def garble(fd: int, data: bytes | memoryview) -> int:
        if bytes(data) == payload:
            return real_write(fd, bytes(data).replace(b"new", b"bad"))
        return real_write(fd, data)

    monkeypatch.setattr(atomic.os, "write", garble)


def test_verify_failure_restores_the_backup(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_bytes_atomic(target, OLD)
    _disk_that_garbles(monkeypatch, NEW)
    with pytest.raises(CorruptFileError, match="failed verification") as info:
        write_bytes_atomic(target, NEW)
    assert info.value.path == str(target)
    assert info.value.restored
    assert "restored from the backup" in str(info.value)
    assert target.read_bytes() == OLD


def test_verify_failure_of_a_first_write_removes_the_bad_file(target: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _disk_that_garbles(monkeypatch, NEW)
    with pytest.raises(CorruptFileError, match="no previous version") as info:
        write_bytes_atomic(target, NEW)
    assert not info.value.restored
    assert not target.exists()


def test_read_model_of_a_good_file(target: Path) -> None:
    write_bytes_atomic(target, OLD)
    assert read_model(target, Note) == (Note(title="old", count=1), False)


@pytest.mark.parametrize("damage", [OLD[:-1], OLD[: len(OLD) // 2], b"", b"\x00\xff garbage",
                                    b'{"schema_version": 1}'],
                         ids=["last-byte", "half", "empty", "garbage", "missing-field"])
def test_damaged_file_is_restored_from_the_backup(target: Path, damage: bytes) -> None:
    write_bytes_atomic(target, OLD)
    write_bytes_atomic(target, NEW)
    target.write_bytes(damage)
    value, restored = read_model(target, Note)
    assert (value, restored) == (Note(title="old", count=1), True)
    assert target.read_bytes() == OLD
    assert (target.parent / "note.json.corrupt").read_bytes() == damage
    # The next read is clean.
    assert read_model(target, Note) == (Note(title="old", count=1), False)


def test_missing_file_is_restored_from_the_backup(target: Path) -> None:
    write_bytes_atomic(target, OLD)
    write_bytes_atomic(target, NEW)
    target.unlink()
    assert read_model(target, Note) == (Note(title="old", count=1), True)
    assert target.read_bytes() == OLD
    assert not (target.parent / "note.json.corrupt").exists()


def test_damaged_file_without_backup_names_the_file(target: Path) -> None:
    write_bytes_atomic(target, OLD)
    target.write_bytes(OLD[:10])
    with pytest.raises(CorruptFileError) as info:
        read_model(target, Note)
    message = str(info.value)
    assert str(target) in message
    assert "not valid JSON" in message
    assert "no backup" in message
    assert "\n" not in message
    assert info.value.path == str(target)


def test_missing_file_without_backup(target: Path) -> None:
    with pytest.raises(CorruptFileError, match="the file is missing; there is no backup"):
        read_model(target, Note)


def test_wrong_shape_names_the_field(target: Path) -> None:
    target.write_bytes(b'{"title": "x", "count": "many"}')
    with pytest.raises(CorruptFileError, match="at count"):
        read_model(target, Note)


def test_damaged_file_with_a_damaged_backup(target: Path) -> None:
    write_bytes_atomic(target, OLD)
    write_bytes_atomic(target, NEW)
    target.write_bytes(b"junk")
    (target.parent / "note.json.backup").write_bytes(b"{trunc")
    with pytest.raises(CorruptFileError, match="backup note.json.backup is unusable too"):
        read_model(target, Note)
    assert target.read_bytes() == b"junk"  # Nothing good to put back: the evidence is left alone.


NOTES = TypeAdapter(list[Note])


def test_list_file_round_trip(target: Path) -> None:
    notes = [Note(title=f"n{i}", count=i) for i in range(5)]
    write_bytes_atomic(target, list_file_bytes(NOTES, "notes", notes))
    assert target.read_bytes().startswith(b'{"schema_version":1,"journal_seq":0,"notes":[')
    assert read_list(target, NOTES, "notes") == (notes, False)


def test_list_file_restored_from_backup(target: Path) -> None:
    first = [Note(title="a")]
    write_bytes_atomic(target, list_file_bytes(NOTES, "notes", first))
    write_bytes_atomic(target, list_file_bytes(NOTES, "notes", first + [Note(title="b")]))
    target.write_bytes(target.read_bytes()[:-3])
    assert read_list(target, NOTES, "notes") == (first, True)


def test_list_file_with_the_wrong_key_is_corrupt(target: Path) -> None:
    write_bytes_atomic(target, list_file_bytes(NOTES, "other", [Note(title="a")]))
    with pytest.raises(CorruptFileError, match="notes"):
        read_list(target, NOTES, "notes")


def test_orphans_of_a_killed_writer_are_swept_and_live_ones_kept(tmp_path: Path) -> None:
    import subprocess
    import sys

    from engine.persistence.atomic import sweep_orphans

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    dead_pid = int(dead.stdout)
    orphan = tmp_path / f".campaign.json.tmp-{dead_pid}-0123abcd"
    half_backup = tmp_path / f".campaign.json.bak-{dead_pid}-89abcdef"
    mine = tmp_path / f".campaign.json.tmp-{os.getpid()}-deadbeef"
    data = tmp_path / "campaign.json"
    for f in (orphan, half_backup, mine, data):
        f.write_bytes(b"{}")
    assert sorted(sweep_orphans(tmp_path)) == sorted([orphan.name, half_backup.name])
    assert mine.exists() and data.exists() and not orphan.exists() and not half_backup.exists()
