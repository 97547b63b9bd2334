"""The journal keeps every acknowledged line and shrugs off a torn final write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import CorruptFileError, InvalidInputError, SessionNotActiveError
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


def test_reset_empties_the_journal_and_appends_continue(path: Path) -> None:
    with Journal(path) as journal:
        journal.append(line(1))
        journal.append(line(2))
        journal.reset()
        assert journal.read() == []
        assert path.stat().st_size == 0
        journal.append(line(3))
    assert Journal(path).read() == [line(3)]


def test_reset_on_a_fresh_journal_object(path: Path) -> None:
    path.write_bytes(line(1) + b"\n")
    with Journal(path) as journal:
        journal.reset()
    assert Journal(path).read() == []


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
