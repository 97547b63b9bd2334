"""Atomic, verified file writes with a one-deep backup, and reads that fall back to that backup.

A write never leaves a half-written file under the real name: the bytes go to a temp file in the
same folder, are fsynced, and `os.replace` swaps them in. The previous version stays as
`<file>.backup`; the new bytes are read back and compared before the write counts as done.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import SchemaValidator, core_schema

from engine.errors import CorruptFileError, StorageError
from engine.memory import gc_paused
from engine.persistence.crash import crash_point
from engine.persistence.listfile import ListFile, unpack

M = TypeVar("M", bound=BaseModel)
X = TypeVar("X")

BACKUP_SUFFIX = ".backup"
CORRUPT_SUFFIX = ".corrupt"
_LINK_UNSUPPORTED = {errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS}


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def corrupt_path(path: Path) -> Path:
    return path.with_name(path.name + CORRUPT_SUFFIX)


def _temp_sibling(path: Path, tag: str) -> Path:
    # Dot-prefixed so listings skip it; unique so two writers never share a temp file.
    return path.with_name(f".{path.name}.{tag}-{os.getpid()}-{uuid.uuid4().hex[:8]}")


_TEMP_NAME = re.compile(r"^\..+\.(?:tmp|bak)-(\d+)-[0-9a-f]{8}$")
_STALE_AFTER_S = 3600.0


def _writer_gone(pid: int, age_s: float) -> bool:
    if pid == os.getpid():
        return False  # one of this process's writes may be in flight in another thread
    if sys.platform == "win32":
        return age_s > _STALE_AFTER_S  # os.kill(pid, 0) would terminate the process there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, owned by someone else
    return False


def sweep_orphans(folder: Path) -> list[str]:
    """Remove temp and backup-in-progress files that a killed writer left in `folder`; their names."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
            if _writer_gone(int(match.group(1)), age):
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            continue  # gone already, or not ours to remove: never fail a load over a stray file
    return removed


def fsync_dir(folder: Path) -> None:
    """Make renames and new names inside `folder` durable."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # Some platforms (Windows) cannot open folders; rename durability is the OS's job there.
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temp(path: Path, data: bytes, sync: bool = True) -> Path:
    """Write `data` to a fresh (fsynced) temp file next to `path`; remove it on any failure."""
    tmp = _temp_sibling(path, "tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _replace_with(path: Path, data: bytes, sync_folder: bool = True, sync: bool = True) -> None:
    """Swap `data` in under `path` atomically, without touching the backup."""
    tmp = _write_temp(path, data, sync)
    crash_point("atomic:temp-written")
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if sync_folder and sync:
        fsync_dir(path.parent)


def _keep_backup(path: Path) -> bool:
    """Make `<file>.backup` the current version of `path`; False when there is no current version."""
    tmp = _temp_sibling(path, "bak")
    try:
        os.link(path, tmp)
    except FileNotFoundError:
        return False
    except OSError as exc:
        if exc.errno not in _LINK_UNSUPPORTED:
            raise
        try:
            shutil.copyfile(path, tmp)
        except FileNotFoundError:
            return False
    try:
        os.replace(tmp, backup_path(path))
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return True


def write_bytes_atomic(path: Path, data: bytes, *, sync_folder: bool = True, durable: bool = True) -> None:
    """Replace `path` with `data`: backup, temp + fsync, replace, fsync folder, read back and compare.

    `sync_folder=False` leaves the folder's fsync to the caller, who writes several files into it and
    syncs it once at the end (the file's own bytes are still fsynced before it is swapped in).
    `durable=False` skips both fsyncs, for marks that hold no acknowledged change (a session's status
    on load): a power cut may bring the previous version back, never a torn file under the name."""
    path = Path(path)
    try:
        had_previous = _keep_backup(path)
        crash_point("atomic:backup-kept")
        _replace_with(path, data, sync_folder, durable)
        with open(path, "rb") as fh:
            written = fh.read()
    except OSError as exc:
        raise StorageError(f"Could not write {path} ({exc.strerror or exc}); the previous version is unchanged. "
                           "Check the disk (space, permissions) and try again.", str(path)) from exc
    if written == data:
        return
    # The disk gave back something else: put the last good version back rather than leave it.
    if had_previous:
        _replace_with(path, backup_path(path).read_bytes())
        outcome = "the previous version was restored from the backup"
    else:
        path.unlink(missing_ok=True)
        outcome = "there was no previous version, so the file was removed"
    raise CorruptFileError(
        f"Writing {path} failed verification: {len(written)} bytes read back differ from the "
        f"{len(data)} bytes written; {outcome}. Check the disk (space, errors) and save again.",
        path=str(path), restored=had_previous)


def write_derived(path: Path, data: bytes) -> None:
    """Replace a derived file (rebuilt from data files when missing or stale): swapped in whole under
    its name, but neither fsynced nor backed up. Saves do not wait on the disk for it; after a crash it
    may be old, empty or gone, and its reader checks and rebuilds it."""
    tmp = _temp_sibling(path, "tmp")
    try:
        with open(tmp, "xb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        # A derived file never fails a save; a stale one is refused by its reader, but not leaving one
        # beside files it no longer matches is cheaper.
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
            path.unlink(missing_ok=True)


def describe_problem(exc: Exception) -> str:
    """One line on what is wrong with a file, from the error that reading it raised."""
    if isinstance(exc, FileNotFoundError):
        return "the file is missing"
    if isinstance(exc, ValidationError):
        first = exc.errors(include_url=False)[0]
        if first["type"] == "json_invalid":
            return f"it is not valid JSON (truncated or damaged: {first['msg']})"
        where = ".".join(str(p) for p in first["loc"]) or "top level"
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        return f"its content does not match what GM Console expects at {where}: {first['msg']}{more}"
    if isinstance(exc, OSError):
        return f"it cannot be read ({exc.strerror or exc})"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def _parse(parse: Any, data: bytes) -> Any:
    with gc_paused():
        return parse(data)


def _read_with_fallback(path: Path, parse: Any) -> tuple[Any, bool]:
    """Parse `path`; if that fails, parse its backup, restore it over the bad file and say so."""
    path = Path(path)
    bad: bytes | None = None
    try:
        bad = path.read_bytes()
        return _parse(parse, bad), False
    except (OSError, ValidationError) as exc:
        problem = describe_problem(exc)
    backup = backup_path(path)
    try:
        good = backup.read_bytes()
        value = _parse(parse, good)
    except FileNotFoundError:
        raise CorruptFileError(
            f"Cannot read {path}: {problem}; there is no backup ({backup.name}) to restore from. "
            "Restore the file from your own copy, or delete it and start over.", path=str(path)) from None
    except (OSError, ValidationError) as exc:
        raise CorruptFileError(
            f"Cannot read {path}: {problem}; the backup {backup.name} is unusable too "
            f"({describe_problem(exc)}). Restore the file from your own copy.", path=str(path)) from None
    if bad is not None:
        # Keep the damaged bytes for the DM to inspect; they are never read again by the engine.
        _replace_with(corrupt_path(path), bad)
    _replace_with(path, good)
    return value, True


def set_aside(path: Path) -> None:
    """Move an unreadable file to its .corrupt name, so the DM can inspect it and a rebuilt file's
    next write does not keep the bad bytes as its backup."""
    with contextlib.suppress(FileNotFoundError):
        os.replace(path, corrupt_path(path))
    fsync_dir(Path(path).parent)


def read_model(path: Path, model: type[M]) -> tuple[M, bool]:
    """(value, restored_from_backup). Bad or missing file with a good backup -> the backup is restored."""
    return _read_with_fallback(path, model.model_validate_json)


_wrappers: dict[tuple[int, str], tuple[TypeAdapter[Any], SchemaValidator]] = {}


def _list_file_validator(adapter: TypeAdapter[Any], key: str) -> SchemaValidator:
    """A validator for {"schema_version": 1, key: [...]} reusing the adapter's own schema (one pass)."""
    cache_key = (id(adapter), key)
    cached = _wrappers.get(cache_key)
    if cached is not None and cached[0] is adapter:
        return cached[1]
    inner = adapter.core_schema
    definitions = None
    if inner["type"] == "definitions":
        definitions, inner = inner["definitions"], inner["schema"]
    schema: Any = core_schema.typed_dict_schema({
        "schema_version": core_schema.typed_dict_field(core_schema.int_schema(), required=False),
        "journal_seq": core_schema.typed_dict_field(core_schema.int_schema(), required=False),
        key: core_schema.typed_dict_field(inner),
    })
    if definitions is not None:
        schema = core_schema.definitions_schema(schema, definitions)
    validator = SchemaValidator(schema)
    # Holding the adapter keeps its id from being reused by a different one.
    _wrappers[cache_key] = (adapter, validator)
    return validator


def list_file_bytes(adapter: TypeAdapter[list[X]], key: str, items: list[X], schema_version: int = 1,
                    journal_seq: int = 0, items_json: list[bytes] | None = None) -> bytes:
    """The bytes of a {"schema_version": N, "journal_seq": S, key: [...]} file.

    With `items_json` (each item's JSON, as a session already holds it) the items are joined, not
    serialized again; otherwise they are serialized in one pass with fields left at their defaults
    omitted: they read back identically, and the smaller file parses about a quarter faster.
    journal_seq is the last journal line folded into this file (crash recovery replays later ones).
    """
    head = f'{{"schema_version":{int(schema_version)},"journal_seq":{int(journal_seq)},"{key}":'.encode()
    if items_json is not None:
        return head + b"[" + b",".join(items_json) + b"]}"
    return head + adapter.dump_json(items, exclude_defaults=True) + b"}"


def read_list(path: Path, adapter: TypeAdapter[list[X]], key: str) -> tuple[list[X], bool]:
    """(items, restored_from_backup) for a file shaped {"schema_version": 1, key: [...]}."""
    items, _, restored = read_list_checkpoint(path, adapter, key)
    return items, restored


def read_list_checkpoint(path: Path, adapter: TypeAdapter[list[X]], key: str) -> tuple[list[X], int, bool]:
    """(items, journal_seq, restored_from_backup): journal_seq is 0 in files written without one."""
    validator = _list_file_validator(adapter, key)
    wrapper, restored = _read_with_fallback(path, validator.validate_json)
    return wrapper[key], wrapper.get("journal_seq", 0), restored


def read_list_file(path: Path, adapter: TypeAdapter[list[X]], key: str, schema_version: int) -> tuple[ListFile, bool]:
    """(file, restored_from_backup) for a list file (engine.persistence.listfile): the items' bytes when
    its checksum holds, else every item validated (older layouts, hand edits); a bad file falls back to
    its backup as every read does."""
    return _read_with_fallback(path, list_file_parser(adapter, key, schema_version))


def list_file_parser(adapter: TypeAdapter[list[X]], key: str, schema_version: int) -> Callable[[bytes], ListFile]:
    """Bytes -> ListFile: the items' bytes when the checksum holds, else every item validated."""
    validator = _list_file_validator(adapter, key)

    def parse(data: bytes) -> ListFile:
        fast = unpack(data, key, schema_version)
        if fast is not None:
            return fast
        wrapper = validator.validate_json(data)
        items = wrapper[key]
        return ListFile(journal_seq=wrapper.get("journal_seq", 0), raw=[None] * len(items), items=items)

    return parse
