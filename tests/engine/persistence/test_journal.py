"""The journal keeps every acknowledged line and shrugs off a torn final write."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from engine.errors import CorruptFileError, InvalidInputError, SessionNotActiveError, StorageError
from engine.persistence.journal import Journal


def line(turn: int) -> bytes:
    return json.dumps({"turn": turn, "action": f"action {turn}"}).encode()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.jsonl"


def test_missing_journal_reads_empty(path: Path) -> None:
    journal = Journal(path)
    assert journal.read() == []
    assert not journal.torn_tail


def test_appended_lines_read_back_in_order(path: Path) -> None:
    with Journal(path) as journal:
        for turn in range(1, 4):
            journal.append(line(turn))
        assert journal.read() == [line(1), line(2), line(3)]
    assert path.read_bytes() == line(1) + b"\n" + line(2) + b"\n" + line(3) + b"\n"


def test_append_after_reopen_keeps_earlier_lines(path: Path) -> None:
    with Journal(path) as journal:
        journal.append(line(1))
    with Journal(path) as journal:
        journal.append(line(2))
    assert Journal(path).read() == [line(1), line(2)]


@pytest.mark.parametrize("tail", [b'{"turn": 3, "act', b"\x00\x00\x00", b'{"turn": 3}'],
                         ids=["half-a-line", "zeros", "complete-json-but-no-newline"])
def test_torn_tail_is_ignored_and_reported(path: Path, tail: bytes) -> None:
    path.write_bytes(line(1) + b"\n" + line(2) + b"\n" + tail)
    journal = Journal(path)
    assert journal.read() == [line(1), line(2)]
    assert journal.torn_tail


def test_final_line_of_bad_json_is_ignored(path: Path) -> None:
    path.write_bytes(line(1) + b"\n" + b"\x00\x00garbage\n")
    journal = Journal(path)
    assert journal.read() == [line(1)]
    assert journal.torn_tail


def test_append_after_a_torn_tail_starts_a_clean_line(path: Path) -> None:
    path.write_bytes(line(1) + b"\n" + b'{"turn": 2, "ac')
    with Journal(path) as journal:
        journal.append(line(3))
        assert journal.torn_tail
    fresh = Journal(path)
    assert fresh.read() == [line(1), line(3)]
    assert not fresh.torn_tail


def test_torn_first_and_only_line(path: Path) -> None:
    path.write_bytes(b'{"tur')
    with Journal(path) as journal:
        assert journal.read() == []
        journal.append(line(1))
    assert Journal(path).read() == [line(1)]


def test_damage_before_the_last_line_is_an_error_naming_the_line(path: Path) -> None:
    path.write_bytes(line(1) + b"\n" + b"garbage\n" + line(3) + b"\n")
    with pytest.raises(CorruptFileError, match="line 2 of 3") as info:
        Journal(path).read()
    assert str(path) in str(info.value)


def test_rotate_retains_the_segment_and_appends_continue(path: Path) -> None:
    with Journal(path) as journal:
        journal.append(line(1))
        journal.append(line(2))
        journal.rotate()
        assert journal.read() == []
        assert journal.read_retained() == [line(1), line(2)]
        journal.append(line(3))
        journal.rotate()  # only the latest segment is retained
        assert journal.read_retained() == [line(3)]
    assert Journal(path).read() == []


def test_rotate_with_nothing_new_leaves_no_retained_segment(path: Path) -> None:
    path.write_bytes(line(1) + b"\n")
    with Journal(path) as journal:
        journal.rotate()
        assert journal.read_retained() == [line(1)]
        journal.rotate()  # no change since the last save: nothing lies between the two generations
        assert journal.read_retained() == [] and journal.read() == []


@pytest.mark.parametrize("bad", [b'{"a": 1}\n{"b": 2}', b'{"a": "x\n"}', b'{"a":1}\r'])
def test_a_line_with_a_newline_is_refused(path: Path, bad: bytes) -> None:
    with Journal(path) as journal:
        with pytest.raises(InvalidInputError, match="single line"):
            journal.append(bad)
    assert Journal(path).read() == []


def test_close_is_idempotent(path: Path) -> None:
    journal = Journal(path)
    journal.append(line(1))
    journal.close()
    journal.close()
    # A closed journal belongs to a closed session: appending would acknowledge a lost change.
    with pytest.raises(SessionNotActiveError, match="nothing was recorded"):
        journal.append(line(2))
    reopened = Journal(path)
    reopened.append(line(2))
    reopened.close()
    assert Journal(path).read() == [line(1), line(2)]


# ---- injected write failures (disk full, short writes) ----

class DiskFull:
    """os.write that writes `keep` bytes of the next call, then fails with ENOSPC, `times` times."""

    def __init__(self, keep: int, times: int = 1) -> None:
        self.keep, self.times = keep, times
        self.real_write = os.write

    def __call__(self, fd: int, data) -> int:
        if self.times > 0:
            self.times -= 1
            if self.keep:
                self.real_write(fd, bytes(data[:self.keep]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return self.real_write(fd, data)


@pytest.mark.parametrize("keep", [0, 1, 9, 30])
def test_a_short_write_leaves_no_torn_bytes_and_the_next_line_survives(path: Path, monkeypatch, keep) -> None:
    journal = Journal(path)
    journal.append(line(1))
    monkeypatch.setattr("engine.persistence.journal.os.write", DiskFull(keep))
    with pytest.raises(StorageError, match="nothing was recorded") as info:
        journal.append(line(2))
    assert "partial line" not in str(info.value)
    assert path.read_bytes() == line(1) + b"\n"  # cut back to where the failed append started
    journal.append(line(3))  # the disk has room again
    journal.close()
    # A crash now: a fresh reader sees every acknowledged line, nothing torn, nothing glued.
    reader = Journal(path)
    assert reader.read() == [line(1), line(3)] and not reader.torn_tail


def test_when_the_cut_back_fails_too_the_next_append_cuts_the_torn_tail(path: Path, monkeypatch) -> None:
    journal = Journal(path)
    journal.append(line(1))
    monkeypatch.setattr("engine.persistence.journal.os.write", DiskFull(keep=12))

    def no_truncate(fd: int, size: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr("engine.persistence.journal.os.ftruncate", no_truncate)
    with pytest.raises(StorageError, match="partial line may remain"):
        journal.append(line(2))
    assert path.read_bytes() == line(1) + b"\n" + line(2)[:12]
    monkeypatch.undo()
    journal.append(line(3))
    journal.close()
    assert Journal(path).read() == [line(1), line(3)]


def test_a_complete_record_behind_torn_bytes_is_refused_by_name(path: Path) -> None:
    path.write_bytes(line(1) + b"\n" + line(2)[:7] + line(3) + b"\n")
    with pytest.raises(CorruptFileError, match=r"line 2: a complete record follows torn bytes") as info:
        Journal(path).read()
    assert str(path) in str(info.value)
    with pytest.raises(CorruptFileError, match="complete record follows torn bytes"):
        Journal(path).append(line(4))  # opening to append must not cut it off either
    assert path.read_bytes() == line(1) + b"\n" + line(2)[:7] + line(3) + b"\n"


def test_a_torn_unterminated_record_glued_after_torn_bytes_is_refused_too(path: Path) -> None:
    path.write_bytes(line(1) + b"\n" + line(2)[:7] + line(3))
    with pytest.raises(CorruptFileError, match="line 2"):
        Journal(path).read()
