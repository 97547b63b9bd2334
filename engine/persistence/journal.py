"""The append-only action journal: one fsynced JSON line per accepted action since the last save.

An append costs one write and one fsync on a descriptor kept open in O_APPEND mode, so its price
does not grow with the journal. A crash mid-append can leave a torn last line; it was never
acknowledged (the fsync had not returned), so reading ignores it and the next append cuts it off.
An append that fails (disk full, quota, I/O error) cuts the file back to its length before the
append, so a later acknowledged line can never be glued onto the torn bytes. A torn line that does
hold a complete record after all (written by something that did not cut it) is refused by name,
never dropped.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic_core import from_json

from engine.errors import CorruptFileError, InvalidInputError, SessionNotActiveError, StorageError
from engine.persistence.atomic import fsync_dir
from engine.persistence.crash import crash_point
from engine.persistence.paths import JOURNAL_PREV

# fdatasync skips inode times but still flushes the new size, which is all an append needs.
_datasync = getattr(os, "fdatasync", os.fsync)
_TAIL_CHUNK = 64 * 1024


def _is_json(line: bytes) -> bool:
    try:
        from_json(line)
    except ValueError:
        return False
    return True


def _hides_a_record(line: bytes) -> bool:
    """True when a line that is not JSON ends with a complete JSON object: torn bytes with an
    acknowledged record glued after them. Such a line must not be cut off as merely torn."""
    start = line.find(b"{", 1)
    while start > 0:
        if _is_json(line[start:]):
            return True
        start = line.find(b"{", start + 1)
    return False


class Journal:
    """journal.jsonl of one session."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.torn_tail = False
        self._fd: int | None = None
        self._closed = False

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _open(self) -> int:
        if self._fd is None:
            existed = self.path.exists()
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                if not existed:
                    fsync_dir(self.path.parent)
                self._cut_torn_tail(fd)
            except BaseException:
                os.close(fd)
                raise
            self._fd = fd
        return self._fd

    def _cut_torn_tail(self, fd: int) -> None:
        """Drop an unacknowledged partial last line so the next append starts on a fresh line."""
        size = os.fstat(fd).st_size
        if size == 0:
            return
        keep = self._complete_length(fd, size)
        if keep != size:
            os.ftruncate(fd, keep)
            _datasync(fd)
            self.torn_tail = True

    def _complete_length(self, fd: int, size: int) -> int:
        """Bytes up to and including the last newline that ends a valid JSON line."""
        with open(self.path, "rb") as fh:
            fh.seek(size - 1)
            if fh.read(1) == b"\n":
                # Ends cleanly; still check the last line is JSON (a crash can leave zeros, then a newline).
                end = size - 1
            else:
                end = size
            start = end
            while start > 0:
                step = min(_TAIL_CHUNK, start)
                fh.seek(start - step)
                chunk = fh.read(step)
                nl = chunk.rfind(b"\n")
                if nl >= 0:
                    start = start - step + nl + 1
                    break
                start -= step
            fh.seek(start)
            last = fh.read(end - start)
        if end == size - 1 and _is_json(last):
            return size
        if _hides_a_record(last):
            raise self._hidden_record_error()
        return start

    def _hidden_record_error(self, number: int | None = None) -> CorruptFileError:
        where = f"line {number}" if number else "its last line"
        return CorruptFileError(
            f"Journal {self.path} is damaged at {where}: a complete record follows torn bytes on the same "
            "line, so an acknowledged change may be in it. Nothing was dropped; repair the line by hand "
            "(remove the torn bytes before the last '{') and load the session again.", path=str(self.path))

    def append(self, line: bytes) -> None:
        """Write one JSON line and fsync it; the line is durable when this returns."""
        if b"\n" in line or b"\r" in line:
            raise InvalidInputError("A journal line must be a single line of JSON (no newline inside).")
        if self._closed:
            # A closed journal belongs to a session that was paused or ended: appending would
            # acknowledge a change that no save will ever fold in.
            raise SessionNotActiveError(f"The session's journal {self.path.name} is closed; nothing was recorded.")
        try:
            fd = self._open()
        except OSError as exc:
            raise StorageError(f"Could not open {self.path} ({exc.strerror or exc}); nothing was recorded. "
                               "Check the disk (space, permissions) and try again.", str(self.path)) from exc
        size = os.fstat(fd).st_size
        try:
            data = memoryview(line + b"\n")
            while data:
                data = data[os.write(fd, data):]
            _datasync(fd)
        except OSError as exc:
            cut = self._cut_back(fd, size)
            what = ("nothing was recorded" if cut else
                    "nothing was recorded, but a partial line may remain; it is cut off before the next write")
            raise StorageError(f"Could not write {self.path} ({exc.strerror or exc}); {what}. "
                               "Check the disk (space, permissions) and try again.", str(self.path)) from exc

    def _cut_back(self, fd: int, size: int) -> bool:
        """Undo a failed append: the file back to `size`. When even that fails, drop the descriptor so the
        next append reopens the file and cuts the torn tail first."""
        try:
            os.ftruncate(fd, size)
            _datasync(fd)
            return True
        except OSError:
            os.close(fd)
            self._fd = None
            return False

    def read(self) -> list[bytes]:
        """Every complete line, oldest first; a torn last line is left out and flagged in torn_tail."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        lines = raw.split(b"\n")
        last = lines.pop()  # The part after the final newline: empty unless the last write was torn.
        self.torn_tail = bool(last)
        if last and _hides_a_record(last):
            raise self._hidden_record_error(len(lines) + 1)
        if lines and not _is_json(lines[-1]):
            if _hides_a_record(lines[-1]):
                raise self._hidden_record_error(len(lines))
            lines.pop()
            self.torn_tail = True
        for number, item in enumerate(lines, start=1):
            if not _is_json(item):
                raise CorruptFileError(
                    f"Journal {self.path} is damaged at line {number} of {len(lines)}: it is not valid "
                    "JSON. The actions after the last save cannot be replayed safely; move the journal "
                    "aside to load the session as last saved.", path=str(self.path))
        return lines

    @property
    def prev_path(self) -> Path:
        return self.path.with_name(JOURNAL_PREV)

    def rotate(self) -> None:
        """The saved files now fold in every line: this segment becomes the retained one and a fresh
        journal starts with the next append.

        The retained segment covers the changes between the previous save and this one, which is
        exactly what a file restored from its .backup (one save older) lacks; so "backup + retained
        segment + current journal" reproduces the latest acknowledged state."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        crash_point("journal:rotate")
        if self.path.exists():
            os.replace(self.path, self.prev_path)
        else:
            self.prev_path.unlink(missing_ok=True)
        fsync_dir(self.path.parent)
        self.torn_tail = False

    def read_retained(self) -> list[bytes]:
        """The retained segment's lines (see rotate); empty when there is none."""
        return Journal(self.prev_path).read()

    def close(self) -> None:
        self._closed = True
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

